package i18n

import (
	"regexp"
	"strings"
	"testing"
)

func TestChoiceByCount(t *testing.T) {
	for _, c := range []struct {
		msg  string
		args []string
		want string
	}{
		{"{1} {1:mine|mines}", []string{"1"}, "{1} mine"},
		{"{1} {1:mine|mines}", []string{"0"}, "{1} mines"},
		{"{1} {1:mine|mines}", []string{"1,001"}, "{1} mines"},
		{"{1} {1:mine|mines}", []string{"1.00"}, "{1} mines"},
		{"There {2:is 1 flag|are {2} flags}.", []string{"x", "1"}, "There is 1 flag."},
		{"There {2:is 1 flag|are {2} flags}.", []string{"x", "3"}, "There are {2} flags."},
		{"{1:one {2:a|b}|many {2:c|d}}", []string{"1", "5"}, "one b"},
		{"{1:one {2:a|b}|many {2:c|d}}", []string{"5", "1"}, "many c"},
		{"{3,1,4} and {1:x|y}", []string{"1"}, "{3,1,4} and x"},
		{"{9:x|y}", []string{"1"}, "{9:x|y}"},     // no ninth argument
		{"{1:x|y|z}", []string{"1"}, "{1:x|y|z}"}, // three forms
		{"{1:x|y", []string{"1"}, "{1:x|y"},       // never closed
	} {
		if got := choose(c.msg, c.args); got != c.want {
			t.Errorf("choose(%q, %q) = %q, want %q", c.msg, c.args, got, c.want)
		}
	}
	if got := T(English, "mines.fact-left", 1); got != "1 mine not flagged" {
		t.Errorf("T chooses by the count: %q", got)
	}
	if got := T(English, "mines.fact-left", 1001); got != "1,001 mines not flagged" {
		t.Errorf("T chooses by the count: %q", got)
	}
}

// Every choice in the catalog is well formed: it names an argument the
// message has room for and has two forms. Chinese and Japanese have no
// choices: they count with a counter word whatever the number.
func TestChoicesAreWellFormed(t *testing.T) {
	for _, l := range Langs {
		for k, msg := range catalog[l] {
			rest := msg
			for {
				start, n, body, end, ok := nextChoice(rest)
				if !ok {
					break
				}
				if l != English {
					t.Errorf("%s %q has a choice %q; only English chooses forms by the count", l, k, rest[start:end])
				}
				if _, _, split := splitForms(body); !split || n < 1 || n > 9 {
					t.Errorf("%s %q: the choice %q needs an argument 1 to 9 and two forms, one|other", l, k, rest[start:end])
				}
				rest = rest[end:]
			}
			if strings.Contains(rest, "{") && placeholder.FindString(rest) == "" && !strings.Contains(rest, "{3,1,4}") {
				t.Errorf("%s %q has a brace that is neither a placeholder nor a choice: %q", l, k, msg)
			}
		}
	}
}

// countedNoun finds, in English, a count placed before a noun or a verb
// that agrees with it: "{1} codes", "{2} more mines", "{3} are".
var countedNoun = regexp.MustCompile(`\{(\d+)\}\s+(?:(?:more|certain|possible|different)\s+)?([a-z]+)\b`)

// notPlural are words ending in s after a count that are no plural noun;
// shorter words than three letters (s, ms, is, as) are never counted.
var notPlural = map[string]bool{"has": true, "was": true, "its": true, "this": true, "looks": true, "splits": true}

// Every English message that puts a count before a plural noun (or "are")
// chooses its words by that count, so it reads right for 1.
func TestEveryCountChoosesItsForm(t *testing.T) {
	for k, msg := range catalog[English] {
		for _, m := range countedNoun.FindAllStringSubmatch(msg, -1) {
			word := m[2]
			if word != "are" && (len(word) < 3 || !strings.HasSuffix(word, "s") || notPlural[word]) {
				continue
			}
			if !strings.Contains(msg, "{"+m[1]+":") {
				t.Errorf("%q counts %q with {%s} but has no {%s:one|other}: %q", k, m[0], m[1], m[1], msg)
			}
		}
	}
}

