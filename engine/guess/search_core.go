package guess

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"time"

	"kibitz/engine/progress"
)

// This file holds the hot loops every strategy shares: scoring one guess
// against a flat list of codes into a histogram indexed by class, and the
// summary figures of that histogram. Nothing here allocates per score.

// space is what the hot loops need to know about the rules.
type space struct {
	rules   *Rules
	length  int
	symbols int
	repeats bool
	nibbles uint64  // mask of the packed symbol nibbles
	classes []class // the feedback classes that can occur, ascending
	win     class
}

func newSpace(r *Rules) *space {
	sp := &space{
		rules:   r,
		length:  r.Length,
		symbols: r.Symbols(),
		repeats: r.Repeats,
		nibbles: 1<<(symbolBits*r.Length) - 1,
		win:     Feedback{A: r.Length}.class(),
	}
	for a := 0; a <= r.Length; a++ {
		for b := 0; a+b <= r.Length; b++ {
			if r.Allows(Feedback{A: a, B: b}) {
				sp.classes = append(sp.classes, Feedback{A: a, B: b}.class())
			}
		}
	}
	return sp
}

// codeList is a flat list of codes with, when repeats are allowed, their
// packed symbol counts alongside (scoring with repeats needs both sides'
// counts, and computing them per score would dominate).
type codeList struct {
	codes  []Code
	counts []uint64 // nil without repeats
}

func (sp *space) list(codes []Code) codeList {
	l := codeList{codes: codes}
	if sp.repeats {
		l.counts = make([]uint64, len(codes))
		for i, c := range codes {
			l.counts[i] = c.counts(sp.length)
		}
	}
	return l
}

func (l codeList) len() int { return len(l.codes) }

// hist counts codes per feedback class. It has room for 128 classes so
// that the hot loops can mask the index instead of checking its bounds.
type hist [histSize]int32

const histSize = 128 // a power of two above numClasses

// fill scores every code of l against guess into h, which must be zero on
// entry for the classes of sp.
func (sp *space) fill(h *hist, guess Code, l codeList) {
	g := guess
	nib := sp.nibbles
	n := sp.length
	if !sp.repeats {
		// class = 10·A + common, where common = A + B.
		gs := uint64(g.Set())
		for _, c := range l.codes {
			x := uint64(c^g) & nib
			x |= x >> 1
			x |= x >> 2
			a := n - bits.OnesCount64(x&lowNibbles)
			common := bits.OnesCount64(uint64(c>>maskShift) & gs)
			h[(a*(classStride-1)+common)&(histSize-1)]++
		}
		return
	}
	gc := g.counts(n)
	for i, c := range l.codes {
		x := uint64(c^g) & nib
		x |= x >> 1
		x |= x >> 2
		a := n - bits.OnesCount64(x&lowNibbles)
		common := commonCount(gc, l.counts[i])
		h[(a*(classStride-1)+common)&(histSize-1)]++
	}
}

// rightPlace counts the positions where two codes agree (the A of the
// feedback), for one pair outside the unrolled histogram loops.
func (sp *space) rightPlace(g, c Code) int {
	x := uint64(c^g) & sp.nibbles
	x |= x >> 1
	x |= x >> 2
	return sp.length - bits.OnesCount64(x&lowNibbles)
}

// scoreOne scores one code against a guess, outside the hot loops.
func (sp *space) scoreOne(guess, code Code) class {
	a := sp.rightPlace(guess, code)
	var common int
	if sp.repeats {
		common = commonCount(guess.counts(sp.length), code.counts(sp.length))
	} else {
		common = bits.OnesCount16(code.Set() & guess.Set())
	}
	return class(a*(classStride-1) + common)
}

// stats summarises a histogram. The sums are over the non-empty classes.
type stats struct {
	n      int32   // codes scored
	worst  int32   // largest class
	parts  int32   // non-empty classes
	win    int32   // size of the win class: 1 when the guess is among the codes
	sumSq  int64   // Σ|c|²
	entSum float64 // Σ|c|·log2|c|
}

