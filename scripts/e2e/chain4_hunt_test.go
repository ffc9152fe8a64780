//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"
)

// chain4Line reads the principal line of the answer on screen: the note
// under its heading, and each row's side (as shown, and as a screen
// reader hears it) and its row's name.
const chain4LineJS = `(() => {
	const note = $c('#kz-chain-line-note');
	const ol = $c('.kz-chain-line');
	return {note: note ? note.textContent : '', described: ol ? (ol.getAttribute('aria-describedby') || '') : '',
		rows: [...ol.children].map(li => {
			const who = li.querySelector('.kz-chain-who');
			const sr = who.querySelector('.kz-sr');
			const shown = who.querySelector('[aria-hidden="true"]');
			return {said: sr ? sr.textContent : '', shown: shown ? shown.textContent : who.textContent,
				label: li.querySelector('[role="img"]').getAttribute('aria-label')};
		})};
})()`

type chain4Line struct {
	Note      string `json:"note"`
	Described string `json:"described"`
	Rows      []struct {
		Said  string `json:"said"`
		Shown string `json:"shown"`
		Label string `json:"label"`
	} `json:"rows"`
}

// The principal line labelled its players A: and B: (甲 and 乙 in
// Chinese), and nothing said that A is the side to move: a note under its
// heading says who A and B are, and a screen reader hears "Side to move:"
// and "Other side:" on each row, in four languages. The letters stay on
// screen, one wide, so the rows' cells keep their columns.
func TestChain4PrincipalLineSaysWhoMoves(t *testing.T) {
	ctx := chainPage(t)
	eval[bool](t, ctx, chainSolveJS)
	eval[map[string]any](t, ctx, `chainSolve('XXXX.XX', false)`)
	want := map[string][3]string{
		"en":      {"A is the side to move", "Side to move:", "Other side:"},
		"ja":      {"A は解析した局面の手番の側", "手番の側：", "相手："},
		"zh-Hans": {"甲是所解局面中轮到的一方", "轮到的一方：", "对方："},
		"zh-Hant": {"甲是所解局面中輪到的一方", "輪到的一方：", "對方："},
	}
	for _, lang := range []string{"en", "ja", "zh-Hans", "zh-Hant"} {
		if lang != "en" {
			chainLanguage(t, ctx, lang)
			eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
		}
		poll[bool](t, ctx, `!!$c('.kz-chain-line')`, 60*time.Second)
		got := eval[chain4Line](t, ctx, chain4LineJS)
		w := want[lang]
		if !strings.HasPrefix(got.Note, w[0]) || got.Described != "kz-chain-line-note" {
			t.Errorf("%s: the principal line does not say who A and B are: note %q, described by %q", lang, got.Note, got.Described)
		}
		if len(got.Rows) != 5 {
			t.Fatalf("%s: XXXX.XX should have a line of 5 moves: %+v", lang, got.Rows)
		}
		for i, r := range got.Rows {
			side := w[1+i%2]
			if r.Said != side || len([]rune(strings.TrimSpace(r.Shown))) > 2 {
				t.Errorf("%s: row %d is said as %q (want %q), shown as %q", lang, i+1, r.Said, side, r.Shown)
			}
		}
	}
}

