package mines

import (
	"errors"
	"math"
	"slices"
	"sync"
)

// Counting one component. Its groups are assigned one at a time in an order
// that closes constraints early. A state is the sum already placed on
// each open constraint (4 bits a slot, 64 slots); assignments reaching the
// same state have the same completions, so they are merged, and a state
// carries a vector: the weighted number of ways to reach it per number of
// mines placed so far. A group of size s given v mines weighs C(s, v),
// times e^(tilt·v) when the counter is tilted (see counter.tilt).
//
// Beside the weights, every state carries a bit set of the mine counts
// that reach it at all. Weights are float64 and may underflow on a big
// component; the bits cannot, so feasibility, and with it every certain
// cell and every contradiction, is decided by the bits alone.

// maxSlots is the most constraints that can be open at once.
const maxSlots = 64

var errTooWide = errors.New("mines: a component is too wide to count")

type stateKey [4]uint64

func (k stateKey) get(slot uint8) int { return int(k[slot>>4]>>((slot&15)*4)) & 15 }

func (k *stateKey) add(slot uint8, v int) { k[slot>>4] += uint64(v) << ((slot & 15) * 4) }

func (k stateKey) hash() uint64 {
	return (k[0]*0x9E3779B97F4A7C15 ^ k[1]*0xC2B2AE3D27D4EB4F ^ k[2]*0x165667B19E3779F9 ^ k[3]*0x27D4EB2F165667C5) >> 17
}

func (k *stateKey) clear(slot uint8) { k[slot>>4] &^= 15 << ((slot & 15) * 4) }

// stepCon is one constraint of the group assigned at a step.
type stepCon struct {
	slot     uint8
	target   int
	capAfter int  // cells of this constraint in groups assigned later
	closes   bool // this step assigns its last group
}

type transition struct {
	from, to int32
	v        int32
	ways     float64
}

// layer is the states between two steps, with their forward vectors.
// Its states' vectors and bit sets are records in the counter's stores,
// from first (forward) and backFirst (backward) on.
type layer struct {
	keys             []stateKey
	lo, hi           []int32 // the least and most mines that reach each state
	first, backFirst int
}

type step struct {
	g      int32
	size   int
	cons   []stepCon
	trans  []transition // from a state of layers[i] to one of layers[i+1]
	weight [9]float64   // the weight of giving the group v mines: C(size, v)·e^(tilt·v)
}

// counter counts one component.
type counter struct {
	p      *problem
	groups []int32 // in assignment order
	steps  []step
	layers []layer              // layers[i] precedes steps[i]
	stride int                  // mine counts 0..stride-1
	words  int                  // uint64 words in a bit set of stride bits
	exact  bool                 // every forward weight is an integer below 2^53
	scale  int                  // the true totals are total()[k]·2^scale·e^(-tilt·k)
	tick   func(work int) error // called with the work done since the last call (vector entries)
	table  stateTable

	// tilt multiplies the weight of each mine by e^tilt. A big component's
	// counts span more than float64's range (C(2000, 1000) is about
	// 2^1995); tilting toward the board's density keeps the counts that
	// matter near the largest, so only counts that weigh nothing next to
	// them underflow. 0 keeps the weights integers, for exact counts.
	tilt float64

	// Per state of every layer: the forward weights (stride of them, one
	// per mine count) and the bit set of counts that reach it; the
	// backward weights, and the bit set of counts from which a solution of
	// the whole board follows.
	vec, back    records[float64]
	fbits, bbits records[uint64]

	// mem is the memory the analysis may still give to partial states,
	// shared by its components; used is what this counter holds of it.
	mem  *memBudget
	used int64

	// Buffers for plan.
	conLists [][]int32
	done     []bool
	order    []int32
	queue    []int
}

var counters = sync.Pool{New: func() any { return new(counter) }}

