package api

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// CallBinary hands a board's probabilities over as a list beside the
// JSON, the same numbers Call writes as rows, and changes nothing else.
func TestCallBinaryPassesProbabilitiesBesideTheJSON(t *testing.T) {
	board := "5x4x4\n1H?H?\n?????\n??1??\n?????\n"
	params, _ := json.Marshal(map[string]any{"board": board})
	plain, err := Call(context.Background(), "mines.analyze", params, nil)
	if err != nil {
		t.Fatal(err)
	}
	binary, lists, err := CallBinary(context.Background(), "mines.analyze", params, nil)
	if err != nil {
		t.Fatal(err)
	}
	var rows struct {
		Prob [][]*float64 `json:"prob"`
	}
	var placed struct {
		Prob struct {
			Floats *int `json:"$floats"`
			Width  int  `json:"width"`
		} `json:"prob"`
	}
	if err := json.Unmarshal(plain, &rows); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(binary, &placed); err != nil {
		t.Fatal(err)
	}
	if placed.Prob.Floats == nil || *placed.Prob.Floats != 0 || placed.Prob.Width != 5 || len(lists) != 1 || len(lists[0]) != 20 {
		t.Fatalf("binary result: %s with %d lists", binary, len(lists))
	}
	for y, row := range rows.Prob {
		for x, p := range row {
			got := lists[0][y*5+x]
			switch {
			case p == nil && !math.IsNaN(got):
				t.Errorf("(%d, %d) is open, and the list holds %v", x, y, got)
			case p != nil && math.Abs(*p-got) > 1e-12:
				t.Errorf("(%d, %d): rows say %v, the list %v", x, y, *p, got)
			}
		}
	}
	// Everything but prob (and the time taken) is the same JSON.
	cut := func(s []byte) string {
		text := string(s)
		start := strings.Index(text, `"prob":`)
		end := strings.Index(text, `,"safe":`)
		text = text[:start] + text[end:]
		return text[:strings.Index(text, `,"engineMs":`)]
	}
	if a, b := cut(plain), cut(binary); a != b {
		t.Errorf("the rest of the result differs:\n%s\n%s", a, b)
	}
}
