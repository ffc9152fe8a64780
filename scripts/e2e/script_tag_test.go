//go:build e2e

package e2e

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// The snippet pasted with another script tag than the README's: as a
// module (type="module"), or async, or defer, with the embed's files in
// another folder than the post. A module script has no
// document.currentScript, so the loader looked for the modules beside the
// post and could not load them.
func TestEmbedWithAnyScriptTag(t *testing.T) {
	files := http.StripPrefix("/static/kibitz/", http.FileServer(http.Dir(filepath.Join(dist, "embed"))))
	for _, tc := range []struct{ name, tag string }{
		{"module", `<script type="module" src="/static/kibitz/kibitz-embed.js"></script>`},
		// Another product's script of the same name after it: the loader
		// reads its own address from a stack trace, not from the tags.
		{"module beside another kibitz.js", `<script type="module" src="/static/kibitz/kibitz-embed.js"></script><script src="/vendor/chat/kibitz.js"></script>`},
		// From a CDN's versioned path (name@version), beside the same.
		{"module from a versioned path", `<script type="module" src="/npm/kibitz@1.0/kibitz-embed.js"></script><script src="/vendor/chat/kibitz.js"></script>`},
		{"async", `<script async src="/static/kibitz/kibitz-embed.js"></script>`},
		{"defer", `<script defer src="/static/kibitz/kibitz-embed.js"></script>`},
	} {
		tag := tc.tag
		t.Run(tc.name, func(t *testing.T) {
			server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				switch {
				case r.URL.Path == "/blog/post.html":
					w.Header().Set("Content-Type", "text/html; charset=utf-8")
					w.Write([]byte(`<!doctype html><html><head><meta charset="utf-8"></head><body><h1>A post</h1>
<div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>` + tag + `</body></html>`))
				case r.URL.Path == "/vendor/chat/kibitz.js":
					w.Header().Set("Content-Type", "text/javascript")
					w.Write([]byte(`window.chat = true;`))
				case strings.HasPrefix(r.URL.Path, "/static/kibitz/"):
					files.ServeHTTP(w, r)
				case strings.HasPrefix(r.URL.Path, "/npm/kibitz@1.0/"):
					http.StripPrefix("/npm/kibitz@1.0/", http.FileServer(http.Dir(filepath.Join(dist, "embed")))).ServeHTTP(w, r)
				default:
					http.NotFound(w, r)
				}
			}))
			t.Cleanup(server.Close)
			ctx := tab(t)
			navigate(t, ctx, server.URL+"/blog/post.html")
			waitWidget(t, ctx, "#mines")
			if n := eval[float64](t, ctx, `Kibitz.createEngine({game: 'mines'}).then(e => e.call('mines.levels', {})).then(r => r.levels.length)`); n != 3 {
				t.Errorf("mines.levels gave %v levels", n)
			}
		})
	}
}
