package api

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// The boards in ../shared/fixtures/mines once broke mines.analyze: a mine
// reported safe, consistent boards called contradictory, and analyses that
// ran the worker out of memory. Each is replayed here through the API, as
// the page calls it.

// fixturesDir is ../shared/fixtures/mines beside the repository. CI clones
// the repository with shared/ beside it; a checkout without it fails here
// rather than skip.
func fixturesDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../../shared/fixtures/mines")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("the Minesweeper fixtures are missing (%v): shared/ must stand beside the repository", err)
	}
	return dir
}

// replay starts a game and reveals cells, returning the game's last answer.
func replay(t *testing.T, game map[string]any, reveals [][2]int) map[string]any {
	t.Helper()
	params, _ := json.Marshal(game)
	g := mustCall(t, "mines.new", string(params))
	for _, xy := range reveals {
		g = mustCall(t, "mines.reveal", fmt.Sprintf(`{"state":%q,"x":%d,"y":%d}`, g["state"], xy[0], xy[1]))
		if g["status"] != "playing" {
			t.Fatalf("revealing (%d,%d) of the replay ended the game: %v", xy[0], xy[1], g["status"])
		}
	}
	return g
}

func analyzeBoard(t *testing.T, board string) map[string]any {
	t.Helper()
	params, _ := json.Marshal(map[string]any{"board": board, "budgetMs": 20000})
	return mustCall(t, "mines.analyze", string(params))
}

func points(v any) [][2]int {
	var out [][2]int
	for _, p := range v.([]any) {
		m := p.(map[string]any)
		out = append(out, [2]int{int(m["x"].(float64)), int(m["y"].(float64))})
	}
	return out
}

// TestFixtureReplaySafeCellsAreSafe: every cell the analysis of the
// replayed 100×100 game calls safe is revealed, and none is a mine; the
// first fixed fault listed 602 safe cells and (90, 85) lost.
func TestFixtureReplaySafeCellsAreSafe(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(fixturesDir(t), "replay-100x100x2000-seed100.json"))
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		Game    map[string]any `json:"game"`
		Reveals [][2]int       `json:"reveals"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	g := replay(t, fixture.Game, fixture.Reveals)
	a := analyzeBoard(t, g["board"].(string))
	if a["complete"] != true {
		t.Fatalf("the analysis is incomplete: %v", a["incomplete"])
	}
	safe := points(a["safe"])
	if len(safe) == 0 {
		t.Fatal("no safe cell listed")
	}
	sum := 0.0
	for _, row := range a["prob"].([]any) {
		for _, p := range row.([]any) {
			if p != nil {
				sum += p.(float64)
			}
		}
	}
	if left := a["minesLeft"].(float64); sum < left-1e-3 || sum > left+1e-3 {
		t.Errorf("the probabilities sum to %.4f, but %v mines are left", sum, left)
	}
	for _, xy := range safe {
		if g["status"] != "playing" {
			break // won: every safe cell is open
		}
		if cell := cellAt(g["board"].(string), xy); cell != 'H' {
			continue // opened already by an earlier zero
		}
		g = mustCall(t, "mines.reveal", fmt.Sprintf(`{"state":%q,"x":%d,"y":%d}`, g["state"], xy[0], xy[1]))
		if g["status"] == "lost" {
			t.Fatalf("(%d,%d) was listed safe and held a mine", xy[0], xy[1])
		}
	}
	t.Logf("%d safe cells listed, all safe", len(safe))
}

// cellAt reads a cell from .mine text (a header line, then rows).
func cellAt(board string, xy [2]int) byte {
	row := 0
	start := 0
	for i := 0; i <= len(board); i++ {
		if i == len(board) || board[i] == '\n' {
			if row == xy[1]+1 {
				return board[start+xy[0]]
			}
			row++
			start = i + 1
		}
	}
	return 0
}

// TestFixtureScatteredOpeningsAreConsistent: 100×100 with 1,000 mines
// and eight scattered openings was called contradictory ("the numbers
// need at least 6195 more mines").
func TestFixtureScatteredOpeningsAreConsistent(t *testing.T) {
	game := map[string]any{"width": 100, "height": 100, "mines": 1000, "rule": "opening", "seed": 3}
	g := replay(t, game, [][2]int{{50, 50}, {0, 0}, {99, 0}, {0, 99}, {99, 99}, {25, 25}, {75, 75}, {25, 75}})
	a := analyzeBoard(t, g["board"].(string))
	if a["complete"] != true {
		t.Fatalf("the analysis is incomplete: %v", a["incomplete"])
	}
}

// TestFixtureHeavyBoardsStayBounded: the lattices and the 40×40 mid-game
// board each answer within their budget, complete or honestly incomplete,
// and the heap does not grow from one analysis to the next.
func TestFixtureHeavyBoardsStayBounded(t *testing.T) {
	dir := fixturesDir(t)
	for _, name := range []string{"lattice-16x16.mine", "midgame-40x40x300.mine", "lattice-100x100.mine"} {
		board, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		var heaps []uint64
		for run := 0; run < 3; run++ {
			params, _ := json.Marshal(map[string]any{"board": string(board), "budgetMs": 2000})
			start := time.Now()
			a := mustCall(t, "mines.analyze", string(params))
			took := time.Since(start)
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			heaps = append(heaps, ms.HeapInuse)
			t.Logf("%s run %d: complete %v %v in %v, heap %d MB", name, run, a["complete"], a["incomplete"], took.Round(time.Millisecond), ms.HeapInuse>>20)
			if a["complete"] != true && a["incomplete"] != "too-wide" && a["incomplete"] != "budget" {
				t.Fatalf("%s: incomplete without a reason: %v", name, a)
			}
		}
		// The pool may keep a few buffers; a run must not add to them.
		if heaps[2] > heaps[0]+64<<20 {
			t.Errorf("%s: the heap grew from %d MB to %d MB over three analyses", name, heaps[0]>>20, heaps[2]>>20)
		}
		if heaps[2] > 512<<20 {
			t.Errorf("%s: the heap holds %d MB after the analyses", name, heaps[2]>>20)
		}
	}
}