// newCounter takes a counter from the pool, with its buffers. mem is the
// memory budget it draws on (nil: a budget of its own, DefaultMemory).
func newCounter(p *problem, tick func(int) error, mem *memBudget) *counter {
	c := counters.Get().(*counter)
	if mem == nil {
		mem = newMemBudget(0)
	}
	c.p, c.tick, c.mem, c.used, c.tilt = p, tick, mem, 0, 0
	return c
}

// keepBuffers is the most memory a pooled counter keeps for the next
// analysis (an analysis takes one counter per component, so there may be
// hundreds); a counter that grew past it lets its buffers go, so one huge
// analysis does not hold its memory for the life of the engine.
const keepBuffers = 1 << 20

// release returns c to the pool.
func (c *counter) release() {
	c.mem.give(c.used)
	if c.retained() > keepBuffers {
		*c = counter{}
	}
	c.p, c.tick, c.mem, c.used = nil, nil, nil, 0
	counters.Put(c)
}

// retained is the memory c's buffers hold, in bytes: those of the steps
// and layers past the current plan's too, which a bigger plan left.
func (c *counter) retained() int64 {
	n := int64(len(c.table.keys))*(32+4+4) + c.vec.bytes() + c.back.bytes() + c.fbits.bytes() + c.bbits.bytes()
	for _, l := range c.layers[:cap(c.layers)] {
		n += int64(cap(l.keys))*32 + int64(cap(l.lo)+cap(l.hi))*4
	}
	for _, st := range c.steps[:cap(c.steps)] {
		n += int64(cap(st.trans))*24 + int64(cap(st.cons))*24
	}
	return n
}

// DefaultMemory is the memory an analysis may give to partial states when
// the options set none. Past it the analysis stops, incomplete (too-wide),
// rather than take the page's worker down.
const DefaultMemory = 256 << 20

// memBudget is the memory left to an analysis for partial states. One
// analysis runs on one goroutine, so it needs no lock.
type memBudget struct{ left int64 }

func newMemBudget(bytes int64) *memBudget {
	if bytes <= 0 {
		bytes = DefaultMemory
	}
	return &memBudget{left: bytes}
}

func (m *memBudget) give(n int64) { m.left += n }

// bytesPerState is what one partial state costs: its key, its count range,
// its forward and backward vectors and bit sets, and its share of the hash
// table (about two slots of 40 bytes).
func (c *counter) bytesPerState() int64 {
	return 32 + 8 + 16*int64(c.stride) + 16*int64(c.words) + 80
}

const bytesPerTransition = 24

// binom[n][k] for n ≤ 8.
var binom [9][9]float64

func init() {
	for n := 0; n <= 8; n++ {
		binom[n][0] = 1
		for k := 1; k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}
}

