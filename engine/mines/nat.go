package mines

import "strconv"

// nat is a natural number in base 10^9, least significant limb first: just
// enough arithmetic to count placements exactly and print the count, so
// the engine does not link math/big (over 100 KB of the browser's
// download). The tests check it against math/big.
type nat []uint64

const natBase = 1_000_000_000

func natOf(x uint64) nat {
	var n nat
	for x > 0 {
		n = append(n, x%natBase)
		x /= natBase
	}
	return n
}

func (a nat) add(b nat) nat {
	if len(a) < len(b) {
		a, b = b, a
	}
	out := make(nat, len(a), len(a)+1)
	carry := uint64(0)
	for i := range a {
		s := a[i] + carry
		if i < len(b) {
			s += b[i]
		}
		out[i], carry = s%natBase, s/natBase
	}
	if carry > 0 {
		out = append(out, carry)
	}
	return out
}

func (a nat) mul(b nat) nat {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	out := make(nat, len(a)+len(b))
	for i, x := range a {
		carry := uint64(0)
		for j, y := range b {
			s := out[i+j] + x*y + carry // below 2^63: each term is under 10^18
			out[i+j], carry = s%natBase, s/natBase
		}
		for k := i + len(b); carry > 0; k++ {
			s := out[k] + carry
			out[k], carry = s%natBase, s/natBase
		}
	}
	for len(out) > 0 && out[len(out)-1] == 0 {
		out = out[:len(out)-1]
	}
	return out
}

// divSmall divides by d (below 2^32), dropping the remainder.
func (a nat) divSmall(d uint64) nat {
	out := make(nat, len(a))
	rem := uint64(0)
	for i := len(a) - 1; i >= 0; i-- {
		cur := rem*natBase + a[i]
		out[i], rem = cur/d, cur%d
	}
	for len(out) > 0 && out[len(out)-1] == 0 {
		out = out[:len(out)-1]
	}
	return out
}

// natBinomial returns C(n, k).
func natBinomial(n, k int) nat {
	if k < 0 || k > n {
		return nil
	}
	k = min(k, n-k)
	c := natOf(1)
	for i := 0; i < k; i++ {
		c = c.mul(natOf(uint64(n - i))).divSmall(uint64(i + 1))
	}
	return c
}

func (a nat) String() string {
	if len(a) == 0 {
		return "0"
	}
	s := strconv.FormatUint(a[len(a)-1], 10)
	for i := len(a) - 2; i >= 0; i-- {
		d := strconv.FormatUint(a[i], 10)
		for len(d) < 9 {
			d = "0" + d
		}
		s += d
	}
	return s
}
