//go:build js && wasm

package frame

import (
	"slices"
	"strconv"

	"kibitz/wasm/dom"
)

// Modes is a widget's row of mode tabs with a panel under each, the way
// every game's widget opens: ARIA tabs with one tab stop, the arrows, Home
// and End to move, and a folded "How to play" at the top of a panel. A
// game says only what its modes are called and what showing one does.
type Modes struct {
	Names  []string
	Tabs   map[string]dom.Element
	Panels map[string]dom.Element
}

// ModeSpec describes a widget's modes.
type ModeSpec struct {
	Game   string                   // the handlers' names: Game+".mode" and Game+".tabkey"
	IDs    string                   // element ids: IDs+"tab-"+mode and IDs+"panel-"+mode
	Label  string                   // the tab list's accessible name
	Names  []string                 // the modes, in tab order
	Title  func(mode string) string // a tab's text
	HowTo  func(mode string) string // a panel's "How to play" ("" for none)
	Select func(mode string)        // the reader chose a mode (by click or key)
}

// BuildModes builds the tabs and panels and handles the reader's choice;
// it returns them and the element that holds them.
func (f *Frame) BuildModes(spec ModeSpec) (*Modes, dom.Element) {
	m := &Modes{Names: spec.Names, Tabs: map[string]dom.Element{}, Panels: map[string]dom.Element{}}
	list := El("div", Cls("kz-tabs"), Attr("role", "tablist"), Attr("aria-label", spec.Label))
	panels := El("div", Cls("kz-panels"))
	for _, name := range spec.Names {
		tab := El("button", Attr("type", "button"), Attr("role", "tab"), Attr("id", spec.IDs+"tab-"+name),
			Attr("aria-controls", spec.IDs+"panel-"+name), Data("mode", name),
			On("click", spec.Game+".mode"), On("keydown", spec.Game+".tabkey"), spec.Title(name))
		panel := El("section", Cls("kz-panel"), Attr("role", "tabpanel"), Attr("id", spec.IDs+"panel-"+name),
			Attr("aria-labelledby", spec.IDs+"tab-"+name))
		if howto := spec.HowTo(name); howto != "" {
			panel.AppendChild(El("details", Cls("kz-howto"), El("summary", f.T("howto.title")), El("p", howto)))
		}
		m.Tabs[name], m.Panels[name] = tab, panel
		list.AppendChild(tab)
		panels.AppendChild(panel)
	}
	f.Handle(spec.Game+".mode", func(_ dom.Event, t dom.Element) { spec.Select(t.GetAttribute("data-mode")) })
	f.Handle(spec.Game+".tabkey", func(ev dom.Event, t dom.Element) {
		i, ok := TabKey(ev, slices.Index(spec.Names, t.GetAttribute("data-mode")), len(spec.Names))
		if !ok {
			return
		}
		ev.PreventDefault()
		spec.Select(spec.Names[i])
		Focus(m.Tabs[spec.Names[i]])
	})
	return m, El("div", list, panels)
}

// Show selects mode's tab and shows its panel alone, scrolling the tab
// into view in a narrow bar. A mode it does not know is the first.
func (m *Modes) Show(mode string) string {
	if !slices.Contains(m.Names, mode) {
		mode = m.Names[0]
	}
	for _, name := range m.Names {
		on := name == mode
		m.Tabs[name].SetAttribute("aria-selected", strconv.FormatBool(on))
		m.Tabs[name].SetAttribute("tabindex", map[bool]string{true: "0", false: "-1"}[on])
		SetHidden(m.Panels[name], !on)
	}
	ScrollTabIntoView(m.Tabs[mode])
	return mode
}
