package i18n

import "testing"

// testCatalog stands for a widget package's catalog; the catalogs
// themselves are tested where they live (see i18ntest).
var testCatalog = Catalog{
	English: {
		"where.row":  "Row {1}",
		"help.count": "{1} {1:code is|codes are} still possible.",
		"only.en":    "English only",
	},
	Japanese: {"where.row": "{1} 行目"},
}

func TestCatalogFallsBackToEnglish(t *testing.T) {
	if got := testCatalog.T(Japanese, "where.row", 2); got != "2 行目" {
		t.Errorf("Japanese: %q", got)
	}
	if got := testCatalog.T(Japanese, "only.en"); got != "English only" {
		t.Errorf("a key Japanese lacks: %q, want the English", got)
	}
	if got := testCatalog.T(English, "no.such-key"); got != "no.such-key" {
		t.Errorf("a key missing everywhere: %q, want the key", got)
	}
}

// Register adds a package's messages to those T finds, and refuses a key
// that another package already defines.
func TestRegister(t *testing.T) {
	Register(Catalog{English: {"test.register": "Registered {1}"}})
	if got := T(English, "test.register", 1); got != "Registered 1" || !Has(English, "test.register") {
		t.Errorf("T(%q) = %q after Register", "test.register", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("registering a key twice did not panic")
		}
	}()
	Register(Catalog{English: {"test.register": "again"}})
}

func TestMalformed(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		msg  string
		ok   bool
	}{
		{English, "{1} {1:mine|mines}", true},
		{English, "{3,1,4} and {1:x|y}", true},
		{English, "Write {3,1,4}", true},
		{English, "{2} of {1}", true},
		{English, "{1:x|y|z}", false}, // three forms
		{English, "{0:x|y}", false},   // no argument 0
		{English, "a { b", false},
		{Japanese, "{1} 個", true},
		{Japanese, "{1:個|個}", false}, // only English chooses
	} {
		if problem := Malformed(c.lang, c.msg); (problem == "") != c.ok {
			t.Errorf("Malformed(%s, %q) = %q", c.lang, c.msg, problem)
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
	if got := testCatalog.T(English, "where.row", 3); got != "Row 3" {
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
	if got := testCatalog.T(English, "help.count", 1334961); got != "1,334,961 codes are still possible." {
		t.Errorf("T groups integer arguments: %q", got)
	}
}

// In Chinese and Japanese a quoted text sits against the words beside it:
// the template's spaces around its placeholder go where the text brings a
// full-width bracket, and stay where it does not, or in English.
func TestBracketsNeedNoSpace(t *testing.T) {
	c := Catalog{
		English:            {"k": "{2} at {1} is not a symbol."},
		Japanese:           {"k": "{1} 桁目の {2} は記号ではありません。"},
		SimplifiedChinese:  {"k": "第 {1} 位的 {2} 不是符号。"},
		TraditionalChinese: {"k": "{2} 與 {2} 相同"},
	}
	for _, tc := range []struct {
		l    Lang
		args []any
		want string
	}{
		{Japanese, []any{3, "「a」"}, "3 桁目の「a」は記号ではありません。"},
		{Japanese, []any{3, "a"}, "3 桁目の a は記号ではありません。"},
		{SimplifiedChinese, []any{3, "“a”"}, "第 3 位的“a”不是符号。"},
		{TraditionalChinese, []any{1, "「x」"}, "「x」與「x」相同"},
		{English, []any{3, "“a”"}, "“a” at 3 is not a symbol."},
	} {
		if got := c.T(tc.l, "k", tc.args...); got != tc.want {
			t.Errorf("%s %v: %q, want %q", tc.l, tc.args, got, tc.want)
		}
	}
}
