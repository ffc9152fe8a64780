package mines

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestNatBinomialLarge checks the counts of the largest boards, whose
// binomials take several factors per pass, against math/big, and the
// printing of limbs that start with zeros.
func TestNatBinomialLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 4))
	cases := [][2]int{{65536, 13107}, {65536, 32768}, {65536, 1}, {65536, 65535}, {1 << 20, 3}, {100, 50}, {2, 1}, {0, 0}}
	for range 12 {
		n := rng.IntN(20000)
		cases = append(cases, [2]int{n, rng.IntN(n + 1)})
	}
	for _, c := range cases {
		n, k := c[0], c[1]
		want := new(big.Int).Binomial(int64(n), int64(k)).String()
		if got := natBinomial(n, k).String(); got != want {
			t.Fatalf("C(%d,%d) has %d digits, want %d: %.40s…", n, k, len(got), len(want), got)
		}
	}
	for _, x := range []uint64{1_000_000_000, 1_000_000_007, 5_000_000_000_000_000_001, 1<<64 - 1} {
		if got, want := natOf(x).String(), new(big.Int).SetUint64(x).String(); got != want {
			t.Fatalf("natOf(%d) prints %s", x, got)
		}
	}
}