// plan orders the groups and lays out the slots. cons are the component's
// constraints (or a subset of them, when looking for a conflict's core);
// groups are the groups they touch.
func (c *counter) plan(groups []int32, cons []int32) error {
	p := c.p
	for _, ci := range cons {
		p.cIn[ci] = true
	}
	defer func() {
		for _, ci := range cons {
			p.cIn[ci] = false
		}
	}()
	c.conLists = resize(c.conLists, len(groups))
	conLists := c.conLists
	for i, g := range groups {
		conLists[i] = p.groups[g].cons
		for _, ci := range conLists[i] {
			if !p.cIn[ci] { // a subset: keep only its constraints
				var out []int32
				for _, cj := range p.groups[g].cons {
					if p.cIn[cj] {
						out = append(out, cj)
					}
				}
				conLists[i] = out
				break
			}
		}
	}
	order, err := c.greedyOrder(groups, conLists, cons)
	if err != nil {
		return err
	}
	// On big components also try sweeping the board by rows and by
	// columns, and keep the order with the fewest constraints open at once.
	if len(groups) > 24 {
		width := openWidth(p, order, cons)
		for _, byRows := range []bool{true, false} {
			sweep := slices.Clone(groups)
			slices.SortStableFunc(sweep, func(a, b int32) int {
				pa, pb := p.b.Point(int(p.groups[a].cells[0])), p.b.Point(int(p.groups[b].cells[0]))
				if !byRows {
					pa.X, pa.Y, pb.X, pb.Y = pa.Y, pa.X, pb.Y, pb.X
				}
				if pa.Y != pb.Y {
					return pa.Y - pb.Y
				}
				return pa.X - pb.X
			})
			if w := openWidth(p, sweep, cons); w < width {
				order, width = sweep, w
			}
		}
	}
	c.groups = append(c.groups[:0], order...)
	cells := 0
	for i, g := range order {
		cells += len(p.groups[g].cells)
		p.gPos[g] = int32(i)
	}
	c.stride = cells + 1
	c.words = (c.stride + 63) / 64
	// First and last step of each constraint, then slots.
	for _, ci := range cons {
		f, l := int32(len(order)), int32(-1)
		for _, g := range p.cons[ci].groups {
			f, l = min(f, p.gPos[g]), max(l, p.gPos[g])
		}
		p.cFirst[ci], p.cLast[ci] = f, l
	}
	var freeBuf [maxSlots]uint8
	free := freeBuf[:0]
	next := uint8(0)
	if cap(c.steps) < len(order) {
		c.steps = append(c.steps[:cap(c.steps)], make([]step, len(order)-cap(c.steps))...)
	}
	c.steps = c.steps[:len(order)]
	for i, g := range order {
		st := &c.steps[i]
		st.g, st.size, st.cons = g, len(p.groups[g].cells), st.cons[:0]
		for _, ci := range p.groups[g].cons {
			if !p.cIn[ci] {
				continue
			}
			if p.cFirst[ci] == int32(i) {
				if len(free) > 0 {
					p.cSlot[ci], free = free[len(free)-1], free[:len(free)-1]
				} else {
					if next == maxSlots {
						return errTooWide
					}
					p.cSlot[ci] = next
					next++
				}
			}
			capAfter := 0
			for _, h := range p.cons[ci].groups {
				if p.gPos[h] > int32(i) {
					capAfter += len(p.groups[h].cells)
				}
			}
			st.cons = append(st.cons, stepCon{slot: p.cSlot[ci], target: p.cons[ci].target, capAfter: capAfter, closes: p.cLast[ci] == int32(i)})
		}
		for _, sc := range st.cons {
			if sc.closes {
				free = append(free, sc.slot)
			}
		}
	}
	return nil
}

// greedyOrder orders groups to keep few constraints open at once: next is
// the group on the open border that opens the fewest new constraints net
// of those it closes, then the one with most constraints already open,
// starting from a group at one end of the component.
func (c *counter) greedyOrder(groups []int32, conLists [][]int32, cons []int32) ([]int32, error) {
	p := c.p
	for _, ci := range cons {
		p.cTouched[ci] = false
		p.cLeft[ci] = int32(len(p.cons[ci].groups))
	}
	start := c.peripheral(groups, conLists)
	for i, g := range groups {
		p.gPos[g] = int32(i)
	}
	c.done = resize(c.done, 2*len(groups))
	done, onBorder := c.done[:len(groups)], c.done[len(groups):]
	border := c.queue[:0] // groups not done next to an open constraint
	order := c.order[:0]
	for n := range groups {
		if c.tick != nil && len(groups) > 64 {
			if err := c.tick(len(border) + 1); err != nil {
				return nil, err
			}
		}
		// The candidates: the open border, or every group left when there
		// is none (at the start, or between separate parts of a subset).
		best, bestDelta, bestOpen := -1, 0, 0
		consider := func(i int) {
			open, delta := 0, 0
			for _, ci := range conLists[i] {
				if p.cTouched[ci] {
					open++
				} else {
					delta++
				}
				if p.cLeft[ci] == 1 {
					delta--
				}
			}
			if best < 0 || delta < bestDelta || (delta == bestDelta && (open > bestOpen || open == bestOpen && i < best)) {
				best, bestDelta, bestOpen = i, delta, open
			}
		}
		switch {
		case n == 0:
			best = start
		case len(border) > 0:
			for _, i := range border {
				consider(i)
			}
		default:
			for i := range groups {
				if !done[i] {
					consider(i)
				}
			}
		}
		done[best] = true
		if onBorder[best] {
			k := slices.Index(border, best)
			border[k] = border[len(border)-1]
			border = border[:len(border)-1]
		}
		order = append(order, groups[best])
		for _, ci := range conLists[best] {
			p.cTouched[ci] = true
			p.cLeft[ci]--
			for _, h := range p.cons[ci].groups {
				if k := int(p.gPos[h]); !done[k] && !onBorder[k] {
					onBorder[k] = true
					border = append(border, k)
				}
			}
		}
	}
	c.order, c.queue = order, border
	return order, nil
}

