//go:build e2e

package e2e

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// You guess, as a player meets it: the full fingerprint to copy, a repeated
// guess that costs nothing, a Give up that asks first, a hint played in one
// click, settings that wait for the next game, and help folded away.

// startYouGame opens You guess and starts a fair game of preset.
func startYouGame(t *testing.T, preset string) context.Context {
	ctx := guessPage(t)
	eval[bool](t, ctx, `(async () => {
		choose('#kz-preset', `+jsString(preset)+`);
		$('#kz-tab-you').click();
		$('[data-on-click="you.new"]').click();
		await until(() => !$('#kz-you-guess').disabled && $('#kz-panel-you .kz-status .kz-hash'));
		return true;
	})()`)
	return ctx
}

func TestYouSeeTheWholeFingerprint(t *testing.T) {
	ctx := startYouGame(t, "1a2b-4")
	got := eval[map[string]any](t, ctx, `(() => ({hash: $('#kz-panel-you .kz-status .kz-hash').textContent,
		copy: $('#kz-panel-you .kz-status .kz-copy') && $('#kz-panel-you .kz-status .kz-copy').getAttribute('data-copy')}))()`)
	if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(got["hash"].(string)) || got["copy"] != got["hash"] {
		t.Errorf("the status should show the whole SHA-256 fingerprint with a copy button: %v", got)
	}
}

func TestYouRepeatAGuess(t *testing.T) {
	ctx := startYouGame(t, "1a2b-4")
	got := eval[map[string]any](t, ctx, `(async () => {
		const turns = () => $('#kz-panel-you .kz-history tbody') ? $('#kz-panel-you .kz-history tbody').children.length : 0;
		type('#kz-you-guess', '0123');
		$('#kz-you-guess').form.requestSubmit();
		await until(() => turns() === 1);
		// A second Enter with the field empty: no error.
		$('#kz-you-guess').form.requestSubmit();
		await new Promise(r => setTimeout(r, 300));
		const afterEnter = $('#kz-you-error').textContent;
		type('#kz-you-guess', '0123');
		$('#kz-you-guess').form.requestSubmit();
		await until(() => $('#kz-you-error').textContent);
		await new Promise(r => setTimeout(r, 300));
		return {afterEnter, repeat: $('#kz-you-error').textContent, turns: turns()};
	})()`)
	if got["afterEnter"] != "" {
		t.Errorf("a second Enter after a guess went in must not complain: %q", got["afterEnter"])
	}
	if got["repeat"] != "You already guessed 0123 (guess 1). It does not count again." || got["turns"] != 1.0 {
		t.Errorf("a repeated guess is named and not counted: %v", got)
	}
}

func TestYouGiveUpAsksFirst(t *testing.T) {
	ctx := startYouGame(t, "1a2b-4")
	got := eval[map[string]any](t, ctx, `(async () => {
		const actions = [...$('#kz-panel-you .kz-actions').children];
		const hint = actions.indexOf($('[data-on-click="you.hint"]')), giveUp = actions.indexOf($('[data-on-click="you.give-up"]'));
		$('[data-on-click="you.give-up"]').click();
		const asked = !$('[data-on-click="you.reveal"]').closest('[role=alertdialog]').hidden;
		$('[data-on-click="you.give-up-no"]').click();
		const keptPlaying = !$('#kz-you-guess').disabled && !$('#kz-panel-you .kz-end').textContent;
		$('[data-on-click="you.give-up"]').click();
		$('[data-on-click="you.reveal"]').click();
		await until(() => $('#kz-panel-you .kz-end').textContent.includes('The secret was'));
		return {hint, giveUp, asked, keptPlaying};
	})()`)
	if got["asked"] != true || got["keptPlaying"] != true {
		t.Errorf("Give up must ask first, and No must keep the game: %v", got)
	}
	if d := got["giveUp"].(float64) - got["hint"].(float64); d < 2 {
		t.Errorf("Give up must not sit next to Hint: %v", got)
	}
}

