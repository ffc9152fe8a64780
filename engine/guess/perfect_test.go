package guess

import (
	"context"
	"encoding/binary"
	"fmt"
	"testing"
)

// The reference values, written plainly: refCost is the least
// (secrets found at the d-th guess, total guesses) over every strategy
// that finds every secret of set within d guesses, trying every code as
// the guess. Both parts are sums over the answers, so each answer's set is
// solved on its own.
type refValue struct{ atLast, total int }

const refInf = 1 << 30

func (a refValue) less(b refValue) bool {
	return a.atLast < b.atLast || a.atLast == b.atLast && a.total < b.total
}

type reference struct {
	r    *Rules
	all  []Code
	memo map[string]refValue
}

func newReference(t testing.TB, r *Rules) *reference {
	all, err := r.AllCodes()
	if err != nil {
		t.Fatal(err)
	}
	return &reference{r: r, all: all, memo: map[string]refValue{}}
}

// cost returns the least (atLast, total) within d guesses (d < 0: no
// limit); atLast counts only when counted is set.
func (rf *reference) cost(set []Code, d int, counted bool) refValue {
	inf := refValue{refInf, refInf}
	switch {
	case len(set) == 0:
		return refValue{}
	case d == 0:
		return inf
	case len(set) == 1:
		if d == 1 && counted {
			return refValue{1, 1}
		}
		return refValue{0, 1}
	case d == 1:
		return inf
	}
	key := make([]byte, 0, 8*len(set)+2)
	key = append(key, byte(d), byte(len(set)))
	if counted {
		key[0] |= 0x80
	}
	for _, c := range set {
		key = binary.LittleEndian.AppendUint64(key, uint64(c))
	}
	if v, ok := rf.memo[string(key)]; ok {
		return v
	}
	best := inf
	for _, g := range rf.all {
		classes := map[Feedback][]Code{}
		for _, c := range set {
			if f := rf.r.Score(c, g); !rf.r.Won(f) {
				classes[f] = append(classes[f], c)
			}
		}
		v := refValue{0, len(set)}
		for _, sub := range classes {
			if len(sub) == len(set) {
				v = inf
				break
			}
			c := rf.cost(sub, max(d-1, -1), counted)
			if c.total >= refInf {
				v = inf
				break
			}
			v.atLast += c.atLast
			v.total += c.total
		}
		if v.less(best) {
			best = v
		}
	}
	rf.memo[string(key)] = best
	return best
}

// want returns the figures (total, worst, atWorst) the objective's optimum
// has, by definition. For average, atWorst is not part of the objective
// and is returned as -1.
func (rf *reference) want(set []Code, obj Objective) (total, worst, atWorst int) {
	minWorst := 1
	for rf.cost(set, minWorst, false).total >= refInf {
		minWorst++
	}
	switch obj {
	case ObjectiveWorstThenAverage:
		return rf.cost(set, minWorst, false).total, minWorst, -1
	case ObjectiveFewestWorst:
		v := rf.cost(set, minWorst, true)
		return v.total, minWorst, v.atLast
	}
	best := rf.cost(set, -1, false).total
	d := minWorst
	for rf.cost(set, d, false).total != best {
		d++
	}
	return best, d, -1
}

// checkTree plays every secret of set through the tree and checks the
// figures each node claims.
func checkTree(t *testing.T, r *Rules, node *TreeNode, set []Code) (total, worst, atWorst int) {
	t.Helper()
	if node.Secrets != len(set) {
		t.Fatalf("node %s claims %d secrets, has %d", r.Format(node.Guess), node.Secrets, len(set))
	}
	classes := map[Feedback][]Code{}
	for _, c := range set {
		f := r.Score(c, node.Guess)
		if r.Won(f) {
			total, worst, atWorst = 1, 1, 1
			if !node.Win {
				t.Fatalf("node %s: the win is not marked", r.Format(node.Guess))
			}
			continue
		}
		classes[f] = append(classes[f], c)
	}
	if len(classes) != len(node.Children) {
		t.Fatalf("node %s: %d answers, %d branches", r.Format(node.Guess), len(classes), len(node.Children))
	}
	total = len(set)
	for _, b := range node.Children {
		kt, kw, ka := checkTree(t, r, b.Node, classes[b.Feedback])
		total += kt
		switch {
		case kw+1 > worst:
			worst, atWorst = kw+1, ka
		case kw+1 == worst:
			atWorst += ka
		}
	}
	if total != node.Total || worst != node.Worst || atWorst != node.AtWorst {
		t.Fatalf("node %s: claims %d/%d/%d, plays %d/%d/%d", r.Format(node.Guess), node.Total, node.Worst, node.AtWorst, total, worst, atWorst)
	}
	return total, worst, atWorst
}

