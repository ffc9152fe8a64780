package guess

import (
	"math/bits"
	"slices"
)

// The perfect search's symmetries. Relabelling the symbols and permuting
// the positions, the same way for the guess and the secret, keeps every
// score: score(σs, σg) = score(s, g). So a σ that maps each guess of the
// history onto itself maps the candidates onto themselves, and two guesses
// in the same orbit under such σ have the same value: only one per orbit
// needs searching. Such a σ is a position permutation π and a symbol map τ
// with τ(g[i]) = g[π(i)] for every guess g played (really, or in the
// search): π decides τ on every symbol some guess used, and leaves the
// others (fresh symbols) free to map among themselves.
//
// A group is kept as its list of position permutations, each with τ on the
// used symbols; the fresh symbols and the dead ones (in no candidate) are
// interchangeable among themselves on top of that, and are relabelled by
// order of first appearance. The canonical guess of an orbit is its least
// member, comparing symbols leftmost first.

// maxPermLength is the longest code whose position permutations are used
// (6! = 720 of them); longer codes use the symbol relabelling only.
const maxPermLength = 6

// perm is one element of a position-and-symbol symmetry: position i of a
// code goes to position pos[i], and a used symbol s becomes sym[s]; every
// other symbol stays itself.
type perm struct {
	pos [MaxLength]int8
	sym [MaxSymbols]int8
}

// group is a symmetry group of the guesses played so far: perms (the
// identity first) and the symbols those guesses used.
type group struct {
	perms []perm
	used  uint16

	// lists caches the canonical guesses of the whole pool, by the fresh
	// and dead symbols of the set and whether the permutations are used:
	// the classes of one guess share the group and mostly these.
	lists map[uint64]codeList
}

func identityPerm() perm {
	var p perm
	for i := range p.pos {
		p.pos[i] = int8(i)
	}
	for s := range p.sym {
		p.sym[s] = int8(s)
	}
	return p
}

// fullGroup is the group before any guess: every permutation of the
// positions (of codes up to maxPermLength long), no symbol used.
func fullGroup(length int, positions bool) group {
	g := group{perms: []perm{identityPerm()}}
	if !positions || length > maxPermLength || length < 2 {
		return g
	}
	g.perms = g.perms[:0]
	idx := make([]int8, length)
	for i := range idx {
		idx[i] = int8(i)
	}
	var walk func(k int)
	walk = func(k int) {
		if k == length {
			p := identityPerm()
			copy(p.pos[:], idx)
			g.perms = append(g.perms, p)
			return
		}
		for i := k; i < length; i++ {
			idx[k], idx[i] = idx[i], idx[k]
			walk(k + 1)
			idx[k], idx[i] = idx[i], idx[k]
		}
	}
	walk(0)
	// The identity comes first (walk yields it first; keep it explicit).
	slices.SortStableFunc(g.perms, func(a, b perm) int {
		if a.isIdentityPos(length) {
			return -1
		}
		if b.isIdentityPos(length) {
			return 1
		}
		return 0
	})
	return g
}

func (p *perm) isIdentityPos(length int) bool {
	for i := 0; i < length; i++ {
		if int(p.pos[i]) != i {
			return false
		}
	}
	return true
}

// stabilizer returns into dst the elements of g that map guess onto
// itself, with their symbol maps extended to the guess's new symbols.
func (g *group) stabilizer(dst *group, guess Code, length int) {
	dst.perms = dst.perms[:0]
	clear(dst.lists)
	dst.used = g.used | guess.Set()
	for _, p := range g.perms {
		q := p
		ok := true
		var ext [MaxSymbols]int8 // new symbol → image + 1
		var images uint16
		for i := 0; i < length && ok; i++ {
			s := guess.Symbol(i)
			t := guess.Symbol(int(p.pos[i])) // σ(guess) = guess puts σ(s) at pos[i]
			switch {
			case g.used&(1<<s) != 0:
				ok = int(q.sym[s]) == t
			case g.used&(1<<t) != 0:
				ok = false // a fresh symbol cannot become a used one
			case ext[s] != 0:
				ok = int(ext[s]) == t+1
			case images&(1<<t) != 0:
				ok = false // two new symbols onto one
			default:
				ext[s] = int8(t + 1)
				images |= 1 << t
			}
		}
		if !ok {
			continue
		}
		for s := range ext {
			if ext[s] != 0 {
				q.sym[s] = ext[s] - 1
			}
		}
		dst.perms = append(dst.perms, q)
	}
}

// apply maps a code by p.
func (p *perm) apply(c Code, length int) Code {
	var out Code
	for i := 0; i < length; i++ {
		s := p.sym[c.Symbol(i)]
		out |= Code(s)<<(symbolBits*int(p.pos[i])) | 1<<(maskShift+int(s))
	}
	return out
}

