package guess

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
)

// A perfect search shared into parts, the parts run in any order (here
// last first) and merged, proves what the whole search proves and picks
// the same strategy: the same first guess and the same figures.
func TestPerfectPartsMergeToTheWholeSearch(t *testing.T) {
	cases := []struct {
		rules *Rules
		turns []string // guess and answer, alternately
	}{
		// From the start only games with repeats have several first
		// guesses up to symmetry; after a turn, every game has.
		{smallRules(t, 3, "ABCDE", true), nil},
		{smallRules(t, 4, "ABCD", true), nil},
		{smallRules(t, 3, "01234567", false), []string{"012", "0 1"}},
		{smallRules(t, 4, "ABCDEFG", false), []string{"ABCD", "0 1"}},
	}
	bounded := 0 // plans whose quick strategy gave a bound
	for _, tc := range cases {
		p := position(t, tc.rules, tc.turns...)
		for _, obj := range allObjectives {
			for _, depth := range []int{0, 7} {
				forgetStrategies()
				name := fmt.Sprintf("%d of %d symbols repeats %v after %v, %s, depth %d", tc.rules.Length, tc.rules.Symbols(), tc.rules.Repeats, tc.turns, obj, depth)
				opts := PerfectOptions{Objective: obj, Depth: depth}
				whole, err := SolvePerfect(context.Background(), p, opts)
				if err != nil {
					t.Fatal(err)
				}
				plan, err := PlanPerfect(context.Background(), p, opts, 3)
				if err != nil || plan == nil || len(plan.Parts) < 2 {
					t.Fatalf("%s: plan %+v, %v", name, plan, err)
				}
				if plan.Bound > 0 {
					bounded++
				}
				// Through JSON, as the parts travel between workers.
				var travelled PerfectPlan
				text, _ := json.Marshal(plan)
				if err := json.Unmarshal(text, &travelled); err != nil {
					t.Fatal(err)
				}
				// The parts run in any order, alone or each bounded by the
				// least value of those done before it, as a pool runs them.
				for _, way := range []struct {
					name               string
					lastFirst, bounded bool
				}{{"last first", true, false}, {"in order, bounded", false, true}, {"last first, bounded", true, true}} {
					name := name + ", parts " + way.name
					parts := make([]*PerfectPart, len(plan.Parts))
					bound := int32(0)
					for k := range parts {
						i := k
						if way.lastFirst {
							i = len(parts) - 1 - k
						}
						part, err := SolvePerfectPart(context.Background(), p, &travelled, travelled.Parts[i], bound)
						if err != nil {
							t.Fatal(err)
						}
						var back PerfectPart
						text, _ := json.Marshal(part)
						if err := json.Unmarshal(text, &back); err != nil {
							t.Fatal(err)
						}
						parts[i] = &back
						if way.bounded && back.Bound > 0 && (bound == 0 || back.Bound < bound) {
							bound = back.Bound
						}
					}
					merged, err := MergePerfect(p, &travelled, parts)
					if err != nil {
						t.Fatal(err)
					}
					w, m := whole.Proof, merged.Proof
					if m.Total != w.Total || m.Worst != w.Worst || m.AtWorst != w.AtWorst || m.MinWorst != w.MinWorst || merged.Root.Guess != whole.Root.Guess {
						t.Errorf("%s: merged %s %d/%d/%d (min worst %d), whole %s %d/%d/%d (min worst %d)", name,
							tc.rules.Format(merged.Root.Guess), m.Total, m.Worst, m.AtWorst, m.MinWorst,
							tc.rules.Format(whole.Root.Guess), w.Total, w.Worst, w.AtWorst, w.MinWorst)
					}
					gt, gw, ga := checkTree(t, tc.rules, merged.Root, p.Candidates)
					if gt != m.Total || gw != m.Worst || ga != m.AtWorst {
						t.Errorf("%s: the merged tree holds %d/%d/%d, its proof says %d/%d/%d", name, gt, gw, ga, m.Total, m.Worst, m.AtWorst)
					}
				}
			}
		}
	}
	if bounded == 0 {
		t.Error("no plan found a quick strategy to bound its parts")
	}
	forgetStrategies()
}

// Mastermind's plan finds a strategy of 5,634 guesses in all, fast: a
// bound on the optimum (5,625) that cuts off the second guess's part
// (5,673 at best).
func TestPerfectPlanBoundsMastermind(t *testing.T) {
	r, err := PresetRules("mastermind")
	if err != nil {
		t.Fatal(err)
	}
	forgetStrategies()
	plan, err := PlanPerfect(context.Background(), position(t, &r), PerfectOptions{Objective: ObjectiveAverage}, 8)
	if err != nil || plan == nil {
		t.Fatalf("plan %+v, %v", plan, err)
	}
	if plan.Bound < 5625 || plan.Bound >= 5673 {
		t.Errorf("the plan's bound is %d; want from the optimum 5,625 to under 5,673", plan.Bound)
	}
}

// A strategy already known is not shared out: the plan is nil.
func TestPerfectPlanSkipsKnownStrategies(t *testing.T) {
	forgetStrategies()
	defer forgetStrategies()
	r := smallRules(t, 3, "01234567", false)
	p := position(t, r)
	if _, _, err := PerfectStrategy(context.Background(), p, ObjectiveAverage, nil); err != nil {
		t.Fatal(err)
	}
	if plan, err := PlanPerfect(context.Background(), p, PerfectOptions{Objective: ObjectiveAverage}, 4); plan != nil || err != nil {
		t.Errorf("a remembered strategy was planned again: %+v, %v", plan, err)
	}
}

func forgetStrategies() { ForgetStrategies() }
