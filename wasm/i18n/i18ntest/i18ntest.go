// Package i18ntest holds the tests every message catalog passes. Each
// package that keeps a catalog (wasm/frame and each widget) runs them on
// its own strings, so a game's strings are checked where they live:
//
//	func TestMessages(t *testing.T) { i18ntest.Check(t, messages) }
package i18ntest

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"kibitz/wasm/i18n"
)

// Check runs every test of a catalog's own messages: each language has
// every key English has and no other, with the same placeholders; choices
// and braces are well formed; every English count chooses its form; CJK
// punctuation is full width; error sentences are sentences.
func Check(t *testing.T, c i18n.Catalog) {
	t.Helper()
	if len(c[i18n.English]) == 0 {
		t.Fatal("the catalog has no English messages")
	}
	everyLanguageHasEveryKey(t, c)
	placeholdersMatch(t, c)
	choicesAreWellFormed(t, c)
	everyCountChoosesItsForm(t, c)
	cjkPunctuation(t, c)
	cjkAtLeast(t, c)
	errorSentences(t, c)
}

func everyLanguageHasEveryKey(t *testing.T, c i18n.Catalog) {
	t.Helper()
	for _, l := range i18n.Langs {
		for _, k := range c.Keys() {
			if !c.Has(l, k) {
				t.Errorf("%s lacks %q", l, k)
			}
		}
		for k := range c[l] {
			if !c.Has(i18n.English, k) {
				t.Errorf("%s has %q, which English lacks", l, k)
			}
		}
	}
	for l := range c {
		if !slices.Contains(i18n.Langs, l) {
			t.Errorf("the catalog has messages in %q, which is no language of Kibitz's", l)
		}
	}
}

// placeholder finds where a message uses an argument: {N}, or a choice
// {N: made by it.
var placeholder = regexp.MustCompile(`\{(\d+)[}:]`)

func placeholdersMatch(t *testing.T, c i18n.Catalog) {
	t.Helper()
	for _, k := range c.Keys() {
		want := placeholders(c[i18n.English][k])
		for _, l := range i18n.Langs {
			if got := placeholders(c[l][k]); !slices.Equal(got, want) {
				t.Errorf("%s %q has placeholders %v, English has %v", l, k, got, want)
			}
		}
	}
}

func placeholders(s string) []string {
	var found []string
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		found = append(found, "{"+m[1]+"}")
	}
	slices.Sort(found)
	return slices.Compact(found)
}

