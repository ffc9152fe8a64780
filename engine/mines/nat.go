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

// natSmall bounds a multiplier mulSmall takes in one pass: with limbs
// below 10^9, every step then stays within 64 bits.
const natSmall = 1 << 34

// mulSmall multiplies a by x (below natSmall) in place, growing it as
// needed, and returns it.
func (a nat) mulSmall(x uint64) nat {
	carry := uint64(0)
	for i, limb := range a {
		s := limb*x + carry
		a[i], carry = s%natBase, s/natBase
	}
	for carry > 0 {
		a = append(a, carry%natBase)
		carry /= natBase
	}
	return a
}

// natBinomial returns C(n, k), for n below natSmall, from its prime
// factors: the exponent of a prime p in C(n, k) is Σ ⌊n/pⁱ⌋ − ⌊k/pⁱ⌋ −
// ⌊(n−k)/pⁱ⌋ (Legendre), and the factors are multiplied in, as many at a
// time as stay below natSmall, with no division. For C(65536, 32768), the
// count of a 256×256 board with every cell hidden (19,726 digits), that is
// about 2,000 passes over the number; stepping C(n, i+1) = C(n, i)·(n−i)/(i+1)
// took a pass to multiply and one to divide for each of the 32,768 factors,
// a sixth of a second natively, and the wasm worker could not be
// cancelled meanwhile.
func natBinomial(n, k int) nat {
	if k < 0 || k > n {
		return nil
	}
	composite := make([]bool, n+1)
	c, acc := natOf(1), uint64(1)
	for p := 2; p <= n; p++ {
		if composite[p] {
			continue
		}
		for q := p * p; p <= n/p && q <= n; q += p {
			composite[q] = true
		}
		e := 0
		for pk := p; ; pk *= p {
			e += n/pk - k/pk - (n-k)/pk
			if pk > n/p {
				break
			}
		}
		for ; e > 0; e-- {
			if acc > (natSmall-1)/uint64(p) {
				c, acc = c.mulSmall(acc), 1
			}
			acc *= uint64(p)
		}
	}
	return c.mulSmall(acc)
}

func (a nat) String() string {
	if len(a) == 0 {
		return "0"
	}
	out := make([]byte, 0, 9*len(a))
	out = strconv.AppendUint(out, a[len(a)-1], 10)
	var limb [20]byte
	for i := len(a) - 2; i >= 0; i-- {
		d := strconv.AppendUint(limb[:0], a[i], 10)
		out = append(out, "000000000"[len(d):]...) // each lower limb is nine digits
		out = append(out, d...)
	}
	return string(out)
}
