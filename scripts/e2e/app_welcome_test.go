//go:build e2e

package e2e

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The app's first screen, as a newcomer meets it: the games, one line each
// and a way into each; each game opens in the mode a newcomer starts with;
// a returning reader comes back to the game and mode they left.

// appHelpers defines, in the page, app() (the app's shadow root),
// game(name) (that game's shadow root inside the app), shown(e) (e takes
// up room on the page) and shownButtons(root) (the labels of the buttons
// on screen in root).
func appHelpers(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `(() => {
		window.app = () => { const a = document.querySelector('[data-kibitz="app"]'); return a && a.shadowRoot; };
		window.game = name => { const h = app() && app().querySelector('#kz-app-panel-' + name + ' .kz-app-game'); return h && h.shadowRoot; };
		window.shown = e => !!e && e.getClientRects().length > 0;
		window.shownButtons = root => [...root.querySelectorAll('button')].filter(shown).map(b => b.textContent.trim());
		return true;
	})()`)
	poll[bool](t, ctx, `!!(app() && app().querySelector('.kz-app-welcome, [role=tab]'))`, 60*time.Second)
}

func TestAppWelcomesANewcomer(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	appHelpers(t, ctx)
	welcome := eval[map[string]any](t, ctx, `(async () => {
		const cards = [...app().querySelectorAll('.kz-app-card')];
		return {
			welcome: shown(app().querySelector('.kz-app-welcome')),
			tabsShown: shown(app().querySelector('[role=tablist]')),
			mounted: app().querySelectorAll('.kz-app-game').length,
			cards: cards.map(c => c.dataset.game),
			tabs: [...app().querySelectorAll('[role=tab]')].map(t => t.dataset.game),
			games: await Kibitz.games(),
			names: cards.map(c => c.querySelector('h3').textContent),
			tabNames: [...app().querySelectorAll('[role=tab]')].map(t => t.textContent),
			guessAbout: (app().querySelector('.kz-app-card[data-game=guess] .kz-app-about') || {}).textContent || '',
			plays: cards.map(c => [...c.querySelectorAll('button, a[href]')].filter(shown).map(b => b.textContent.trim()).join('|')),
			buttons: shownButtons(app()),
		};
	})()`)
	if welcome["welcome"] != true || welcome["tabsShown"] != false || welcome["mounted"] != 0.0 {
		t.Fatalf("a first visit opens on the welcome alone, with no game built: %v", welcome)
	}
	cards, tabs, games := toStrings(welcome["cards"]), toStrings(welcome["tabs"]), toStrings(welcome["games"])
	sorted := slices.Clone(cards)
	slices.Sort(sorted)
	if !slices.Equal(cards, tabs) || !slices.Equal(sorted, games) || len(cards) < 3 {
		t.Errorf("the welcome lists the registry's games in tab order: cards %v, tabs %v, Kibitz.games() %v", cards, tabs, games)
	}
	if !slices.Equal(toStrings(welcome["names"]), toStrings(welcome["tabNames"])) {
		t.Errorf("each card is named as its tab: %v vs %v", welcome["names"], welcome["tabNames"])
	}
	for _, p := range toStrings(welcome["plays"]) {
		if p != "Play" {
			t.Errorf("each card has one way in, Play: %v", welcome["plays"])
		}
	}
	if len(welcome["guessAbout"].(string)) < 20 {
		t.Errorf("number guessing gives its one line: %q", welcome["guessAbout"])
	}
	for _, b := range toStrings(welcome["buttons"]) {
		if b == "New game" || b == "Undo" {
			t.Errorf("no %s before a game exists: %v", b, welcome["buttons"])
		}
	}

	// Into number guessing: You guess, with only the way into a first game.
	guess := eval[map[string]any](t, ctx, `(async () => {
		app().querySelector('#kz-app-open-guess').click();
		await new Promise((resolve, reject) => { const t0 = Date.now(); const tick = () => game('guess') && game('guess').querySelector('#kz-you-start') ? resolve() : Date.now() - t0 > 60000 ? reject(new Error('no guess widget')) : setTimeout(tick, 25); tick(); });
		const g = game('guess');
		const you = shownButtons(g.querySelector('#kz-panel-you'));
		g.querySelector('#kz-tab-computer').click();
		const computer = shownButtons(g.querySelector('#kz-panel-computer'));
		g.querySelector('#kz-tab-you').click();
		return {
			welcome: shown(app().querySelector('.kz-app-welcome')),
			tab: app().querySelector('[role=tab][aria-selected=true]').dataset.game,
			focused: app().activeElement ? app().activeElement.id : '',
			mode: g.querySelector('[role=tab][aria-selected=true]').id,
			you: you.join('|'), computer: computer.join('|'),
			guessField: shown(g.querySelector('#kz-you-guess')),
		};
	})()`)
	if guess["welcome"] != false || guess["tab"] != "guess" || guess["focused"] != "kz-app-tab-guess" {
		t.Errorf("Play opens the game's tab, with the focus on it: %v", guess)
	}
	if guess["mode"] != "kz-tab-you" {
		t.Errorf("number guessing opens on You guess: %v", guess["mode"])
	}
	// The How to play summary is a <summary>, not a button: the only
	// buttons are the way into a game.
	if guess["you"] != "Start a game" || guess["guessField"] != false {
		t.Errorf("before a game, You guess shows only Start a game: %v", guess)
	}
	if guess["computer"] != "I have a secret: start" {
		t.Errorf("before a game, Computer guesses shows only its start: %v", guess["computer"])
	}

	// The other games open on Play.
	for _, g := range []string{"mines", "chain"} {
		mode := eval[string](t, ctx, `(async () => {
			app().querySelector('#kz-app-tab-`+g+`').click();
			await new Promise((resolve, reject) => { const t0 = Date.now(); const tick = () => game('`+g+`') && game('`+g+`').querySelector('[role=tab][aria-selected=true]') ? resolve() : Date.now() - t0 > 60000 ? reject(new Error('no widget')) : setTimeout(tick, 25); tick(); });
			return game('`+g+`').querySelector('[role=tab][aria-selected=true]').dataset.mode;
		})()`)
		if mode != "play" {
			t.Errorf("%s opens on Play, not %q", g, mode)
		}
	}

	// A returning reader: the saved tab and mode win over the newcomer's.
	eval[bool](t, ctx, `(app().querySelector('#kz-app-tab-guess').click(), game('guess').querySelector('#kz-tab-helper').click(), true)`)
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	appHelpers(t, ctx)
	back := poll[map[string]any](t, ctx, `(() => {
		const g = game('guess');
		const mode = g && g.querySelector('[role=tab][aria-selected=true]');
		return mode && {welcome: shown(app().querySelector('.kz-app-welcome')), tab: app().querySelector('[role=tab][aria-selected=true]').dataset.game, mode: mode.id};
	})()`, 60*time.Second)
	if back["welcome"] != false || back["tab"] != "guess" || back["mode"] != "kz-tab-helper" {
		t.Errorf("a returning reader comes back to the tab and mode they left: %v", back)
	}

	// The title leads back to the welcome, which is kept too.
	eval[bool](t, ctx, `(app().querySelector('#kz-app-home').click(), true)`)
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	appHelpers(t, ctx)
	home := eval[map[string]any](t, ctx, `({welcome: shown(app().querySelector('.kz-app-welcome')), tabs: shown(app().querySelector('[role=tablist]'))})`)
	if home["welcome"] != true || home["tabs"] != false {
		t.Errorf("the title goes back to the welcome, and the welcome is kept: %v", home)
	}
}