// openWidth is the most constraints open at once when groups are assigned
// in this order.
func openWidth(p *problem, order []int32, cons []int32) int {
	for i, g := range order {
		p.gPos[g] = int32(i)
	}
	delta := make([]int, len(order)+1)
	for _, ci := range cons {
		f, l := len(order), -1
		for _, g := range p.cons[ci].groups {
			f, l = min(f, int(p.gPos[g])), max(l, int(p.gPos[g]))
		}
		delta[f]++
		delta[l+1]--
	}
	open, width := 0, 0
	for _, d := range delta {
		open += d
		width = max(width, open)
	}
	return width
}

// peripheral returns the index in groups of a group far from the others
// (the last one reached by a breadth-first walk from the first), a good
// start for a walk along a border.
func (c *counter) peripheral(groups []int32, conLists [][]int32) int {
	p := c.p
	if len(groups) <= 2 {
		return 0
	}
	for i, g := range groups {
		p.gPos[g] = int32(i)
	}
	c.done = resize(c.done, len(groups))
	seen := c.done
	queue := append(c.queue[:0], 0)
	seen[0] = true
	last := 0
	for h := 0; h < len(queue); h++ {
		i := queue[h]
		last = i
		for _, ci := range conLists[i] {
			for _, h := range p.cons[ci].groups {
				if j := p.gPos[h]; !seen[j] {
					seen[j] = true
					queue = append(queue, int(j))
				}
			}
		}
	}
	c.queue = queue
	return last
}

