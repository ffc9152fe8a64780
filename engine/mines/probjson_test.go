package mines

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
)

func TestProbRowsJSON(t *testing.T) {
	for _, c := range []struct {
		rows ProbRows
		want string
	}{
		{ProbRows{}, `null`},
		{ProbRows{Width: 3, Prob: []float64{}}, `[]`},
		{ProbRows{Width: 3, Prob: []float64{math.NaN(), 1, 0.5, 0.25, 1.0 / 3, 0.9999999999999}}, `[[null,1,0.5],[0.25,0.333333333333,0.999999999999]]`},
		{ProbRows{Width: 1, Prob: []float64{2e-5, 0.0001, 0.1861}}, `[[2e-05],[0.0001],[0.1861]]`},
	} {
		out, err := json.Marshal(c.rows)
		if err != nil || string(out) != c.want {
			t.Errorf("%v: wrote %s (%v), want %s", c.rows, out, err, c.want)
		}
	}
	if _, err := json.Marshal(ProbRows{Width: 2, Prob: []float64{0, 0, 0}}); err == nil {
		t.Error("3 cells in rows of 2 were written")
	}
}

func TestAppendProb(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0, "0"}, {1, "1"}, {0.5, "0.5"}, {0.25, "0.25"}, {1.0 / 3, "0.333333333333"},
		{0.9999999999999, "0.999999999999"}, {2e-5, "2e-05"}, {0.0001, "0.0001"}, {0.1861, "0.1861"},
	} {
		if got := string(appendProb(nil, c.x)); got != c.want {
			t.Errorf("%v: got %s, want %s", c.x, got, c.want)
		}
	}
}

// checkProbRows writes p and reads it back with encoding/json: the same
// shape, null where p has NaN, and every number within 1e-12 (12
// decimals, and just under 1 never rounded up to it) or, below 1e-4,
// within 10 significant digits; 0 and 1 exactly, and nothing else
// printed as 0 or 1.
func checkProbRows(t *testing.T, p ProbRows) {
	t.Helper()
	text, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]*float64
	if err := json.Unmarshal(text, &rows); err != nil {
		t.Fatalf("%s does not read: %v", text, err)
	}
	if len(rows) != len(p.Prob)/p.Width {
		t.Fatalf("%s: %d rows, want %d", text, len(rows), len(p.Prob)/p.Width)
	}
	for i, x := range p.Prob {
		if len(rows[i/p.Width]) != p.Width {
			t.Fatalf("%s: row %d is not %d long", text, i/p.Width, p.Width)
		}
		got := rows[i/p.Width][i%p.Width]
		switch {
		case math.IsNaN(x) != (got == nil):
			t.Fatalf("%s: cell %d (%v) read as %v", text, i, x, got)
		case got == nil:
		case (x == 0 || x == 1) != (*got == 0 || *got == 1),
			x >= 1e-4 && math.Abs(*got-x) > 1e-12,
			x < 1e-4 && math.Abs(*got-x) > 1e-9*x:
			t.Fatalf("%s: cell %d (%v) read as %v", text, i, x, *got)
		}
	}
}

func TestProbRowsReadBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		w, h := 1+rng.IntN(12), 1+rng.IntN(12)
		p := ProbRows{Width: w, Prob: make([]float64, w*h)}
		for i := range p.Prob {
			switch rng.IntN(8) {
			case 0:
				p.Prob[i] = math.NaN()
			case 1:
				p.Prob[i] = float64(rng.IntN(2))
			case 2:
				p.Prob[i] = rng.Float64() * 1e-6
			default:
				p.Prob[i] = rng.Float64()
			}
		}
		checkProbRows(t, p)
	}
}

// Any probability, or none, is written as JSON that reads back as it.
func FuzzProbRows(f *testing.F) {
	f.Add(0.5, 0.0, 1.0, 1e-7)
	f.Add(math.NaN(), 0.9999999999999, 1.0/3, 5e-13)
	f.Fuzz(func(t *testing.T, a, b, c, d float64) {
		p := ProbRows{Width: 2, Prob: []float64{a, b, c, d}}
		for _, x := range p.Prob {
			if !math.IsNaN(x) && !(x >= 0 && x <= 1) {
				return // not a probability
			}
		}
		checkProbRows(t, p)
	})
}
