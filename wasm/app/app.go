//go:build js && wasm

// Package app is the hosted site's page (data-kibitz="app"): a header, a
// language menu, a welcome that lists the games, and a tab per registered
// game, each tab holding that game's own widget. It knows no game: its
// list and its tabs are frame.Games(), and each game's line on the welcome
// is that game's own message game.<name>.about.
package app

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"kibitz/wasm/bridge"
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
	"kibitz/wasm/i18n"

	"github.com/hack-pad/safejs"
)

// appWidget is the hosted site's page: a header, a language menu, the
// welcome and a tab per registered game, in the order they were
// registered. Each tab holds that game's own widget, mounted in its own
// shadow root the first time it is shown.
type appWidget struct {
	f        *frame.Frame
	games    []string
	welcome  dom.Element // the first screen: the games, one line each, and a way into each
	back     dom.Element // "All games", over a game's tabs: the way back to the welcome
	tabList  dom.Element
	tabs     map[string]dom.Element
	panels   map[string]dom.Element
	mounted  map[string]bool // the games whose widget is built
	selected string          // "" on the welcome
}

// Name is what kibitz.js mounts the page by.
const Name = "app"

// New returns a fresh page widget; the page role registers it with
// frame.RegisterPage.
func New() frame.Widget { return &appWidget{} }

// appState is what the page saves: the game on screen, "" for the
// welcome. A newcomer has none saved, and is greeted; a returning reader
// comes back to the game they left.
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

	// The title leads back to the welcome, as a site's name does.
	header := el("header", cls("kz-app-header"),
		el("div",
			el("h1", cls("kz-app-title"),
				el("button", attr("type", "button"), cls("kz-app-home"), attr("id", "kz-app-home"), attr("title", f.T("app.all-games")),
					on("click", "app.home"), "Kibitz")),
			el("p", cls("kz-note"), tagline(f.Lang)),
		),
		f.LanguageMenu(),
	)
	a.welcome = a.buildWelcome()
	// In a game, the way back to the games is shown, in words, over their
	// tabs: the title's "All games" is a tooltip, which a touch screen or
	// the keyboard never shows.
	a.back = el("div", cls("kz-app-back"),
		el("button", attr("type", "button"), cls("kz-link"), attr("id", "kz-app-back"), on("click", "app.back"),
			el("span", attr("aria-hidden", "true"), "‹ "), f.T("app.all-games")))
	a.tabList = el("nav", cls("kz-tabs kz-app-games"), attr("role", "tablist"), attr("aria-label", f.T("app.games")))
	panels := el("div")
	for _, g := range a.games {
		// A tab is a link to its game's address (#mines): a plain click
		// switches in place, and a middle click, Ctrl+click or "Copy link"
		// do what they do with a link.
		tab := el("a", attr("href", a.address(g)), attr("role", "tab"), attr("id", "kz-app-tab-"+g), attr("aria-controls", "kz-app-panel-"+g),
			data("game", g), on("click", "app.tab"), on("keydown", "app.tabkey"), f.T("game."+g))
		// The game's name heads its panel, for screen readers (the tab
		// shows it): the page's outline goes from the site's h1 to the
		// game's h2 and on to the game's own h3s, with no level left out.
		panel := el("div", attr("role", "tabpanel"), attr("id", "kz-app-panel-"+g), attr("aria-labelledby", "kz-app-tab-"+g), cls("kz-app-panel"),
			el("h2", cls("kz-sr"), f.T("game."+g)))
		a.tabs[g], a.panels[g] = tab, panel
		a.tabList.AppendChild(tab)
		panels.AppendChild(panel)
	}
	build(f.Body, header, a.welcome, a.back, a.tabList, panels)

	f.Handle("app.tab", func(ev dom.Event, t dom.Element) {
		if !plainClick(ev) {
			return // the browser opens the link elsewhere, as asked
		}
		ev.PreventDefault()
		a.open(t.GetAttribute("data-game"))
	})
	f.Handle("app.open", func(ev dom.Event, t dom.Element) {
		if !plainClick(ev) {
			return // a card's Play is a link too: opened elsewhere, as asked
		}
		ev.PreventDefault()
		game := t.GetAttribute("data-game")
		a.open(game)
		if tab := a.tabs[game]; tab != nil {
			focus(tab) // the reader is now in the game's tab, keys and all
		}
	})
	f.Handle("app.home", func(dom.Event, dom.Element) { a.open("") })
	f.Handle("app.back", func(dom.Event, dom.Element) {
		left := a.selected
		a.open("")
		// The focus, which was on the button now hidden, goes to the
		// card of the game the reader left.
		if left != "" {
			focus(f.Root().QuerySelector("#kz-app-open-" + left))
		}
	})
	f.Handle("app.tabkey", func(ev dom.Event, t dom.Element) {
		i, ok := tabKey(ev, slices.Index(a.games, t.GetAttribute("data-game")), len(a.games))
		if !ok {
			return
		}
		ev.PreventDefault()
		a.open(a.games[i])
		focus(a.tabs[a.games[i]])
	})

	// A link to a game opens it; otherwise the reader comes back to the
	// screen they left. Back and Forward (and a fragment typed into the
	// address) move between the screens the reader opened.
	game := st.Game
	if linked, ok := a.linkedGame(); ok {
		game = linked
	}
	a.show(game)
	a.setAddress(false)
	f.OnWindow("popstate", func() {
		linked, ok := a.linkedGame()
		if !ok && a.fragment() != "" {
			// A fragment that names no screen (#nonsense typed into the
			// address, a stale link): the screen on show stays, and the
			// address names it again, as at the start.
			a.setAddress(false)
			return
		}
		// The keyboard's place follows the screen, as with the app's own
		// controls: from the screen that goes (or from nowhere), to the
		// tab of the game shown, or to the card of the game left, as "‹ All
		// games" does (the title put the reader at the top of the page);
		// from the games' tabs, to the tab now chosen. The focus is looked
		// at before the screen changes: a focused element hidden keeps the
		// focus until the browser next lays the page out.
		left := a.selected
		follow := f.FocusLost() || f.FocusIn(a.welcome) || f.FocusIn(a.back) || f.FocusIn(a.tabList) ||
			left != "" && f.FocusIn(a.panels[left])
		a.show(linked)
		if !follow || a.selected == left {
			return
		}
		if tab := a.tabs[a.selected]; tab != nil {
			focus(tab)
		} else if play := f.Root().QuerySelector("#kz-app-open-" + left); left != "" && play != nil {
			focus(play)
		} else {
			focus(f.Root().QuerySelector("#kz-app-home"))
		}
	})

	// A tab left open learns of a deploy too (see lookForUpdate): when the
	// reader comes back to it, or back online, and every hour.
	f.OnWindow("visibilitychange", lookForUpdate)
	f.OnWindow("online", lookForUpdate)
	f.Go(func() {
		tick := time.NewTicker(time.Hour)
		defer tick.Stop()
		for {
			select {
			case <-f.Context().Done():
				return
			case <-tick.C:
				lookForUpdate()
			}
		}
	})
}