// Each row of the principal line is an image whose name was its raw text,
// "XXXX.XX", read out as letters and dots: it is named by its groups and
// gaps, with the places of each group numbered as the moves are ("takes
// 6"), in four languages.
func TestChain4PrincipalLineRowsAreSaidInWords(t *testing.T) {
	ctx := chainPage(t)
	eval[bool](t, ctx, chainSolveJS)
	eval[map[string]any](t, ctx, `chainSolve('XXXX.XX', false)`)
	// The line of XXXX.XX, direct, without the rule, opens with 1–2 (the
	// engine's): the first two rows are the position before each of the
	// first two moves.
	want := map[string][2]string{
		"en":      {"4 objects (1–4), 1 gap, 2 objects (6–7)", "2 gaps, 2 objects (3–4), 1 gap, 2 objects (6–7)"},
		"ja":      {"駒 4 個（1–4）、空き 1 マス、駒 2 個（6–7）", "空き 2 マス、駒 2 個（3–4）、空き 1 マス、駒 2 個（6–7）"},
		"zh-Hans": {"4 个物件（1–4），1 个空位，2 个物件（6–7）", "2 个空位，2 个物件（3–4），1 个空位，2 个物件（6–7）"},
		"zh-Hant": {"4 個物件（1–4），1 個空位，2 個物件（6–7）", "2 個空位，2 個物件（3–4），1 個空位，2 個物件（6–7）"},
	}
	for _, lang := range []string{"en", "ja", "zh-Hans", "zh-Hant"} {
		if lang != "en" {
			chainLanguage(t, ctx, lang)
			eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
		}
		poll[bool](t, ctx, `!!$c('.kz-chain-line')`, 60*time.Second)
		got := eval[chain4Line](t, ctx, chain4LineJS)
		if len(got.Rows) < 2 {
			t.Fatalf("%s: no principal line: %+v", lang, got)
		}
		for i, w := range want[lang] {
			if got.Rows[i].Label != w {
				t.Errorf("%s: row %d is named %q, want %q", lang, i+1, got.Rows[i].Label, w)
			}
		}
	}
}

// The table of N = 1..80 and the table of every move had no caption, and
// their column headers no scope: a screen reader named neither table and
// could not tie a cell to its column for sure. Each has a caption, for
// screen readers (the heading above says it on screen), in the widget's
// language, and its column headers scope="col".
func TestChain4TablesHaveCaptionsAndColumnScopes(t *testing.T) {
	ctx := chainPage(t)
	eval[bool](t, ctx, chainSolveJS)
	eval[map[string]any](t, ctx, `chainSolve('XXXX.XX', false)`)
	eval[bool](t, ctx, `($c('#kz-chain-table-go').click(), true)`)
	poll[bool](t, ctx, `!!$c('#kz-chain-table') && $c('#kz-chain-table').tBodies[0].rows.length >= 40`, 120*time.Second)
	eval[bool](t, ctx, `($c('[data-on-click="chain.table-stop"]').click(), true)`)
	read := `(() => {
		const t = sel => {
			const table = $c(sel);
			return {caption: table.caption ? table.caption.textContent : '',
				scopes: [...table.tHead.rows[0].cells].map(c => c.getAttribute('scope') || '').join(',')};
		};
		return {n: t('#kz-chain-table'), moves: t('.kz-chain-moves')};
	})()`
	type table struct {
		Caption string `json:"caption"`
		Scopes  string `json:"scopes"`
	}
	check := func(lang, nCaption, movesCaption string) {
		t.Helper()
		got := eval[map[string]table](t, ctx, read)
		for name, want := range map[string]string{"n": nCaption, "moves": movesCaption} {
			if g := got[name]; g.Caption != want || g.Scopes != "col,col,col" {
				t.Errorf("%s: the %s table has caption %q (want %q) and header scopes %q", lang, name, g.Caption, want, g.Scopes)
			}
		}
	}
	check("en", "Values of the starting rows", "Every move")
	chainLanguage(t, ctx, "ja")
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	poll[bool](t, ctx, `!!$c('.kz-chain-moves') && !!$c('#kz-chain-table')`, 60*time.Second)
	check("ja", eval[string](t, ctx, `$c('#kz-chain-table-box [role="region"]').getAttribute('aria-label')`), eval[string](t, ctx, `$c('.kz-chain-moves').closest('.kz-chain-scroll').previousElementSibling.textContent`))
}