func smallRules(t testing.TB, length int, alphabet string, repeats bool) *Rules {
	r := &Rules{Length: length, Alphabet: alphabet, Repeats: repeats}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	return r
}

var allObjectives = []Objective{ObjectiveAverage, ObjectiveWorstThenAverage, ObjectiveFewestWorst}

// The perfect search reaches the definition's optimum for every objective,
// from the start and from a position after one turn, with every technique
// and with each switched off.
func TestPerfectIsOptimal(t *testing.T) {
	variants := []Techniques{{}, {NoPositions: true}, {NoDedup: true, NoObvious: true}, {NoMemo: true}, {NoCanonical: true}, {NoBounds: true}, {NoSymbols: true, NoPositions: true}}
	for _, tc := range []struct {
		length    int
		alphabet  string
		repeats   bool
		fromStart bool
		answer    string // to the first code, for the second position
	}{
		{2, "ABCDE", false, true, "0A1B"},
		{3, "ABCDE", false, false, "0A2B"},
		{2, "ABCDEF", true, true, "1A0B"},
		{3, "ABCD", true, false, "1A0B"},
		{3, "ABCDEF", false, false, "0A2B"}, // from the start, the definition takes minutes
	} {
		r := smallRules(t, tc.length, tc.alphabet, tc.repeats)
		rf := newReference(t, r)
		all := rf.all
		var positions []*Position
		if tc.fromStart {
			positions = append(positions, position(t, r))
		}
		positions = append(positions, position(t, r, r.Format(all[0]), tc.answer))
		for pi, p := range positions {
			for _, obj := range allObjectives {
				total, worst, atWorst := rf.want(p.Candidates, obj)
				for vi, tech := range variants {
					if vi > 0 && len(p.Candidates) > 40 {
						continue // the variants on the smaller sets only
					}
					tr, err := SolvePerfect(context.Background(), p, PerfectOptions{Objective: obj, Techniques: tech})
					if err != nil {
						t.Fatal(err)
					}
					name := fmt.Sprintf("%d of %s repeats %v, position %d, %s, %+v", tc.length, tc.alphabet, tc.repeats, pi, obj, tech)
					gt, gw, ga := checkTree(t, r, tr.Root, p.Candidates)
					if gt != total || gw != worst || atWorst >= 0 && ga != atWorst {
						t.Errorf("%s: tree %d/%d/%d, want %d/%d/%d", name, gt, gw, ga, total, worst, atWorst)
					}
					if pr := tr.Proof; pr.Total != gt || pr.Worst != gw || pr.AtWorst != ga || pr.Secrets != len(p.Candidates) {
						t.Errorf("%s: proof %+v, tree %d/%d/%d", name, pr, gt, gw, ga)
					}
				}
			}
		}
	}
}

// A search asked to keep to a number of guesses (PerfectOptions.Depth)
// finds the definition's best strategy within it, also when the set needs
// fewer: for fewest-worst, the fewest secrets found at that last guess,
// then the fewest guesses in all. It returned a worse strategy when the
// depth asked was past what the set needs: science-3 after 123 0A1B and
// 245 2A0B (9 secrets), within 4 guesses, 24 guesses in all where 22 do.
func TestPerfectKeepsToAnyDepth(t *testing.T) {
	for _, tc := range []struct {
		length   int
		alphabet string // "": the preset science-3
		repeats  bool
		turns    []string // guess, answer, …
	}{
		{3, "", false, []string{"123", "0A1B", "245", "2A0B"}},
		{2, "ABCDE", false, []string{"AB", "0A1B"}},
		{3, "ABCDE", false, []string{"ABC", "0A2B"}},
		{3, "ABCD", true, []string{"ABC", "1A0B"}},
	} {
		var r *Rules
		if tc.alphabet == "" {
			science, err := PresetRules("science-3")
			if err != nil {
				t.Fatal(err)
			}
			r = &science
		} else {
			r = smallRules(t, tc.length, tc.alphabet, tc.repeats)
		}
		rf := newReference(t, r)
		p := position(t, r, tc.turns...)
		_, minWorst, _ := rf.want(p.Candidates, ObjectiveWorstThenAverage)
		for d := minWorst; d <= minWorst+2; d++ {
			for _, obj := range allObjectives {
				tr, err := SolvePerfect(context.Background(), p, PerfectOptions{Objective: obj, Depth: d})
				if err != nil {
					t.Fatal(err)
				}
				total, worst, atWorst := checkTree(t, r, tr.Root, p.Candidates)
				atLast := 0
				if worst == d && obj == ObjectiveFewestWorst {
					atLast = atWorst // the other objectives do not count them
				}
				want := rf.cost(p.Candidates, d, obj == ObjectiveFewestWorst)
				if total != want.total || atLast != want.atLast || worst > d {
					t.Errorf("%d of %s after %v, %s within %d guesses: %d in all, %d at guess %d (worst %d); want %d in all, %d at guess %d",
						tc.length, tc.alphabet, tc.turns, obj, d, total, atLast, d, worst, want.total, want.atLast, d)
				}
			}
		}
	}
}

