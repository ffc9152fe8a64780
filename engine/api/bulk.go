package api

import (
	"context"
	"encoding/json"
	"strconv"

	"kibitz/engine/progress"
)

// Bulk numbers. A 100×100 board's analysis holds 10,000 probabilities. As
// JSON they are written digit by digit in the worker and read back digit by
// digit in the page, 10–20 ms in WebAssembly. A caller that can take binary
// (the worker, which hands them to the page as a Float64Array) gets each
// such list beside the JSON instead, and the JSON holds
// {"$floats": i, "width": w} in its place: i is the list's index among the
// call's lists, w its row length. Every other caller (native tests, the
// bench, engine.call from JavaScript) sees the usual JSON.

type floatsKey struct{}

// floatSink collects one call's bulk lists.
type floatSink struct{ lists [][]float64 }

// CallBinary is Call, with the result's bulk number lists returned beside
// its JSON rather than in it.
func CallBinary(ctx context.Context, name string, params []byte, report progress.Func) ([]byte, [][]float64, *Error) {
	sink := &floatSink{}
	result, err := Call(context.WithValue(ctx, floatsKey{}, sink), name, params, report)
	if err != nil {
		return nil, nil, err
	}
	return result, sink.lists, nil
}

// bulkFloats is a bulk list in a result: values, width to a row, as the
// given JSON (rows of numbers) or, in a CallBinary, as a list beside it.
type bulkFloats struct {
	values []float64
	width  int
	asJSON json.Marshaler
	sink   *floatSink
}

// bulk makes a result's bulk list; ctx says whether the call takes binary.
func bulk(ctx context.Context, values []float64, width int, asJSON json.Marshaler) bulkFloats {
	sink, _ := ctx.Value(floatsKey{}).(*floatSink)
	return bulkFloats{values, width, asJSON, sink}
}

func (b bulkFloats) MarshalJSON() ([]byte, error) {
	if b.sink == nil || b.values == nil {
		return b.asJSON.MarshalJSON()
	}
	b.sink.lists = append(b.sink.lists, b.values)
	return []byte(`{"$floats":` + strconv.Itoa(len(b.sink.lists)-1) + `,"width":` + strconv.Itoa(b.width) + `}`), nil
}
