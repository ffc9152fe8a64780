// Package i18n is the one message catalog of Kibitz's user interface, in
// English, Traditional Chinese, Simplified Chinese and Japanese. Every string a widget shows
// comes from here; the engine's own English messages appear only as detail
// under a translated one.
//
// A message may hold numbered placeholders {1}, {2}, ... so a translation
// can put the values in its own order.
package i18n

import (
	"fmt"
	"strconv"
	"strings"
)

// Lang is a language the catalog has.
type Lang string

const (
	English            Lang = "en"
	TraditionalChinese Lang = "zh-Hant"
	SimplifiedChinese  Lang = "zh-Hans"
	Japanese           Lang = "ja"
)

// Langs lists the catalog's languages, in menu order.
var Langs = []Lang{English, TraditionalChinese, SimplifiedChinese, Japanese}

// Names gives each language in its own script, for a language menu.
var Names = map[Lang]string{English: "English", TraditionalChinese: "繁體中文", SimplifiedChinese: "简体中文", Japanese: "日本語"}

// Match picks the catalog language for a BCP 47 tag such as "ja-JP",
// "zh-TW" or "zh-Hant-HK". Chinese goes by script, then by region:
// Taiwan, Hong Kong and Macau write Traditional, the rest (and a bare
// "zh") Simplified. Other tags give ok=false, so the caller can try its
// next preference.
func Match(tag string) (Lang, bool) {
	t := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(tag, "_", "-")))
	switch {
	case t == "en" || strings.HasPrefix(t, "en-"):
		return English, true
	case t == "ja" || strings.HasPrefix(t, "ja-"):
		return Japanese, true
	case t == "zh" || strings.HasPrefix(t, "zh-"):
		subtags := strings.Split(t, "-")[1:]
		for _, s := range subtags {
			switch s {
			case "hant":
				return TraditionalChinese, true
			case "hans":
				return SimplifiedChinese, true
			}
		}
		for _, s := range subtags {
			switch s {
			case "tw", "hk", "mo":
				return TraditionalChinese, true
			}
		}
		return SimplifiedChinese, true
	}
	return English, false
}

// Choose picks the language from an explicit setting (a widget's lang or
// data-lang) or else the browser's preferences, in order; English when
// nothing matches.
func Choose(explicit string, preferred []string) Lang {
	if explicit != "" {
		if l, ok := Match(explicit); ok {
			return l
		}
	}
	for _, p := range preferred {
		if l, ok := Match(p); ok {
			return l
		}
	}
	return English
}

// T returns the message key in language l with its placeholders filled. A
// key missing from l falls back to English; a key missing everywhere shows
// itself, which the catalog test forbids.
func T(l Lang, key string, args ...any) string {
	msg, ok := catalog[l][key]
	if !ok {
		if msg, ok = catalog[English][key]; !ok {
			msg = key
		}
	}
	for i, a := range args {
		text := fmt.Sprint(a)
		switch n := a.(type) {
		case int:
			text = Number(int64(n))
		case int32:
			text = Number(int64(n))
		case int64:
			text = Number(n)
		}
		msg = strings.ReplaceAll(msg, fmt.Sprintf("{%d}", i+1), text)
	}
	return msg
}

// Decimal writes x with places decimals and its thousands grouped
// (7,234.3).
func Decimal(x float64, places int) string {
	text := strconv.FormatFloat(x, 'f', places, 64)
	whole, frac, _ := strings.Cut(text, ".")
	n, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return text
	}
	grouped := Number(n)
	if n == 0 && strings.HasPrefix(whole, "-") {
		grouped = "-0"
	}
	if frac == "" {
		return grouped
	}
	return grouped + "." + frac
}

// Number writes an integer with its thousands grouped by commas
// (3,628,800), as English, Traditional Chinese and Japanese all do.
func Number(n int64) string {
	digits := strconv.FormatInt(n, 10)
	sign := ""
	if n < 0 {
		sign, digits = "-", digits[1:]
	}
	var b strings.Builder
	b.WriteString(sign)
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return b.String()
}

// Keys returns every key of the English catalog.
func Keys() []string {
	keys := make([]string, 0, len(catalog[English]))
	for k := range catalog[English] {
		keys = append(keys, k)
	}
	return keys
}

// Has reports whether language l defines key itself.
func Has(l Lang, key string) bool {
	_, ok := catalog[l][key]
	return ok
}

// catalog maps each language to its messages. The catalog files add to it.
var catalog = map[Lang]map[string]string{}

func add(l Lang, messages map[string]string) {
	if catalog[l] == nil {
		catalog[l] = map[string]string{}
	}
	for k, v := range messages {
		if _, dup := catalog[l][k]; dup {
			panic("i18n: duplicate key " + k + " in " + string(l))
		}
		catalog[l][k] = v
	}
}
