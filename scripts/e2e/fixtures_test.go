//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The Minesweeper boards in ../shared/fixtures/mines once ran the
// browser's worker out of memory (the lattices, and the 40×40 mid-game
// board on its second analysis). In the worker, each is analysed three
// times in a row, answers complete or honestly incomplete, and the worker
// survives to answer the next call.
func TestFixturesInTheWorker(t *testing.T) {
	dir, err := filepath.Abs("../../../shared/fixtures/mines")
	if err != nil {
		t.Fatal(err)
	}
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	eval[bool](t, ctx, `Kibitz.createEngine().then(e => { window.fixtureEngine = e; return true; })`)
	for _, name := range []string{"lattice-16x16.mine", "midgame-40x40x300.mine", "lattice-100x100.mine"} {
		board, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("the Minesweeper fixtures are missing (%v): shared/ must stand beside the repository", err)
		}
		got := eval[[]any](t, ctx, `(async () => {
			const out = [];
			for (let run = 0; run < 3; run++) {
				try {
					const a = await fixtureEngine.call('mines.analyze', {board: `+jsString(string(board))+`});
					out.push({complete: a.complete, incomplete: a.incomplete || ''});
				} catch (err) {
					out.push({error: err.code + ': ' + err.message});
				}
			}
			return out;
		})()`)
		for run, r := range got {
			m := r.(map[string]any)
			if m["error"] != nil {
				t.Fatalf("%s run %d: %v", name, run, m["error"])
			}
			if m["complete"] != true && m["incomplete"] != "too-wide" && m["incomplete"] != "budget" {
				t.Fatalf("%s run %d: %v", name, run, m)
			}
		}
		t.Logf("%s: %v", name, got)
	}
	after := eval[map[string]any](t, ctx, `fixtureEngine.call('guess.score', {secret: '1234', guess: '1243'})`)
	if after["a"] != 2.0 {
		t.Fatalf("the worker did not answer after the fixtures: %v", after)
	}
}

// A position too open to count (the 40×40 mid-game board) is analysed
// from what simple deductions settle. The analyser says so, and shows
// neither a count it does not have (it showed "? arrangements of the mines
// fit") nor an empty list of the safest squares, and it does not blame
// the time when the position was too open to count at all.
func TestAnalyserSaysWhatItCouldNotCount(t *testing.T) {
	board, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "fixtures", "mines", "midgame-40x40x300.mine"))
	if err != nil {
		t.Fatalf("the Minesweeper fixtures are missing (%v): shared/ must stand beside the repository", err)
	}
	ctx := minesPage(t, "mines-too-open.html", "analyse")
	got := eval[map[string]any](t, ctx, `(async () => {
		const ta = $m('#kz-mines-text');
		ta.value = `+jsString(string(board))+`;
		ta.dispatchEvent(new InputEvent('input', {bubbles: true, composed: true, inputType: 'insertFromPaste'}));
		await until(() => panel().querySelectorAll('.kz-mines-cell').length === 1600 && /took/.test($m('.kz-mines-result').innerText) && !$m('.kz-mines-result').classList.contains('kz-stale'), 60000);
		const result = $m('.kz-mines-result');
		return {text: result.innerText, emptyLists: [...result.querySelectorAll('ul')].filter(u => !u.children.length).length};
	})()`)
	text := got["text"].(string)
	for _, want := range []string{"Arrangements of the mines: not counted", "This position is too open to count exactly"} {
		if !strings.Contains(text, want) {
			t.Errorf("the analysis does not say %q:\n%s", want, text)
		}
	}
	for _, bad := range []string{"?", "in time", "The safest squares"} {
		if strings.Contains(text, bad) {
			t.Errorf("the analysis shows %q:\n%s", bad, text)
		}
	}
	if got["emptyLists"] != 0.0 {
		t.Errorf("the analysis shows %v empty lists:\n%s", got["emptyLists"], text)
	}
}
