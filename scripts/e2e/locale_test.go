//go:build e2e

package e2e

import "testing"

// A widget's root resets every property the page could pass on (.kz's
// all: initial), and with them Chromium's locale, which the lang attribute
// sets: the widget's text was laid out in locale "auto", whatever its
// language. Line breaking (Japanese phrases, kinsoku) and the glyphs a
// CJK font draws for a Han character (Japanese 直 or Chinese 直) follow
// the locale, so Japanese text broke as no Japanese reader expects and
// could be drawn in Chinese forms. The root names its language again.
func TestWidgetTextHasItsLanguagesLocale(t *testing.T) {
	ctx := guessPage(t)
	for _, lang := range []string{"ja", "zh-Hans", "zh-Hant", "en"} {
		guessLanguage(t, ctx, lang)
		got := eval[map[string]string](t, ctx, `(() => {
			const locale = el => getComputedStyle(el).getPropertyValue('-webkit-locale');
			return {root: locale(kz().querySelector('.kz')), text: locale($('.kz-panel p') || $('.kz-panel'))};
		})()`)
		want := `"` + lang + `"`
		if got["root"] != want || got["text"] != want {
			t.Errorf("%s: the widget's locale is %q at its root and %q in its text, want %s", lang, got["root"], got["text"], want)
		}
	}
}