// summarise reads h into stats and clears it for the next guess.
func (sp *space) summarise(h *hist) stats {
	s := stats{win: h[sp.win]}
	for _, c := range sp.classes {
		k := h[c]
		if k == 0 {
			continue
		}
		h[c] = 0
		s.n += k
		s.parts++
		s.sumSq += int64(k) * int64(k)
		s.entSum += xlog2x(k)
		if k > s.worst {
			s.worst = k
		}
	}
	return s
}

func (s stats) entropy() float64 {
	if s.n == 0 {
		return 0
	}
	n := float64(s.n)
	return math.Log2(n) - s.entSum/n
}

func (s stats) expected() float64 {
	if s.n == 0 {
		return 0
	}
	return float64(s.sumSq) / float64(s.n)
}

// xlogTable holds k·log2(k) for the class sizes met most (32 KB).
var xlogTable = func() []float64 {
	t := make([]float64, 4096)
	for i := 1; i < len(t); i++ {
		t[i] = float64(i) * math.Log2(float64(i))
	}
	return t
}()

func xlog2x(k int32) float64 {
	if int(k) < len(xlogTable) {
		return xlogTable[k]
	}
	return float64(k) * math.Log2(float64(k))
}

// errBudget stops a search whose time budget ran out; Suggest turns it into
// the best guess found so far with Complete false.
var errBudget = errors.New("guess: suggestion budget exhausted")

// meter counts work (one unit is about one score), and every
// checkInterval units checks the context and the deadline and reports
// progress. Searches call add after each piece of work and stop as soon
// as it returns false; err then says why.
type meter struct {
	ctx      context.Context
	deadline time.Time
	progress progress.Func
	note     string
	base     int64 // work when the current phase started
	total    int64 // units the current phase expects; 0 when unknown

	// The perfect search counts its progress in guesses tried at the root
	// (see steps), as its units of work have no total known in advance.
	stepsDone, stepsTotal int64

	work       int64 // units done
	next       int64 // work at which to check next
	lastReport time.Time
	err        error // context error, or errBudget
}

const checkInterval = 1 << 15

func newMeter(ctx context.Context, budget time.Duration, f progress.Func) *meter {
	now := time.Now()
	return &meter{ctx: ctx, deadline: now.Add(budget), progress: f, next: checkInterval, lastReport: now, note: "searching"}
}

// add records n units of work and reports whether to go on.
func (m *meter) add(n int) bool {
	m.work += int64(n)
	if m.work < m.next {
		return m.err == nil
	}
	return m.check()
}

func (m *meter) check() bool {
	m.next = m.work + checkInterval
	letCollectorRun()
	if m.err != nil {
		return false
	}
	if err := m.ctx.Err(); err != nil {
		m.err = err
		return false
	}
	now := time.Now()
	if !now.Before(m.deadline) {
		m.err = errBudget
		return false
	}
	if m.progress != nil && now.Sub(m.lastReport) >= time.Millisecond/2 {
		m.lastReport = now
		if m.stepsTotal > 0 {
			m.progress(m.stepsDone, m.stepsTotal, m.note)
			return true
		}
		done := m.work - m.base
		if m.total > 0 && done > m.total {
			done = m.total
		}
		m.progress(done, m.total, m.note)
	}
	return true
}

// steps sets the progress reported from now on: done of total steps.
func (m *meter) steps(done, total int64) { m.stepsDone, m.stepsTotal = done, total }

// ok reports whether the search may go on.
func (m *meter) ok() bool { return m.err == nil }

// phase starts a new phase of work with its own note and expected total.
func (m *meter) phase(note string, total int64) {
	m.note = note
	m.base = m.work
	m.total = total
	if m.err == nil {
		m.check()
	}
}