// counted lists every message with a count, the arguments the page gives
// it (count stands for each counted one), and its English for 1 and 2.
var counted = []struct {
	key      string
	args     func(count int) []any
	one, two string
}{
	{"error.too-large", func(n int) []any { return []any{n, 9} },
		"Too large: these rules allow 1 code, and the limit is 9.", "Too large: these rules allow 2 codes, and the limit is 9."},
	{"reason.code-length", func(n int) []any { return []any{"“X”", "", 4, "“X”", "", n} },
		"“X” has 1 symbol; a code in this game has 4.", "“X” has 2 symbols; a code in this game has 4."},
	{"reason.too-long-for-alphabet", func(n int) []any { return []any{"", "", 0, n} },
		"Without repeats, a code of 1 symbol needs at least 1 different symbol.", "Without repeats, a code of 2 symbols needs at least 2 different symbols."},
	{"rules.summary", func(n int) []any { return []any{n, "ABCDEF", "no repeats", n} },
		"A code is 1 symbol from ABCDEF, no repeats: 1 code in all.", "A code is 2 symbols from ABCDEF, no repeats: 2 codes in all."},
	{"explain.split", func(n int) []any { return []any{"ABCD", n, n} },
		"ABCD splits the 1 possible code into 1 group, one per possible answer.", "ABCD splits the 2 possible codes into 2 groups, one per possible answer."},
	{"explain.left", func(n int) []any { return []any{n, n} },
		"After the answer, 1 code is left on average, 1 at worst.", "After the answer, 2 codes are left on average, 2 at worst."},
	{"explain.finish", func(n int) []any { return []any{n} },
		"Expected to finish in 1 guess, this one included.", "Expected to finish in 2 guesses, this one included."},
	{"explain.how", func(n int) []any { return []any{"entropy", n} },
		"Chosen by entropy after weighing 1 guess.", "Chosen by entropy after weighing 2 guesses."},
	{"explain.chart", func(n int) []any { return []any{"ABCD", n} },
		"How the 1 possible code answers ABCD", "How the 2 possible codes answer ABCD"},
	{"you.won", func(n int) []any { return []any{n} }, "You found the secret in 1 guess!", "You found the secret in 2 guesses!"},
	{"comp.solved", func(n int) []any { return []any{n} }, "Solved in 1 guess.", "Solved in 2 guesses."},
	{"won.heading", func(n int) []any { return []any{n} }, "Solved in 1 guess.", "Solved in 2 guesses."},
	{"comp.candidates", func(n int) []any { return []any{n} }, "1 code is still possible.", "2 codes are still possible."},
	{"help.count", func(n int) []any { return []any{n} }, "1 code is still possible.", "2 codes are still possible."},
	{"terms.bulls-cows.fmt", func(n int) []any { return []any{n, n} }, "1 bull, 1 cow", "2 bulls, 2 cows"},
	{"terms.bulls-cows.fmt-a", func(n int) []any { return []any{n} }, "1 bull", "2 bulls"},
	{"terms.pegs.fmt", func(n int) []any { return []any{n, n} }, "1 black, 1 white", "2 black, 2 white"},

	{"mines.level-beginner", func(n int) []any { return []any{9, 9, n} }, "Beginner, 9×9, 1 mine", "Beginner, 9×9, 2 mines"},
	{"mines.level-intermediate", func(n int) []any { return []any{9, 9, n} }, "Intermediate, 9×9, 1 mine", "Intermediate, 9×9, 2 mines"},
	{"mines.level-expert", func(n int) []any { return []any{9, 9, n} }, "Expert, 9×9, 1 mine", "Expert, 9×9, 2 mines"},
	{"mines.playing", func(n int) []any { return []any{9, 9, n, "safe square"} },
		"9×9, 1 mine, first click: safe square.", "9×9, 2 mines, first click: safe square."},
	{"mines.playing-link", func(n int) []any { return []any{9, 9, n} },
		"9×9, 1 mine, from a JSMinesweeper link: the mines are already placed, so even the first click can hit one.",
		"9×9, 2 mines, from a JSMinesweeper link: the mines are already placed, so even the first click can hit one."},
	{"mines.link-position", func(n int) []any { return []any{9, 9, n} },
		"The link held a position, 9×9 with 1 mine: it is on the board now, and in the box as .mine text.",
		"The link held a position, 9×9 with 2 mines: it is on the board now, and in the box as .mine text."},
	{"mines.link-game", func(n int) []any { return []any{9, 9, n} },
		"The link holds a game, not a position: 9×9 with 1 mine, every mine already placed, so even the first click can hit one.",
		"The link holds a game, not a position: 9×9 with 2 mines, every mine already placed, so even the first click can hit one."},
	{"mines.fact-solutions", func(n int) []any { return []any{n} }, "1 arrangement of the mines fits", "2 arrangements of the mines fit"},
	{"mines.fact-safe", func(n int) []any { return []any{n} }, "1 square certainly safe", "2 squares certainly safe"},
	{"mines.fact-mines", func(n int) []any { return []any{n} }, "1 certain mine", "2 certain mines"},
	{"mines.fact-left", func(n int) []any { return []any{n} }, "1 mine not flagged", "2 mines not flagged"},
	{"mines.fact-floating", func(n int) []any { return []any{n, "30%"} },
		"1 square away from the numbers, each 30%", "2 squares away from the numbers, each 30%"},
	{"mines.reason.size-range", func(n int) []any { return []any{"", n} },
		"A board is 1 to 1 square wide and high.", "A board is 1 to 2 squares wide and high."},
	{"mines.reason.missing-rows", func(n int) []any { return []any{"", n} },
		"The first line promises 1 row, and there are fewer.", "The first line promises 2 rows, and there are fewer."},
	{"mines.reason.extra-rows", func(n int) []any { return []any{"", n} },
		"There is more text after the 1 row.", "There is more text after the last of the 2 rows."},
	{"mines.reason.row-length", func(n int) []any { return []any{"", 9, 0, n} },
		"This row has 1 square; the first line says 9.", "This row has 2 squares; the first line says 9."},
	{"mines.reason.too-many-flags", func(n int) []any { return []any{"", 0, n} },
		"There is 1 more flag than mines. A flag is wrong.", "There are 2 more flags than mines. A flag is wrong."},
	{"mines.reason.mine-count-more", func(n int) []any { return []any{"", n + 1, n} },
		"The numbers need at least 2 more mines, but only 1 is left.", "The numbers need at least 3 more mines, but only 2 are left."},
	{"mines.reason.mine-count-more", func(n int) []any { return []any{"", n, 0} },
		"The numbers need at least 1 more mine, but only 0 are left.", "The numbers need at least 2 more mines, but only 0 are left."},
	{"mines.reason.mine-count-fewer", func(n int) []any { return []any{"", n, n + 3} },
		"The numbers leave room for at most 1 more mine, but 4 are left.", "The numbers leave room for at most 2 more mines, but 5 are left."},
	{"mines.reason.mine-count-fewer", func(n int) []any { return []any{"", 0, n} },
		"The numbers leave room for at most 0 more mines, but 1 is left.", "The numbers leave room for at most 0 more mines, but 2 are left."},

	{"chain.playing", func(n int) []any { return []any{n, "direct game", n} },
		"1 object, direct game; 1 left.", "2 objects, direct game; 2 left."},
	{"chain.win-n", func(n int) []any { return []any{n} }, "win in 1 move", "win in 2 moves"},
	{"chain.loss-n", func(n int) []any { return []any{n} }, "loss in 1 move", "loss in 2 moves"},
	{"chain.result-win", func(n int) []any { return []any{n} }, "The side to move wins in 1 move.", "The side to move wins in 2 moves."},
	{"chain.result-loss", func(n int) []any { return []any{n} }, "The side to move loses in 1 move.", "The side to move loses in 2 moves."},
	{"chain.searched", func(n int) []any { return []any{n, "0.5"} }, "1 position evaluated in 0.5 ms", "2 positions evaluated in 0.5 ms"},
	{"chain.too-large", func(n int) []any { return []any{n, 9} },
		"This position is too long for the exact solver: 1 cell, the limit is 9.", "This position is too long for the exact solver: 2 cells, the limit is 9."},

	{"tree.rows", func(n int) []any { return []any{n} }, "(1 row)", "(2 rows)"},
	{"tree.guesses", func(n int) []any { return []any{n} }, "1 guess", "2 guesses"},
	{"tree.n-secrets", func(n int) []any { return []any{n} }, "1 secret", "2 secrets"},
	{"tree.text-lines", func(n int) []any { return []any{n} }, "1 line, one per secret.", "2 lines, one per secret."},
	{"tree.part-of", func(n int) []any { return []any{n, n, "4.5"} },
		"This position follows the strategy for the whole game: 1 guess in all, worst case 1, 4.5 on average.",
		"This position follows the strategy for the whole game: 2 guesses in all, worst case 2, 4.5 on average."},
	{"tree.branch-label", func(n int) []any { return []any{"AB", 3, "ABCD", n, n, n} },
		"Answer AB: guess 3 is ABCD; 1 secret, 1 guess on average, 1 at worst.",
		"Answer AB: guess 3 is ABCD; 2 secrets, 2 guesses on average, 2 at worst."},
	{"tree.too-large", func(n int) []any { return []any{n, 9} },
		"1 secret is possible here, and the perfect search in the page starts from at most 9. Narrow the game down in the Helper first, or choose a smaller game.",
		"2 secrets are possible here, and the perfect search in the page starts from at most 9. Narrow the game down in the Helper first, or choose a smaller game."},
}

