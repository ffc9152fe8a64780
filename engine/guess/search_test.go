package guess

import (
	"context"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// optimalTotal is the definition of the exact solver's value, written
// plainly: the least total number of guesses that finds every code of set
// within depth guesses, trying every code as the guess.
func optimalTotal(r *Rules, all, set []Code, depth int, memo map[string]int) int {
	const inf = 1 << 20
	switch {
	case len(set) == 0:
		return 0
	case len(set) == 1:
		return 1
	case depth <= 1:
		return inf
	}
	key := r.FormatHistory(nil) + string(rune(depth))
	for _, c := range set {
		key += r.Format(c) + ","
	}
	if v, ok := memo[key]; ok {
		return v
	}
	best := inf
	for _, g := range all {
		classes := map[Feedback][]Code{}
		for _, c := range set {
			f := slowScore(r, c, g)
			if !r.Won(f) {
				classes[f] = append(classes[f], c)
			}
		}
		if len(classes) == 1 && !isIn(g, set) {
			continue // learns nothing
		}
		total := len(set)
		for _, sub := range classes {
			if len(sub) == len(set) {
				total = inf
				break
			}
			total += optimalTotal(r, all, sub, depth-1, memo)
		}
		best = min(best, total)
	}
	memo[key] = best
	return best
}

func TestExactSolverIsOptimal(t *testing.T) {
	for _, tc := range []struct {
		rules Rules
		depth int
	}{
		{Rules{Length: 2, Alphabet: "ABCD"}, noDepthLimit},
		{Rules{Length: 2, Alphabet: "ABCDE"}, noDepthLimit},
		{Rules{Length: 3, Alphabet: "ABC", Repeats: true}, noDepthLimit},
		{Rules{Length: 3, Alphabet: "ABC", Repeats: true}, 4},
		{Rules{Length: 3, Alphabet: "ABCD"}, noDepthLimit},
		{Rules{Length: 2, Alphabet: "ABCD", Repeats: true}, 4},
		{Rules{Length: 3, Alphabet: "ABCD", Repeats: true}, 5},
		{Rules{Length: 4, Alphabet: "ABCD"}, noDepthLimit},
	} {
		r := tc.rules
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
		all, _ := r.AllCodes()
		sp := newSpace(&r)
		m := newMeter(context.Background(), time.Minute, nil)
		sv := newSolver(sp, m, sp.list(all), len(all), 1<<40)
		got, g := sv.solve(sp.list(all), 0, tc.depth, infinite, 0)
		want := optimalTotal(&r, all, all, tc.depth, map[string]int{})
		if want >= 1<<20 && got >= infinite {
			t.Errorf("%+v depth %d: test case is infeasible", r, tc.depth)
		} else if int(got) != want {
			t.Errorf("%+v depth %d: solver %d (guess %s), definition %d", r, tc.depth, got, r.Format(g), want)
		}
		// And from a position after one turn.
		p := position(t, &r, r.Format(all[1]), r.Score(all[len(all)/2], all[1]).String())
		got, _ = sv.solve(sp.list(p.Candidates), p.UsedSymbols(), tc.depth-1, infinite, 0)
		want = optimalTotal(&r, all, p.Candidates, tc.depth-1, map[string]int{})
		if int(got) != want {
			t.Errorf("%+v after a turn: solver %d, definition %d", r, got, want)
		}
	}
}

// Best finds the optimum of a small game move by move.
func TestBestIsOptimalOnSmallGames(t *testing.T) {
	for _, rules := range []Rules{
		{Length: 2, Alphabet: "ABCDE"},
		{Length: 3, Alphabet: "ABC", Repeats: true},
		{Length: 3, Alphabet: "ABCDE"},
	} {
		r := rules
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
		all, _ := r.AllCodes()
		total, worst := playAllSecrets(t, &r, all, StrategyBest)
		want := optimalTotal(&r, all, all, noDepthLimit, map[string]int{})
		if total != want {
			t.Errorf("%+v: best needs %d guesses in all, the optimum is %d (worst %d)", r, total, want, worst)
		}
	}
}

// playAllSecrets plays every secret with a strategy, walking the game tree
// with one suggestion per history, and returns the total and worst game
// length.
func playAllSecrets(t testing.TB, r *Rules, secrets []Code, s Strategy) (total, worst int) {
	t.Helper()
	root := position(t, r)
	var walk func(p *Position, secrets []Code)
	walk = func(p *Position, secrets []Code) {
		got, err := Suggest(context.Background(), p, SuggestOptions{Strategy: s, Seed: 1, Budget: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		if !got.Explanation.Complete {
			t.Fatalf("incomplete suggestion at %s", r.FormatHistory(p.Turns))
		}
		depth := len(p.Turns) + 1
		groups := map[Feedback][]Code{}
		for _, c := range secrets {
			f := r.Score(c, got.Guess)
			if r.Won(f) {
				total += depth
				worst = max(worst, depth)
				continue
			}
			groups[f] = append(groups[f], c)
		}
		if depth > 40 {
			t.Fatalf("no progress at %s", r.FormatHistory(p.Turns))
		}
		for f, sub := range groups {
			child, err := p.Play(context.Background(), got.Guess, f)
			if err != nil {
				t.Fatal(err)
			}
			walk(child, sub)
		}
	}
	walk(root, secrets)
	return total, worst
}

// A modest strength regression: best on the small presets, all secrets.
// The heavy measurements are in scripts/bench.
func TestBestStrength(t *testing.T) {
	for _, tc := range []struct {
		id       string
		maxAvg   float64
		maxWorst int
	}{
		{"science-3", 4.70, 6},
		{"1a2b-3", 5.00, 6},
		{"mastermind", 4.42, 5},
		{"1a2b-4", 5.25, 7},
	} {
		if testing.Short() && tc.id == "1a2b-4" {
			continue
		}
		r := mustRules(t, tc.id)
		all, _ := r.AllCodes()
		start := time.Now()
		total, worst := playAllSecrets(t, &r, all, StrategyBest)
		avg := float64(total) / float64(len(all))
		t.Logf("%s: average %.4f, worst %d, %v", tc.id, avg, worst, time.Since(start))
		if avg > tc.maxAvg || worst > tc.maxWorst {
			t.Errorf("%s: average %.4f worst %d, want at most %.2f and %d", tc.id, avg, worst, tc.maxAvg, tc.maxWorst)
		}
	}
}

// Without a book best still plays well: a shape with no book is compared
// with the entropy strategy.
func TestBestWithoutBook(t *testing.T) {
	r := Rules{Length: 3, Alphabet: "ABCDEFGH"}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	if findBook(newSpace(&r)) != nil {
		t.Fatal("this shape has a book")
	}
	all, _ := r.AllCodes()
	best, worst := playAllSecrets(t, &r, all, StrategyBest)
	greedy, _ := playAllSecrets(t, &r, all, StrategyEntropy)
	t.Logf("3 of 8: best %.4f (worst %d), entropy %.4f", float64(best)/float64(len(all)), worst, float64(greedy)/float64(len(all)))
	if best > greedy {
		t.Errorf("best %d guesses in all, entropy %d", best, greedy)
	}
}

// The canonical guesses are one per class of guesses equivalent by
// renaming interchangeable symbols (and at the first move by moving
// positions): checked against canonical() over every code.
func TestCanonicalGuesses(t *testing.T) {
	for _, tc := range []struct {
		id      string
		history []string
		want    int // when known by hand
	}{
		{"1a2b-4", nil, 1},
		{"mastermind", nil, 5}, // 1111 1112 1122 1123 1234
		{"1a2b-10", nil, 1},
		{"1a2b-4", []string{"0123", "0A1B"}, -1},
		{"1a2b-4", []string{"0123", "0A0B"}, -1}, // 0-3 dead, 4-9 alive
		{"mastermind", []string{"1122", "0A0B"}, -1},
		{"science-3", []string{"123", "1A1B", "456", "0A0B"}, -1},
	} {
		r := mustRules(t, tc.id)
		p := position(t, &r, tc.history...)
		f := newFrame(context.Background(), p, SuggestOptions{}, time.Minute)
		got, ok := f.sp.canonicalGuesses(nil, &f.sym, 1<<22)
		if !ok {
			t.Fatal("too many")
		}
		if tc.want >= 0 && len(got) != tc.want {
			t.Errorf("%s %v: %d canonical guesses, want %d", tc.id, tc.history, len(got), tc.want)
		}
		all, _ := r.AllCodes()
		classes := map[Code]bool{}
		for _, c := range all {
			classes[f.sp.canonical(c, &f.sym)] = true
		}
		if len(classes) != len(got) {
			t.Errorf("%s %v: %d canonical guesses but %d classes", tc.id, tc.history, len(got), len(classes))
		}
		for _, g := range got {
			if !classes[g] {
				t.Errorf("%s: %s is not canonical", tc.id, r.Format(g))
			}
		}
		// Equivalent guesses split the candidates alike.
		if len(tc.history) > 0 {
			rng := rand.New(rand.NewPCG(1, 1))
			for range 50 {
				c := all[rng.IntN(len(all))]
				a := sizes(r.Explain(p.Candidates, c))
				b := sizes(r.Explain(p.Candidates, f.sp.canonical(c, &f.sym)))
				if !slices.Equal(a, b) {
					t.Fatalf("%s: %s and its canonical form split differently", tc.id, r.Format(c))
				}
			}
		}
	}
}

func sizes(ex Explanation) []int {
	var out []int
	for _, b := range ex.Histogram {
		out = append(out, b.Count)
	}
	sort.Ints(out)
	return out
}

// The book is found whatever the symbols are called, and answers with the
// same move renamed.
func TestBookRelabelling(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	a := position(t, &r, "0123", "0A1B")
	b := position(t, &r, "5678", "0A1B")
	sa, sb := suggest(t, a, StrategyBest), suggest(t, b, StrategyBest)
	if sa.Explanation.Method != "book" || sb.Explanation.Method != "book" {
		t.Fatalf("methods %q %q", sa.Explanation.Method, sb.Explanation.Method)
	}
	if !slices.Equal(sizes(sa.Explanation), sizes(sb.Explanation)) {
		t.Errorf("%s after 0123 and %s after 5678 split differently", r.Format(sa.Guess), r.Format(sb.Guess))
	}
	// Every book line is a valid move of its game.
	for _, tb := range bookTables {
		for hist, g := range tb.moves {
			if len(g) != tb.length || strings.Count(hist, ",") > 3 { // at most four moves deep
				t.Errorf("odd book line %q → %q", hist, g)
			}
		}
	}
}

// The bench's first-move shortcut: every first guess of 10 of 10 is alike.
func TestFirstMoveBySymmetry(t *testing.T) {
	r := mustRules(t, "1a2b-10")
	got := suggest(t, position(t, &r), StrategyBest)
	if r.Format(got.Guess) != "0123456789" || got.Explanation.Parts != 10 {
		t.Errorf("got %s, %+v", r.Format(got.Guess), got.Explanation)
	}
}
