package mines

import (
	"errors"
	"testing"
)

// The English messages count right: singular for exactly 1, plural for
// any other number.
func TestConflictMessagesCount(t *testing.T) {
	for _, c := range []struct {
		err  ConflictError
		want string
	}{
		{ConflictError{Reason: ConflictMineCount, Need: 1, Left: 0}, "the numbers need at least 1 more mine, but only 0 are left"},
		{ConflictError{Reason: ConflictMineCount, Need: 2, Left: 1}, "the numbers need at least 2 more mines, but only 1 is left"},
		{ConflictError{Reason: ConflictMineCount, Need: 5, Left: 3}, "the numbers need at least 5 more mines, but only 3 are left"},
		{ConflictError{Reason: ConflictMineCount, Need: 1, Left: 2}, "the numbers leave room for at most 1 more mine, but 2 are left"},
		{ConflictError{Reason: ConflictMineCount, Need: 0, Left: 1}, "the numbers leave room for at most 0 more mines, but 1 is left"},
		{ConflictError{Reason: ConflictTooManyFlags, Left: -1}, "there is 1 more flag than mines; a flag is wrong"},
		{ConflictError{Reason: ConflictTooManyFlags, Left: -3}, "there are 3 more flags than mines; a flag is wrong"},
		{ConflictError{Reason: ConflictNumbers, Cells: []Point{{1, 2}}}, "the number at (1,2) cannot hold"},
		{ConflictError{Reason: ConflictTooFewAround, Cells: []Point{{1, 2}}, Need: 3, Room: 1}, "the 3 at (1,2) has only 1 square around it that could hold a mine"},
		{ConflictError{Reason: ConflictFlagsAround, Cells: []Point{{1, 2}}, Flags: []Point{{1, 1}}, Need: 0}, "the 0 at (1,2) has 1 flag around it; a flag there is wrong"},
		{ConflictError{Reason: ConflictFlagsAround, Cells: []Point{{1, 2}}, Flags: []Point{{1, 1}, {2, 1}, {0, 1}}, Need: 1, Left: -2}, "the 1 at (1,2) has 3 flags around it; a flag there is wrong, and there are 2 more flags than mines"},
		{ConflictError{Reason: ConflictNumbers, Cells: []Point{{1, 2}, {2, 2}}, Flags: []Point{{1, 1}}}, "the numbers at (1,2), (2,2) cannot all hold; a flag next to them may be wrong"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("%+v: got %q, want %q", c.err, got, c.want)
		}
	}
}

func TestInputMessagesCount(t *testing.T) {
	for text, want := range map[string]string{
		"3x1x0\n":             "line 2: the header says 1 row, but there are none",
		"3x2x0\nHHH":          "line 2: the header says 2 rows, but there is only 1",
		"3x3x0\nHHH\nHHH":     "line 3: the header says 3 rows, but there are only 2",
		"1x2x0\nHH\nH":        "line 2, column 2: row 1 has more than 1 cell",
		"3x1x0\nH":            "line 2, column 2: row 1 has 1 cell, not 3",
		"1x1x0\nH\nH":         "line 3, column 1: the header says 1 row; this line is one too many",
		"?analysis=a":         "character 12 of the link (analysis): analysis= has 1 character; the size and mine count alone take 8",
		"?analysis=ababaaaa":  "character 19 of the link (analysis): the board stops after 0 of its 1 cell (1x1)",
		"?analysis=ababaaaae": "character 19 of the link (analysis): the board runs past its 1 cell (1x1)",
	} {
		var err error
		if IsLink(text) {
			_, err = ParseLink(text)
		} else {
			_, err = Parse(text)
		}
		if err == nil || err.Error() != want {
			t.Errorf("%q: got %v, want %q", text, err, want)
		}
	}
	if _, err := LayoutOf(1, 2, []bool{true, true}); err == nil || err.Error() != "a 1x2 game has 1 mine, not 2" {
		t.Errorf("LayoutOf: got %v", err)
	}
	for _, c := range []struct {
		w, h, mines int
		want        string
	}{
		{2, 1, 2, "a 2x1 game has 1 mine, not 2"},
		{3, 1, 0, "a 3x1 game has 1 to 2 mines, not 0"},
		{1, 1, 1, "a 1x1 game has no room for a mine beside a safe cell, not 1"},
	} {
		if _, err := NewGame(c.w, c.h, c.mines, RuleSFAR, 0); err == nil || err.Error() != c.want {
			t.Errorf("NewGame(%d, %d, %d): got %v, want %q", c.w, c.h, c.mines, err, c.want)
		}
	}
}

func TestGameOverRefusesEveryMove(t *testing.T) {
	l, err := LayoutOf(2, 1, []bool{true, false})
	if err != nil {
		t.Fatal(err)
	}
	for _, status := range []Status{Won, Lost} {
		g, _ := NewGameWithLayout(l)
		g.Status = status
		_, reveal := g.Reveal(t.Context(), Point{1, 0})
		_, chord := g.Chord(Point{1, 0})
		flag := g.ToggleFlag(Point{0, 0})
		_, off := g.Reveal(t.Context(), Point{5, 5})
		for _, err := range []error{reveal, chord, flag, off} {
			var in *InputError
			if !errors.As(err, &in) || in.Reason != ReasonGameOver || in.Field != "state" || in.Msg != "the game is over; start a new game" {
				t.Errorf("%s game: got %v, want the game-over error", status, err)
			}
		}
		if g.Moves != 0 || g.View.Cells[0] != Hidden || g.View.Cells[1] != Hidden {
			t.Errorf("%s game changed: %+v", status, g.View.Cells)
		}
	}
}