// A big row's build stopped by the reader leaves, in its box, "Stopped:
// the table was not finished, and nothing of it is kept."; a change of
// language or a reload lost it, and the analyser's box came back empty
// under the row the reader had asked about, with no word of what
// happened. It is said again, in the new language; a Solve that asks
// again takes it away.
func TestChain4StoppedBuildNoteSurvivesALanguageChange(t *testing.T) {
	ctx := chainPage(t)
	installHold(t, ctx)
	got := eval[string](t, ctx, `(async () => {
		`+askBigRowJS+`
		await until(() => $c('#kz-chain-result [data-on-click="chain.big-yes"]'));
		hold('chain.solve');
		$c('#kz-chain-result [data-on-click="chain.big-yes"]').click();
		await until(() => held('chain.solve') > 0 && $c('#kz-chain-result [data-on-click="chain.big-stop"]'));
		$c('#kz-chain-result [data-on-click="chain.big-stop"]').click();
		const note = await until(() => $c('#kz-chain-result .kz-chain-big-stopped'));
		await release('chain.solve');
		return note.textContent;
	})()`)
	if got != "Stopped: the table was not finished, and nothing of it is kept." {
		t.Fatalf("Stop in the build: %q", got)
	}
	note := `$c('#kz-chain-result .kz-chain-big-stopped') ? $c('#kz-chain-result .kz-chain-big-stopped').textContent : 'no note: ' + $c('#kz-chain-result').textContent`
	chainLanguage(t, ctx, "ja")
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	want := "停止しました。表は完成しておらず、何も保持されていません。"
	if got := eval[string](t, ctx, note); got != want {
		t.Errorf("after a change to Japanese the box should say the build was stopped, in Japanese: %q", got)
	}
	ctx = chainReload(t, ctx)
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	if got := eval[string](t, ctx, note); got != want {
		t.Errorf("after a reload the box should still say the build was stopped: %q", got)
	}
	// Solve asks again: the question takes the box, and the note goes
	// for good.
	eval[bool](t, ctx, `(async () => {
		$c('#kz-chain-solve').click();
		await until(() => $c('#kz-chain-result [data-on-click="chain.big-no"]'));
		$c('#kz-chain-result [data-on-click="chain.big-no"]').click();
		await until(() => $c('#kz-chain-no-table'));
		return true;
	})()`)
	chainLanguage(t, ctx, "en")
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	if got := poll[string](t, ctx, `$c('#kz-chain-no-table') && $c('#kz-chain-result').textContent`, 30*time.Second); strings.Contains(got, "Stopped") {
		t.Errorf("the note of a stop the reader moved on from came back: %q", got)
	}
}

// A row with no object left ("...", {}) is a game already over, and the
// answer says who won it: in the direct game the side to move has lost,
// in the reverse game it has won. It said only "The game is over.", and
// that it was answered from positions evaluated before, which it needs
// none of.
func TestChainEmptyRowSaysWhoWon(t *testing.T) {
	ctx := chainPage(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		$c('#kz-chain-tab-analyse').click();
		const out = {};
		for (const game of ['direct', 'reverse']) {
			$c('#kz-chain-an-game').value = game; $c('#kz-chain-an-game').dispatchEvent(new Event('change', {bubbles: true, composed: true}));
			const pos = $c('#kz-chain-pos');
			pos.value = game === 'direct' ? '...' : '{}'; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
			$c('#kz-chain-solve').click();
			const want = game === 'direct' ? 'in the direct game' : 'in the reverse game';
			const big = await until(() => { const p = $c('#kz-chain-result .kz-big'); return p && p.textContent.includes(want) && $c('#kz-chain-result'); }, 10000)
				.catch(() => $c('#kz-chain-result'));
			out[game] = {summary: (big.querySelector('.kz-big') || {}).textContent || '', facts: (big.querySelector('.kz-note') || {}).textContent || ''};
		}
		return out;
	})()`)
	direct, reverse := got["direct"].(map[string]any), got["reverse"].(map[string]any)
	if !strings.Contains(direct["summary"].(string), "in the direct game it has lost") || strings.Contains(direct["facts"].(string), "already evaluated") {
		t.Errorf("an empty row in the direct game: %v", direct)
	}
	if !strings.Contains(reverse["summary"].(string), "in the reverse game the side to move has won") {
		t.Errorf("an empty row in the reverse game: %v", reverse)
	}
}
