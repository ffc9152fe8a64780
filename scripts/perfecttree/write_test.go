package main

import (
	"context"
	"io"
	"testing"

	"kibitz/engine/guess"
)

// The generator, run on science-3 (every first guess alike, every answer
// small enough to search in full), writes for each objective a strategy
// with exactly the figures the live search proves for the whole game; a
// second run reads every answer back from the checkpoint.
func TestWriteTreesMatchesTheLiveSearch(t *testing.T) {
	ctx := context.Background()
	c := writeConfig{preset: "science-3", first: "123", worst: 6, dir: t.TempDir(), full: 1000, root: 2,
		fewestRoot: 8, fewestUpTo: 1300, log: io.Discard}
	data, err := writeTrees(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	again, err := writeTrees(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := guess.PresetRules("science-3")
	start, err := guess.NewPosition(ctx, &r, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, obj := range []guess.Objective{guess.ObjectiveAverage, guess.ObjectiveWorstThenAverage, guess.ObjectiveFewestWorst} {
		name := guess.ShippedName(&r, obj)
		if string(data[name]) != string(again[name]) {
			t.Errorf("%s: the run from the checkpoint wrote another tree", obj)
		}
		tree, err := guess.DecodeTree(start, obj, data[name])
		if err != nil {
			t.Fatalf("%s: %v", obj, err)
		}
		live, err := guess.SolvePerfect(ctx, start, guess.PerfectOptions{Objective: obj})
		if err != nil {
			t.Fatal(err)
		}
		got, want := tree.Root, live.Root
		if got.Total != want.Total || got.Worst != want.Worst || got.AtWorst != want.AtWorst || got.Secrets != 504 {
			t.Errorf("%s: written %d guesses, worst %d (%d secrets); the search proves %d, %d (%d)",
				obj, got.Total, got.Worst, got.AtWorst, want.Total, want.Worst, want.AtWorst)
		}
	}
	if tree, _ := guess.DecodeTree(start, guess.ObjectiveAverage, data[guess.ShippedName(&r, guess.ObjectiveAverage)]); tree.Root.Total != 2337 {
		t.Errorf("science-3 average: %d guesses, published 2,337", tree.Root.Total)
	}
}