func TestYouPlayAHintInOneClick(t *testing.T) {
	ctx := startYouGame(t, "1a2b-4")
	got := eval[map[string]string](t, ctx, `(async () => {
		$('[data-on-click="you.hint"]').click();
		const play = await until(() => $('[data-on-click="you.play-hint"]'));
		const hint = play.getAttribute('data-guess');
		play.click();
		await until(() => $('#kz-panel-you .kz-history tbody'));
		return {hint, played: $('#kz-panel-you .kz-history tbody .kz-code').getAttribute('aria-label')};
	})()`)
	if got["hint"] == "" || got["played"] != got["hint"] {
		t.Errorf("Play it should play the hint: %v", got)
	}
}

func TestYouSettingsWaitForTheNextGame(t *testing.T) {
	ctx := startYouGame(t, "1a2b-4")
	got := eval[map[string]string](t, ctx, `(async () => {
		type('#kz-you-guess', '0123');
		$('#kz-you-guess').form.requestSubmit();
		await until(() => $('#kz-panel-you .kz-history tbody'));
		$('.kz-settings').open = true;
		choose('#kz-preset', 'numeron');
		const note = await until(() => !$('#kz-panel-you .kz-changed').hidden && $('#kz-panel-you .kz-changed'));
		return {note: note.textContent, placeholder: $('#kz-you-guess').getAttribute('placeholder')};
	})()`)
	if !strings.Contains(got["note"], "apply to your next game") || got["placeholder"] != "••••" {
		t.Errorf("changed settings must say they wait for the next game, and the game keep its rules: %v", got)
	}
}

func TestYouCountsLeftGroupThousands(t *testing.T) {
	ctx := startYouGame(t, "1a2b-5")
	left := eval[string](t, ctx, `(async () => {
		$('[data-on-change="you.analysis"]').click();
		type('#kz-you-guess', '01234');
		$('#kz-you-guess').form.requestSubmit();
		const cell = await until(() => { const r = $('#kz-panel-you .kz-history tbody tr'); return r && r.children[3] && r.children[3].textContent !== '…' && r.children[3].textContent; });
		return cell;
	})()`)
	n := strings.ReplaceAll(left, ",", "")
	if len(n) >= 4 && !strings.Contains(left, ",") {
		t.Errorf("codes left should group thousands: %q", left)
	}
	t.Logf("codes left after 01234: %s", left)
}

