//go:build e2e

package e2e

import (
	"strings"
	"testing"
)

// A perfect suggestion off the shipped strategy can take minutes (1a2b-4
// after 1234 0A1B and 1045 0A1B did not end in ten). The Helper showed
// the codes and "Thinking… 0%" all that time. Now, once the proof takes
// more than a moment, the fast search's guess shows under the codes,
// marked not yet proven, with its Add button; Stop keeps it, saying the
// proof was stopped, with Think again; the proof, when it comes, takes
// its place and says whether the fast guess was optimal. The proof
// (guess.tree, the perfect search) is held in the engine, so the wait
// lasts on any machine; science-3 after 123 0A2B is quick once released,
// and there the fast search's guess, 452, is not the proof's.
func TestHelperShowsTheFastGuessWhileItProves(t *testing.T) {
	ctx := guessPage(t)
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		$('.kz-settings').open = true;
		choose('#kz-preset', 'science-3');
		choose('#kz-strategy', 'perfect');
		choose('#kz-objective', 'worst-then-average');
		hold('guess.tree');
		$('#kz-tab-helper').click();
		type('[data-row="0"][data-field="guess"]', '123');
		type('[data-row="0"][data-field="a"]', '0');
		type('[data-row="0"][data-field="b"]', '2');
		$('[data-row="0"][data-field="b"]').blur();
		const panel = $('#kz-panel-helper');
		const fast = await until(() => held('guess.tree') > 0 && panel.querySelector('.kz-suggest-fast'), 30000);
		const view = box => ({head: box.querySelector('h3').textContent, note: box.querySelector('.kz-fast-note').textContent,
			add: box.querySelector('[data-on-click="help.use"]') && box.querySelector('[data-on-click="help.use"]').getAttribute('data-guess'),
			proven: !!panel.querySelector('.kz-suggest'), said: kz().querySelector('.kz-said').textContent});
		const during = view(fast);
		panel.querySelector('.kz-busy-inline:not([hidden]) button').click();
		await until(() => panel.querySelector('.kz-suggest-fast.kz-suggest-error'), 30000);
		const stopped = view(panel.querySelector('.kz-suggest-fast'));
		stopped.focus = kz().activeElement && kz().activeElement.textContent;
		// Think again: the fast guess stays, waiting for the proof again.
		kz().activeElement.click();
		await until(() => held('guess.tree') > 0 && !panel.querySelector('.kz-suggest-error'), 30000);
		const again = view(panel.querySelector('.kz-suggest-fast'));
		await release('guess.tree');
		const proof = await until(() => panel.querySelector('.kz-suggest'), 60000);
		await until(() => !/checking/.test(proof.querySelector('.kz-fast-note').textContent), 60000);
		return {during, stopped, again, after: {head: proof.querySelector('h3').textContent, note: proof.querySelector('.kz-fast-note').textContent,
			fast: !!panel.querySelector('.kz-suggest-fast'), said: kz().querySelector('.kz-said').textContent}};
	})()`)
	t.Logf("the fast guess while the proof is held: %v", got)
	during, stopped, again, after := got["during"].(map[string]any), got["stopped"].(map[string]any), got["again"].(map[string]any), got["after"].(map[string]any)
	if during["head"] != "Meanwhile, the fast search's guess: 452" || !strings.HasPrefix(during["note"].(string), "Not yet proven optimal") ||
		during["add"] != "452" || during["proven"] != false || during["said"] != "Meanwhile, the fast search's guess: 452, not yet proven optimal." {
		t.Errorf("while the proof is searched, the fast guess shows, not yet proven, with its Add: %v", during)
	}
	if stopped["head"] != "The fast search's guess: 452" || stopped["note"] != "The proof was stopped: this is the fast search's guess, not proven optimal. Think again" ||
		stopped["add"] != "452" || stopped["focus"] != "Think again" {
		t.Errorf("Stop keeps the fast guess, unproven, with Think again under the focus: %v", stopped)
	}
	if again["head"] != during["head"] || again["note"] != during["note"] {
		t.Errorf("Think again shows the fast guess as waiting again: %v", again)
	}
	if after["head"] != "Suggested next guess: 456" || after["fast"] != false ||
		after["note"] != "The fast search had suggested 452: not optimal. Guesses from here in the worst case: more than 4 with it, 4 with this one." {
		t.Errorf("the proof takes the fast guess's place and says it was not optimal: %v", after)
	}
}
