package guess

import (
	"math"
	"math/bits"
	"sort"
)

// The opening of a game without repeats is a fixed move: relabelling the
// symbols maps any code with distinct symbols onto any other, so every
// first guess splits the codes alike and the first code in order is as good
// as any. Its explanation needs the guess's histogram over every code,
// which would mean listing them all (3,628,800 codes for 10 of 10); it is
// counted instead position by position, which takes microseconds.

// openingMinSize is the size from which Opening answers: below it the
// ordinary search (and the book) is fast, and it may know better for its
// objective (the book's first move for 4 of 10 is searched, not assumed).
const openingMinSize = 100_000

// Opening returns the first guess of a game without repeats and a space of
// at least openingMinSize codes, with its exact explanation, in
// microseconds; ok is false for other rules, which Suggest handles as
// usual. The result is what Suggest's best strategy plays there.
func (r *Rules) Opening() (s Suggestion, ok bool) {
	if r.Repeats || r.Size() < openingMinSize || r.Length > MaxLength || len(r.symbols) > MaxSymbols {
		return Suggestion{}, false
	}
	first := make([]int, r.Length)
	for i := range first {
		first[i] = i
	}
	ex := r.histogramOfFirstCode()
	ex.Method = "symmetry"
	ex.Evaluated = 1
	ex.Complete = true
	return Suggestion{Guess: MakeCode(first), Explanation: ex}, true
}

// histogramOfFirstCode counts, for the first code g = 0 1 2 … (length-1),
// how many codes give each answer, without listing them. A secret is built
// position by position, and each position takes either g's symbol there
// (one more A), another symbol of g not used yet (one more B), or one of
// the symbols g does not use. The state after each position is which of
// g's symbols are used and how many As there are; the count of outside
// symbols used follows from them.
func (r *Rules) histogramOfFirstCode() Explanation {
	n, k := r.Length, len(r.symbols)
	outside := k - n // symbols that are not in g
	type state struct{ used, a int }
	ways := map[state]int64{{0, 0}: 1}
	for pos := 0; pos < n; pos++ {
		next := make(map[state]int64, len(ways)*2)
		for st, w := range ways {
			outsideUsed := pos - bits.OnesCount(uint(st.used))
			if free := outside - outsideUsed; free > 0 {
				next[st] += w * int64(free)
			}
			for sym := 0; sym < n; sym++ {
				if st.used&(1<<sym) != 0 {
					continue
				}
				a := st.a
				if sym == pos {
					a++
				}
				next[state{st.used | 1<<sym, a}] += w
			}
		}
		ways = next
	}
	counts := map[Feedback]int64{}
	var total int64
	for st, w := range ways {
		shared := bits.OnesCount(uint(st.used))
		counts[Feedback{A: st.a, B: shared - st.a}] += w
		total += w
	}
	ex := Explanation{Candidates: int(total), IsCandidate: true}
	for f, c := range counts {
		ex.Histogram = append(ex.Histogram, ClassSize{Feedback: f, Count: int(c)})
	}
	// sort.Slice, not slices.SortFunc: a generic sort is compiled anew for
	// each element type (17 KB of the module), and this one runs once per
	// explanation.
	h := ex.Histogram
	sort.Slice(h, func(i, j int) bool {
		if h[i].Feedback.A != h[j].Feedback.A {
			return h[i].Feedback.A < h[j].Feedback.A
		}
		return h[i].Feedback.B < h[j].Feedback.B
	})
	var squares float64
	for _, c := range ex.Histogram {
		p := float64(c.Count) / float64(total)
		squares += float64(c.Count) * float64(c.Count)
		ex.Entropy -= p * math.Log2(p)
		ex.Worst = max(ex.Worst, c.Count)
	}
	ex.Expected = squares / float64(total)
	ex.Parts = len(ex.Histogram)
	return ex
}
