//go:build e2e

package e2e

import (
	"context"
	"testing"
)

// Minesweeper's hint and Auto-play as a player who wants to learn from
// them: every claim the hint makes holds for the position, in every
// language, and the hint stays on screen as long as its position does.

// minesLang switches the widget's language with its menu and waits for
// the widget built again in that language.
func minesLang(t *testing.T, ctx context.Context, lang string) {
	t.Helper()
	eval[bool](t, ctx, `(async () => {
		const s = $m('#kz-lang');
		s.value = '`+lang+`';
		s.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => $m('.kz') && $m('.kz').getAttribute('lang') === '`+lang+`' && $m('.kz-mines-auto'));
		return true;
	})()`)
}

// A hint on screen stays through a change of language, said again in the
// new one, and through a reload: it went with the widget built before,
// and the player had to ask again (the board's outline of the square and
// of the numbers that prove it went too).
func TestMinesHintOutlivesALanguageChangeAndAReload(t *testing.T) {
	ctx := minesPageIn(t, "mines-hint-lang.html", "en")
	hinted := `(async () => {
		const box = await until(() => $m('.kz-mines-play-hint') && $m('.kz-mines-hint-box'), 20000).catch(() => null);
		return {text: box ? box.querySelector('strong').textContent : '', button: box ? $m('.kz-mines-play-hint').textContent : '',
			hint: [...panel().querySelectorAll('.kz-mines-hint')].map(e => e.getAttribute('data-i')).join(' '),
			proof: panel().querySelectorAll('.kz-mines-proof').length};
	})()`
	eval[bool](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		set('#kz-mines-seed', '11');
		await until(() => $m('.kz-mines-board-no').textContent.includes('11') && view() === 'H'.repeat(81));
		fire(cell(40), 'click');
		await until(() => view()[40] !== 'H');
		$m('.kz-mines-hint-btn').click();
		return true;
	})()`)
	before := eval[map[string]any](t, ctx, hinted)
	if before["text"] != "Reveal row 2, column 3: it is certainly safe." || before["hint"] != "11" || before["proof"] == 0.0 {
		t.Fatalf("the hint on this board: %v", before)
	}
	minesLang(t, ctx, "ja")
	after := eval[map[string]any](t, ctx, hinted)
	if after["text"] != "2 行 3 列を開く：確実に安全です。" || after["button"] != "開く" || after["hint"] != "11" || after["proof"] != before["proof"] {
		t.Errorf("the hint should stay on screen in Japanese after the change of language: %v", after)
	}
	navigate(t, ctx, embedPage(t, "mines-hint-lang.html", `<div id="mines" data-kibitz="mines" data-mode="play"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	reloaded := eval[map[string]any](t, ctx, hinted)
	if reloaded["hint"] != "11" || reloaded["proof"] != before["proof"] || reloaded["text"] == "" {
		t.Errorf("the hint should be on screen after a reload: %v", reloaded)
	}
}
