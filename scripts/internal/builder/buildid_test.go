package builder

import (
	"strings"
	"testing"
)

// section writes one WebAssembly section (sizes under 128 bytes).
func section(id byte, body string) string { return string([]byte{id, byte(len(body))}) + body }

func customSection(name, payload string) string {
	return section(0, string([]byte{byte(len(name))})+name+payload)
}

const wasmHeader = "\x00asm\x01\x00\x00\x00"

func TestGoBuildID(t *testing.T) {
	id := "ab/cd/ef/gh"
	goSection := customSection("go:buildid", "\xff Go build ID: \""+id+"\"\n \xff")
	for _, tc := range []struct {
		name, wasm, want, err string
	}{
		{"alone", wasmHeader + goSection, id, ""},
		{"after other sections", wasmHeader + section(1, "\x00") + customSection("name", "x") + goSection + customSection("producers", "Go"), id, ""},
		{"no section", wasmHeader + section(1, "\x00"), "", "no Go build ID"},
		{"another custom section", wasmHeader + customSection("go:other", "\xff Go build ID: \"x\"\n"), "", "no Go build ID"},
		{"no quotes", wasmHeader + customSection("go:buildid", "Go build ID: "), "", "no Go build ID"},
		{"empty ID", wasmHeader + customSection("go:buildid", `Go build ID: ""`), "", "no Go build ID"},
		{"cut short", wasmHeader + goSection[:10], "", "runs past the end"},
		{"not wasm", "\x7fELF\x01\x00\x00\x00", "", "not a WebAssembly module"},
		{"empty", "", "", "not a WebAssembly module"},
	} {
		got, err := goBuildID([]byte(tc.wasm))
		if got != tc.want || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: got %q, %v; want %q, %q", tc.name, got, err, tc.want, tc.err)
		}
	}
}

// Whatever bytes come, reading a build ID answers without a panic, and an
// ID it finds is the text between the quotes.
func FuzzGoBuildID(f *testing.F) {
	f.Add([]byte(wasmHeader + customSection("go:buildid", "\xff Go build ID: \"a/b\"\n \xff")))
	f.Add([]byte(wasmHeader + section(1, "\x00")))
	f.Add([]byte(wasmHeader + "\x00\xff\xff\xff\xff\x0f"))
	f.Fuzz(func(t *testing.T, wasm []byte) {
		id, err := goBuildID(wasm)
		if err == nil && (id == "" || strings.Contains(id, `"`)) {
			t.Fatalf("read %q with no error", id)
		}
	})
}
