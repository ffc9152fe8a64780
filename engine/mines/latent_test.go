package mines

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

// patternByBrute is the share of the placements agreeing with board b in
// which every cell in mines holds a mine and every cell in safe does not,
// by enumerating them all.
func patternByBrute(b *Board, mines, safe []int) float64 {
	total, match := 0, 0
	eachPlacement(b, func(mine []bool) {
		total++
		for _, i := range mines {
			if !mine[i] {
				return
			}
		}
		for _, i := range safe {
			if mine[i] {
				return
			}
		}
		match++
	})
	return float64(match) / float64(total)
}

// Each latent 50/50's chance is the share of the placements in which it
// forms, as an enumeration of every placement counts it: every pattern at
// every cell of 300 small random positions. A cell's lift is never more
// than its chance of a mine or of being safe.
func TestLatentChanceAgreesWithEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	formed := 0
	for range 300 {
		const w, h, mines = 6, 5, 6
		b := &Board{Width: w, Height: h, Mines: mines, Cells: make([]Cell, w*h)}
		layout := make([]bool, w*h)
		for _, i := range rng.Perm(w * h)[:mines] {
			layout[i] = true
		}
		var nb [8]int
		for i := range b.Cells {
			b.Cells[i] = Hidden
			if layout[i] || rng.IntN(5) < 3 {
				continue
			}
			n := 0
			for _, j := range b.Neighbours(i, nb[:0]) {
				if layout[j] {
					n++
				}
			}
			b.Cells[i] = Cell(n)
		}
		a, err := Analyze(context.Background(), b, Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := newLatentRisk(context.Background(), a, Options{})
		for i := range b.Cells {
			for _, p := range latentPatterns {
				missing, ok := r.missing(p, i)
				if !ok {
					continue
				}
				got := r.patternChance(p, i, missing)
				mines, _ := r.cells(i, p.mines)
				safe, _ := r.cells(i, p.safe)
				want := patternByBrute(b, append(append([]int{}, missing...), mines...), safe)
				if math.Abs(got-want) > 1e-9 {
					t.Fatalf("%s\npattern %v at %v: chance %v, want %v (by enumeration)", b.Format(), p.mines, b.Point(i), got, want)
				}
				if want > 0 {
					formed++
				}
			}
			if b.Cells[i] != Hidden || a.Prob[i] >= 1 {
				continue
			}
			if p, l := a.Prob[i], r.of(i); l < 0 || l > min(p, 1-p)+1e-12 {
				t.Errorf("%s\ncell %v: lift %v outside [0, min(%v, %v)]", b.Format(), b.Point(i), l, p, 1-p)
			}
		}
	}
	t.Logf("%d latent 50/50s could form", formed)
	if formed < 100 {
		t.Errorf("only %d latent 50/50s could form: the test checks too little", formed)
	}
}

// The bottom-left corner can still close into a 50/50 (its cells are
// walled by flags and the edge): (0,13) is guessed there, at 6.6%, over
// (26,10) at 6.0%, which a guess at two moves' survival alone would take.
// (Expert SFAR, seed 181, as the auto-player left it.)
func TestGuessSettlesALatentFiftyFifty(t *testing.T) {
	board := `30x16x99
01111F3F22F3F12F32FF1111011100
01F2213F33F3234FF32211F112F211
012F1124F4322FF5F31001111F22F1
001122F3FF2F23F33F200111222233
23212F32222222123F2001F22F22FF
FFF22F200012F101F210012F33HH4H
F7F21110002F420112121112F3HHHH
FF211110002FF10113F4F1012F2HHH
23212F2000122102F4FF331123HHHH
01F12F2111000002F434F2F23FHHHH
01111222F101110223F21212FFHHHH
011212F33311F113F312111233HHHH
13F3F212FF12222FF201F12F32HHHH
HHF311013321F12F3101223FF2HHHH
HH4200001F22111111222F23HHHHHH
HHF1000012F1000001FF2111HHHHHH
`
	ctx := context.Background()
	a, err := Analyze(ctx, mustParse(t, board), Options{})
	if err != nil {
		t.Fatal(err)
	}
	m, cands, err := a.Guess(ctx, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Point != (Point{0, 13}) || cands[0].Latent < 0.05 {
		t.Fatalf("guess %+v (latent %.4f), want (0,13), which may settle a 50/50", m, cands[0].Latent)
	}
	for k := range cands {
		cands[k].Latent = 0
	}
	if err := LookAhead(ctx, a.Board, a.Log10Solutions(), cands, Options{}); err != nil {
		t.Fatal(err)
	}
	if without := ChooseGuess(cands); without.Point != (Point{26, 10}) || without.Prob >= m.Prob {
		t.Errorf("without the lift the guess is %+v, want the safer (26,10)", without)
	}
}
