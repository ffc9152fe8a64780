// Command size says where the WebAssembly module's weight is: it builds
// the module (as scripts/build does, but keeping the function names),
// reads the names from the module's name section, and adds up each
// function's code by the Go package that owns it.
//
//	go run ./scripts/size [-tags nomines,nochain] [-top 25] [-funcs PREFIX]
//
// Code bytes are raw; the module's gzipped size (as shipped, stripped)
// is printed for the whole, since gzip does not split by package.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"kibitz/scripts/internal/builder"
)

func main() {
	tags := flag.String("tags", "", "build tags, as go build -tags takes them (noguess, nomines, nochain leave a game out)")
	top := flag.Int("top", 30, "how many packages to list")
	funcs := flag.String("funcs", "", "also list the biggest functions whose name starts with this")
	flag.Parse()
	root, err := builder.Root()
	if err != nil {
		fail(err)
	}
	named, err := compile(root, *tags, "-w")
	if err != nil {
		fail(err)
	}
	shipped, err := builder.CompileWasm(root, *tags)
	if err != nil {
		fail(err)
	}
	bodies, err := functionSizes(named)
	if err != nil {
		fail(err)
	}
	byPackage := map[string]int{}
	total := 0
	for _, f := range bodies {
		byPackage[packageOf(f.name)] += f.size
		total += f.size
	}
	type row struct {
		pkg  string
		size int
	}
	var rows []row
	for p, s := range byPackage {
		rows = append(rows, row{p, s})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].size > rows[j].size })
	fmt.Printf("module: %d bytes, %d gzipped (tags %q); code %d bytes in %d functions\n",
		len(shipped), gzipSize(shipped), *tags, total, len(bodies))
	for i, r := range rows {
		if i == *top {
			break
		}
		fmt.Printf("%9d  %5.1f%%  %s\n", r.size, 100*float64(r.size)/float64(total), r.pkg)
	}
	if *funcs != "" {
		sort.Slice(bodies, func(i, j int) bool { return bodies[i].size > bodies[j].size })
		n := 0
		for _, f := range bodies {
			if strings.HasPrefix(f.name, *funcs) && n < *top {
				fmt.Printf("%9d  %s\n", f.size, f.name)
				n++
			}
		}
	}
}

// compile builds the module with the given linker flags; "-w" drops DWARF
// but keeps the name section.
func compile(root, tags, ldflags string) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "kibitz-size")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "k.wasm")
	args := []string{"build", "-trimpath", "-ldflags=" + ldflags, "-gcflags=kibitz/wasm/...=-l", "-o", out}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.Command("go", append(args, "./wasm")...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%v\n%s", err, msg)
	}
	return os.ReadFile(out)
}

type function struct {
	name string
	size int
}

// functionSizes pairs each function body in the code section with its
// name from the "name" custom section.
func functionSizes(module []byte) ([]function, error) {
	if len(module) < 8 || string(module[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	r := &reader{b: module[8:]}
	imported := 0
	var sizes []int
	names := map[int]string{}
	for !r.done() {
		id := r.byte()
		section := &reader{b: r.bytes(int(r.uint()))}
		switch id {
		case 2: // imports: functions among them take the first indices
			for n := section.uint(); n > 0; n-- {
				section.bytes(int(section.uint())) // module
				section.bytes(int(section.uint())) // name
				switch kind := section.byte(); kind {
				case 0:
					section.uint()
					imported++
				case 1:
					section.byte()
					section.limits()
				case 2:
					section.limits()
				case 3:
					section.byte()
					section.byte()
				}
			}
		case 10: // code
			for n := section.uint(); n > 0; n-- {
				size := int(section.uint())
				section.bytes(size)
				sizes = append(sizes, size)
			}
		case 0: // custom
			if string(section.bytes(int(section.uint()))) != "name" {
				continue
			}
			for !section.done() {
				kind := section.byte()
				sub := &reader{b: section.bytes(int(section.uint()))}
				if kind != 1 {
					continue
				}
				for n := sub.uint(); n > 0; n-- {
					index := int(sub.uint())
					names[index] = string(sub.bytes(int(sub.uint())))
				}
			}
		}
		if r.err != nil || section.err != nil {
			return nil, errors.Join(r.err, section.err)
		}
	}
	list := make([]function, len(sizes))
	for i, s := range sizes {
		list[i] = function{names[imported+i], s}
	}
	return list, nil
}

// packageOf is the package of a function named in the module, where the
// linker writes an import path's slashes as underscores:
// "github.com_hack-pad_safejs.Value.Get" is in github.com/hack-pad/safejs,
// "slices.pdqsortCmpFunc[...]" in slices.
func packageOf(symbol string) string {
	if symbol == "" {
		return "(unnamed)"
	}
	if m := hostPath.FindString(symbol); m != "" {
		symbol = strings.TrimSuffix(m, ".")
		return strings.ReplaceAll(symbol, "_", "/")
	}
	if dot := strings.IndexByte(symbol, '.'); dot >= 0 {
		symbol = symbol[:dot]
	}
	return strings.ReplaceAll(symbol, "_", "/")
}

// hostPath matches a package path that starts with a host name.
var hostPath = regexp.MustCompile(`^[a-z0-9-]+\.(com|org|io|co|net|in|dev)_[A-Za-z0-9_-]+\.`)

type reader struct {
	b   []byte
	err error
}

func (r *reader) done() bool { return len(r.b) == 0 || r.err != nil }

func (r *reader) byte() byte {
	if len(r.b) == 0 {
		r.err = errors.New("module ends early")
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *reader) uint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = errors.New("bad LEB128 number")
		r.b = nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) bytes(n int) []byte {
	if n > len(r.b) {
		r.err = errors.New("module ends early")
		r.b = nil
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) limits() {
	if r.byte()&1 == 1 {
		r.uint()
	}
	r.uint()
}

func gzipSize(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "size:", err)
	os.Exit(1)
}
