package guess

import (
	"context"
	"testing"
)

// A game that opens with any code follows the shipped 1a2b-4 strategy up
// to a relabelling: the answer after every first guess is read from the
// tree (the Helper's 1234 0A1B went to a live search of minutes), with
// the figures of the shipped branch for the same answer, and the
// relabelled branch is a real strategy for the position.
func TestShippedStrategyAfterAnyFirstGuess(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	ctx := context.Background()
	for _, obj := range []Objective{ObjectiveAverage, ObjectiveWorstThenAverage, ObjectiveFewestWorst} {
		shippedTree := shippedTrees(&r, obj)[0]
		i := 0
		for g := range r.Codes() {
			i++
			// Every first guess with one of its answers in turn; one in 50
			// with each answer, played through the relabelled branch.
			answers := shippedTree.Root.Children
			if obj != ObjectiveAverage && i%7 != 0 {
				continue
			}
			if i%50 != 0 {
				answers = answers[i%len(answers) : i%len(answers)+1]
			}
			for _, b := range answers {
				p, err := NewPosition(ctx, &r, []Turn{{Guess: g, Feedback: b.Feedback}})
				if err != nil {
					t.Fatal(err)
				}
				tree, node := cachedNode(p, obj)
				if node == nil {
					t.Fatalf("%s %s %s: no shipped strategy", obj, r.Format(g), b.Feedback.String())
				}
				want := b.Node
				if node.Secrets != len(p.Candidates) || node.Total != want.Total || node.Worst != want.Worst || node.AtWorst != want.AtWorst {
					t.Fatalf("%s %s %s: %d secrets, %d/%d/%d; the shipped branch has %d, %d/%d/%d", obj, r.Format(g), b.Feedback.String(),
						node.Secrets, node.Total, node.Worst, node.AtWorst, want.Secrets, want.Total, want.Worst, want.AtWorst)
				}
				if tree.Root.Guess != g || tree.Proof.Source != "shipped" || tree.Root.Total != shippedTree.Root.Total {
					t.Fatalf("%s %s: the strategy opens with %s, source %q, total %d", obj, r.Format(g), r.Format(tree.Root.Guess), tree.Proof.Source, tree.Root.Total)
				}
				if i%50 == 0 {
					checkTree(t, &r, node, p.Candidates)
				}
			}
		}
	}
}

// Further turns that follow the relabelled strategy stay in it, a game
// played from its first move (PerfectStrategyFrom) keeps one strategy,
// and a history that leaves it has none to read.
func TestRelabelledStrategyIsFollowed(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	ctx := context.Background()
	p := position(t, &r, "1234", "0A1B")
	tree, node := cachedNode(p, ObjectiveAverage)
	if node == nil {
		t.Fatal("1234 0A1B: no shipped strategy")
	}
	// Play the strategy's next guess, and an answer to it.
	next := node.Guess
	b := node.Children[len(node.Children)/2]
	q := position(t, &r, "1234", "0A1B", r.Format(next), b.Feedback.String())
	_, got := cachedNode(q, ObjectiveAverage)
	if got == nil || got.Guess != b.Node.Guess || got.Total != b.Node.Total {
		t.Fatalf("after %s %s: %v, want the branch with %s", r.Format(next), b.Feedback.String(), got, r.Format(b.Node.Guess))
	}
	from, fromNode, err := PerfectStrategyFrom(ctx, q, ObjectiveAverage, 0, nil)
	if err != nil || fromNode.Guess != b.Node.Guess || from.Root.Guess != tree.Root.Guess {
		t.Fatalf("from the start: %v, %v", fromNode, err)
	}

	// 5678 is not the strategy's second guess after 1234 0A1B.
	if r.Format(next) == "5678" {
		t.Fatal("pick another guess that leaves the strategy")
	}
	off := position(t, &r, "1234", "0A1B", "5678", "0A1B")
	if _, node := cachedNode(off, ObjectiveAverage); node != nil {
		t.Fatalf("1234 0A1B 5678 0A1B follows no shipped branch, got %s", r.Format(node.Guess))
	}
}

// The history of the shipped strategy itself gets the shipped tree, not a
// copy.
func TestShippedStrategyIsNotCopiedWhenFollowed(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	p := position(t, &r, "0123", "0A1B")
	tree, node := cachedNode(p, ObjectiveAverage)
	if node == nil || tree != shippedTrees(&r, ObjectiveAverage)[0] {
		t.Fatalf("0123 0A1B: %v", tree)
	}
}
