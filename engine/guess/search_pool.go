package guess

import (
	"math/bits"
	"math/rand/v2"
	"slices"
)

// This file builds the pools of guesses the strategies evaluate, skipping
// guesses that are equivalent by symmetry.
//
// Two symbols are interchangeable at a position when swapping them maps
// the candidates onto themselves; then a guess and its image under the swap
// split the candidates into classes of the same sizes, and only one of them
// needs evaluating. Two kinds of symbols are interchangeable: those no
// guess has used yet (the history cannot tell them apart), and those no
// candidate contains (every guess learns the same about them: nothing).
// Within a group of interchangeable symbols, the canonical guess introduces
// them smallest first. At the first move the positions are interchangeable
// too, so only the shape of a guess matters (1123 versus 1234, say).

// symmetry lists the groups of interchangeable symbols.
type symmetry struct {
	group     [MaxSymbols]uint16 // group[s]: the symbols interchangeable with s, s included
	positions bool               // all positions are interchangeable (no guess yet)
}

// symmetryOf returns the symmetry of a position whose guesses used the
// symbols in used and whose candidates (all of them, not a sample) use the
// symbols in alive.
func (sp *space) symmetryOf(used, alive uint16, firstMove bool) symmetry {
	all := uint16(1<<sp.symbols - 1)
	dead := all &^ alive
	fresh := all &^ used &^ dead
	var sym symmetry
	for s := 0; s < sp.symbols; s++ {
		bit := uint16(1) << s
		switch {
		case dead&bit != 0:
			sym.group[s] = dead
		case fresh&bit != 0:
			sym.group[s] = fresh
		default:
			sym.group[s] = bit
		}
	}
	sym.positions = firstMove
	return sym
}

// aliveSymbols returns the symbols of k that some code of codes uses.
func aliveSymbols(codes []Code, k int) uint16 {
	all := uint16(1<<k - 1)
	var alive uint16
	for _, c := range codes {
		alive |= c.Set()
		if alive == all {
			break
		}
	}
	return alive
}

// canonicalGuesses appends to dst the canonical guesses of sym, in
// lexicographic order, and stops with ok false once more than limit have
// been found.
func (sp *space) canonicalGuesses(dst []Code, sym *symmetry, limit int) (out []Code, ok bool) {
	start := len(dst)
	k, n := sp.symbols, sp.length
	var walk func(pos int, c Code, used uint16, last int) bool
	walk = func(pos int, c Code, used uint16, last int) bool {
		if pos == n {
			code := c | Code(used)<<maskShift
			if sym.positions && !countsNonincreasing(code, n, k) {
				return true
			}
			if len(dst)-start >= limit {
				return false
			}
			dst = append(dst, code)
			return true
		}
		first := 0
		if sym.positions {
			first = last // nondecreasing symbols
		}
		for s := first; s < k; s++ {
			bit := uint16(1) << s
			if used&bit != 0 {
				if !sp.repeats {
					continue
				}
			} else if g := sym.group[s] &^ used; g&(bit-1) != 0 {
				continue // a smaller interchangeable symbol comes first
			}
			if !walk(pos+1, c|Code(s)<<(symbolBits*pos), used|bit, s) {
				return false
			}
		}
		return true
	}
	ok = walk(0, 0, 0, 0)
	return dst, ok
}

// countsNonincreasing reports whether symbol 0 occurs at least as often as
// symbol 1, which occurs at least as often as symbol 2, and so on: the
// canonical shape at the first move.
func countsNonincreasing(c Code, n, k int) bool {
	counts := c.counts(n)
	prev := uint64(n)
	for s := 0; s < k; s++ {
		x := counts >> (4 * s) & 0xF
		if x > prev {
			return false
		}
		prev = x
	}
	return true
}

// canonical relabels the interchangeable symbols of c so that each group
// is introduced smallest first; equivalent guesses get the same result.
func (sp *space) canonical(c Code, sym *symmetry) Code {
	var relabel [MaxSymbols]int8
	for i := range relabel {
		relabel[i] = -1
	}
	var taken uint16 // images already given out
	// On the stack: canonical runs once per code of a whole space (3.6
	// million for 10 digits), where a slice a call was garbage enough to
	// run WebAssembly out of memory on a loaded machine.
	var buf [MaxLength]int
	symbols := buf[:sp.length]
	for i := 0; i < sp.length; i++ {
		s := c.Symbol(i)
		if relabel[s] < 0 {
			g := sym.group[s]
			if bits.OnesCount16(g) == 1 {
				relabel[s] = int8(s)
			} else {
				free := g &^ taken
				relabel[s] = int8(bits.TrailingZeros16(free))
			}
			taken |= 1 << relabel[s]
		}
		symbols[i] = int(relabel[s])
	}
	if sym.positions {
		// Only the multiset shape matters: rebuild it as runs of
		// 0s, 1s, ... in nonincreasing run length.
		var runs [MaxSymbols]int
		for _, s := range symbols {
			runs[s]++
		}
		lengths := runs[:]
		for i := 1; i < len(lengths); i++ {
			for j := i; j > 0 && lengths[j] > lengths[j-1]; j-- {
				lengths[j], lengths[j-1] = lengths[j-1], lengths[j]
			}
		}
		symbols = buf[:0]
		for s, r := range lengths {
			for range r {
				symbols = append(symbols, s)
			}
		}
	}
	return MakeCode(symbols)
}

// randomCode draws a code of the rules uniformly.
func (sp *space) randomCode(rng *rand.Rand) Code {
	var symbols [MaxLength]int
	if sp.repeats {
		for i := 0; i < sp.length; i++ {
			symbols[i] = rng.IntN(sp.symbols)
		}
		return MakeCode(symbols[:sp.length])
	}
	var pool [MaxSymbols]int
	for i := range pool[:sp.symbols] {
		pool[i] = i
	}
	for i := 0; i < sp.length; i++ {
		j := i + rng.IntN(sp.symbols-i)
		pool[i], pool[j] = pool[j], pool[i]
		symbols[i] = pool[i]
	}
	return MakeCode(symbols[:sp.length])
}

// sampleCodes returns up to m codes drawn from codes without replacement,
// in their original order; all of them when there are at most m.
func sampleCodes(codes []Code, m int, rng *rand.Rand) []Code {
	n := len(codes)
	if n <= m {
		return codes
	}
	// Floyd's algorithm draws m distinct indexes in O(m).
	chosen := make(map[int]struct{}, m)
	for j := n - m; j < n; j++ {
		i := rng.IntN(j + 1)
		if _, ok := chosen[i]; ok {
			i = j
		}
		chosen[i] = struct{}{}
	}
	idx := make([]int, 0, m)
	for i := range chosen {
		idx = append(idx, i)
	}
	slices.Sort(idx)
	out := make([]Code, m)
	for k, i := range idx {
		out[k] = codes[i]
	}
	return out
}
