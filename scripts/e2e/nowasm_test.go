//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"
)

// A browser that runs no WebAssembly (Lockdown Mode on an iPhone, iPad or
// Mac turns it off, as some enterprise policies do): the reader is told
// so, in their language, with no retry that could not help, and an
// engine's call rejects with code blocked, reason no-wasm. (The test takes
// WebAssembly away before the loader runs, as such a browser has it.)
func TestEmbedWhereTheBrowserHasNoWebAssembly(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"post.html": blogPost(`<script>delete window.WebAssembly;</script><div id="widget" data-kibitz="mines" data-lang="zh-Hant"></div>`, "kibitz-embed.js"),
	}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	got := poll[map[string]any](t, ctx, `(() => {
		const root = document.getElementById('widget').shadowRoot, p = root && root.querySelector('.kz-failed');
		return p && {text: p.textContent, retry: !!root.querySelector('button'), busy: document.getElementById('widget').getAttribute('aria-busy')};
	})()`, 30*time.Second)
	if text := got["text"].(string); !strings.Contains(text, "WebAssembly") || !strings.Contains(text, "瀏覽器") {
		t.Errorf("the placeholder says %q; want the Traditional Chinese message that this browser runs no WebAssembly", text)
	}
	if got["retry"] != false || got["busy"] != nil {
		t.Errorf("placeholder: %v; want no retry and no busy mark", got)
	}
	err := eval[map[string]any](t, ctx, `Kibitz.createEngine({game: 'mines'}).then(e => e.call('mines.levels', {}))
		.then(() => ({code: 'none'}), err => ({code: err.code, reason: err.reason, message: err.message}))`)
	if err["code"] != "blocked" || err["reason"] != "no-wasm" {
		t.Errorf("an engine call without WebAssembly: %v; want code blocked, reason no-wasm", err)
	}
}