// tagline is the site's tagline in lang. Its one copy is the loader's
// (loaderText in web/kibitz.js), which its placeholder shows while the
// module loads and hands the module as kibitzTagline: the app's own copy,
// in its catalog, could say something else.
func tagline(lang i18n.Lang) string {
	fn, err := bridge.Global().Get("kibitzTagline")
	if err != nil || fn.Type() != safejs.TypeFunction {
		return ""
	}
	text, err := fn.Invoke(string(lang))
	if err != nil {
		return ""
	}
	s, _ := text.String()
	return s
}

// lastLook is when lookForUpdate last asked (across the app built again
// for a change of language).
var lastLook time.Time

// lookForUpdate asks the site's service worker registration to look for a
// new version, at most once a minute and only while the page is on
// screen. The browser looks only when a page of the site is opened, and a
// tab left open (an installed app's window, for days) never learned of a
// deploy. A new worker found installs and takes over, and the page's
// script (the build's site page) calls Kibitz.updated: the app says a new
// version is ready, with Reload, and nothing is reloaded under the
// reader. The single file from disk has no worker, and asks nothing.
func lookForUpdate() {
	global := bridge.Global()
	if time.Since(lastLook) < time.Minute {
		return
	}
	if doc, err := global.Get("document"); err == nil {
		if state, err := doc.Get("visibilityState"); err == nil {
			if s, _ := state.String(); s == "hidden" {
				return
			}
		}
	}
	location, err := global.Get("location")
	if err != nil {
		return
	}
	protocol, _ := location.Get("protocol")
	if p, _ := protocol.String(); p != "https:" && p != "http:" {
		return
	}
	navigator, err := global.Get("navigator")
	if err != nil {
		return
	}
	workers, err := bridge.Property(navigator, "serviceWorker")
	if err != nil || workers.IsUndefined() || workers.IsNull() {
		return
	}
	lastLook = time.Now()
	go func() {
		asked, err := workers.Call("getRegistration")
		if err != nil {
			return
		}
		registration, err := bridge.Await(asked)
		if err != nil || registration.IsUndefined() || registration.IsNull() {
			return
		}
		if update, err := registration.Call("update"); err == nil {
			_, _ = bridge.Await(update) // offline, or the host down: the next time
		}
	}()
}

// The screen on show is in the page's address too, as its fragment:
// #mines, #guess, #chain, or none for the welcome. A link or a bookmark
// opens that game, and each screen the reader opens is a step in the
// browser's history, so that Back returns to the screen before (the
// welcome, or the game before) rather than off the site. The fragment
// names a game only: where the reader is in it stays in the saved state.

// linkedGame returns the game the page's address names, "" for none, and
// whether it names a game at all (a fragment the app does not know is
// none).
func (a *appWidget) linkedGame() (string, bool) {
	game := a.fragment()
	if slices.Index(a.games, game) < 0 {
		return "", false
	}
	return game, true
}