// A tree survives its encoding: the same guesses for every secret, the
// same figures.
func TestTreeEncoding(t *testing.T) {
	r := smallRules(t, 3, "ABCDE", false)
	for _, p := range []*Position{position(t, r), position(t, r, "ABC", "0A2B")} {
		tr, err := SolvePerfect(context.Background(), p, PerfectOptions{Objective: ObjectiveFewestWorst})
		if err != nil {
			t.Fatal(err)
		}
		data, err := EncodeTree(tr)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeTree(p, ObjectiveFewestWorst, data)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(back.Secrets()) != fmt.Sprint(tr.Secrets()) || back.Root.Total != tr.Root.Total || back.Root.AtWorst != tr.Root.AtWorst {
			t.Fatalf("the tree changed in its encoding")
		}
		if _, err := DecodeTree(p, ObjectiveFewestWorst, data[:len(data)-3]); err == nil {
			t.Fatal("a cut tree decodes")
		}
	}
}

// Against the perfect worst-then-average guesser, the host that answers
// with the worst case left forces exactly the optimal worst case; against
// another guesser it forces at least that.
func TestWorstAnswer(t *testing.T) {
	r := mustRules(t, "science-3")
	for _, s := range []Strategy{StrategyPerfect, StrategyEntropy} {
		p := position(t, &r)
		for turn := 1; ; turn++ {
			got, err := Suggest(context.Background(), p, SuggestOptions{Strategy: s, Objective: ObjectiveWorstThenAverage})
			if err != nil {
				t.Fatal(err)
			}
			f, err := r.WorstAnswer(context.Background(), p.Turns, p.Candidates, got.Guess, 1)
			if err != nil {
				t.Fatal(err)
			}
			if r.Won(f) {
				if s == StrategyPerfect && turn != 6 || turn < 6 {
					t.Errorf("%s: won at guess %d; the least worst case is 6", s, turn)
				}
				break
			}
			if p, err = p.Play(context.Background(), got.Guess, f); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// BenchmarkPerfect solves the presets from the start, as a first perfect
// move does (the figures in the README):
//
//	go test ./engine/guess -run XXX -bench Perfect -benchtime 1x
//	GOOS=js GOARCH=wasm go test ./engine/guess -run XXX -bench Perfect -benchtime 1x
func BenchmarkPerfect(b *testing.B) {
	for _, id := range []string{"science-3", "numeron", "mastermind"} {
		for _, obj := range allObjectives {
			b.Run(id+"/"+string(obj), func(b *testing.B) {
				r := mustRules(b, id)
				p := position(b, &r)
				for b.Loop() {
					if _, err := SolvePerfect(context.Background(), p, PerfectOptions{Objective: obj}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// The shipped 1a2b-4 strategies reach the published optima: every secret
// played through the tree.
func TestShippedTrees(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	all, _ := r.AllCodes()
	for _, tc := range []struct {
		obj                   Objective
		total, worst, atWorst int
	}{
		{ObjectiveAverage, 26274, 7, -1},
		{ObjectiveWorstThenAverage, 26274, 7, -1},
		{ObjectiveFewestWorst, 26450, 7, 50},
	} {
		trees := shippedTrees(&r, tc.obj)
		if len(trees) != 1 {
			t.Fatalf("%s: no shipped tree", tc.obj)
		}
		total, worst, atWorst := checkTree(t, &r, trees[0].Root, all)
		if tc.total >= 0 && total != tc.total || worst != tc.worst || tc.atWorst >= 0 && atWorst != tc.atWorst {
			t.Errorf("%s: %d guesses, worst %d (%d secrets)", tc.obj, total, worst, atWorst)
		}
	}
}

// Beyond the live limits the adversarial answer is range protection.
func TestAdversarialAnswer(t *testing.T) {
	r := mustRules(t, "1a2b-5")
	p := position(t, &r)
	g, _ := r.ParseCode("01234", "guess")
	f, err := r.AdversarialAnswer(context.Background(), nil, p.Candidates, g, 3)
	if err != nil || f != r.protectRange(p.Candidates, g, 3) {
		t.Fatalf("1a2b-5: %v %v", f, err)
	}
	s := mustRules(t, "science-3")
	q := position(t, &s)
	g, _ = s.ParseCode("123", "guess")
	want, _ := s.WorstAnswer(context.Background(), nil, q.Candidates, g, 3)
	if f, err := s.AdversarialAnswer(context.Background(), nil, q.Candidates, g, 3); err != nil || f != want {
		t.Fatalf("science-3: %v %v, want %v", f, err, want)
	}
}
