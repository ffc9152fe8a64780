package mines

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestProbRowsRoundTrip(t *testing.T) {
	for _, text := range []string{
		`null`, `[]`, `[[0]]`, `[[null,1,0.5],[0.25,0.333333333333,0.999999999999]]`,
		`[[2e-05,0.0001,0.1861]]`,
	} {
		var p ProbRows
		if err := json.Unmarshal([]byte(text), &p); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		out, err := json.Marshal(p)
		if err != nil || string(out) != text {
			t.Errorf("%s: wrote %s (%v)", text, out, err)
		}
	}
}

// The hand-written reader reads what encoding/json reads, to the bit, on
// the engine's output for random probabilities and on other spellings.
func TestProbRowsReadsAsEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
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
		text, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		if round%3 == 0 { // other spacing and number forms
			text = []byte(strings.NewReplacer(",", " , ", "[", "[\n", "0.5", "5e-1").Replace(string(text)))
		}
		var want [][]*float64
		if err := json.Unmarshal(text, &want); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		var got ProbRows
		if err := json.Unmarshal(text, &got); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got.Width != w || len(got.Prob) != w*h {
			t.Fatalf("%s: read %d cells in rows of %d", text, len(got.Prob), got.Width)
		}
		for i, x := range got.Prob {
			ref := want[i/w][i%w]
			if ref == nil && !math.IsNaN(x) || ref != nil && math.Float64bits(*ref) != math.Float64bits(x) {
				t.Fatalf("%s: cell %d read as %v", text, i, x)
			}
		}
	}
}

func TestProbRowsErrors(t *testing.T) {
	for text, want := range map[string]string{
		`[[0.5],[0.5,0.5]]`: "row 2 has 2 cells, row 1 has 1",
		`[[0.5,]]`:          "expected a probability or null at byte 7",
		`[[1.5]]`:           "expected a probability or null at byte 3",
		`[[-0.5]]`:          "expected a probability or null at byte 3",
		`[[]]`:              "rows are empty",
		`{"a":1}`:           "expected an array of rows at byte 1",
		`[[0.5] [0.5]]`:     `expected "," or "]" after a row at byte 8`,
	} {
		var p ProbRows
		err := p.UnmarshalJSON([]byte(text))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", text, err, want)
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

// Whatever the bytes, the reader never panics; what it accepts it writes
// back in a form it reads as the same values.
func FuzzProbRows(f *testing.F) {
	for _, s := range []string{`null`, `[]`, `[[0.5,null],[1,0]]`, `[[2e-05, 0.0001]]`, `[[0.1234567890123456]]`, `[[`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p ProbRows
		if p.UnmarshalJSON(data) != nil {
			return
		}
		out, err := p.MarshalJSON()
		if err != nil {
			t.Fatalf("%q read, then not written: %v", data, err)
		}
		var q ProbRows
		if err := q.UnmarshalJSON(out); err != nil {
			t.Fatalf("%q written as %s, which does not read: %v", data, out, err)
		}
		if q.Width != p.Width || len(q.Prob) != len(p.Prob) {
			t.Fatalf("%q: %s read back as %d cells in rows of %d", data, out, len(q.Prob), q.Width)
		}
		for i := range p.Prob {
			a, b := p.Prob[i], q.Prob[i]
			if math.IsNaN(a) != math.IsNaN(b) || math.Abs(a-b) > 1e-12 && !(a < 1e-4 && math.Abs(a-b) <= 1e-9*a) {
				t.Fatalf("%q: cell %d %v came back as %v", data, i, a, b)
			}
		}
	})
}
