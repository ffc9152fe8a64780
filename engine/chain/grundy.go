package chain

import "sync"

// Kayles' nim-sequence is computed, not typed in: the values are found by
// the mex rule up to a few hundred, a period is detected, and the
// periodicity theorem for octal games (Guy and Smith) proves that it goes
// on for ever: for a game whose moves take at most t = 2 objects, if
// G(n+p) = G(n) for every n with n0 ≤ n < 2·n0 + p + t, then G(n+p) = G(n)
// for every n ≥ n0. Kayles' sequence settles with n0 = 71 and p = 12.

// mexLimit is how far the sequence is computed by the mex rule; the
// theorem needs about 2·n0 + p + t ≈ 160 of them.
const mexLimit = 400

type nimSequence struct {
	values []uint8 // G(0..mexLimit)
	pre    int     // n0: the period starts here
	period int     // p
}

var (
	seqOnce sync.Once
	seq     nimSequence
)

// MexGrundy computes G(0..n) of a single group by the mex rule directly:
// G(n) is the least value not among G(a) xor G(b) for the moves from n
// (a + b = n-1 or n-2). It takes O(n²); the tests check the periodic
// Grundy against it.
func MexGrundy(n int) []uint8 {
	g := make([]uint8, n+1)
	seen := make([]bool, 256)
	for m := 1; m <= n; m++ {
		clear(seen)
		for r := 1; r <= 2 && r <= m; r++ {
			for a := 0; 2*a <= m-r; a++ {
				seen[g[a]^g[m-r-a]] = true
			}
		}
		v := 0
		for seen[v] {
			v++
		}
		g[m] = uint8(v)
	}
	return g
}

func sequence() *nimSequence {
	seqOnce.Do(func() {
		v := MexGrundy(mexLimit)
		// The smallest period p, then the smallest n0, that the theorem
		// proves within the computed values.
		for p := 1; p <= 100 && seq.period == 0; p++ {
			// n0: the start of the tail where G(n+p) = G(n) holds up to
			// the end of the computed range.
			n0 := mexLimit - p
			for n0 > 0 && v[n0-1+p] == v[n0-1] {
				n0--
			}
			if 2*n0+p+2 <= mexLimit-p {
				seq = nimSequence{values: v, pre: n0, period: p}
			}
		}
		if seq.period == 0 {
			panic("chain: Kayles' nim-sequence shows no provable period within the computed range")
		}
	})
	return &seq
}

// Grundy is the Kayles value (nim-value) of one group of n objects, for
// any n ≥ 0.
func Grundy(n int) int {
	s := sequence()
	if n < len(s.values) {
		return int(s.values[n])
	}
	return int(s.values[s.pre+(n-s.pre)%s.period])
}

// Period reports the nim-sequence's period and where it starts, as proved
// by the periodicity theorem.
func Period() (start, period int) {
	s := sequence()
	return s.pre, s.period
}

// GrundyOf is the nim-value of a position given as group sizes: the xor of
// the groups' values.
func GrundyOf(groups []int) int {
	x := 0
	for _, g := range groups {
		x ^= Grundy(g)
	}
	return x
}
