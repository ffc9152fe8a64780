package api

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"kibitz/engine/mines"
)

func TestMinesAnalyze(t *testing.T) {
	got := mustCall(t, "mines.analyze", `{"board":"3x2x2\nHHH\n121\n"}`)
	prob := got["prob"].([]any)
	if len(prob) != 2 || prob[0].([]any)[0] != 1.0 || prob[0].([]any)[1] != 0.0 || prob[1].([]any)[0] != nil {
		t.Fatalf("prob %v", prob)
	}
	if got["solutions"] != "1" || got["solutionsExact"] != true || got["complete"] != true {
		t.Fatalf("%v", got)
	}
	safe, mines := got["safe"].([]any), got["mines"].([]any)
	if len(safe) != 1 || safe[0].(map[string]any)["x"] != 1.0 || len(mines) != 2 {
		t.Fatalf("safe %v mines %v", safe, mines)
	}
	best := got["best"].(map[string]any)
	if best["x"] != 1.0 || best["y"] != 0.0 || best["why"] != "safe" || best["action"] != "reveal" {
		t.Fatalf("best %v", best)
	}
	if _, ok := got["engineMs"].(float64); !ok {
		t.Fatalf("engineMs missing: %v", got)
	}
	// The 1-2-1 proves the middle safe only taken together: all three.
	if proof, ok := got["proof"].([]any); !ok || len(proof) != 3 || got["proofKind"] != "together" {
		t.Fatalf("proof %v, kind %v", got["proof"], got["proofKind"])
	}
	// A 50/50 with flags and a count far beyond 2^53.
	big := mustCall(t, "mines.analyze", `{"board":"30x16x99\n`+strings.Repeat(strings.Repeat("H", 30)+`\n`, 14)+strings.Repeat("1", 2)+strings.Repeat("0", 28)+`\n`+strings.Repeat("0", 30)+`\n"}`)
	if big["solutionsExact"] != true || len(big["solutions"].(string)) < 20 {
		t.Fatalf("big count: %v", big["solutions"])
	}
}

func TestMinesAnalyzeErrors(t *testing.T) {
	e := wantError(t, "mines.analyze", `{"board":"3x2x2\nHHH\nH9H\n"}`, CodeBadInput, "board")
	if e.Reason != "bad-char" || e.Line == nil || *e.Line != 2 || e.Col == nil || *e.Col != 1 || e.Value != "9" {
		t.Fatalf("a bad character must be located: %+v", e)
	}
	e = wantError(t, "mines.analyze", `{"board":"3x2x3\nHHH\n131\n"}`, CodeBadInput, "board")
	if e.Reason != "conflict" || len(e.Cells) != 2 || e.Cells[0].X != 1 || e.Cells[1].X != 2 {
		t.Fatalf("a conflict must name its cells: %+v", e)
	}
	e = wantError(t, "mines.analyze", `{"board":"3x1x1\n1F0\n"}`, CodeBadInput, "board")
	if e.Reason != "flags-around" || len(e.Cells) != 1 || len(e.Flags) != 1 || e.Want != 0 || e.Left == nil || *e.Left != 0 || !strings.Contains(e.Message, "flag") {
		t.Fatalf("a wrong flag must be named: %+v", e)
	}
	e = wantError(t, "mines.analyze", `{"board":"3x1x1\nFHF\n"}`, CodeBadInput, "board")
	if e.Reason != "too-many-flags" || e.Left == nil || *e.Left != -1 {
		t.Fatalf("too many flags: %+v", e)
	}
	e = wantError(t, "mines.analyze", `{"board":"3x3x3\n000\n011\n01H\n"}`, CodeBadInput, "board")
	if e.Reason != "mine-count" || e.Want != 1 || e.Left == nil || *e.Left != 3 {
		t.Fatalf("mine count: %+v", e)
	}
	wantError(t, "mines.analyze", `{"board":"2x2x1\nHH\nHH","budgetMs":1}`, CodeBadInput, "budgetMs")
	wantError(t, "mines.analyze", `{"bored":"2x2x1\nHH\nHH"}`, CodeBadInput, "bored")
}

