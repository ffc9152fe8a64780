//go:build js && wasm

package frame

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/hack-pad/safejs"

	"kibitz/wasm/bridge"
)

// A 100×100 board's probabilities, as the worker sends them to the page:
// JSON text (rows of numbers, as before) or a Float64Array beside it.
func probabilities() []float64 {
	values := make([]float64, 100*100)
	for i := range values {
		values[i] = float64(i%977) / 977
		if i%7 == 0 {
			values[i] = math.NaN() // revealed
		}
	}
	return values
}

func rowsJSON(values []float64, width int) string {
	var b strings.Builder
	b.WriteString(`{"width":100,"prob":[`)
	for i, p := range values {
		switch {
		case i == 0:
			b.WriteByte('[')
		case i%width == 0:
			b.WriteString("],[")
		default:
			b.WriteByte(',')
		}
		if math.IsNaN(p) {
			b.WriteString("null")
		} else {
			b.WriteString(strconv.FormatFloat(p, 'g', 12, 64))
		}
	}
	b.WriteString("]]}")
	return b.String()
}

// rawResult is what kibitz.js hands the page for a raw call.
func rawResult(t testing.TB, text string, arrays ...[]float64) safejs.Value {
	list := []any{}
	for _, a := range arrays {
		v, err := bridge.Float64Array(a)
		if err != nil {
			t.Fatal(err)
		}
		list = append(list, v)
	}
	ctor, _ := bridge.Global().Get("Array")
	floats, _ := ctor.New()
	for _, v := range list {
		_, _ = floats.Call("push", v)
	}
	raw, err := bridge.Object(map[string]any{"json": text, "floats": floats})
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func TestDecodeResultFillsFloats(t *testing.T) {
	values := probabilities()
	var got struct {
		Width int    `json:"width"`
		Prob  Floats `json:"prob"`
		None  Floats `json:"none"`
	}
	raw := rawResult(t, `{"width":100,"prob":{"$floats":0,"width":100},"none":null}`, values)
	if err := decodeResult(raw, &got); err != nil {
		t.Fatal(err)
	}
	if got.Prob.Width != 100 || len(got.Prob.Values) != len(values) || got.None.Values != nil {
		t.Fatalf("decoded %d numbers, width %d", len(got.Prob.Values), got.Prob.Width)
	}
	for i, p := range values {
		if q := got.Prob.Values[i]; q != p && !(math.IsNaN(p) && math.IsNaN(q)) {
			t.Fatalf("[%d] = %v, want %v", i, q, p)
		}
	}
	if err := decodeResult(rawResult(t, `{"prob":{"$floats":1,"width":100}}`, values), &got); err == nil || !strings.Contains(err.Error(), "bulk list 1 of 1") {
		t.Errorf("a result naming a list it lacks: %v", err)
	}
}

// How long the page takes to read a 100×100 board's probabilities: as
// the page read them before (JSON parsed by kibitz.js, turned back into
// text, and decoded by encoding/json into rows), and as a Float64Array.
//
//	PATH="$PATH:$(go env GOROOT)/lib/wasm" GOOS=js GOARCH=wasm go test -run '^$' -bench Probabilities ./wasm/frame
func BenchmarkReadProbabilities(b *testing.B) {
	values := probabilities()
	b.Run("json-rows", func(b *testing.B) {
		text := []byte(rowsJSON(values, 100))
		for b.Loop() {
			parsed, err := bridge.ParseJSON(text) // kibitz.js's JSON.parse
			if err != nil {
				b.Fatal(err)
			}
			var rows struct {
				Prob [][]*float64 `json:"prob"`
			}
			if err := bridge.FromJS(parsed, &rows); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("float64array", func(b *testing.B) {
		raw := rawResult(b, `{"width":100,"prob":{"$floats":0,"width":100}}`, values)
		for b.Loop() {
			var got struct {
				Prob Floats `json:"prob"`
			}
			if err := decodeResult(raw, &got); err != nil {
				b.Fatal(err)
			}
		}
	})
}
