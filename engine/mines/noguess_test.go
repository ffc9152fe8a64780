package mines

import (
	"context"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"
)

// peakHeap runs f and returns the most memory its heap objects held at
// once (live and not yet collected), sampled every millisecond.
func peakHeap(f func()) uint64 {
	runtime.GC()
	stop, done := make(chan struct{}), make(chan uint64)
	go func() {
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		peak := uint64(0)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			peak = max(peak, sample[0].Value.Uint64())
			select {
			case <-stop:
				done <- peak
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(stop)
	return <-done
}

// noGuessHeapBound is far above what the generator needs (its analyses
// get 16 MB each) and below what it took when each analysis could hold
// 256 MB: the browser's worker did not survive that.
const noGuessHeapBound = 200 << 20

// TestNoGuessDenseBoard generates a no-guess 100×100 board with 2,000
// mines, which crashed the browser's worker, and checks that the search
// stays small and that a board it calls verified is won by certain moves
// alone.
func TestNoGuessDenseBoard(t *testing.T) {
	ctx := context.Background()
	g, _ := NewGame(100, 100, 2000, RuleNoGuess, 1)
	first := Point{50, 50}
	var err error
	peak := peakHeap(func() { _, err = g.Reveal(ctx, first) })
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("peak %d MB", peak>>20)
	if peak > noGuessHeapBound {
		t.Fatalf("the generator's heap reached %d MB", peak>>20)
	}
	if got := len(g.Mines()); got != 2000 {
		t.Fatalf("%d mines laid, want 2000", got)
	}
	if !g.Verified {
		// Not found within the budget: an honest answer on a slow
		// machine, which has nothing more to check.
		t.Logf("no verified board within the budget")
		return
	}
	for g.Status == Playing {
		a, err := Analyze(ctx, g.View, Options{Budget: time.Minute})
		if err != nil || len(a.Safe) == 0 {
			t.Fatalf("a verified board needs a guess: %v\n%s", err, g.View.Format())
		}
		for _, p := range a.Safe {
			if g.View.At(p.X, p.Y) == Hidden {
				g.Reveal(ctx, p)
			}
		}
	}
	if g.Status != Won {
		t.Fatalf("a verified board was %s", g.Status)
	}
}

// TestNoGuessGivesUpHonestly asks for a layout too dense to need no guess:
// past the budget the last board drawn is kept, unverified, with the first
// click and its neighbours clear, and the search stays small.
func TestNoGuessGivesUpHonestly(t *testing.T) {
	g, _ := NewGame(100, 100, 3000, RuleNoGuess, 1)
	first := g.View.Index(Point{50, 50})
	var err error
	peak := peakHeap(func() { err = g.layoutWithin(context.Background(), first, 300*time.Millisecond) })
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("peak %d MB", peak>>20)
	if peak > noGuessHeapBound {
		t.Fatalf("the generator's heap reached %d MB", peak>>20)
	}
	if g.Verified {
		t.Fatal("a board with 3,000 mines in 10,000 cells was verified solvable without a guess")
	}
	if got := len(g.Mines()); got != 3000 {
		t.Fatalf("%d mines laid, want 3000", got)
	}
	var nb [8]int
	for _, i := range append(g.View.Neighbours(first, nb[:0]), first) {
		if g.Mine[i] {
			t.Fatalf("a mine at %v, next to the first click", g.View.Point(i))
		}
	}
}

// TestNoGuessCancel: a cancelled generation ends with the context's error.
func TestNoGuessCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, _ := NewGame(100, 100, 3000, RuleNoGuess, 1)
	if _, err := g.Reveal(ctx, Point{50, 50}); err != context.Canceled {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}