// When few placements are left, the hint proves the chance of winning.
// Here the first click opens 02/03/02: the three squares beside the 2s
// are mines, and the fourth mine is one of the three in the last column,
// a third each. The top one, if safe, shows 2 or 3, which places the last
// mine: best play wins two games in three.
func TestMinesHintProvesTheChanceToWin(t *testing.T) {
	g := mustCall(t, "mines.new", `{"link":"https://davidnhill.github.io/JSMinesweeper/index.html?b=43&m=4cg"}`)
	g = mustCall(t, "mines.reveal", `{"state":"`+g["state"].(string)+`","x":0,"y":0}`)
	if g["board"] != "4x3x4\n02HH\n03HH\n02HH\n" {
		t.Fatalf("the first click should open 02/03/02: %q", g["board"])
	}
	hint := mustCall(t, "mines.hint", `{"state":"`+g["state"].(string)+`"}`)
	move := hint["move"].(map[string]any)
	if win, ok := hint["winProb"].(float64); !ok || math.Abs(win-2.0/3) > 1e-12 || move["why"] != "endgame" || move["x"] != 3.0 {
		t.Fatalf("want a 2/3 chance to win by revealing a square of the last column: %v", hint)
	}
	// With a safe square to reveal there is nothing to prove.
	g = mustCall(t, "mines.new", `{"level":"beginner","rule":"sfar","seed":42}`)
	g = mustCall(t, "mines.reveal", `{"state":"`+g["state"].(string)+`","x":4,"y":4}`)
	if hint := mustCall(t, "mines.hint", `{"state":"`+g["state"].(string)+`"}`); hint["winProb"] != nil {
		t.Fatalf("an open beginner board: %v", hint)
	}
}

// A forced 50/50 is said so (forced), also when the endgame search's move,
// which proves the chance to win, stands over the guess: the widget had
// to guess it from the candidates' shape. A guess that is none says
// nothing of it.
func TestMinesHintSaysAForcedFiftyFifty(t *testing.T) {
	// Two squares in a column, one mine, walled by the edge.
	l, err := mines.LayoutOf(3, 2, []bool{true, false, false, false, false, false})
	if err != nil {
		t.Fatal(err)
	}
	g := mustCall(t, "mines.new", `{"link":`+jsonString(l.Link())+`}`)
	g = mustCall(t, "mines.reveal", `{"state":"`+g["state"].(string)+`","x":2,"y":1}`)
	if g["board"] != "3x2x1\nH10\nH10\n" {
		t.Fatalf("the first click should leave the first column: %q", g["board"])
	}
	hint := mustCall(t, "mines.hint", `{"state":"`+g["state"].(string)+`"}`)
	if hint["forced"] != true || hint["winProb"] != 0.5 || hint["move"].(map[string]any)["why"] != "endgame" {
		t.Errorf("a forced 50/50 in the endgame: %v", hint)
	}
	g = mustCall(t, "mines.new", `{"link":"https://davidnhill.github.io/JSMinesweeper/index.html?b=43&m=4cg"}`)
	g = mustCall(t, "mines.reveal", `{"state":"`+g["state"].(string)+`","x":0,"y":0}`)
	if hint := mustCall(t, "mines.hint", `{"state":"`+g["state"].(string)+`"}`); hint["forced"] != nil {
		t.Errorf("a guess at 2/3 to win is no forced 50/50: %v", hint)
	}
}

// A guess the look-ahead takes although a square is safer says so: it was
// called "lowest-risk". Here the eight squares around the 3 hold a mine
// 3/8 of the time, and the look-ahead takes a corner at 3/7.
func TestMinesHintSaysWhenASquareIsSafer(t *testing.T) {
	g := mustCall(t, "mines.new", `{"link":"?b=44&m=po0g"}`)
	g = mustCall(t, "mines.reveal", `{"state":"`+g["state"].(string)+`","x":1,"y":2}`)
	if g["board"] != "4x4x6\nHHHH\nHHHH\nH3HH\nHHHH\n" {
		t.Fatalf("the board: %q", g["board"])
	}
	hint := mustCall(t, "mines.hint", `{"state":"`+g["state"].(string)+`"}`)
	move := hint["move"].(map[string]any)
	if math.Abs(move["prob"].(float64)-3.0/8) < 1e-9 {
		if move["why"] != "lowest-risk" {
			t.Fatalf("the safest square is the lowest risk: %v", move)
		}
	} else if move["why"] != "look-ahead" {
		t.Fatalf("a square is safer than %v: its why should be look-ahead", move)
	}
}