// forward fills the layers and transitions. It reports whether any
// solution exists. Past the memory budget it stops with errTooWide.
func (c *counter) forward() (bool, error) {
	n := len(c.steps)
	if cap(c.layers) < n+1 {
		c.layers = make([]layer, n+1)
	}
	c.layers = c.layers[:n+1]
	for i := range c.layers {
		l := &c.layers[i]
		l.keys, l.lo, l.hi = l.keys[:0], l.lo[:0], l.hi[:0]
	}
	c.vec.reset(c.stride)
	c.fbits.reset(c.words)
	c.mem.give(c.used) // a second run (a new tilt) reuses the first's memory
	c.used = 0
	defer func() { c.mem.left -= c.used }()
	stateBytes := c.bytesPerState()
	for i := range c.steps {
		st := &c.steps[i]
		for v := 0; v <= st.size; v++ {
			st.weight[v] = binom[st.size][v]
			if c.tilt != 0 {
				st.weight[v] *= math.Exp(c.tilt * float64(v))
			}
		}
	}
	l0 := &c.layers[0]
	l0.keys = append(l0.keys, stateKey{})
	l0.lo, l0.hi = append(l0.lo, 0), append(l0.hi, 0)
	l0.first = 0
	c.vec.add()[0] = 1
	c.fbits.add()[0] = 1
	c.exact, c.scale = c.tilt == 0, 0
	work := 0
	for i := range c.steps {
		st := &c.steps[i]
		cur, nxt := &c.layers[i], &c.layers[i+1]
		st.trans = st.trans[:0]
		nxt.first = c.vec.n
		c.table.reset(len(cur.keys) * 2)
		for from, key := range cur.keys {
			if work += 1 + int(cur.hi[from]-cur.lo[from]); work > 4096 && c.tick != nil {
				if err := c.tick(work); err != nil {
					return false, err
				}
				work = 0
			}
			lo, hi := 0, st.size
			for _, sc := range st.cons {
				need := sc.target - key.get(sc.slot)
				hi = min(hi, need)
				lo = max(lo, need-sc.capAfter)
			}
			for v := lo; v <= hi; v++ {
				nk := key
				for _, sc := range st.cons {
					if sc.closes {
						nk.clear(sc.slot)
					} else {
						nk.add(sc.slot, v)
					}
				}
				to, fresh := c.table.index(nk, int32(len(nxt.keys)))
				if fresh {
					if c.used += stateBytes; c.used > c.mem.left {
						return false, errTooWide
					}
					nxt.keys = append(nxt.keys, nk)
					nxt.lo = append(nxt.lo, math.MaxInt32)
					nxt.hi = append(nxt.hi, -1)
					c.vec.add()
					c.fbits.add()
				}
				if c.used += bytesPerTransition; c.used > c.mem.left {
					return false, errTooWide
				}
				w := st.weight[v]
				st.trans = append(st.trans, transition{int32(from), to, int32(v), w})
				src := c.vec.at(cur.first + from)
				dst := c.vec.at(nxt.first + int(to))
				flo, fhi := int(cur.lo[from]), int(cur.hi[from])
				if fhi >= flo {
					sv := src[flo : fhi+1]
					dv := dst[flo+v : fhi+v+1]
					dv = dv[:len(sv)]
					for k, x := range sv {
						dv[k] += w * x
					}
					orShiftLeft(c.fbits.at(nxt.first+int(to)), c.fbits.at(cur.first+from), uint(v), flo>>6, fhi>>6)
				}
				nxt.lo[to] = min(nxt.lo[to], int32(flo+v))
				nxt.hi[to] = max(nxt.hi[to], int32(fhi+v))
			}
		}
		if c.tick != nil {
			if err := c.tick(work); err != nil {
				return false, err
			}
			work = 0
		}
		if len(nxt.keys) == 0 {
			return false, nil
		}
		hi, e := normalizeRecords(&c.vec, nxt.first, c.vec.n)
		c.scale += e
		c.exact = c.exact && e == 0 && hi < 1<<53
	}
	return true, nil
}

// orShiftLeft sets dst |= src << s for s < 64, reading src's words wlo..whi
// (the others are zero). A bit shifted past whi lands in the next word,
// which exists: counts never pass the component's cells.
func orShiftLeft(dst, src []uint64, s uint, wlo, whi int) {
	if s == 0 {
		for w := wlo; w <= whi; w++ {
			dst[w] |= src[w]
		}
		return
	}
	var carry uint64
	for w := wlo; w <= whi; w++ {
		x := src[w]
		dst[w] |= x<<s | carry
		carry = x >> (64 - s)
	}
	if carry != 0 {
		dst[whi+1] |= carry
	}
}

// shiftRightMeets sets dst |= (src >> s) on words wlo..whi and reports
// whether (src >> s) & mask is nonzero there, for s < 64.
func shiftRightMeets(dst, src, mask []uint64, s uint, wlo, whi int) bool {
	meets := false
	for w := wlo; w <= whi; w++ {
		x := src[w] >> s
		if s != 0 && w+1 < len(src) {
			x |= src[w+1] << (64 - s)
		}
		dst[w] |= x
		if x&mask[w] != 0 {
			meets = true
		}
	}
	return meets
}

