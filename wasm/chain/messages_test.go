package chain

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"kibitz/engine/chain"
	"kibitz/wasm/frame"
	"kibitz/wasm/i18n"
	"kibitz/wasm/i18n/i18ntest"
)

func TestMessages(t *testing.T) {
	i18ntest.Check(t, messages)
	i18ntest.KeysUsed(t, messages, frame.Messages)
	i18ntest.Counted(t, messages, []i18ntest.Count{
		{Key: "chain.playing", Args: func(n int) []any { return []any{n, "direct game", n} },
			One: "1 object, direct game; 1 object left.", Two: "2 objects, direct game; 2 objects left."},
		{Key: "chain.win-n", Args: func(n int) []any { return []any{n} }, One: "win in 1 move", Two: "win in 2 moves"},
		{Key: "chain.loss-n", Args: func(n int) []any { return []any{n} }, One: "loss in 1 move", Two: "loss in 2 moves"},
		{Key: "chain.result-win", Args: func(n int) []any { return []any{n} }, One: "The side to move wins in 1 move.", Two: "The side to move wins in 2 moves."},
		{Key: "chain.result-loss", Args: func(n int) []any { return []any{n} }, One: "The side to move loses in 1 move.", Two: "The side to move loses in 2 moves."},
		{Key: "chain.searched", Args: func(n int) []any { return []any{n, "0.5"} }, One: "1 position evaluated in 0.5 ms", Two: "2 positions evaluated in 0.5 ms"},
		{Key: "chain.too-large", Args: func(n int) []any { return []any{n, 9} },
			One: "This position is too long for the exact solver: 1 cell, the limit is 9.", Two: "This position is too long for the exact solver: 2 cells, the limit is 9."},
		{Key: "chain.outcome-note", Args: func(n int) []any { return []any{n, 64, "0.1"} },
			One: "No move count: this position has 1 cell, and the exact solver reaches 64. Who wins, and a winning move, come from the Grundy values of its groups, in 0.1 ms.",
			Two: "No move count: this position has 2 cells, and the exact solver reaches 64. Who wins, and a winning move, come from the Grundy values of its groups, in 0.1 ms."},
		{Key: "chain.reverse-too-long", Args: func(n int) []any { return []any{n, 64} },
			One: "No answer for the reverse game here: no shortcut to its outcome is known, so it needs the exact solver, and this position has 1 cell, past the solver's 64. The direct game of this position can be answered.",
			Two: "No answer for the reverse game here: no shortcut to its outcome is known, so it needs the exact solver, and this position has 2 cells, past the solver's 64. The direct game of this position can be answered."},
		{Key: "chain.big-progress", Args: func(n int) []any { return []any{n, 40} }, One: "Building the table of 1 position: 40%", Two: "Building the table of 2 positions: 40%"},
		{Key: "chain.big-ask", Args: func(n int) []any { return []any{n, n, "18.1", "It takes a moment."} },
			One: "A row of 1 cell: the exact solver first builds its table of 1 position, which keeps 18.1 MB of this tab's memory until the page is closed. It takes a moment. After it, every move, hint and value on this row is instant.",
			Two: "A row of 2 cells: the exact solver first builds its table of 2 positions, which keeps 18.1 MB of this tab's memory until the page is closed. It takes a moment. After it, every move, hint and value on this row is instant."},
		{Key: "chain.big-ask-both", Args: func(n int) []any { return []any{n, n, "36.2", "It takes a moment."} },
			One: "Rows of up to 1 cell: the exact solver first builds two tables, direct and reverse, of 1 position each, which keep 36.2 MB of this tab's memory until the page is closed. It takes a moment.",
			Two: "Rows of up to 2 cells: the exact solver first builds two tables, direct and reverse, of 2 positions each, which keep 36.2 MB of this tab's memory until the page is closed. It takes a moment."},
		{Key: "chain.big-time", Args: func(n int) []any { return []any{n, "5 seconds"} },
			One: "It takes about 1 second in a desktop browser, and up to 5 seconds on a slow phone.",
			Two: "It takes about 2 seconds in a desktop browser, and up to 5 seconds on a slow phone."},
		{Key: "chain.reason-too-long", Args: func(n int) []any { return []any{`"1"`, "9", n} },
			One: "The position is too long from character 9: a position has at most 1 cell, its objects and a gap between each two groups.",
			Two: "The position is too long from character 9: a position has at most 2 cells, its objects and a gap between each two groups."},
		{Key: "chain.row-objects", Args: func(n int) []any { return []any{n, "1–2"} }, One: "1 object (1–2)", Two: "2 objects (1–2)"},
		{Key: "chain.row-gaps", Args: func(n int) []any { return []any{n} }, One: "1 gap", Two: "2 gaps"},
		{Key: "chain.seconds", Args: func(n int) []any { return []any{n} }, One: "1 second", Two: "2 seconds"},
		{Key: "chain.grundy-group", Args: func(n int) []any { return []any{n, "1"} }, One: "1 object → 1", Two: "2 objects → 1"},
		{Key: "chain.grundy-here-one", Args: func(n int) []any { return []any{n, 1} },
			One: "This position is one group of 1 object, whose Grundy value is 1.", Two: "This position is one group of 2 objects, whose Grundy value is 1."},
		{Key: "chain.minutes", Args: func(n int) []any { return []any{n} }, One: "1 minute", Two: "2 minutes"},
	})
}

