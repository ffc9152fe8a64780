package guess

import (
	"fmt"
	"math/bits"
)

// Feedback is the answer to a guess: A symbols in the right place and B
// right symbols in the wrong place.
type Feedback struct {
	A int `json:"a"`
	B int `json:"b"`
}

func (f Feedback) String() string { return fmt.Sprintf("%dA%dB", f.A, f.B) }

// class is a Feedback as a small integer, A*classStride + B, for
// histograms indexed by feedback in the hot loops.
type class uint8

const (
	classStride = MaxLength + 1
	numClasses  = classStride * classStride // 121, enough for every length
)

func (f Feedback) class() class { return class(f.A*classStride + f.B) }

func (c class) feedback() Feedback {
	return Feedback{A: int(c) / classStride, B: int(c) % classStride}
}

// Score returns the feedback a secret gives to a guess.
func (r *Rules) Score(secret, guess Code) Feedback {
	s := r.scorer(guess)
	return s.score(secret).feedback()
}

// scorer scores many secrets against one fixed guess: the guess-side work
// (its symbol counts) is done once, and score allocates nothing.
type scorer struct {
	guess   Code
	counts  uint64 // symbol counts of the guess, used only with repeats
	symbols uint64 // mask of the packed symbol nibbles
	length  int
	repeats bool
}

func (r *Rules) scorer(guess Code) scorer {
	return scorer{
		guess:   guess,
		counts:  guess.counts(r.Length),
		symbols: 1<<(symbolBits*r.Length) - 1,
		length:  r.Length,
		repeats: r.Repeats,
	}
}

func (s *scorer) score(secret Code) class {
	a := s.length - nonzeroNibbles(uint64(secret^s.guess)&s.symbols)
	var common int
	if s.repeats {
		common = commonCount(s.counts, secret.counts(s.length))
	} else {
		common = bits.OnesCount16(secret.Set() & s.guess.Set())
	}
	return class(a*classStride + common - a)
}

// nonzeroNibbles counts the 4-bit groups of x that are not zero: each group
// is folded onto its lowest bit, then the bits are counted.
func nonzeroNibbles(x uint64) int {
	x |= x >> 1
	x |= x >> 2
	return bits.OnesCount64(x & lowNibbles)
}

// commonCount returns Σ min(a[s], b[s]) over the 16 packed 4-bit counts of
// a and b. The counts are spread into 8-bit lanes (even and odd symbols
// apart) so a per-lane compare can borrow from the spare high bit.
func commonCount(a, b uint64) int {
	const lanes = 0x0F0F0F0F0F0F0F0F
	return laneMinSum(a&lanes, b&lanes) + laneMinSum(a>>4&lanes, b>>4&lanes)
}

// laneMinSum returns the sum over 8 byte lanes of min(x, y), for lanes
// holding values below 128.
func laneMinSum(x, y uint64) int {
	const high = 0x8080808080808080
	// A lane's high bit survives the subtraction exactly when x >= y.
	ge := ((x | high) - y) & high
	takeY := (ge >> 7) * 0xFF
	m := y&takeY | x&^takeY
	return int((m * 0x0101010101010101) >> 56)
}