// normalize rescales weights by a power of two when the largest leaves
// [2^-256, 2^256]; scaling by a power of two is exact, and probabilities
// are ratios of weights scaled alike. It returns the largest weight before
// scaling and the exponent e the weights were multiplied by 2^-e with.
func normalize(vec []float64) (float64, int) {
	hi := largest(0, vec)
	e := rescaleExponent(hi)
	if e != 0 {
		scaleBy(vec, math.Ldexp(1, -e))
	}
	return hi, e
}

// largest returns the larger of hi and every weight in vec.
func largest(hi float64, vec []float64) float64 {
	for _, x := range vec {
		if x > hi {
			hi = x
		}
	}
	return hi
}

// rescaleExponent is the power of two that normalize divides weights by
// when their largest is hi: 0 while hi stays within [2^-256, 2^256].
func rescaleExponent(hi float64) int {
	if hi == 0 {
		return 0
	}
	if _, e := math.Frexp(hi); e > 256 || e < -256 {
		return e
	}
	return 0
}

func scaleBy(vec []float64, f float64) {
	for i := range vec {
		vec[i] *= f
	}
}

// total is the component's weight per mine count (forward must have found
// solutions).
func (c *counter) total() []float64 {
	return c.vec.at(c.layers[len(c.steps)].first)
}

// support is the bit set of the mine counts the component's numbers allow
// (forward must have found solutions).
func (c *counter) support() []uint64 {
	return c.fbits.at(c.layers[len(c.steps)].first)
}

// tiltAbove is the most cells (plus one) a component may have and still
// be counted untilted: its counts then stay below 2^tiltAbove, well inside
// float64's range, and exact integers when below 2^53.
const tiltAbove = 129

// logWeights returns ln of the number of placements per mine count, from
// the forward weights, their scale and the tilt: -Inf where the weight is
// zero (the count is impossible, or so light next to the others that it
// underflowed).
func (c *counter) logWeights() []float64 {
	total := c.total()
	out := make([]float64, len(total))
	for k, w := range total {
		if w > 0 {
			out[k] = math.Log(w) + float64(c.scale)*math.Ln2 - c.tilt*float64(k)
		} else {
			out[k] = math.Inf(-1)
		}
	}
	return out
}

