package i18n

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"kibitz/engine/guess"
)

func TestEveryLanguageHasEveryKey(t *testing.T) {
	for _, l := range Langs {
		for _, k := range Keys() {
			if !Has(l, k) {
				t.Errorf("%s lacks %q", l, k)
			}
		}
		for k := range catalog[l] {
			if !Has(English, k) {
				t.Errorf("%s has %q, which English lacks", l, k)
			}
		}
	}
}

// placeholder finds where a message uses an argument: {N}, or a choice
// {N: made by it.
var placeholder = regexp.MustCompile(`\{(\d+)[}:]`)

func TestPlaceholdersMatch(t *testing.T) {
	for _, k := range Keys() {
		want := placeholders(catalog[English][k])
		for _, l := range Langs {
			if got := placeholders(catalog[l][k]); !slices.Equal(got, want) {
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

// Every literal key the widgets use is in the catalog.
func TestWidgetKeysExist(t *testing.T) {
	uses := regexp.MustCompile(`\bT\("([a-z0-9.-]+)"[,)]`) // whole keys; prefixes of built keys end in "+"
	var files []string
	for _, dir := range []string{"app", "chain", "frame", "guess", "mines"} {
		found, _ := filepath.Glob("../" + dir + "/*.go")
		files = append(files, found...)
	}
	if len(files) == 0 {
		t.Fatal("no widget sources found")
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range uses.FindAllStringSubmatch(string(src), -1) {
			if !Has(English, m[1]) {
				t.Errorf("%s uses %q, which the catalog lacks", filepath.Base(file), m[1])
			}
		}
	}
}

// The keys the widgets build from engine values exist too.
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
	for _, k := range keys {
		if !Has(English, k) {
			t.Errorf("the catalog lacks %q", k)
		}
	}
}

func TestChoose(t *testing.T) {
	for _, tc := range []struct {
		explicit  string
		preferred []string
		want      Lang
	}{
		{"ja", []string{"en-US"}, Japanese},
		{"", []string{"fr-FR", "zh-TW"}, TraditionalChinese},
		{"", []string{"zh-CN"}, SimplifiedChinese},
		{"", []string{"zh"}, SimplifiedChinese},
		{"zh-Hans-HK", nil, SimplifiedChinese},
		{"zh-HK", nil, TraditionalChinese},
		{"zh_TW", nil, TraditionalChinese},
		{"zh-Hant", nil, TraditionalChinese},
		{"", []string{"ja-JP", "en"}, Japanese},
		{"", []string{"fr"}, English},
		{"klingon", nil, English},
		{"zh-Hant-HK", nil, TraditionalChinese},
	} {
		if got := Choose(tc.explicit, tc.preferred); got != tc.want {
			t.Errorf("Choose(%q, %v) = %s, want %s", tc.explicit, tc.preferred, got, tc.want)
		}
	}
	if got := T(English, "where.row", 3); got != "Row 3" {
		t.Errorf("T filled %q", got)
	}
}

func TestNumberGroupsThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 7: "7", 999: "999", 5040: "5,040", 3628800: "3,628,800", -1234567: "-1,234,567"} {
		if got := Number(n); got != want {
			t.Errorf("Number(%d) = %q, want %q", n, got, want)
		}
	}
	if got := Decimal(7234.25, 1); got != "7,234.2" && got != "7,234.3" {
		t.Errorf("Decimal(7234.25, 1) = %q", got)
	}
	if got := Decimal(-0.5, 1); got != "-0.5" {
		t.Errorf("Decimal(-0.5, 1) = %q", got)
	}
	if got := T(English, "help.count", 1334961); got != "1,334,961 codes are still possible." {
		t.Errorf("T groups integer arguments: %q", got)
	}
}

// CJK messages use full-width punctuation and carry no English in
// brackets: a colon, comma or bracket right after a CJK character must be
// the full-width one.
func TestCJKPunctuation(t *testing.T) {
	halfWidth := regexp.MustCompile(`[\p{Han}\p{Hiragana}\p{Katakana}][,:;()!?]|[,;(]\s*[\p{Han}\p{Hiragana}\p{Katakana}]|\([A-Za-z][a-z ]+\)`)
	for _, l := range []Lang{TraditionalChinese, SimplifiedChinese, Japanese} {
		for k, msg := range catalog[l] {
			if m := halfWidth.FindString(msg); m != "" {
				t.Errorf("%s %q: half-width punctuation or English in brackets at %q in %q", l, k, m, msg)
			}
		}
	}
}

// Every sentence of an error starts with a capital letter and ends with a
// full stop, in English; in CJK, with a full-width one.
func TestErrorSentences(t *testing.T) {
	for _, l := range Langs {
		for k, msg := range catalog[l] {
			if !strings.HasPrefix(k, "reason.") && !strings.HasPrefix(k, "error.") {
				continue
			}
			if k == "error.internal" || k == "error.bad-input" {
				continue // they end with the engine's own words
			}
			end := "."
			if l != English {
				end = "。"
			}
			if !strings.HasSuffix(msg, end) {
				t.Errorf("%s %q does not end with %q: %q", l, k, end, msg)
			}
			if l == English && !strings.HasPrefix(msg, "{") && strings.ToUpper(msg[:1]) != msg[:1] {
				t.Errorf("%s %q does not start with a capital: %q", l, k, msg)
			}
		}
	}
}
