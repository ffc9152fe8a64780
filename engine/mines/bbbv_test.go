package mines

import "testing"

// 3BV counts each opening once and each safe square off every opening's
// border once; the cleared part counts what the player opened.
func TestThreeBV(t *testing.T) {
	// A 5×3 board with one mine in a corner: one opening (everything but
	// the mine, whose neighbours border it), so 3BV is 1.
	g := &Game{View: mustBoard(t, 5, 3, 1), Mine: make([]bool, 15), Status: Playing, Blast: -1}
	g.Mine[0] = true
	if total, done := g.ThreeBV(); total != 1 || done != 0 {
		t.Errorf("one opening: 3BV %d (done %d), want 1 (0)", total, done)
	}
	g.View.Cells[14] = 0 // the player opened an empty square
	if _, done := g.ThreeBV(); done != 1 {
		t.Errorf("the opening opened: done %d, want 1", done)
	}
	// A 3×1 strip, mine in the middle: two lone 1s, 3BV 2.
	s := &Game{View: mustBoard(t, 3, 1, 1), Mine: []bool{false, true, false}, Status: Playing, Blast: -1}
	if total, _ := s.ThreeBV(); total != 2 {
		t.Errorf("two lone numbers: 3BV %d, want 2", total)
	}
	s.View.Cells[2] = 1
	if _, done := s.ThreeBV(); done != 1 {
		t.Errorf("one lone number open: done %d, want 1", done)
	}
	// Before the first click there is no layout.
	if total, done := (&Game{View: mustBoard(t, 3, 3, 1)}).ThreeBV(); total != 0 || done != 0 {
		t.Errorf("no layout yet: %d %d", total, done)
	}
}

func mustBoard(t *testing.T, w, h, mines int) *Board {
	t.Helper()
	b, err := NewBoard(w, h, mines)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