// Settings show only what applies to the mode, and each mode has a short
// How to play, folded away.
func TestSettingsAndHelpFitTheMode(t *testing.T) {
	ctx := guessPage(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		const hostShown = () => !$('#kz-host').hidden;
		$('#kz-tab-helper').click(); const helper = hostShown();
		$('#kz-tab-you').click(); const you = hostShown();
		const howtos = [...kz().querySelectorAll('.kz-panel > details.kz-howto')];
		return {helper, you, howtos: howtos.length, folded: howtos.every(d => !d.open), text: howtos[0].textContent};
	})()`)
	if got["helper"] != false || got["you"] != true {
		t.Errorf("the host setting applies only to You guess: %v", got)
	}
	if got["howtos"] != 3.0 || got["folded"] != true {
		t.Errorf("each mode needs a folded How to play: %v", got)
	}
}

// In Computer guesses too, settings changed mid-game wait for the next
// game and say so.
func TestComputerSettingsWaitForTheNextGame(t *testing.T) {
	ctx := guessPage(t)
	got := eval[string](t, ctx, `(async () => {
		$('#kz-tab-computer').click();
		$('.kz-current button').click();
		await until(() => $('#kz-panel-computer .kz-current .kz-code'));
		$('.kz-settings').open = true;
		choose('#kz-preset', 'mastermind');
		const note = await until(() => $('#kz-panel-computer .kz-changed'));
		return note.textContent;
	})()`)
	if !strings.Contains(got, "apply to your next game") {
		t.Errorf("changed settings must say they wait for the next game: %q", got)
	}
}

// Once a game is over, given up or won, nothing can be guessed: the field,
// the Guess button, Undo, Hint and Give up go (they stayed, disabled,
// above the end of the game), the focus is on New game, and New game
// starts the next one.
func TestYouCannotGuessOnceTheGameIsOver(t *testing.T) {
	ctx := startYouGame(t, "1a2b-4")
	got := eval[map[string]any](t, ctx, `(async () => {
		const button = () => $('#kz-panel-you form button[type=submit]');
		const rows = () => { const tb = $('#kz-panel-you .kz-history tbody'); return tb ? tb.children.length : 0; };
		// What stays on screen: the form, and the buttons that need a game.
		const shown = () => ['#kz-panel-you form', '[data-on-click="you.undo"]', '[data-on-click="you.hint"]', '[data-on-click="you.give-up"]']
			.filter(sel => $(sel).getClientRects().length > 0).length;
		const active = () => { const a = kz().activeElement; return a ? a.getAttribute('data-on-click') || a.id || a.tagName : 'none'; };
		const playing = {field: $('#kz-you-guess').disabled, button: button().disabled, shown: shown()};
		// Given up, with a hint on screen: its Play button goes too.
		$('[data-on-click="you.hint"]').click();
		await until(() => $('[data-on-click="you.play-hint"]'));
		$('[data-on-click="you.give-up"]').click();
		$('[data-on-click="you.reveal"]').click();
		await until(() => $('#kz-panel-you .kz-end').textContent.includes('The secret was'));
		const givenUp = {field: $('#kz-you-guess').disabled, button: button().disabled, shown: shown(), newGame: $('#kz-panel-you .kz-actions [data-on-click="you.new"]').disabled,
			playHint: !!$('[data-on-click="you.play-hint"]')};
		// Won, playing the hints.
		$('#kz-panel-you .kz-actions [data-on-click="you.new"]').click();
		await until(() => !$('#kz-you-guess').disabled);
		const again = {field: $('#kz-you-guess').disabled, button: button().disabled};
		for (let turn = 0; turn < 10 && !$('.kz-win'); turn++) {
			const n = rows();
			$('[data-on-click="you.hint"]').click();
			(await until(() => $('[data-on-click="you.play-hint"]'))).click();
			await until(() => rows() > n);
		}
		await until(() => $('.kz-win'));
		const won = {field: $('#kz-you-guess').disabled, button: button().disabled, shown: shown(), focus: active()};
		// The form sent anyway plays nothing, and says why.
		const before = rows();
		$('#kz-panel-you form').requestSubmit();
		const said = await until(() => $('.kz-message').textContent);
		return {playing, givenUp, again, won, said, played: rows() - before};
	})()`)
	want := func(name string, disabled bool) {
		m := got[name].(map[string]any)
		if m["field"] != disabled || m["button"] != disabled {
			t.Errorf("%s: the guess field and the Guess button should be disabled=%v: %v", name, disabled, got)
		}
		if shown, ok := m["shown"]; ok && (shown == 4.0) != !disabled {
			t.Errorf("%s: the form, Undo, Hint and Give up should be shown only while the game goes on: %v of 4 shown", name, shown)
		}
	}
	want("playing", false)
	want("givenUp", true)
	want("again", false)
	want("won", true)
	if focus := got["won"].(map[string]any)["focus"]; focus != "you.new" {
		t.Errorf("after the winning guess the focus should be on New game, not %v", focus)
	}
	if got["givenUp"].(map[string]any)["playHint"] != false {
		t.Errorf("a hint's Play button should go with the game it was for: %v", got["givenUp"])
	}
	if got["givenUp"].(map[string]any)["newGame"] != false {
		t.Errorf("New game stays available once the game is over: %v", got)
	}
	if got["played"] != 0.0 || got["said"] != "Start a new game first." {
		t.Errorf("a guess submitted after the end is not played: %v", got)
	}
}

// In a narrow column an answer in words wraps between its counts, never
// inside one: Mastermind's history, with its analysis, wrapped "1 black,
// 1 / white" at 320 px.
// Each count stays on the line of its word, in each game's terms.
func TestAnswersWrapBetweenTheirCounts(t *testing.T) {
	for _, preset := range []string{"mastermind", "numeron", "bulls-cows"} {
		ctx := tab(t)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 800)); err != nil {
			t.Fatal(err)
		}
		navigate(t, ctx, embedPage(t, "answers-"+preset+".html", `<div id="guess" data-kibitz="guess" data-lang="en" data-mode="you" data-preset="`+preset+`"></div>`))
		waitWidget(t, ctx, "#guess")
		got := eval[map[string]any](t, ctx, `(async () => {
			const root = document.getElementById('guess').shadowRoot, $ = s => root.querySelector(s);
			const sleep = ms => new Promise(r => setTimeout(r, ms));
			const until = async f => { for (let i = 0; i < 300; i++) { const v = f(); if (v) return v; await sleep(100); } throw new Error('timed out: ' + f); };
			$('#kz-you-start').click();
			await until(() => $('#kz-you-guess') && !$('#kz-you-guess').disabled);
			$('#kz-panel-you .kz-actions input[type=checkbox]').click(); // Show analysis: a fourth column
			const rows = () => root.querySelectorAll('#kz-panel-you .kz-history tbody tr').length;
			for (let turn = 0; turn < 3 && !root.querySelector('.kz-win'); turn++) {
				$('[data-on-click="you.hint"]').click();
				(await until(() => $('[data-on-click="you.play-hint"]'))).click();
				await until(() => rows() > turn);
			}
			// A count and the word beside it: the same line.
			const split = [], answers = [];
			for (const td of root.querySelectorAll('#kz-panel-you .kz-history tbody td:nth-child(3)')) {
				const text = td.firstChild, s = text.textContent;
				answers.push(s + ' (' + td.getClientRects()[0].height + ' px)');
				for (const m of s.matchAll(/\d+/g)) {
					const line = (from, to) => { const r = document.createRange(); r.setStart(text, from); r.setEnd(text, to); return Math.round(r.getBoundingClientRect().top); };
					const word = s.slice(m.index + m[0].length).match(/^\s*[^\s\d,]+/);
					if (word && line(m.index, m.index + 1) !== line(m.index + m[0].length + word[0].length - 1, m.index + m[0].length + word[0].length)) split.push(s);
				}
			}
			return {split, answers};
		})()`)
		t.Logf("%s: %v", preset, got["answers"])
		if split := got["split"].([]any); len(split) > 0 {
			t.Errorf("%s: an answer wraps between a count and its word: %q", preset, split)
		}
	}
}

// A 10-digit guess written with spaces fits the field: it was cut at its
// seventh symbol ("0 1 2 3 4 5 6"), and the reader's input was lost.
func TestYouTakeASpacedLongGuess(t *testing.T) {
	ctx := startYouGame(t, "1a2b-10")
	got := eval[map[string]any](t, ctx, `(async () => {
		const input = $('#kz-you-guess');
		const max = input.maxLength;
		type('#kz-you-guess', '0 1 2 3 4 5 6 7 8 9');
		$('#kz-panel-you form button[type=submit]').click();
		await until(() => $('#kz-panel-you .kz-history tbody') && $('#kz-panel-you .kz-history tbody').children.length === 1, 20000);
		return {max, first: $('#kz-panel-you .kz-history tbody tr .kz-code').getAttribute('aria-label')};
	})()`)
	if got["max"].(float64) < float64(len("0 1 2 3 4 5 6 7 8 9")) || got["first"] != "0123456789" {
		t.Errorf("a spaced 10-digit guess must fit and count: %v", got)
	}
}
