//go:build js && wasm

package ui

import (
	"slices"
	"strconv"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"
)

// appWidget is the hosted site's page: a header, a language menu and a tab
// per game that has a widget (games not built yet show nothing). Each tab
// holds that game's own widget, mounted in its own shadow root.
type appWidget struct {
	f        *Frame
	games    []string
	tabs     map[string]dom.Element
	panels   map[string]dom.Element
	mounted  map[string]*Frame
	selected string
}

type appState struct {
	Game string `json:"game"`
}

func (a *appWidget) start(f *Frame) {
	a.f = f
	a.games = appOrder(Games())
	a.tabs, a.panels, a.mounted = map[string]dom.Element{}, map[string]dom.Element{}, map[string]*Frame{}
	var st appState
	f.Load(&st)
	// The app is the whole page: its language is the page's.
	doc.DocumentElement().SetAttribute("lang", string(f.Lang))

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
		i, ok := tabKey(ev, indexOf(a.games, t.GetAttribute("data-game")), len(a.games))
		if !ok {
			return
		}
		ev.PreventDefault()
		a.show(a.games[i])
		focus(a.tabs[a.games[i]])
	})

	game := st.Game
	if indexOf(a.games, game) < 0 && len(a.games) > 0 {
		game = a.games[0]
	}
	a.show(game)
}

// show selects a game's tab, mounting its widget the first time.
func (a *appWidget) show(game string) {
	if indexOf(a.games, game) < 0 {
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
	if a.mounted[game] == nil {
		host := el("div", cls("kz-app-game"))
		a.panels[game].AppendChild(host)
		// The game speaks the app's language and saves its state under
		// the app's key.
		opts := a.f.opts
		opts.Game, opts.Key, opts.Lang, opts.Nested = game, a.f.opts.Key+"/"+game, string(a.f.Lang), true
		frame, err := start(safejs.Safe(host.Underlying()), opts, a.f.Engine, &mountPoint{})
		if err != nil {
			a.f.ShowError(err)
			return
		}
		a.mounted[game] = frame
		a.f.children = append(a.f.children, frame)
	}
	a.f.Save(appState{Game: game})
}

// appOrder puts the games in the app's tab order: the first built first,
// then any others by name.
func appOrder(games []string) []string {
	order := []string{"guess", "mines", "chain"}
	slices.SortStableFunc(games, func(a, b string) int {
		ia, ib := indexOf(order, a), indexOf(order, b)
		if ia < 0 {
			ia = len(order)
		}
		if ib < 0 {
			ib = len(order)
		}
		return ia - ib
	})
	return games
}