// fragment is the page's address's fragment, without its "#".
func (a *appWidget) fragment() string {
	location, err := bridge.Global().Get("location")
	if err != nil {
		return ""
	}
	hash, err := location.Get("hash")
	if err != nil {
		return ""
	}
	s, _ := hash.String()
	return strings.TrimPrefix(s, "#")
}

// open shows the game the reader chose ("" for the welcome), a new step
// in the browser's history when the screen changes.
func (a *appWidget) open(game string) {
	before := a.selected
	a.show(game)
	if a.selected != before {
		a.setAddress(true)
	}
}

// plainClick reports whether a click is a plain one, of the main button
// with no key held: a link followed in place. Ctrl, ⌘, Shift or Alt with
// it asks the browser for a new tab or window, or a download.
func plainClick(ev dom.Event) bool {
	e := ev.Underlying()
	return e.Get("button").Int() == 0 && !e.Get("ctrlKey").Bool() && !e.Get("metaKey").Bool() &&
		!e.Get("shiftKey").Bool() && !e.Get("altKey").Bool()
}

// address is the page's address for a game's screen ("" for the
// welcome), as setAddress writes it.
func (a *appWidget) address(game string) string {
	location, err := bridge.Global().Get("location")
	if err != nil {
		return "#" + game
	}
	path, _ := location.Get("pathname")
	search, _ := location.Get("search")
	p, _ := path.String()
	q, _ := search.String()
	url := p + q
	if game != "" {
		url += "#" + game
	}
	return url
}

// setAddress writes the screen on show into the page's address: a new
// history entry when push, else in place of the current one.
func (a *appWidget) setAddress(push bool) {
	url := a.address(a.selected)
	history, err := bridge.Global().Get("history")
	if err != nil {
		return
	}
	method := "replaceState"
	if push {
		method = "pushState"
	}
	_, _ = history.Call(method, nil, "", url) // refused (a sandboxed frame): the app works without
}

// buildWelcome lists the games in their tab order, each with its name,
// its one line (game.<name>.about, in the game's own strings) and Play,
// a link to the game's address, as its tab is.
func (a *appWidget) buildWelcome() dom.Element {
	f := a.f
	cards := el("ul", cls("kz-app-cards"))
	for _, g := range a.games {
		name := f.T("game." + g)
		card := el("li", cls("kz-app-card"), data("game", g), el("h3", attr("id", "kz-app-card-"+g), name))
		// A game that gives no line still gets its card.
		if key := "game." + g + ".about"; i18n.Has(i18n.English, key) {
			card.AppendChild(el("p", cls("kz-app-about"), f.T(key)))
		}
		// Play reads "Play" and is named "Play Number guessing", in the
		// word order of the reader's language (数当てを遊ぶ; its text
		// followed by the card's heading read 遊ぶ 数当て). It is a link to
		// the game's address (#mines), like the game's tab: a plain click
		// opens the game in place, and a middle click, Ctrl+click or "Copy
		// link" do what they do with a link (a button did nothing).
		card.AppendChild(el("a", attr("href", a.address(g)), cls("kz-primary"), attr("id", "kz-app-open-"+g), data("game", g), on("click", "app.open"),
			attr("aria-label", f.T("app.play-game", name)), f.T("app.play")))
		cards.AppendChild(card)
	}
	return el("section", cls("kz-app-welcome"), attr("aria-labelledby", "kz-app-welcome-title"),
		el("h2", attr("id", "kz-app-welcome-title"), f.T("app.choose")),
		cards,
	)
}

// show puts a game's tab on screen, mounting its widget the first time,
// or the welcome for "" (or a game the module no longer has).
func (a *appWidget) show(game string) {
	if slices.Index(a.games, game) < 0 {
		game = ""
	}
	a.selected = game
	setHidden(a.welcome, game != "")
	setHidden(a.tabList, game == "")
	setHidden(a.back, game == "")
	// The title leads to the welcome: on the welcome it is the page
	// itself, and its tooltip "All games" promised a click that does
	// nothing there.
	if home := a.f.Root().QuerySelector("#kz-app-home"); home != nil {
		if game == "" {
			home.RemoveAttribute("title")
			home.SetAttribute("aria-current", "page")
		} else {
			home.SetAttribute("title", a.f.T("app.all-games"))
			home.RemoveAttribute("aria-current")
		}
	}
	for _, g := range a.games {
		on := g == game
		a.tabs[g].SetAttribute("aria-selected", strconv.FormatBool(on))
		a.tabs[g].SetAttribute("tabindex", map[bool]string{true: "0", false: "-1"}[on])
		setHidden(a.panels[g], !on)
	}
	a.f.Save(appState{Game: game})
	// The title names the screen, as the history's list does.
	title := "Kibitz"
	if game != "" {
		title = a.f.T("game."+game) + " · Kibitz"
	}
	dom.GetWindow().Document().Underlying().Set("title", title)
	if game == "" {
		return
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
}
