package builder

import (
	"mime"
	"net/http"
)

func init() {
	// Not every system's MIME table knows these; the browser needs them.
	_ = mime.AddExtensionType(".wasm", "application/wasm")
	_ = mime.AddExtensionType(".webmanifest", "application/manifest+json")
}

// SiteHandler serves a built site directory. Every response is revalidated
// (no-cache), so a new build is seen at once; offline use is the service
// worker's job.
func SiteHandler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}