// One term for the Grundy value in each language, from the how-to to the
// results: Japanese said グランディ数 in the how-to and the note past the
// solver's range, and Grundy 数 beside the value, as if they were two
// things.
func TestMessagesNameTheGrundyValueOneWay(t *testing.T) {
	term := regexp.MustCompile(`Grundy ?(value|数|値|值)|グランディ[数値]?`)
	for lang, catalog := range messages {
		terms := map[string][]string{}
		for key, text := range catalog {
			for _, m := range term.FindAllString(text, -1) {
				terms[m] = append(terms[m], key)
			}
		}
		if len(terms) != 1 {
			t.Errorf("%s: the Grundy value goes by %d names: %v", lang, len(terms), terms)
		}
	}
}

// The games' names in Japanese are the terms a Japanese reader meets for
// them (正規形 and 逆形, the normal and the misère play of a take-away
// game), one way throughout; and in Japanese and Chinese, whose names
// alone say little (the selector offered 通常 and 逆, 正向 and 反向), the
// selector's options say the rule in a few words, and the note under it
// names the game it explains.
func TestMessagesNameTheGamesSoTheyCanBeTold(t *testing.T) {
	ja := messages[i18n.Japanese]
	for key, text := range ja {
		if m := regexp.MustCompile(`通常|逆ゲーム|"逆"|^逆$`).FindString(text); m != "" {
			t.Errorf("ja %s names a game %q, not 正規形 or 逆形: %q", key, m, text)
		}
	}
	for _, kind := range []string{"direct", "reverse"} {
		if !regexp.MustCompile(`^(正規形|逆形)$`).MatchString(ja["chain.kind-"+kind]) || ja["chain."+kind] != ja["chain.kind-"+kind] {
			t.Errorf("ja: the %s game is %q in sentences and %q in the table", kind, ja["chain.kind-"+kind], ja["chain."+kind])
		}
	}
	last := map[i18n.Lang]string{i18n.Japanese: "最後", i18n.SimplifiedChinese: "最后", i18n.TraditionalChinese: "最後"}
	for lang, word := range last {
		catalog := messages[lang]
		for _, kind := range []string{"direct", "reverse"} {
			option, about, name := catalog["chain.option-"+kind], catalog["chain.about-"+kind], catalog["chain."+kind]
			if !strings.HasPrefix(option, name) || !strings.Contains(option, word) {
				t.Errorf("%s: the %s game's option %q should give its name, %q, and its rule (%s…)", lang, kind, option, name, word)
			}
			if !strings.HasPrefix(about, name) {
				t.Errorf("%s: the note on the %s game %q should name it, %q", lang, kind, about, name)
			}
		}
	}
}

// A character that is neither an object nor a gap is faulted with the
// symbols the engine reads, every one of them: the error named only X
// and ., though x * O o ● ○ ■ # | are objects too and _ - · gaps, so a
// reader who wrote a row with O, or pasted one with ●, was told to
// retype it with X.
func TestMessagesBadSymbolListsEverySymbolRead(t *testing.T) {
	var symbols []rune
	for r := rune('!'); r < 0x3000; r++ {
		if unicode.IsDigit(r) || unicode.IsSpace(r) {
			continue
		}
		if row, err := chain.Parse(string(r), "position"); err == nil && len(row) == 1 {
			symbols = append(symbols, r)
		}
	}
	if len(symbols) < 4 {
		t.Fatalf("the engine reads only %q as a row", string(symbols))
	}
	for lang, catalog := range messages {
		text := catalog["chain.reason-bad-symbol"]
		listed := map[string]bool{}
		for _, word := range strings.FieldsFunc(text, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(",:()，、。：（）", r) }) {
			if w := []rune(word); len(w) > 1 && w[len(w)-1] == '.' {
				word = string(w[:len(w)-1]) // the sentence's full stop
			}
			listed[word] = true
		}
		for _, r := range symbols {
			if !listed[string(r)] {
				t.Errorf("%s: the error for a bad symbol does not list %q, which the engine reads: %q", lang, r, text)
			}
		}
	}
}

// In Japanese and Chinese a Latin word or number stands apart from the
// text around it by a space, as everywhere in these tables (Grundy 数,
// 80 マス, Ctrl+Z で), and a time is said in one unit: the note past the
// solver's range read 各グループのGrundy 数 and "in 0.1 ms", where the
// answer above it said ミリ秒 (毫秒).
func TestMessagesSetLatinApartInCJK(t *testing.T) {
	cjk := func(r rune) bool { return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) }
	latin := func(r rune) bool { return r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) }
	ms := regexp.MustCompile(`\bms\b`)
	for _, lang := range []i18n.Lang{i18n.Japanese, i18n.SimplifiedChinese, i18n.TraditionalChinese} {
		for key, text := range messages[lang] {
			rs := []rune(text)
			for i := 1; i < len(rs); i++ {
				if (cjk(rs[i-1]) && latin(rs[i])) || (latin(rs[i-1]) && cjk(rs[i])) {
					t.Errorf("%s %s: %q touches %q with no space: %q", lang, key, string(rs[i-1]), string(rs[i]), text)
				}
			}
			if ms.MatchString(text) {
				t.Errorf("%s %s says ms, where chain.searched says %q: %q", lang, key, messages[lang]["chain.searched"], text)
			}
		}
	}
}
