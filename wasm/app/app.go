//go:build js && wasm

// Package app is the hosted site's page (data-kibitz="app"): a header, a
// language menu and a tab per registered game, each tab holding that
// game's own widget. It knows no game: its tabs are frame.Games().
package app

import (
	"slices"
	"strconv"

	"honnef.co/go/js/dom/v2"

	"kibitz/wasm/frame"
)

// appWidget is the hosted site's page: a header, a language menu and a tab
// per registered game, in the order they were registered. Each tab
// holds that game's own widget, mounted in its own shadow root.
type appWidget struct {
	f        *frame.Frame
	games    []string
	tabs     map[string]dom.Element
	panels   map[string]dom.Element
	mounted  map[string]bool // the games whose widget is built
	selected string
}

// Name is what kibitz.js mounts the page by.
const Name = "app"

// New returns a fresh page widget; the page role registers it with
// frame.RegisterPage.
func New() frame.Widget { return &appWidget{} }

type appState struct {
	Game string `json:"game"`
}

func (a *appWidget) Start(f *frame.Frame) {
	a.f = f
	a.games = frame.Games()
	a.tabs, a.panels, a.mounted = map[string]dom.Element{}, map[string]dom.Element{}, map[string]bool{}
	var st appState
	f.Load(&st)
	// The app is the whole page: its language is the page's.
	dom.GetWindow().Document().DocumentElement().SetAttribute("lang", string(f.Lang))

	header := el("header", cls("kz-app-header"),
		el("div",
			el("h1", cls("kz-app-title"), "Kibitz"),
			el("p", cls("kz-note"), f.T("app.tagline")),
		),
		f.LanguageMenu(),
	)
	list := el("nav", cls("kz-tabs"), attr("role", "tablist"), attr("aria-label", f.T("app.games")))
	panels := el("div")
	for _, g := range a.games {
		tab := el("button", attr("type", "button"), attr("role", "tab"), attr("id", "kz-app-tab-"+g), attr("aria-controls", "kz-app-panel-"+g),
			data("game", g), on("click", "app.tab"), on("keydown", "app.tabkey"), f.T("game."+g))
		panel := el("div", attr("role", "tabpanel"), attr("id", "kz-app-panel-"+g), attr("aria-labelledby", "kz-app-tab-"+g), cls("kz-app-panel"))
		a.tabs[g], a.panels[g] = tab, panel
		list.AppendChild(tab)
		panels.AppendChild(panel)
	}
	build(f.Body, header, list, panels)

	f.Handle("app.tab", func(_ dom.Event, t dom.Element) { a.show(t.GetAttribute("data-game")) })
	f.Handle("app.tabkey", func(ev dom.Event, t dom.Element) {
		i, ok := tabKey(ev, slices.Index(a.games, t.GetAttribute("data-game")), len(a.games))
		if !ok {
			return
		}
		ev.PreventDefault()
		a.show(a.games[i])
		focus(a.tabs[a.games[i]])
	})

	game := st.Game
	if slices.Index(a.games, game) < 0 && len(a.games) > 0 {
		game = a.games[0]
	}
	a.show(game)
}

// show selects a game's tab, mounting its widget the first time.
func (a *appWidget) show(game string) {
	if slices.Index(a.games, game) < 0 {
		return
	}
	a.selected = game
	for _, g := range a.games {
		on := g == game
		a.tabs[g].SetAttribute("aria-selected", strconv.FormatBool(on))
		a.tabs[g].SetAttribute("tabindex", map[bool]string{true: "0", false: "-1"}[on])
		setHidden(a.panels[g], !on)
	}
	scrollTabIntoView(a.tabs[game])
	if !a.mounted[game] {
		host := el("div", cls("kz-app-game"))
		a.panels[game].AppendChild(host)
		if err := a.f.Nest(host, game); err != nil {
			a.f.ShowError(err)
			return
		}
		a.mounted[game] = true
	}
	a.f.Save(appState{Game: game})
}