// Every choice is well formed: it names an argument the message has room
// for and has two forms. Chinese and Japanese have no choices: they count
// with a counter word whatever the number.
func choicesAreWellFormed(t *testing.T, c i18n.Catalog) {
	t.Helper()
	for l, messages := range c {
		for k, msg := range messages {
			if problem := i18n.Malformed(l, msg); problem != "" {
				t.Errorf("%s %q: %s: %q", l, k, problem, msg)
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
func everyCountChoosesItsForm(t *testing.T, c i18n.Catalog) {
	t.Helper()
	for k, msg := range c[i18n.English] {
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

var cjk = []i18n.Lang{i18n.TraditionalChinese, i18n.SimplifiedChinese, i18n.Japanese}

// CJK messages use full-width punctuation and carry no English in
// brackets: a colon, comma or bracket right after a CJK character must be
// the full-width one.
func cjkPunctuation(t *testing.T, c i18n.Catalog) {
	t.Helper()
	halfWidth := regexp.MustCompile(`[\p{Han}\p{Hiragana}\p{Katakana}][,:;()!?]|[,;(]\s*[\p{Han}\p{Hiragana}\p{Katakana}]|\([A-Za-z][a-z ]+\)`)
	for _, l := range cjk {
		for k, msg := range c[l] {
			if m := halfWidth.FindString(msg); m != "" {
				t.Errorf("%s %q: half-width punctuation or English in brackets at %q in %q", l, k, m, msg)
			}
		}
	}
}

// Chinese and Japanese write "at least N" as 至少 or 少なくとも, not as
// "N 以上" after a count: 以上 includes N, so it is easily written for
// "more than N" by mistake, and "1 個以上" reads oddly where one is meant.
func cjkAtLeast(t *testing.T, c i18n.Catalog) {
	t.Helper()
	countThenIjou := regexp.MustCompile(`\{\d+\}\s*\S?以上`)
	for _, l := range cjk {
		for k, msg := range c[l] {
			if m := countThenIjou.FindString(msg); m != "" {
				t.Errorf("%s %q: %q; write at least N as 至少 or 少なくとも", l, k, m)
			}
		}
	}
}

// Every sentence of an error starts with a capital letter and ends with a
// full stop, in English; in CJK, with a full-width one.
func errorSentences(t *testing.T, c i18n.Catalog) {
	t.Helper()
	for _, l := range i18n.Langs {
		for k, msg := range c[l] {
			if !strings.HasPrefix(k, "reason.") && !strings.HasPrefix(k, "error.") {
				continue
			}
			if k == "error.internal" || k == "error.bad-input" {
				continue // they end with the engine's own words
			}
			end := "."
			if l != i18n.English {
				end = "。"
			}
			if !strings.HasSuffix(msg, end) {
				t.Errorf("%s %q does not end with %q: %q", l, k, end, msg)
			}
			if l == i18n.English && !strings.HasPrefix(msg, "{") && strings.ToUpper(msg[:1]) != msg[:1] {
				t.Errorf("%s %q does not start with a capital: %q", l, k, msg)
			}
		}
	}
}

// KeysUsed checks that every literal key the package's Go files (those in
// the test's directory) pass to T is in one of the catalogs: the
// package's own, and those it borrows from (the frame's).
func KeysUsed(t *testing.T, catalogs ...i18n.Catalog) {
	t.Helper()
	// T("key", ...) in Go, and "@key" in markup, which the frame
	// translates when it builds the widget. Whole keys only: prefixes of
	// built keys end in "+" or ".".
	uses := regexp.MustCompile(`\bT\("([a-z0-9.-]+)"[,)]|@([a-z0-9-]+\.[a-z0-9.-]*[a-z0-9])\b`)
	files, _ := filepath.Glob("*.go")
	checked := 0
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range uses.FindAllStringSubmatch(string(src), -1) {
			key := m[1] + m[2]
			checked++
			if !Defines(key, catalogs...) {
				t.Errorf("%s uses %q, which the catalog lacks", file, key)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no use of a message found in the package's sources")
	}
}

// Defines reports whether one of the catalogs has key in English.
func Defines(key string, catalogs ...i18n.Catalog) bool {
	for _, c := range catalogs {
		if c.Has(i18n.English, key) {
			return true
		}
	}
	return false
}

// A Count is a message that counts: the arguments the page gives it
// (count stands for each counted one), and its English for 1 and 2.
type Count struct {
	Key      string
	Args     func(count int) []any
	One, Two string
}

var number = regexp.MustCompile(`\d+`)

// Counted checks that each counted message of c reads right for 1 and
// for 2 in every language: in English as listed; in Chinese and Japanese
// the same words for both (a counter word, no grammatical number), with
// nothing left unfilled. The list is the audit: it must hold every
// message of c that chooses its words by a count.
func Counted(t *testing.T, c i18n.Catalog, counted []Count) {
	t.Helper()
	listed := map[string]bool{}
	for _, n := range counted {
		listed[n.Key] = true
		if !c.Has(i18n.English, n.Key) {
			t.Errorf("the catalog lacks %q", n.Key)
			continue
		}
		for _, l := range i18n.Langs {
			one, two := c.T(l, n.Key, n.Args(1)...), c.T(l, n.Key, n.Args(2)...)
			for _, text := range []string{one, two} {
				if strings.ContainsAny(text, "{}|") {
					t.Errorf("%s %q is left unfilled: %q", l, n.Key, text)
				}
			}
			if l == i18n.English {
				if one != n.One || two != n.Two {
					t.Errorf("%q for 1 and 2:\n got %q\n     %q\nwant %q\n     %q", n.Key, one, two, n.One, n.Two)
				}
				continue
			}
			if number.ReplaceAllString(one, "#") != number.ReplaceAllString(two, "#") {
				t.Errorf("%s %q reads differently for 1 and 2 beyond the numbers: %q and %q", l, n.Key, one, two)
			}
		}
	}
	choice := regexp.MustCompile(`\{\d+:`)
	for k, msg := range c[i18n.English] {
		if choice.MatchString(msg) && !listed[k] {
			t.Errorf("%q chooses by a count but is not in the counted list", k)
		}
	}
}
