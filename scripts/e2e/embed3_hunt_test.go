//go:build e2e

package e2e

import (
	"testing"
	"time"
)

// The embed as a single-page blog and its readers use it: elements kept
// from one post to the next, widgets whose module did not come.

// widgetTitles reads, for each widget of the page by id, the title it
// shows ("" while it loads or when it shows nothing) and its language.
const widgetTitles = `(() => {
	const got = {};
	for (const host of document.querySelectorAll('[id]')) {
		const root = host.shadowRoot;
		if (!root) continue;
		const box = root.querySelector('.kz'), title = box && box.querySelector('h1, h2');
		const failed = root.querySelector('.kz-failed');
		got[host.id] = failed ? 'failed: ' + failed.textContent : title ? title.textContent + ' (' + box.getAttribute('lang') + ')' : '';
	}
	return got;
})()`

// A single-page blog keeps the element of one post's widget and sets the
// next post's game on it, or adds an element and sets its data-kibitz
// after; a widget follows its element's attributes: another game, another
// language, a name fixed after a typo, and no widget once data-kibitz is
// gone. (The first post's Minesweeper stayed under data-kibitz="chain",
// and an element given its data-kibitz late stayed empty.)
func TestEmbedFollowsItsElementsAttributes(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"post.html": blogPost(`<div id="box"><div id="w" data-kibitz="mines" data-lang="en"></div></div>`, "kibitz-embed.js"),
	}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	waitWidget(t, ctx, "#w")
	var now string // the step under way
	defer func() {
		if t.Failed() {
			t.Logf("after %s, the widgets show %q", now, eval[map[string]string](t, ctx, widgetTitles))
		}
	}()
	step := func(what, js, id, want string) {
		t.Helper()
		now = what
		eval[bool](t, ctx, `(() => { `+js+`; return true; })()`)
		poll[bool](t, ctx, widgetTitles+`[`+jsString(id)+`] === `+jsString(want), 30*time.Second)
	}
	step("another game", `document.getElementById('w').setAttribute('data-kibitz', 'chain')`, "w", "Chain game (en)")
	step("another language", `document.getElementById('w').setAttribute('data-lang', 'ja')`, "w", "チェーンゲーム (ja)")
	step("data-kibitz set late", `const d = document.createElement('div'); d.id = 'late'; document.getElementById('box').append(d);
		setTimeout(() => d.setAttribute('data-kibitz', 'guess'), 50)`, "late", "Number guessing (en)")
	step("no more game", `document.getElementById('late').removeAttribute('data-kibitz')`, "late", "")
	step("a typo", `document.getElementById('w').setAttribute('data-kibitz', 'minez')`, "w",
		"failed: Kibitz に「minez」というゲームはありません。あるのは chain, guess, mines です。")
	step("the typo fixed", `document.getElementById('w').setAttribute('data-kibitz', 'mines')`, "w", "マインスイーパー (ja)")
}