func TestMinesGame(t *testing.T) {
	g := mustCall(t, "mines.new", `{"level":"beginner","rule":"sfar","seed":42}`)
	if g["width"] != 9.0 || g["mines"] != 10.0 || g["status"] != "playing" || g["started"] != false {
		t.Fatalf("new: %v", g)
	}
	state := g["state"].(string)
	if strings.Contains(state, "mine") {
		t.Fatal("the state must be sealed")
	}
	hint := mustCall(t, "mines.hint", `{"state":"`+state+`"}`)
	if hint["move"].(map[string]any)["why"] != "first" {
		t.Fatalf("first hint: %v", hint)
	}
	r := mustCall(t, "mines.reveal", `{"state":"`+state+`","x":4,"y":4}`)
	if r["status"] == "lost" || len(r["revealed"].([]any)) == 0 || r["layout"] != nil {
		t.Fatalf("the first click is safe and shows no layout: %v", r)
	}
	// The same seed and first click give the same board.
	again := mustCall(t, "mines.reveal", `{"state":"`+state+`","x":4,"y":4}`)
	if again["board"] != r["board"] {
		t.Fatal("a seeded game must be reproducible")
	}
	state = r["state"].(string)
	hint = mustCall(t, "mines.hint", `{"state":"`+state+`"}`)
	if hint["analysis"].(map[string]any)["complete"] != true {
		t.Fatalf("hint: %v", hint)
	}
	// Flag a hidden cell and take the flag off again.
	board := r["board"].(string)
	rows := strings.Split(board, "\n")[1:]
	hx, hy := -1, -1
	for y, row := range rows {
		if x := strings.IndexByte(row, 'H'); x >= 0 {
			hx, hy = x, y
			break
		}
	}
	f := mustCall(t, "mines.flag", `{"state":"`+state+`","x":`+itoa(hx)+`,"y":`+itoa(hy)+`}`)
	if f["flags"] != 1.0 || f["minesLeft"] != 9.0 {
		t.Fatalf("flag: %v", f)
	}
	f = mustCall(t, "mines.flag", `{"state":"`+f["state"].(string)+`","x":`+itoa(hx)+`,"y":`+itoa(hy)+`}`)
	if f["flags"] != 0.0 {
		t.Fatalf("unflag: %v", f)
	}
	// Play to the end.
	reports := 0
	out, err := Call(context.Background(), "mines.autoplay", []byte(`{"state":"`+state+`","steps":0}`), func(done, total int64, note string) {
		reports++
		if total != 71 || done > total {
			t.Errorf("progress %d/%d", done, total)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	var end map[string]any
	json.Unmarshal(out, &end)
	if end["status"] == "playing" || end["layout"] == nil || len(end["played"].([]any)) == 0 || reports == 0 {
		t.Fatalf("autoplay to the end: %v", end)
	}
	// The 3BV at the end: at least 1, and a won game cleared all of it.
	if bbbv, done := end["bbbv"].(float64), end["bbbvDone"].(float64); bbbv < 1 || done > bbbv || (end["status"] == "won" && done != bbbv) {
		t.Fatalf("3BV %v, cleared %v, %v", end["bbbv"], end["bbbvDone"], end["status"])
	}
	wantError(t, "mines.reveal", `{"state":"`+end["state"].(string)+`","x":0,"y":0}`, CodeBadInput, "state")
	wantError(t, "mines.reveal", `{"state":"`+state+`","x":99,"y":0}`, CodeBadInput, "x")
	wantError(t, "mines.reveal", `{"state":"`+state+`","x":1}`, CodeBadInput, "y")
	wantError(t, "mines.reveal", `{"state":"`+state[:len(state)-3]+`AAA","x":1,"y":1}`, CodeBadInput, "state")
	wantError(t, "mines.new", `{"level":"insane"}`, CodeBadInput, "level")
	wantError(t, "mines.new", `{"level":"expert","width":5}`, CodeBadInput, "level")
	wantError(t, "mines.new", `{"width":101,"height":5,"mines":5}`, CodeBadInput, "size")
	wantError(t, "mines.new", `{"width":5,"height":5,"mines":25}`, CodeBadInput, "mines")
	wantError(t, "mines.new", `{"rule":"lucky"}`, CodeBadInput, "rule")
}

func TestMinesNoGuessAndOpening(t *testing.T) {
	for _, rule := range []string{"opening", "noguess"} {
		g := mustCall(t, "mines.new", `{"level":"intermediate","rule":"`+rule+`","seed":7}`)
		r := mustCall(t, "mines.reveal", `{"state":"`+g["state"].(string)+`","x":8,"y":8}`)
		if len(r["revealed"].([]any)) < 9 {
			t.Fatalf("%s: the first click must open an area: %v", rule, r["revealed"])
		}
		if rule == "noguess" && r["verified"] != true {
			t.Fatalf("noguess: not verified: %v", r)
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// A 100×100 game's sealed state stays small enough for localStorage.
func TestMinesBigGameState(t *testing.T) {
	g := mustCall(t, "mines.new", `{"width":100,"height":100,"mines":2000,"seed":3}`)
	r := mustCall(t, "mines.reveal", `{"state":"`+g["state"].(string)+`","x":50,"y":50}`)
	if n := len(r["state"].(string)); n > 12000 {
		t.Fatalf("a 100x100 state is %d bytes", n)
	}
}

// BenchmarkMinesAnalyze is a whole mines.analyze call on an expert
// mid-game board: parsing, the analysis, the count, the best move and the
// JSON of the result.
func BenchmarkMinesAnalyze(b *testing.B) {
	params, _ := json.Marshal(map[string]string{"board": "30x16x99\n" +
		"HHHHHHHHHHHHHHHHHHHHHHHHHHHHHH\n" +
		"HHHHHHHHHHHHHHHHHHHHHHHHHHHHHH\n" +
		"HHHHHH2112HHHHHHHHHHHHHHHHHHHH\n" +
		"HHHHH310012HHHHHHHHHHHHHHHHHHH\n" +
		"HHHHH2000012HHHHHHHHHHHHHHHHHH\n" +
		"HHHHH21000013HHHHHHHHHHHHHHHHH\n" +
		"HHHHHH2100002HHHHHHHHHHHHHHHHH\n" +
		"HHHHHHH100001HHHHHHHHHHHHHHHHH\n" +
		"HHHHHHH211112HHHHHHHHHHHHHHHHH\n" +
		"HHHHHHHHHHHHHHHHHHHHHHHHHHHHHH\n" +
		"HHHHHHHHHHHHHHHHHHHHHHHHHHHHHH\n" +
		"HHHHHHHHHHHHHHHHHHHHHHHHHHHHHH\n" +
		"HHHHHHHHHHHHHHHHHHHHHHHHHHHHHH\n" +
		"HHHHHHHHHHHHHHHHHHHHHHHHHHHHHH\n" +
		"HHHHHHHHHHHHHHHHHHHHHHHHHHHHHH\n" +
		"HHHHHHHHHHHHHHHHHHHHHHHHHHHHHH\n"})
	for b.Loop() {
		if _, err := Call(context.Background(), "mines.analyze", params, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// JSMinesweeper links: an analysis= link analysed as its board is, a b=
// and m= link played on exactly its layout.
func TestMinesLinks(t *testing.T) {
	board := "9x9x10\nHHHHHHHHH\nHHHHHHHHF\nHHHHHHH32\nHHHHH2110\nHHHH21000\nHHHH10000\nHH3210000\nHH1000000\nHH1000000\n"
	b, err := mines.Parse(board)
	if err != nil {
		t.Fatal(err)
	}
	link, err := b.Link()
	if err != nil {
		t.Fatal(err)
	}
	byLink := mustCall(t, "mines.analyze", `{"link":"`+link+`"}`)
	byBoard := mustCall(t, "mines.analyze", `{"board":`+jsonString(board)+`}`)
	if byLink["board"] != board {
		t.Fatalf("the link's board: %q, want %q", byLink["board"], board)
	}
	p1, _ := json.Marshal(byLink["prob"])
	p2, _ := json.Marshal(byBoard["prob"])
	if string(p1) != string(p2) || byLink["solutions"] != byBoard["solutions"] {
		t.Fatalf("the link's analysis differs from the board's: %s vs %s", p1, p2)
	}
	if _, ok := byBoard["board"]; ok {
		t.Fatal("a board's analysis does not repeat the board")
	}
	e := wantError(t, "mines.analyze", `{"link":"?analysis=adadaaabe2-"}`, CodeBadInput, "analysis")
	if e.Reason != "link-digit" || e.Col == nil || *e.Col != 20 || e.Value != "-" || e.Line != nil {
		t.Fatalf("a bad digit must be located: %+v", e)
	}
	e = wantError(t, "mines.analyze", `{"link":"?b=1&m=g"}`, CodeBadInput, "link")
	if e.Reason != "link-kind" {
		t.Fatalf("a layout is not a position: %+v", e)
	}
	wantError(t, "mines.analyze", `{"link":"?analysis=adadaaabe2e","board":"1x1x0\n0"}`, CodeBadInput, "link")
	wantError(t, "mines.analyze", `{"link":"https://example.com/"}`, CodeBadInput, "link")

	// Beginner with mines at cells 0, 4, 5 and 80.
	lay := `{"link":"https://davidnhill.github.io/JSMinesweeper/index.html?b=1&m=hg00000000000000g"}`
	g := mustCall(t, "mines.new", lay)
	if g["width"] != 9.0 || g["height"] != 9.0 || g["mines"] != 4.0 || g["minesLeft"] != 4.0 || g["status"] != "playing" || g["started"] != false {
		t.Fatalf("new from a link: %v", g)
	}
	state := g["state"].(string)
	r := mustCall(t, "mines.reveal", `{"state":"`+state+`","x":8,"y":4}`)
	if r["status"] != "won" || len(r["revealed"].([]any)) != 77 {
		t.Fatalf("a safe cell of this layout opens all the rest: %v", r)
	}
	lost := mustCall(t, "mines.reveal", `{"state":"`+state+`","x":4,"y":0}`)
	layout, _ := json.Marshal(lost["layout"])
	if lost["status"] != "lost" || string(layout) != `[{"x":0,"y":0},{"x":4,"y":0},{"x":5,"y":0},{"x":8,"y":8}]` {
		t.Fatalf("the layout is the link's: %v", lost)
	}
	// The first click is not protected: the link's mines are down.
	first := mustCall(t, "mines.reveal", `{"state":"`+state+`","x":0,"y":0}`)
	if first["status"] != "lost" {
		t.Fatalf("a first click on a mine of the layout loses: %v", first)
	}
	wantError(t, "mines.new", `{"link":"?b=1&m=g","level":"expert"}`, CodeBadInput, "link")
	wantError(t, "mines.new", `{"link":"?b=1&m=g","seed":3}`, CodeBadInput, "link")
	e = wantError(t, "mines.new", `{"link":"?analysis=adadaaabe2e"}`, CodeBadInput, "link")
	if e.Reason != "link-kind" {
		t.Fatalf("a position is not a layout: %+v", e)
	}
	e = wantError(t, "mines.new", `{"link":"?b=0202&m=v"}`, CodeBadInput, "m")
	if e.Reason != "game-mines" || e.Want != 3 {
		t.Fatalf("a layout of mines only: %+v", e)
	}
	e = wantError(t, "mines.new", `{"link":"?b=101101&m=1"}`, CodeBadInput, "b")
	if e.Reason != "size-range" || e.Want != 100 {
		t.Fatalf("too big: %+v", e)
	}
}

func jsonString(s string) string { b, _ := json.Marshal(s); return string(b) }

// A finished game, won or lost, takes no move: every game method says the
// game is over (and to start a new one) instead of changing it.
func TestMinesFinishedGameTakesNoMove(t *testing.T) {
	// A 2×1 game with its mine on the left: revealing the right wins,
	// revealing the left loses.
	start := mustCall(t, "mines.new", `{"link":"?b=21&m=g"}`)["state"].(string)
	won := mustCall(t, "mines.reveal", `{"state":"`+start+`","x":1,"y":0}`)
	lost := mustCall(t, "mines.reveal", `{"state":"`+start+`","x":0,"y":0}`)
	if won["status"] != "won" || lost["status"] != "lost" {
		t.Fatalf("got %v and %v, want won and lost", won["status"], lost["status"])
	}
	for _, end := range []map[string]any{won, lost} {
		state := end["state"].(string)
		for _, c := range []struct{ method, params string }{
			{"mines.reveal", `"x":1,"y":0`}, // on the open number: a chord
			{"mines.reveal", `"x":0,"y":0`},
			{"mines.reveal", `"x":7,"y":7`}, // off the board, but the game is over first
			{"mines.flag", `"x":0,"y":0`},
			{"mines.hint", `"budgetMs":100`},
			{"mines.autoplay", `"steps":0`},
		} {
			e := wantError(t, c.method, `{"state":"`+state+`",`+c.params+`}`, CodeBadInput, "state")
			if e.Reason != "game-over" || !strings.Contains(e.Message, "the game is over; start a new game") {
				t.Errorf("%s game, %s {%s}: got %s %q", end["status"], c.method, c.params, e.Reason, e.Message)
			}
		}
	}
}
