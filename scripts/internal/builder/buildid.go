package builder

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// goBuildID reads Go's build ID from a WebAssembly module: the linker
// writes it into a custom section named go:buildid, as
// `\xff Go build ID: "…"\n \xff`. The loader reads the same section from
// the module it compiled and compares.
func goBuildID(wasm []byte) (string, error) {
	if len(wasm) < 8 || !bytes.Equal(wasm[:4], []byte("\x00asm")) {
		return "", errors.New("not a WebAssembly module")
	}
	for at := 8; at < len(wasm); {
		id := wasm[at]
		size, n := binary.Uvarint(wasm[at+1:])
		if n <= 0 || size > uint64(len(wasm)-at-1-n) {
			return "", fmt.Errorf("a section at byte %d runs past the end", at)
		}
		body := wasm[at+1+n : at+1+n+int(size)]
		at += 1 + n + int(size)
		if id != 0 {
			continue
		}
		nameLen, m := binary.Uvarint(body)
		if m <= 0 || nameLen > uint64(len(body)-m) || string(body[m:m+int(nameLen)]) != "go:buildid" {
			continue
		}
		payload := body[m+int(nameLen):]
		const prefix = `Go build ID: "`
		start := bytes.Index(payload, []byte(prefix))
		if start < 0 {
			break
		}
		quoted := payload[start+len(prefix):]
		end := bytes.IndexByte(quoted, '"')
		if end <= 0 {
			break
		}
		return string(quoted[:end]), nil
	}
	return "", errors.New("the module has no Go build ID (no go:buildid section)")
}