// canonicalIn reports whether guess is the least of its orbit under g and
// the free relabelling of fresh and dead symbols; relabel only uses the
// latter (the position permutations are skipped).
func (g *group) canonicalIn(guess Code, length int, fresh, dead uint16, positions bool) bool {
	x := guess
	if x.Set()&(fresh|dead) != 0 && relabelFree(x, length, fresh, dead) != x {
		return false
	}
	if !positions {
		return true
	}
	for k := 1; k < len(g.perms); k++ {
		y := relabelFree(g.perms[k].apply(x, length), length, fresh, dead)
		if lessCode(y, x, length) {
			return false
		}
	}
	return true
}

// canonicalOf returns the least member of guess's orbit.
func (g *group) canonicalOf(guess Code, length int, fresh, dead uint16) Code {
	best := relabelFree(guess, length, fresh, dead)
	for k := 1; k < len(g.perms); k++ {
		if y := relabelFree(g.perms[k].apply(guess, length), length, fresh, dead); lessCode(y, best, length) {
			best = y
		}
	}
	return best
}

// relabelFree renames the fresh symbols of c in order of first appearance
// to the smallest fresh symbols, and the dead ones likewise among the dead.
func relabelFree(c Code, length int, fresh, dead uint16) Code {
	var mapTo [MaxSymbols]int8
	for i := range mapTo {
		mapTo[i] = -1
	}
	nextFresh, nextDead := fresh, dead
	var out Code
	for i := 0; i < length; i++ {
		s := c.Symbol(i)
		bit := uint16(1) << s
		if (fresh|dead)&bit != 0 {
			if mapTo[s] < 0 {
				var t int
				if fresh&bit != 0 {
					t = lowestBit(nextFresh)
					nextFresh &^= 1 << t
				} else {
					t = lowestBit(nextDead)
					nextDead &^= 1 << t
				}
				mapTo[s] = int8(t)
			}
			s = int(mapTo[s])
		}
		out |= Code(s)<<(symbolBits*i) | 1<<(maskShift+s)
	}
	return out
}

func lowestBit(x uint16) int { return bits.TrailingZeros16(x) }

// lessCode compares two codes symbol by symbol, leftmost first.
func lessCode(a, b Code, length int) bool {
	for i := 0; i < length; i++ {
		x, y := a.Symbol(i), b.Symbol(i)
		if x != y {
			return x < y
		}
	}
	return false
}

// setKey is an order-independent fingerprint of a set of codes: two sums
// of two independent mixes, so a set's key needs no sorting.
type setKey struct{ a, b uint64 }

func mixA(c Code) uint64 {
	x := uint64(c&(1<<maskShift-1)) * 0x9E3779B97F4A7C15
	x ^= x >> 29
	x *= 0xBF58476D1CE4E5B9
	return x ^ x>>32
}

func mixB(c Code) uint64 {
	x := uint64(c&(1<<maskShift-1))*0xD6E8FEB86659FD93 + 0x632BE59BD9B4E019
	x ^= x >> 31
	x *= 0x94D049BB133111EB
	return x ^ x>>29
}

func keyOf(codes []Code) setKey {
	var k setKey
	for _, c := range codes {
		k.a += mixA(c)
		k.b += mixB(c)
	}
	return k
}

// canonicalKey is the least key of the images of codes under the group's
// elements: equivalent sets reached by different paths share it.
func (g *group) canonicalKey(codes []Code, length int) setKey {
	best := keyOf(codes)
	for k := 1; k < len(g.perms); k++ {
		p := &g.perms[k]
		var key setKey
		for _, c := range codes {
			y := p.apply(c, length)
			key.a += mixA(y)
			key.b += mixB(y)
		}
		if key.a < best.a || key.a == best.a && key.b < best.b {
			best = key
		}
	}
	return best
}

// canonicalPool returns the canonical guesses of pool, cached.
func (g *group) canonicalPool(sp *space, pool codeList, fresh, dead uint16, positions bool) codeList {
	key := uint64(fresh)<<16 | uint64(dead)
	if positions {
		key |= 1 << 32
	}
	if l, ok := g.lists[key]; ok {
		return l
	}
	var l codeList
	for i, c := range pool.codes {
		if g.canonicalIn(c, sp.length, fresh, dead, positions) {
			l.codes = append(l.codes, c)
			if sp.repeats {
				l.counts = append(l.counts, pool.counts[i])
			}
		}
	}
	if g.lists == nil {
		g.lists = map[uint64]codeList{}
	}
	g.lists[key] = l
	return l
}
