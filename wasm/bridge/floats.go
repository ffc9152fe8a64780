//go:build js && wasm

package bridge

import (
	"fmt"
	"unsafe"

	"github.com/hack-pad/safejs"
)

// Bulk numbers cross between Go and JavaScript as typed arrays, copied as
// bytes in one call each way: WebAssembly and every browser are
// little-endian, so a []float64's bytes are a Float64Array's.

// Float64Array copies values into a new JS Float64Array.
func Float64Array(values []float64) (safejs.Value, error) {
	ctor, err := Global().Get("Uint8Array")
	if err != nil {
		return safejs.Undefined(), err
	}
	raw, err := ctor.New(8 * len(values))
	if err != nil {
		return safejs.Undefined(), err
	}
	if len(values) > 0 {
		if _, err := safejs.CopyBytesToJS(raw, unsafe.Slice((*byte)(unsafe.Pointer(&values[0])), 8*len(values))); err != nil {
			return safejs.Undefined(), err
		}
	}
	buffer, err := raw.Get("buffer")
	if err != nil {
		return safejs.Undefined(), err
	}
	floats, err := Global().Get("Float64Array")
	if err != nil {
		return safejs.Undefined(), err
	}
	return floats.New(buffer)
}

// Floats copies a JS Float64Array into a new []float64.
func Floats(array safejs.Value) ([]float64, error) {
	n, err := array.Length()
	if err != nil {
		return nil, err
	}
	values := make([]float64, n)
	if n == 0 {
		return values, nil
	}
	buffer, err := array.Get("buffer")
	if err != nil {
		return nil, err
	}
	offset, err := array.Get("byteOffset")
	if err != nil {
		return nil, err
	}
	at, err := offset.Int()
	if err != nil {
		return nil, err
	}
	ctor, err := Global().Get("Uint8Array")
	if err != nil {
		return nil, err
	}
	raw, err := ctor.New(buffer, at, 8*n)
	if err != nil {
		return nil, err
	}
	copied, err := safejs.CopyBytesToGo(unsafe.Slice((*byte)(unsafe.Pointer(&values[0])), 8*n), raw)
	if err != nil {
		return nil, err
	}
	if copied != 8*n {
		return nil, fmt.Errorf("bridge: copied %d of %d bytes of a Float64Array", copied, 8*n)
	}
	return values, nil
}
