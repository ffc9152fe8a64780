package mines

import (
	"context"
	"slices"
	"testing"
)

func TestForcedPairs(t *testing.T) {
	for _, tc := range []struct {
		name, board string
		want        []forcedPair
	}{
		// One mine in two cells that every number sees alike.
		{"corner", "2x2x1\nHH\n11\n", []forcedPair{{0, 1}}},
		// Flanked by known mines: the cells beside the pair, which alone
		// could tell it apart, are never revealed.
		{"flanked by flags", "4x2x5\nFHHF\nF33F\n", []forcedPair{{1, 2}}},
		{"flanked by known mines", "4x3x5\nHHHH\nH33H\n1111\n", []forcedPair{{1, 2}}},
		// Two 50% cells, but (2,0) is safe and its number can tell each
		// pair apart.
		{"a safe cell sees one of them", "5x3x2\nHHHHH\n11111\n00000\n", nil},
		// Every cell sees both alike, but they may hold no mine or two:
		// the numbers around can still tell.
		{"not exactly one mine", "2x2x2\nHH\nHH\n", nil},
		// (0,0) and (1,0) hold one mine, but (2,0) and (2,1), uncertain,
		// see only (1,0); those two hold the other mine, and nothing can
		// tell them apart (a safe (0,0) shows the mine at (1,0) or not).
		{"an uncertain cell sees one of them", "3x2x2\nHHH\n12H\n", []forcedPair{{2, 5}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := Analyze(context.Background(), mustParse(t, tc.board), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := a.forcedPairs(context.Background(), Options{}); !slices.Equal(got, tc.want) {
				t.Errorf("forced pairs %v, want %v (probabilities %v)", got, tc.want, a.Prob)
			}
		})
	}
}

// A forced 50/50 is guessed before any safer guess: (8,0) and (8,1) hold
// one mine that nothing can tell apart, while cells on the left edge are
// at 15%. (Expert, seed 19, as the auto-player left it.)
func TestGuessTakesForcedPairFirst(t *testing.T) {
	board := `30x16x99
00001F11HHH2F101F11F1012321000
11001234HHH532012221113FFF2111
F20112FFFFFFF2101F1012FF43F12F
F201F34F43455F1022213F5321223F
121212F2101FF2102F32FF4F211F32
13F20111001221013FF34F42F112F1
HHF2000000000112F4F22F32110111
HH221101110001F2232234F1000000
HH22F211F10002221F12FF32100000
HHHH3F33211122F11112F32F210000
HHHHH3FF224F4F3100011112F10000
HHHHHH334FFF6F3011100001111110
HHHHHH1HHFHHHF302F200000001F10
HHHHH322HHHHHF213F200000002220
HHHHHHHHHHHHH332F2211000001F10
HHHHHHHHHHHHHF2F211F1000001110
`
	a, err := Analyze(context.Background(), mustParse(t, board), Options{})
	if err != nil {
		t.Fatal(err)
	}
	m, cands, err := a.Guess(context.Background(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Why != WhyForced || m.Point != (Point{8, 0}) || m.Prob != 0.5 {
		t.Errorf("guess %+v, want the forced 50/50 at (8,0)", m)
	}
	if len(cands) != 2 || cands[1].Point != (Point{8, 1}) {
		t.Errorf("candidates %+v, want the pair (8,0) and (8,1)", cands)
	}
}
