package mines

import (
	"testing"

	"kibitz/wasm/frame"
	"kibitz/wasm/i18n"
	"kibitz/wasm/i18n/i18ntest"
)

func TestMessages(t *testing.T) {
	i18ntest.Check(t, messages)
	i18ntest.KeysUsed(t, messages, frame.Messages)
	i18ntest.Counted(t, messages, []i18ntest.Count{
		{Key: "mines.reason.flags-around", Args: func(n int) []any { return []any{1, "row 1, column 2", n} },
			One: "The 1 at row 1, column 2 has 1 flag around it, more than it shows: a flag there is wrong.",
			Two: "The 1 at row 1, column 2 has 2 flags around it, more than it shows: a flag there is wrong."},
		{Key: "mines.reason.too-few-around", Args: func(n int) []any { return []any{3, "row 1, column 1", n} },
			One: "The 3 at row 1, column 1 has only 1 square around it that could hold a mine: it, or an open square beside it, is wrong.",
			Two: "The 3 at row 1, column 1 has only 2 squares around it that could hold a mine: it, or an open square beside it, is wrong."},
		{Key: "mines.reason.flags-around-extra", Args: func(n int) []any { return []any{n} }, One: "There is also 1 more flag than mines.", Two: "There are also 2 more flags than mines."},
		{Key: "mines.reason.mine-count-flags", Args: func(n int) []any { return []any{n} }, One: "The mines left are counted after your flag: it may be wrong.", Two: "The mines left are counted after your 2 flags: one of them may be wrong."},
		{Key: "mines.level-beginner", Args: func(n int) []any { return []any{9, 9, n} }, One: "Beginner, 9×9, 1 mine", Two: "Beginner, 9×9, 2 mines"},
		{Key: "mines.level-intermediate", Args: func(n int) []any { return []any{9, 9, n} }, One: "Intermediate, 9×9, 1 mine", Two: "Intermediate, 9×9, 2 mines"},
		{Key: "mines.level-expert", Args: func(n int) []any { return []any{9, 9, n} }, One: "Expert, 9×9, 1 mine", Two: "Expert, 9×9, 2 mines"},
		{Key: "mines.playing", Args: func(n int) []any { return []any{9, 9, n, "safe square"} },
			One: "9×9, 1 mine, first click: safe square.", Two: "9×9, 2 mines, first click: safe square."},
		{Key: "mines.playing-link", Args: func(n int) []any { return []any{9, 9, n} },
			One: "9×9, 1 mine, from a JSMinesweeper link: the mines are already placed, so even the first click can hit one.",
			Two: "9×9, 2 mines, from a JSMinesweeper link: the mines are already placed, so even the first click can hit one."},
		{Key: "mines.link-position", Args: func(n int) []any { return []any{9, 9, n} },
			One: "The link held a position, 9×9 with 1 mine: it is on the board now, and in the box as .mine text.",
			Two: "The link held a position, 9×9 with 2 mines: it is on the board now, and in the box as .mine text."},
		{Key: "mines.link-game", Args: func(n int) []any { return []any{9, 9, n} },
			One: "The link holds a game, not a position: 9×9 with 1 mine, every mine already placed, so even the first click can hit one.",
			Two: "The link holds a game, not a position: 9×9 with 2 mines, every mine already placed, so even the first click can hit one."},
		{Key: "mines.fact-solutions", Args: func(n int) []any { return []any{n} }, One: "1 arrangement of the mines fits", Two: "2 arrangements of the mines fit"},
		{Key: "mines.fact-safe", Args: func(n int) []any { return []any{n} }, One: "1 square certainly safe", Two: "2 squares certainly safe"},
		{Key: "mines.fact-mines", Args: func(n int) []any { return []any{n} }, One: "1 certain mine", Two: "2 certain mines"},
		{Key: "mines.fact-left", Args: func(n int) []any { return []any{n} }, One: "1 mine not flagged", Two: "2 mines not flagged"},
		{Key: "mines.fact-floating", Args: func(n int) []any { return []any{n, "30%"} },
			One: "1 square away from the numbers, each 30%", Two: "2 squares away from the numbers, each 30%"},
		{Key: "mines.reason.size-range", Args: func(n int) []any { return []any{"", n} },
			One: "A board is 1 to 1 square wide and high.", Two: "A board is 1 to 2 squares wide and high."},
		{Key: "mines.reason.mine-range", Args: func(n int) []any { return []any{"", n} },
			One: "A board holds 0 to 1 mine.", Two: "A board holds 0 to 2 mines."},
		{Key: "mines.reason.game-mines", Args: func(n int) []any { return []any{"", n} },
			One: "A game needs at least one mine and one safe square: this board takes 1 mine.",
			Two: "A game needs at least one mine and one safe square: this board takes 1 to 2 mines."},
		{Key: "mines.reason.missing-rows", Args: func(n int) []any { return []any{"", n} },
			One: "The first line promises 1 row, and there are fewer.", Two: "The first line promises 2 rows, and there are fewer."},
		{Key: "mines.reason.extra-rows", Args: func(n int) []any { return []any{"", n} },
			One: "There is more text after the 1 row.", Two: "There is more text after the last of the 2 rows."},
		{Key: "mines.reason.row-length", Args: func(n int) []any { return []any{"", 9, 0, n} },
			One: "This row has 1 square; the first line says 9.", Two: "This row has 2 squares; the first line says 9."},
		{Key: "mines.reason.too-many-flags", Args: func(n int) []any { return []any{"", 0, n} },
			One: "There is 1 more flag than mines. A flag is wrong.", Two: "There are 2 more flags than mines. A flag is wrong."},
		{Key: "mines.reason.mine-count-more", Args: func(n int) []any { return []any{"", n + 1, n} },
			One: "The numbers need at least 2 more mines, but only 1 is left.", Two: "The numbers need at least 3 more mines, but only 2 are left."},
		{Key: "mines.reason.mine-count-more", Args: func(n int) []any { return []any{"", n, 0} },
			One: "The numbers need at least 1 more mine, but only 0 are left.", Two: "The numbers need at least 2 more mines, but only 0 are left."},
		{Key: "mines.reason.mine-count-fewer", Args: func(n int) []any { return []any{"", n, n + 3} },
			One: "The numbers leave room for at most 1 more mine, but 4 are left.", Two: "The numbers leave room for at most 2 more mines, but 5 are left."},
		{Key: "mines.reason.mine-count-fewer", Args: func(n int) []any { return []any{"", 0, n} },
			One: "The numbers leave room for at most 0 more mines, but 1 is left.", Two: "The numbers leave room for at most 0 more mines, but 2 are left."},
		{Key: "mines.said-opened", Args: func(n int) []any { return []any{"row 5, column 5", n} },
			One: "Opened 1 square from row 5, column 5.", Two: "Opened 2 squares from row 5, column 5."},
		{Key: "mines.said-chord", Args: func(n int) []any { return []any{"row 5, column 5", n} },
			One: "Opened 1 square around row 5, column 5.", Two: "Opened 2 squares around row 5, column 5."},
		{Key: "mines.said-flag", Args: func(n int) []any { return []any{"row 1, column 2", n} },
			One: "Flagged row 1, column 2; 1 mine left.", Two: "Flagged row 1, column 2; 2 mines left."},
		{Key: "mines.said-unflag", Args: func(n int) []any { return []any{"row 1, column 2", n} },
			One: "Flag removed from row 1, column 2; 1 mine left.", Two: "Flag removed from row 1, column 2; 2 mines left."},
		{Key: "mines.why-first-no-room", Args: func(n int) []any { return []any{"row 2, column 2", n} },
			One: "Start at row 2, column 2: the first square you click is never a mine. With 1 mine there is no room for an opening around it, so it will show a number.",
			Two: "Start at row 2, column 2: the first square you click is never a mine. With 2 mines there is no room for an opening around it, so it will show a number."},
		{Key: "mines.rule-no-room", Args: func(n int) []any { return []any{n} },
			One: "With 1 mine there is no room for an opening: only the first square you click is kept safe.",
			Two: "With 2 mines there is no room for an opening: only the first square you click is kept safe."},
		{Key: "mines.rule-room-edge", Args: func(n int) []any { return []any{n} },
			One: "With 1 mine an opening fits only along the edges: click inside the board and only that square is kept safe.",
			Two: "With 2 mines an opening fits only along the edges: click inside the board and only that square is kept safe."},
		{Key: "mines.rule-room-corner", Args: func(n int) []any { return []any{n} },
			One: "With 1 mine an opening fits only in a corner: click anywhere else and only that square is kept safe.",
			Two: "With 2 mines an opening fits only in a corner: click anywhere else and only that square is kept safe."},
		{Key: "mines.won-helped", Args: func(n int) []any { return []any{"0:42", n} },
			One: "You won in 0:42, with one move by Auto-play.", Two: "You won in 0:42, with 2 moves by Auto-play."},
		{Key: "mines.won-auto-last", Args: func(n int) []any { return []any{"0:42", n} },
			One: "You won in 0:42; Auto-play made the last move.", Two: "You won in 0:42; Auto-play made the last 2 moves."},
		{Key: "mines.won-helped-last", Args: func(n int) []any { return []any{"0:42", n} },
			One: "You won in 0:42, with one move by Auto-play, the last among them.", Two: "You won in 0:42, with 2 moves by Auto-play, the last among them."},
		{Key: "mines.stats", Args: func(n int) []any { return []any{30, "1.50", n, "75%"} },
			One: "3BV 30 · 3BV/s 1.50 · 1 click · efficiency 75%", Two: "3BV 30 · 3BV/s 1.50 · 2 clicks · efficiency 75%"},
		{Key: "mines.win-chance", Args: func(n int) []any { return []any{"50%", n, 2 * n} },
			One: "With best play from here you win 50% of the time: in 1 of the 2 ways the mines can lie. That is exact: the engine played every one of them out to the end.",
			Two: "With best play from here you win 50% of the time: in 2 of the 4 ways the mines can lie. That is exact: the engine played every one of them out to the end."},
		{Key: "mines.stats-auto", Args: func(n int) []any { return []any{30, n, n} },
			One: "3BV 30 · 1 click · 1 move by Auto-play", Two: "3BV 30 · 2 clicks · 2 moves by Auto-play"},
		{Key: "mines.stats-lost", Args: func(n int) []any { return []any{3, 30, n} },
			One: "3BV 3 of 30 cleared · 1 click", Two: "3BV 3 of 30 cleared · 2 clicks"},
	})
	if got := messages.T(i18n.English, "mines.fact-left", 1); got != "1 mine not flagged" {
		t.Errorf("T chooses by the count: %q", got)
	}
	if got := messages.T(i18n.English, "mines.fact-left", 1001); got != "1,001 mines not flagged" {
		t.Errorf("T chooses by the count: %q", got)
	}
}