// needsRetilt reports whether the component should be counted again at
// the board's tilt theta: a count the board allows has no weight (it
// underflowed), or the backward weights the combination asks for span
// more than float64's range on counts that matter.
func (c *counter) needsRetilt(logw []float64, allowed []uint64, joint []float64, theta float64) bool {
	lost := false
	forEachBit(allowed, func(k int) {
		if math.IsInf(logw[k], -1) {
			lost = true
		}
	})
	if lost {
		return true
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for k, j := range joint {
		if j > 1e-15 {
			lb := math.Log(j) - logw[k] - c.tilt*float64(k)
			lo, hi = min(lo, lb), max(hi, lb)
		}
	}
	return hi-lo > 600
}

// backWeights turns the probability of each count k into the backward
// weight the backward pass starts from: joint[k] over the forward weight
// of k, scaled so the largest is 1. Counts with no forward weight get
// none.
func (c *counter) backWeights(joint []float64) []float64 {
	total := c.total()
	out := make([]float64, len(total))
	top := math.Inf(-1)
	for k, w := range total {
		if w > 0 && joint[k] > 0 {
			out[k] = math.Log(joint[k]) - math.Log(w)
			top = max(top, out[k])
		} else {
			out[k] = math.Inf(-1)
		}
	}
	for k, x := range out {
		out[k] = math.Exp(x - top)
	}
	return out
}

// marginals runs the backward pass. back[k] is the weight of the rest of
// the board given k mines in this component, over the forward weight's
// units; allowed is the bit set of the counts k that some solution of the
// whole board gives this component. It stores each group's probability of
// a mine per cell in prob, and in vals the values it takes in some
// solution of the whole board (bit v: v mines), which come from the bit
// sets alone.
func (c *counter) marginals(back []float64, allowed []uint64, prob []float64, vals []uint16) error {
	n := len(c.steps)
	stride, words := c.stride, c.words
	last := &c.layers[n]
	c.back.reset(stride)
	c.bbits.reset(words)
	last.backFirst = 0
	copy(c.back.add(), back)
	copy(c.bbits.add(), allowed)
	work := 0
	for i := n - 1; i >= 0; i-- {
		st := &c.steps[i]
		cur, nxt := &c.layers[i], &c.layers[i+1]
		cur.backFirst = c.back.n
		for range cur.keys {
			c.back.add()
			c.bbits.add()
		}
		z, m := 0.0, 0.0
		var mask uint16
		for _, t := range st.trans {
			from, to, v := int(t.from), int(t.to), int(t.v)
			if work += 1 + int(cur.hi[from]-cur.lo[from]); work > 4096 && c.tick != nil {
				if err := c.tick(work); err != nil {
					return err
				}
				work = 0
			}
			fv := c.vec.at(cur.first + from)
			bn := c.back.at(nxt.backFirst + to)
			bc := c.back.at(cur.backFirst + from)
			s := 0.0
			if lo, hi := int(cur.lo[from]), int(cur.hi[from]); hi >= lo {
				fs, bcs := fv[lo:hi+1], bc[lo:hi+1]
				bns := bn[lo+v : hi+v+1]
				bcs, bns = bcs[:len(fs)], bns[:len(fs)]
				for k, f := range fs {
					b := bns[k]
					bcs[k] += t.ways * b
					s += f * b
				}
				if shiftRightMeets(c.bbits.at(cur.backFirst+from), c.bbits.at(nxt.backFirst+to), c.fbits.at(cur.first+from), uint(v), lo>>6, hi>>6) {
					mask |= 1 << v
				}
			}
			if s > 0 {
				s *= t.ways
				z += s
				m += s * float64(v)
			}
		}
		prob[st.g] = 0
		if z > 0 {
			prob[st.g] = m / (z * float64(st.size))
		}
		vals[st.g] = mask
		normalizeRecords(&c.back, cur.backFirst, c.back.n)
		if c.tick != nil {
			if err := c.tick(work); err != nil {
				return err
			}
			work = 0
		}
	}
	return nil
}

// stateTable maps state keys to their index in the next layer: open
// addressing, cleared by bumping a generation.
type stateTable struct {
	keys []stateKey
	idx  []int32
	gen  []uint32
	cur  uint32
	mask uint64
}

func (t *stateTable) reset(hint int) {
	size := 16
	for size < 2*hint {
		size <<= 1
	}
	if len(t.keys) < size {
		t.keys = make([]stateKey, size)
		t.idx = make([]int32, size)
		t.gen = make([]uint32, size)
		t.cur = 0
	}
	t.mask = uint64(len(t.keys) - 1)
	t.cur++
	if t.cur == 0 {
		clear(t.gen)
		t.cur = 1
	}
}

// index returns the index of k, inserting it as next when absent.
func (t *stateTable) index(k stateKey, next int32) (int32, bool) {
	if int(next)*2 >= len(t.keys) {
		t.grow()
	}
	h := k.hash()
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		if t.gen[i] != t.cur {
			t.gen[i], t.keys[i], t.idx[i] = t.cur, k, next
			return next, true
		}
		if t.keys[i] == k {
			return t.idx[i], false
		}
	}
}

func (t *stateTable) grow() {
	old := *t
	n := len(old.keys) * 2
	t.keys, t.idx, t.gen = make([]stateKey, n), make([]int32, n), make([]uint32, n)
	t.cur, t.mask = 1, uint64(n-1)
	for i := range old.keys {
		if old.gen[i] == old.cur {
			h := old.keys[i].hash()
			for j := h & t.mask; ; j = (j + 1) & t.mask {
				if t.gen[j] != t.cur {
					t.gen[j], t.keys[j], t.idx[j] = t.cur, old.keys[i], old.idx[i]
					break
				}
			}
		}
	}
}
