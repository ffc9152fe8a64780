package guess

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"kibitz/engine/guess"
	"kibitz/wasm/frame"
	"kibitz/wasm/i18n"
	"kibitz/wasm/i18n/i18ntest"
)

func TestMessages(t *testing.T) {
	i18ntest.Check(t, messages)
	i18ntest.KeysUsed(t, messages, frame.Messages)
	i18ntest.Counted(t, messages, []i18ntest.Count{
		{Key: "reason.code-length", Args: func(n int) []any { return []any{"“X”", "", 4, "“X”", "", n} },
			One: "“X” has 1 symbol; a code in this game has 4.", Two: "“X” has 2 symbols; a code in this game has 4."},
		{Key: "reason.too-long-for-alphabet", Args: func(n int) []any { return []any{"", "", 0, n} },
			One: "Without repeats, a code of 1 symbol needs at least 1 different symbol.", Two: "Without repeats, a code of 2 symbols needs at least 2 different symbols."},
		{Key: "rules.summary", Args: func(n int) []any { return []any{n, "ABCDEF", "no repeats", n} },
			One: "A code is 1 symbol from ABCDEF, no repeats: 1 code in all.", Two: "A code is 2 symbols from ABCDEF, no repeats: 2 codes in all."},
		{Key: "explain.split", Args: func(n int) []any { return []any{"ABCD", n, n} },
			One: "ABCD splits the 1 possible code into 1 group, one per possible answer.", Two: "ABCD splits the 2 possible codes into 2 groups, one per possible answer."},
		{Key: "explain.left", Args: func(n int) []any { return []any{n, n} },
			One: "After the answer, 1 code is left on average, 1 at worst.", Two: "After the answer, 2 codes are left on average, 2 at worst."},
		{Key: "explain.left-win", Args: func(n int) []any { return []any{n, n} },
			One: "After the answer, 1 code is left on average (none when it is the secret), 1 at worst.",
			Two: "After the answer, 2 codes are left on average (none when it is the secret), 2 at worst."},
		{Key: "explain.finish", Args: func(n int) []any { return []any{n} },
			One: "Expected to finish in 1 guess, this one included.", Two: "Expected to finish in 2 guesses, this one included."},
		{Key: "explain.how", Args: func(n int) []any { return []any{"entropy", n} },
			One: "Chosen by entropy after weighing 1 guess.", Two: "Chosen by entropy after weighing 2 guesses."},
		{Key: "explain.chart", Args: func(n int) []any { return []any{"ABCD", n} },
			One: "How the 1 possible code answers ABCD", Two: "How the 2 possible codes answer ABCD"},
		{Key: "you.won", Args: func(n int) []any { return []any{n} }, One: "You found the secret in 1 guess!", Two: "You found the secret in 2 guesses!"},
		{Key: "comp.solved", Args: func(n int) []any { return []any{n} }, One: "Solved in 1 guess.", Two: "Solved in 2 guesses."},
		{Key: "won.heading", Args: func(n int) []any { return []any{n} }, One: "Solved in 1 guess.", Two: "Solved in 2 guesses."},
		{Key: "comp.candidates", Args: func(n int) []any { return []any{n} }, One: "1 code is still possible.", Two: "2 codes are still possible."},
		{Key: "tree.said", Args: func(n int) []any { return []any{"4.5", n} }, One: "Proven optimal: at most 1 guess, 4.5 on average.", Two: "Proven optimal: at most 2 guesses, 4.5 on average."},
		{Key: "tree.said-here", Args: func(n int) []any { return []any{"4.5", n} },
			One: "Proven optimal from here: at most 1 more guess, 4.5 on average.", Two: "Proven optimal from here: at most 2 more guesses, 4.5 on average."},
		{Key: "help.count", Args: func(n int) []any { return []any{n} }, One: "1 code is still possible.", Two: "2 codes are still possible."},
		{Key: "terms.bulls-cows.fmt", Args: func(n int) []any { return []any{n, n} }, One: "1\u00a0bull, 1\u00a0cow", Two: "2\u00a0bulls, 2\u00a0cows"},
		{Key: "terms.bulls-cows.fmt-a", Args: func(n int) []any { return []any{n} }, One: "1\u00a0bull", Two: "2\u00a0bulls"},
		{Key: "terms.pegs.fmt", Args: func(n int) []any { return []any{n, n} }, One: "1\u00a0black, 1\u00a0white", Two: "2\u00a0black, 2\u00a0white"},
		{Key: "tree.rows", Args: func(n int) []any { return []any{n} }, One: "(1 row)", Two: "(2 rows)"},
		{Key: "tree.guesses", Args: func(n int) []any { return []any{n} }, One: "1 guess", Two: "2 guesses"},
		{Key: "tree.n-secrets", Args: func(n int) []any { return []any{n} }, One: "1 secret", Two: "2 secrets"},
		{Key: "tree.text-lines", Args: func(n int) []any { return []any{n} }, One: "1 line, one per secret.", Two: "2 lines, one per secret."},
		{Key: "tree.part-of", Args: func(n int) []any { return []any{n, n, "4.5"} },
			One: "This position follows the strategy for the whole game: 1 guess in all, worst case 1, 4.5 on average.",
			Two: "This position follows the strategy for the whole game: 2 guesses in all, worst case 2, 4.5 on average."},
		{Key: "tree.too-large", Args: func(n int) []any { return []any{n, 9} },
			One: "1 secret is possible here, and the perfect search in the page starts from at most 9. Narrow the game down in the Helper first, or choose a smaller game.",
			Two: "2 secrets are possible here, and the perfect search in the page starts from at most 9. Narrow the game down in the Helper first, or choose a smaller game."},
	})
	if got := messages.T(i18n.English, "help.count", 1334961); got != "1,334,961 codes are still possible." {
		t.Errorf("T groups integer arguments: %q", got)
	}
}

