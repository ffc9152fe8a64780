// Package i18n is the one message catalog of Kibitz's user interface, in
// English, Traditional Chinese, Simplified Chinese and Japanese. Every string a widget shows
// comes from here; the engine's own English messages appear only as detail
// under a translated one.
//
// A message may hold numbered placeholders {1}, {2}, ... so a translation
// can put the values in its own order.
//
// A message that counts chooses its words by the count with {N:one|other}:
// the one form when argument N is written "1", the other form for every
// other value ("{1} {1:mine|mines}" gives "1 mine", "0 mines", "3 mines";
// "There {3:is 1 more flag|are {3} more flags}"). A form may hold
// placeholders and choices of its own. English needs this; Chinese and
// Japanese count with a counter word whatever the number, so their
// messages have no choices.
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
	texts := make([]string, len(args))
	for i, a := range args {
		texts[i] = argText(a)
	}
	msg = choose(msg, texts)
	for i, text := range texts {
		msg = strings.ReplaceAll(msg, fmt.Sprintf("{%d}", i+1), text)
	}
	return msg
}

// argText writes an argument as a message shows it: integers with their
// thousands grouped, anything else as fmt prints it.
func argText(a any) string {
	switch n := a.(type) {
	case int:
		return Number(int64(n))
	case int32:
		return Number(int64(n))
	case int64:
		return Number(n)
	}
	return fmt.Sprint(a)
}

// choose resolves the choices {N:one|other} in msg, given the arguments
// as written: the one form when argument N reads "1". A choice that names
// no argument, or is not closed, stays as it is (the catalog test forbids
// both).
func choose(msg string, texts []string) string {
	var out strings.Builder
	for {
		start, n, body, end, ok := nextChoice(msg)
		if !ok {
			out.WriteString(msg)
			return out.String()
		}
		out.WriteString(msg[:start])
		one, other, split := splitForms(body)
		switch {
		case !split || n < 1 || n > len(texts):
			out.WriteString(msg[start:end]) // not a choice T can make
		case texts[n-1] == "1":
			out.WriteString(choose(one, texts))
		default:
			out.WriteString(choose(other, texts))
		}
		msg = msg[end:]
	}
}

// nextChoice finds the first choice in msg: "{", digits, ":", the forms,
// and the "}" that closes it (braces inside the forms nest). It returns
// where the choice starts and ends, its argument number and its forms.
func nextChoice(msg string) (start, n int, body string, end int, ok bool) {
	for from := 0; ; {
		i := strings.IndexByte(msg[from:], '{')
		if i < 0 {
			return 0, 0, "", 0, false
		}
		start = from + i
		j := start + 1
		for j < len(msg) && msg[j] >= '0' && msg[j] <= '9' {
			j++
		}
		if j == start+1 || j >= len(msg) || msg[j] != ':' {
			from = start + 1
			continue
		}
		n, _ = strconv.Atoi(msg[start+1 : j])
		depth := 1
		for k := j + 1; k < len(msg); k++ {
			switch msg[k] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					return start, n, msg[j+1 : k], k + 1, true
				}
			}
		}
		return 0, 0, "", 0, false // never closed
	}
}

// splitForms cuts a choice's body at its one "|" outside braces.
func splitForms(body string) (one, other string, ok bool) {
	depth, bar := 0, -1
	for k := 0; k < len(body); k++ {
		switch body[k] {
		case '{':
			depth++
		case '}':
			depth--
		case '|':
			if depth == 0 {
				if bar >= 0 {
					return "", "", false // more than two forms
				}
				bar = k
			}
		}
	}
	if bar < 0 {
		return "", "", false
	}
	return body[:bar], body[bar+1:], true
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
