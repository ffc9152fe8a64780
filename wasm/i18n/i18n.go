// Package i18n is the mechanism of Kibitz's message catalog, in English,
// Traditional Chinese, Simplified Chinese and Japanese: languages and how
// a page's or a browser's tag picks one, messages with placeholders and
// plural choices, and numbers. The strings themselves live with the code
// that shows them: each widget package (and wasm/frame) keeps a Catalog of
// its own, in every language, and registers it; T looks up every
// registered one. Every string a widget shows comes from a catalog; the
// engine's own English messages appear only as detail under a translated
// one. Package i18ntest holds the tests every catalog passes.
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

// A Catalog holds messages by language, then key: one package's strings,
// or every registered package's.
type Catalog map[Lang]map[string]string

// registered holds every registered catalog's messages; T reads it.
var registered = Catalog{}

// Register adds c's messages to those T finds. Two packages cannot
// define the same key: a key registered twice panics.
func Register(c Catalog) {
	for l, messages := range c {
		if registered[l] == nil {
			registered[l] = map[string]string{}
		}
		for k, v := range messages {
			if _, dup := registered[l][k]; dup {
				panic("i18n: duplicate key " + k + " in " + string(l))
			}
			registered[l][k] = v
		}
	}
}

// T returns the registered message key in language l with its
// placeholders filled (see Catalog.T).
func T(l Lang, key string, args ...any) string { return registered.T(l, key, args...) }

// Has reports whether language l's registered messages define key.
func Has(l Lang, key string) bool { return registered.Has(l, key) }

// T returns the message key in language l with its placeholders filled. A
// key missing from l falls back to English; a key missing everywhere shows
// itself, which the catalog tests forbid.
func (c Catalog) T(l Lang, key string, args ...any) string {
	msg, ok := c[l][key]
	if !ok {
		if msg, ok = c[English][key]; !ok {
			msg = key
		}
	}
	texts := make([]string, len(args))
	for i, a := range args {
		texts[i] = argText(a)
	}
	msg = choose(msg, texts)
	for i, text := range texts {
		msg = fill(msg, fmt.Sprintf("{%d}", i+1), text, l != English)
	}
	return msg
}

// fill replaces every placeholder ph in msg by text. In Chinese and
// Japanese a template spaces a placeholder off from the words around it,
// as it does numbers, but a text that begins or ends with a full-width
// bracket needs no space on that side: the bracket is its own margin, and
// a space beside it reads as a gap ("3 桁目の 「a」 は" is "3 桁目の「a」は").
func fill(msg, ph, text string, cjk bool) string {
	if !cjk {
		return strings.ReplaceAll(msg, ph, text)
	}
	opens := strings.HasPrefix(text, "「") || strings.HasPrefix(text, "『") || strings.HasPrefix(text, "“")
	closes := strings.HasSuffix(text, "」") || strings.HasSuffix(text, "』") || strings.HasSuffix(text, "”")
	if !opens && !closes {
		return strings.ReplaceAll(msg, ph, text)
	}
	var b strings.Builder
	for {
		j := strings.Index(msg, ph)
		if j < 0 {
			b.WriteString(msg)
			return b.String()
		}
		before := msg[:j]
		if opens {
			before = strings.TrimSuffix(before, " ")
		}
		b.WriteString(before)
		b.WriteString(text)
		msg = msg[j+len(ph):]
		if closes {
			msg = strings.TrimPrefix(msg, " ")
		}
	}
}

// Has reports whether language l defines key itself.
func (c Catalog) Has(l Lang, key string) bool {
	_, ok := c[l][key]
	return ok
}

// Keys returns every key of c's English messages.
func (c Catalog) Keys() []string {
	keys := make([]string, 0, len(c[English]))
	for k := range c[English] {
		keys = append(keys, k)
	}
	return keys
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

// Malformed says what is wrong with the choices and braces of msg, a
// message in language l, or returns "" when nothing is. Only English
// chooses forms by a count (Chinese and Japanese count with a counter
// word whatever the number); a choice names an argument 1 to 9 and has
// two forms, one|other; and a brace is a placeholder, a choice, or the
// chain game's example {3,1,4}. The catalog tests (i18ntest) ask it of
// every message.
func Malformed(l Lang, msg string) string {
	rest := msg
	for {
		start, n, body, end, ok := nextChoice(rest)
		if !ok {
			break
		}
		if l != English {
			return fmt.Sprintf("it has a choice %q; only English chooses forms by the count", rest[start:end])
		}
		if _, _, split := splitForms(body); !split || n < 1 || n > 9 {
			return fmt.Sprintf("the choice %q needs an argument 1 to 9 and two forms, one|other", rest[start:end])
		}
		rest = rest[end:]
	}
	if strings.Contains(rest, "{") && !hasPlaceholder(rest) && !strings.Contains(rest, "{3,1,4}") {
		return "it has a brace that is neither a placeholder nor a choice"
	}
	return ""
}

// hasPlaceholder reports whether s uses an argument: {N}, or a choice {N:.
func hasPlaceholder(s string) bool {
	for i := strings.IndexByte(s, '{'); i >= 0; i = strings.IndexByte(s, '{') {
		s = s[i+1:]
		digits := 0
		for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
			digits++
		}
		if digits > 0 && digits < len(s) && (s[digits] == '}' || s[digits] == ':') {
			return true
		}
	}
	return false
}
