//go:build e2e

package e2e

import (
	"path/filepath"
	"testing"
	"time"
)

// The app's navigation and the hosted site's finish, as a demanding
// reader meets them.

// setAppLangJS switches the app to another language with its menu and
// waits for the app built again in it.
func setAppLangJS(lang string) string {
	return `(async () => {
		const sel = app().querySelector('#kz-lang');
		if (sel.value !== '` + lang + `') {
			sel.value = '` + lang + `';
			sel.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		}
		const t0 = Date.now();
		while (!(app() && app().querySelector('.kz') && app().querySelector('.kz').getAttribute('lang') === '` + lang + `' && app().querySelector('.kz-app-header'))) {
			if (Date.now() - t0 > 30000) throw new Error('the app did not come back in ` + lang + `');
			await new Promise(r => setTimeout(r, 25));
		}
		return true;
	})()`
}

// The reader who dismisses "A new version of Kibitz is ready" with its ×
// (Later) is not told again at the next change of language: it came back
// each time the app was built in another language.
func TestAppUpdateLaterHoldsAcrossALanguageChange(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	appHelpers(t, ctx)
	eval[bool](t, ctx, `(Kibitz.updated(), true)`)
	if notice := poll[string](t, ctx, updateNoticeJS, 30*time.Second); notice == "" {
		t.Fatal("Kibitz.updated: the app says nothing")
	}
	eval[bool](t, ctx, `(app().querySelector('.kz-update [data-on-click="frame.update-later"]').click(), true)`)
	if notice := eval[string](t, ctx, updateNoticeJS); notice != "" {
		t.Fatalf("Later: the notice stays, %q", notice)
	}
	for _, lang := range []string{"ja", "en"} {
		eval[bool](t, ctx, setAppLangJS(lang))
		if notice := eval[string](t, ctx, updateNoticeJS); notice != "" {
			t.Errorf("dismissed with Later, the notice came back after a change of language to %s: %q", lang, notice)
		}
	}
	// Another deploy says it anew.
	eval[bool](t, ctx, `(Kibitz.updated(), true)`)
	if notice := poll[string](t, ctx, updateNoticeJS, 30*time.Second); notice == "" {
		t.Error("a later deploy: the app says nothing")
	}
}
