package mines

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// The numbers that prove a cell: the single numbers that settle it, step
// by step; when only the numbers together do, the cell's part of the
// frontier; when only the count of mines left does, every number next to a
// hidden cell.
func TestProof(t *testing.T) {
	for _, c := range []struct {
		name, board string
		cell        Point
		want        []Point
		kind        ProofKind
	}{
		{"a 1 with one hidden neighbour", "3x2x1\nH10\n110\n", Point{0, 0}, []Point{{1, 0}}, ProofLocal},
		{"a chain: the 0 clears two cells, and the 1 then has one left", "3x2x1\nHHH\n011\n", Point{2, 0}, []Point{{0, 1}, {1, 1}}, ProofLocal},
		{"a 1-2-1 needs the numbers together", "3x2x2\nHHH\n121\n", Point{1, 0}, []Point{{0, 1}, {1, 1}, {2, 1}}, ProofTogether},
		// A row of 1s between two hidden rows: the 1 in the corner counts
		// four cells, all of which the next 1 counts, so the next 1's
		// third column is clear. Two numbers prove it, not the row of
		// seven (which the proof named, "settle it only taken together").
		{"a 1-1 at the end of a border: the two numbers", "7x3x3\nHHHHHHH\n1111111\nHHHHHHH\n", Point{2, 0}, []Point{{0, 1}, {1, 1}}, ProofTogether},
		// The 0 clears (2,0); the 1 at (0,2) has one hidden neighbour,
		// (0,1), a mine; the 1 at (1,0) then clears (0,0). A list of
		// neighbours shared by nested steps once dropped the (0,2), and
		// the proof did not prove.
		// The 1 at (1,0) has its mine once the 1 at (0,2) finds it, and
		// clears (0,0) whatever (2,0) is: the 0 that clears (2,0) is not
		// needed (the proof named it, as a step before).
		{"a chain of three steps", "3x3x1\nH1H\nH10\n110\n", Point{0, 0}, []Point{{1, 0}, {0, 2}}, ProofLocal},
		// The 3 with its flag marks both cells right of it; the 2 at the
		// top, which marks one of them, is not needed.
		{"a chain through a flag", "2x4x3\n2F\n3H\n2H\n1H\n", Point{1, 3}, []Point{{0, 1}, {0, 2}}, ProofLocal},
		// Beginner, seed 11 (SFAR), with no flags: the 2 at (7,3) has two
		// hidden neighbours, mines, and the 1 at (7,4) then clears (8,5).
		// The proof named the 1 at (6,1) too (row 2, column 7), four rows
		// up, which settles (7,2) after the 2 but was taken as a step the
		// 2 counted on.
		{"a step the others did not count on", "9x9x10\n111000000\n1H2110111\n123H101H1\n01H210122\n01111111H\n00001H11H\n00002HHHH\n00002HHHH\n00002HHHH\n",
			Point{8, 5}, []Point{{7, 3}, {7, 4}}, ProofLocal},
		// The 1 says one of three cells; the count says that mine is the
		// only one, so the cell next to no number is safe.
		{"a floating cell, by the count", "1x4x1\nH\nH\nH\n1\n", Point{0, 0}, []Point{{0, 3}}, ProofCount},
		{"no number at all: the count alone", "2x2x0\nHH\nHH\n", Point{1, 1}, []Point{}, ProofCount},
	} {
		b, err := Parse(c.board)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		a, err := Analyze(context.Background(), b, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, kind := a.Proof(c.cell)
		slices.SortFunc(got, func(p, q Point) int { return b.Index(p) - b.Index(q) })
		slices.SortFunc(c.want, func(p, q Point) int { return b.Index(p) - b.Index(q) })
		if !slices.Equal(got, c.want) || kind != c.kind {
			t.Errorf("%s: Proof = %v (%s), want %v (%s)", c.name, got, kind, c.want, c.kind)
		}
	}
}

// Every proof proves: on random small boards, for every cell the analysis
// finds certain, every placement of mines that fits the proof's numbers
// (and the count, for a proof by the count) gives the cell its value. And
// a proof by the count needs it: the numbers alone, all of them, leave
// the cell open. And no proof names a number it does not need: without
// any one of them the others leave the cell open (or, for a local proof,
// do not settle it one after another).
func TestProofsProve(t *testing.T) {
	kinds := map[ProofKind]int{}
	proofBoards(4000, func(b *Board) {
		var nb [8]int
		var hidden, numbers []int
		for i, c := range b.Cells {
			switch {
			case c == Hidden:
				hidden = append(hidden, i)
			case c.Revealed():
				numbers = append(numbers, i)
			}
		}
		if len(hidden) > 14 {
			return
		}
		a, err := Analyze(context.Background(), b, Options{})
		if err != nil {
			t.Fatalf("%s: %v", b.Format(), err)
		}
		flags := b.Count(Flag)
		// Every placement on the hidden cells: which numbers it fits (a
		// bit per number) and how many mines it has.
		type placement struct {
			mines uint32
			fits  uint64
			count int
		}
		var all []placement
		for m := uint32(0); m < 1<<len(hidden); m++ {
			mine := make(map[int]bool, len(hidden))
			for k, i := range hidden {
				mine[i] = m>>k&1 == 1
			}
			var fits uint64
			for k, i := range numbers {
				got := 0
				for _, j := range b.Neighbours(i, nb[:0]) {
					if b.Cells[j] == Flag || mine[j] {
						got++
					}
				}
				if got == int(b.Cells[i]) {
					fits |= 1 << k
				}
			}
			all = append(all, placement{m, fits, bits.OnesCount32(m) + flags})
		}
		settles := func(target int, need uint64, count bool) bool {
			val := -1
			for _, p := range all {
				if p.fits&need != need || count && p.count != b.Mines {
					continue
				}
				v := int(p.mines >> target & 1)
				if val >= 0 && v != val {
					return false
				}
				val = v
			}
			return true
		}
		for k, i := range hidden {
			if a.Prob[i] != 0 && a.Prob[i] != 1 {
				continue
			}
			proof, kind := a.Proof(b.Point(i))
			kinds[kind]++
			var need uint64
			for _, p := range proof {
				need |= 1 << slices.Index(numbers, b.Index(p))
			}
			if !settles(k, need, kind == ProofCount) {
				t.Fatalf("%s: the proof %v (%s) of %v does not settle it", b.Format(), proof, kind, b.Point(i))
			}
			if kind == ProofCount && settles(k, 1<<len(numbers)-1, false) {
				t.Fatalf("%s: %v is settled by the numbers alone, but its proof %v rests on the count", b.Format(), b.Point(i), proof)
			}
			// No number of the proof can be left out: the others do not
			// settle the cell (one after another, for a local proof).
			for _, p := range proof {
				drop := slices.Index(numbers, b.Index(p))
				var rest []int
				for _, q := range proof {
					if q != p {
						rest = append(rest, b.Index(q))
					}
				}
				if kind == ProofLocal {
					if stepByStep(b, i, rest) {
						t.Fatalf("%s: the proof %v (%s) of %v does not need %v: the others settle it one after another", b.Format(), proof, kind, b.Point(i), p)
					}
				} else if settles(k, need&^(1<<drop), kind == ProofCount) {
					t.Fatalf("%s: the proof %v (%s) of %v does not need %v", b.Format(), proof, kind, b.Point(i), p)
				}
			}
		}
	})
	t.Logf("proofs checked: %v", kinds)
	for _, k := range []ProofKind{ProofLocal, ProofTogether, ProofCount} {
		if kinds[k] < 50 {
			t.Errorf("only %d proofs of kind %s were checked", kinds[k], k)
		}
	}
}

// proofBoards deals the random small boards of TestProofsProve: n
// rounds, each a board with some numbers and flags of a random layout
// (every other one with no hidden cell next to no number), given to fn.
func proofBoards(n int, fn func(b *Board)) {
	rng := rand.New(rand.NewPCG(7, 11))
	for round := range n {
		w, h := 1+rng.IntN(6), 1+rng.IntN(5)
		n := w * h
		mines := rng.IntN(n/2 + 1)
		layout := make([]bool, n)
		for _, i := range rng.Perm(n)[:mines] {
			layout[i] = true
		}
		b, _ := NewBoard(w, h, mines)
		var nb [8]int
		for i := range n {
			switch r := rng.IntN(10); {
			case layout[i] && r < 3:
				b.Cells[i] = Flag
			case !layout[i] && r < 5:
				k := 0
				for _, j := range b.Neighbours(i, nb[:0]) {
					if layout[j] {
						k++
					}
				}
				b.Cells[i] = Cell(k)
			}
		}
		// Every other board has no cell next to no number, so the count
		// of mines left limits the parts of the frontier, and settles
		// cells in one part while another part's numbers settle their own.
		if round%2 == 1 {
			for i := range n {
				if b.Cells[i] == Hidden && isFloating(b, i) {
					if layout[i] {
						b.Cells[i] = Flag
					} else {
						k := 0
						for _, j := range b.Neighbours(i, nb[:0]) {
							if layout[j] {
								k++
							}
						}
						b.Cells[i] = Cell(k)
					}
				}
			}
		}
		fn(b)
	}
}

// Benchmarks of a hint's proof on the mid-game positions of the analysis
// benchmarks, for every cell the analysis finds certain, as the player
// sees them with the auto-player's flags and with none (a player who does
// not flag: the numbers count more cells, and more cells only the count
// of mines left settles):
//
//	go test ./engine/mines -run XXX -bench Proof
func BenchmarkProof(b *testing.B) {
	for _, level := range Levels {
		for _, flags := range []bool{true, false} {
			type hint struct {
				a    *Analysis
				cell Point
			}
			var hints []hint
			for _, p := range benchPositions(b, level, 100) {
				if !flags {
					for i, c := range p.Cells {
						if c == Flag {
							p.Cells[i] = Hidden
						}
					}
				}
				a, err := Analyze(context.Background(), p, Options{})
				if err != nil {
					b.Fatal(err)
				}
				for _, c := range append(slices.Clone(a.Safe), a.Mines...) {
					hints = append(hints, hint{a, c})
				}
			}
			name := level.ID + "/flags"
			if !flags {
				name = level.ID + "/noflags"
			}
			b.Run(name, func(b *testing.B) {
				i := 0
				for b.Loop() {
					h := hints[i%len(hints)]
					h.a.Proof(h.cell)
					i++
				}
			})
		}
	}
}

// stepByStep reports whether numbers (cell indexes) settle hidden cell
// target with the single-number rules alone, applied until nothing
// changes: a number whose mines are all known clears its other unknown
// neighbours, one with as many unknown neighbours as mines left marks
// them.
func stepByStep(b *Board, target int, numbers []int) bool {
	var nb [8]int
	state := map[int]int8{} // 1 safe, 2 mine
	for changed := true; changed; {
		changed = false
		for _, n := range numbers {
			need, unknown := int(b.Cells[n]), 0
			for _, j := range b.Neighbours(n, nb[:0]) {
				switch {
				case b.Cells[j] == Flag || b.Cells[j] == Hidden && state[j] == 2:
					need--
				case b.Cells[j] == Hidden && state[j] == 0:
					unknown++
				}
			}
			if unknown == 0 || need != 0 && need != unknown {
				continue
			}
			for _, j := range b.Neighbours(n, nb[:0]) {
				if b.Cells[j] == Hidden && state[j] == 0 {
					state[j] = 1
					if need == unknown {
						state[j] = 2
					}
					changed = true
				}
			}
		}
	}
	return state[target] != 0
}
