//go:build e2e

package e2e

import (
	"strings"
	"testing"
)

// The Helper and the charts as a reader meets them in every language:
// what the charts say to a screen reader, what a wrong guess is told.

// A chart's text alternative (its figcaption, which a screen reader
// reads) is punctuated as the language is: in Chinese and Japanese with
// a full-width full stop, colons and list separators. They were English:
// "…の分布. 0A0B: 360; 0A1B: 1,440".
func TestChartCaptionsUseTheLanguagesPunctuation(t *testing.T) {
	ctx := guessPage(t)
	want := map[string][3]string{ // full stop, colon, separator
		"ja":      {"。", "：", "、"},
		"zh-Hans": {"。", "：", "；"},
		"zh-Hant": {"。", "：", "；"},
		"en":      {". ", ": ", "; "},
	}
	for _, lang := range []string{"ja", "zh-Hans", "zh-Hant", "en"} {
		guessLanguage(t, ctx, lang)
		caption := eval[string](t, ctx, `(async () => {
			choose('#kz-preset', '1a2b-4');
			$('#kz-tab-helper').click();
			$('[data-on-click="help.clear"]').click();
			type('[data-row="0"][data-field="guess"]', '0123');
			type('[data-row="0"][data-field="a"]', '1');
			type('[data-row="0"][data-field="b"]', '2');
			$('[data-row="0"][data-field="b"]').blur();
			const fig = await until(() => !$('#kz-panel-helper .kz-analysis.kz-stale') && $('#kz-panel-helper .kz-suggest figcaption'));
			return fig.textContent;
		})()`)
		w := want[lang]
		title, items, ok := strings.Cut(caption, w[0])
		if !ok || title == "" || !strings.Contains(items, w[1]) || !strings.Contains(items, w[2]) {
			t.Errorf("%s: the histogram's caption should read title%sanswer%scount%s…: %q", lang, w[0], w[1], w[2], caption)
		}
		if lang != "en" && strings.ContainsAny(caption, ":;") {
			t.Errorf("%s: English punctuation in the caption: %q", lang, caption)
		}
	}
}