// The keys the widget builds from engine values exist too.
func TestEngineNamesAreTranslated(t *testing.T) {
	var keys []string
	for _, p := range guess.Presets() {
		keys = append(keys, "preset."+p.ID)
	}
	for _, s := range guess.Strategies() {
		keys = append(keys, "strategy."+string(s.ID))
	}
	for _, terms := range []guess.Terms{guess.TermsAB, guess.TermsBullsCows, guess.TermsEatBite, guess.TermsPegs} {
		for _, part := range []string{"fmt", "short", "a", "b", "col-a", "col-b"} {
			keys = append(keys, "terms."+string(terms)+"."+part)
		}
	}
	reasons := regexp.MustCompile(`Reason\w*\s+Reason = "([a-z-]+)"`)
	src, err := os.ReadFile("../../engine/guess/errors.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range reasons.FindAllStringSubmatch(string(src), -1) {
		keys = append(keys, "reason."+m[1])
	}
	// The ways the strategies say they chose a guess (Explanation.Method).
	methods := regexp.MustCompile(`method:\s*"([a-z-]+)"`)
	files, _ := filepath.Glob("../../engine/guess/*.go")
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range methods.FindAllStringSubmatch(string(src), -1) {
			keys = append(keys, "method."+m[1])
		}
	}
	// Some reasons are the engine's generic ones (bad-value, game-over),
	// whose sentences the frame keeps for every game.
	for _, k := range keys {
		if !i18ntest.Defines(k, messages, frame.Messages) {
			t.Errorf("the catalog lacks %q", k)
		}
	}
}

// An answer as the page writes it, in any language, reads back in the
// Helper's paste box: the history table's words ("1 black, 2 white") and
// the charts' and the tree's short forms ("1●2○", "1公2母"), each game's
// terms, with both counts and with B implied.
func TestThePagesAnswersReadBack(t *testing.T) {
	games := map[guess.Terms]string{guess.TermsAB: "1a2b-4", guess.TermsBullsCows: "bulls-cows", guess.TermsEatBite: "numeron", guess.TermsPegs: "mastermind"}
	for terms, preset := range games {
		r, err := guess.PresetRules(preset)
		if err != nil {
			t.Fatal(err)
		}
		implied := guess.Rules{Length: 4, Alphabet: "0123", Terms: terms}
		if err := implied.Validate(); err != nil || !implied.ImpliedB() {
			t.Fatalf("%s: no rules with B implied: %v", terms, err)
		}
		for _, lang := range []i18n.Lang{i18n.English, i18n.SimplifiedChinese, i18n.TraditionalChinese, i18n.Japanese} {
			for _, form := range []string{"fmt", "short"} {
				for _, f := range []guess.Feedback{{A: 1, B: 2}, {A: 0, B: 0}, {A: 1, B: 1}} {
					text := messages.T(lang, "terms."+string(terms)+"."+form, f.A, f.B)
					if got, err := r.ParseFeedback(text); err != nil || got != f {
						t.Errorf("%s %s %s: %q reads as %v, %v; want %v", preset, lang, form, text, got, err, f)
					}
				}
				text := messages.T(lang, "terms."+string(terms)+"."+form+"-a", 2)
				if got, err := implied.ParseFeedback(text); err != nil || got != (guess.Feedback{A: 2, B: 2}) {
					t.Errorf("%s %s %s-a (B implied): %q reads as %v, %v; want 2A2B", terms, lang, form, text, got, err)
				}
			}
		}
	}
}

// How to play names each button as the button reads: it said to press
// 「予想」 (the button reads 予想する), and 「開始」, “开始” or Start,
// where the button reads 決めました：開始, 我想好了：开始 or "I have a
// secret: start". And the Japanese page calls the computer コンピュータ
// everywhere: How to play said コンピューター.
func TestHowToNamesTheButtonsAsTheyRead(t *testing.T) {
	buttons := map[string][]string{
		"howto.you":      {"you.start", "you.guess", "you.hint", "you.give-up", "common.undo", "common.new-game"},
		"howto.computer": {"comp.start", "comp.answer", "comp.retry", "common.undo", "common.redo", "common.new-game"},
	}
	named := regexp.MustCompile(`「([^」]+)」|“([^”]+)”|[Pp]ress ([A-Z][^:;,.]*)`)
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese, i18n.SimplifiedChinese, i18n.TraditionalChinese} {
		for key, keys := range buttons {
			labels := map[string]bool{}
			for _, k := range keys {
				if i18ntest.Defines(k, messages) {
					labels[messages.T(lang, k)] = true
				} else {
					labels[frame.Messages.T(lang, k)] = true
				}
			}
			text := messages.T(lang, key)
			for _, m := range named.FindAllStringSubmatch(text, -1) {
				name := m[1] + m[2] + m[3]
				if !labels[name] {
					t.Errorf("%s %s names the button %q, which no button of the mode reads: %q", lang, key, name, text)
				}
			}
		}
	}
	for key, text := range japanese {
		if strings.Contains(text, "コンピューター") {
			t.Errorf("ja %s says コンピューター, where the page says コンピュータ: %q", key, text)
		}
	}
}