var number = regexp.MustCompile(`\d+`)

// Every counted message reads right for 1 and for 2 in every language: in
// English as written above; in Chinese and Japanese the same words for
// both (a counter word, no grammatical number), with nothing left unfilled.
func TestCountedMessagesReadRight(t *testing.T) {
	listed := map[string]bool{}
	for _, c := range counted {
		listed[c.key] = true
		if !Has(English, c.key) {
			t.Errorf("the catalog lacks %q", c.key)
			continue
		}
		for _, l := range Langs {
			one, two := T(l, c.key, c.args(1)...), T(l, c.key, c.args(2)...)
			for _, text := range []string{one, two} {
				if strings.ContainsAny(text, "{}|") {
					t.Errorf("%s %q is left unfilled: %q", l, c.key, text)
				}
			}
			if l == English {
				if one != c.one || two != c.two {
					t.Errorf("%q for 1 and 2:\n got %q\n     %q\nwant %q\n     %q", c.key, one, two, c.one, c.two)
				}
				continue
			}
			if number.ReplaceAllString(one, "#") != number.ReplaceAllString(two, "#") {
				t.Errorf("%s %q reads differently for 1 and 2 beyond the numbers: %q and %q", l, c.key, one, two)
			}
		}
	}
	// The list is the audit: it holds every message the choices serve.
	for k, msg := range catalog[English] {
		if _, _, _, _, ok := nextChoice(msg); ok && !listed[k] {
			t.Errorf("%q chooses by a count but is not in the counted list", k)
		}
	}
}

// Chinese and Japanese write "at least N" as 至少 or 少なくとも, not as
// "N 以上" after a count: 以上 includes N, so it is easily written for
// "more than N" by mistake, and "1 個以上" reads oddly where one is meant.
func TestCJKAtLeast(t *testing.T) {
	countThenIjou := regexp.MustCompile(`\{\d+\}\s*\S?以上`)
	for _, l := range []Lang{TraditionalChinese, SimplifiedChinese, Japanese} {
		for k, msg := range catalog[l] {
			if m := countThenIjou.FindString(msg); m != "" {
				t.Errorf("%s %q: %q; write at least N as 至少 or 少なくとも", l, k, m)
			}
		}
	}
}
