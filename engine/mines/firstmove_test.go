package mines

import (
	"context"
	"testing"
)

// On a board too crowded for the opening rule's nine clear cells only the
// first click is kept safe; the auto-player (and the hint of a game not
// yet begun) then opens in a corner, as under SFAR, and not inside the
// board, where the click shows the most mines a cell can have. Boards with
// room keep the opening start (the benches' figures depend on it).
func TestFirstMoveOnACrowdedBoardTakesTheCorner(t *testing.T) {
	for _, c := range []struct {
		w, h, mines int
		rule        Rule
		want        Point
	}{
		{30, 16, 99, RuleOpening, Point{3, 3}}, // expert: room
		{9, 9, 10, RuleNoGuess, Point{3, 3}},   // beginner: room
		{5, 5, 5, RuleOpening, Point{2, 2}},    // a small board: its middle
		{9, 9, 72, RuleOpening, Point{3, 3}},   // 81 cells, 9 clear: just room
		{9, 9, 73, RuleOpening, Point{0, 0}},   // one too many
		{9, 9, 75, RuleNoGuess, Point{0, 0}},
		{5, 5, 20, RuleOpening, Point{0, 0}},
		{30, 16, 99, RuleSFAR, Point{0, 0}},
	} {
		g, err := NewGame(c.w, c.h, c.mines, c.rule, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.FirstMove().Point; got != c.want {
			t.Errorf("%dx%d with %d mines, %s: the first move is %v, want %v", c.w, c.h, c.mines, c.rule, got, c.want)
		}
	}
	// What the user sees: on a crowded 9x9 the first click of the
	// auto-player shows at most the three neighbours a corner has.
	for seed := range uint64(20) {
		g, err := NewGame(9, 9, 75, RuleOpening, seed)
		if err != nil {
			t.Fatal(err)
		}
		m, _, err := g.AutoStep(context.Background(), Options{})
		if err != nil || g.Status == Lost {
			t.Fatalf("seed %d: the first click must be safe: %v %v", seed, g.Status, err)
		}
		if n := g.View.At(m.X, m.Y); n > 3 {
			t.Fatalf("seed %d: the first click at %v shows %d", seed, m.Point, n)
		}
	}
}

// OpeningRoomOf says where a crowded board still has room for an opening:
// a middle square clears 9 cells, an edge square 6 and a corner 4 (a
// strip's squares fewer), so a board too crowded for the middle may fit
// one along its edges or in its corners.
func TestOpeningRoomOf(t *testing.T) {
	for _, c := range []struct {
		w, h, mines int
		want        OpeningRoom
	}{
		{9, 9, 10, RoomEverywhere},
		{9, 9, 72, RoomEverywhere}, // 81 − 9
		{9, 9, 73, RoomEdges},
		{9, 9, 75, RoomEdges}, // 81 − 6
		{9, 9, 76, RoomCorners},
		{9, 9, 77, RoomCorners}, // 81 − 4
		{9, 9, 78, RoomNone},
		{1, 5, 2, RoomEverywhere}, // a strip: its middle clears 3
		{1, 5, 3, RoomCorners},    // its ends clear 2
		{1, 5, 4, RoomNone},
		{2, 5, 4, RoomEverywhere}, // two rows: every square is on an edge
		{2, 5, 6, RoomCorners},
		{2, 5, 7, RoomNone},
		{1, 1, 0, RoomEverywhere},
		{1, 1, 1, RoomNone},
		{0, 5, 0, RoomNone},
	} {
		if got := OpeningRoomOf(c.w, c.h, c.mines); got != c.want {
			t.Errorf("%d×%d with %d mines: room %d, want %d", c.w, c.h, c.mines, got, c.want)
		}
	}
}
