package guess

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// The opening book holds best's first moves for the preset games, where the
// candidates are many and the search is slow. It was computed by this
// package's own search with larger limits (SearchBook, bookConfig), by
//
//	go run ./scripts/bench book
//
// which writes book_data.go. A book is keyed by the shape of the rules
// (length, alphabet size, repeats), so Bulls and Cows shares 1A2B's.
//
// A history is looked up with its symbols relabelled in order of first
// appearance (the first guess becomes 0123..., new symbols of later
// guesses take the next labels), so any opening equivalent to the book's
// by a renaming of symbols is found. A book move's new symbols are the
// labels past those of the history; they map back to the unused symbols,
// smallest first, which are interchangeable.

// bookTable is the book of one shape of rules.
type bookTable struct {
	length, symbols int
	repeats         bool
	depth           int               // the book's play wins every game within this many guesses
	moves           map[string]string // relabelled history → guess, in symbol indexes
}

func findBook(sp *space) *bookTable {
	for i := range bookTables {
		b := &bookTables[i]
		if b.length == sp.length && b.symbols == sp.symbols && b.repeats == sp.repeats {
			return b
		}
	}
	return nil
}

// bookDepth returns the worst-case game length the book was built for.
func bookDepth(sp *space) (int, bool) {
	if b := findBook(sp); b != nil && b.depth > 0 {
		return b.depth, true
	}
	return 0, false
}

// relabelling maps the symbols of a history to labels in order of first
// appearance.
type relabelling struct {
	label  [MaxSymbols]int8 // symbol → label, -1 when unused
	symbol [MaxSymbols]int8 // label → symbol
	next   int              // labels used
}

func newRelabelling(turns []Turn, length int) *relabelling {
	rl := &relabelling{}
	for i := range rl.label {
		rl.label[i] = -1
	}
	for _, t := range turns {
		for i := 0; i < length; i++ {
			s := t.Guess.Symbol(i)
			if rl.label[s] < 0 {
				rl.label[s] = int8(rl.next)
				rl.symbol[rl.next] = int8(s)
				rl.next++
			}
		}
	}
	return rl
}

// historyKey writes the turns in book form: "0123 0A1B,1456 0A2B".
func historyKey(turns []Turn, length int, rl *relabelling) string {
	var b strings.Builder
	for j, t := range turns {
		if j > 0 {
			b.WriteByte(',')
		}
		for i := 0; i < length; i++ {
			b.WriteByte(hexDigit(int(rl.label[t.Guess.Symbol(i)])))
		}
		fmt.Fprintf(&b, " %dA%dB", t.Feedback.A, t.Feedback.B)
	}
	return b.String()
}

func hexDigit(x int) byte { return "0123456789abcdef"[x] }

// bookMove returns the book's guess at the position, if any.
func (f *frame) bookMove() (Code, bool) {
	b := findBook(f.sp)
	if b == nil {
		return 0, false
	}
	rl := newRelabelling(f.pos.Turns, f.sp.length)
	text, ok := b.moves[historyKey(f.pos.Turns, f.sp.length, rl)]
	if !ok || len(text) != f.sp.length {
		return 0, false
	}
	// Fresh labels map to the unused symbols, smallest first.
	var unused []int
	for s := 0; s < f.sp.symbols; s++ {
		if rl.label[s] < 0 {
			unused = append(unused, s)
		}
	}
	symbols := make([]int, f.sp.length)
	for i := range symbols {
		l, err := strconv.ParseUint(text[i:i+1], 16, 8)
		if err != nil {
			return 0, false
		}
		switch {
		case int(l) < rl.next:
			symbols[i] = int(rl.symbol[l])
		case int(l)-rl.next < len(unused):
			symbols[i] = unused[int(l)-rl.next]
		default:
			return 0, false
		}
	}
	g := MakeCode(symbols)
	if !f.sp.rules.Valid(g) {
		return 0, false
	}
	return g, true
}

// BookLine is one move of an opening book: a history in relabelled symbol
// indexes ("0123 0A1B,1456 0A2B"; empty at the start) and the guess to play.
type BookLine struct {
	History string
	Guess   string
}

// SearchBook computes an opening book for rules: best's move, searched with
// the book's large limits instead of a suggestion's, at the start and after
// each answer to its own moves, for the first moves moves, and one move
// further where at least deepenAt codes remain (0: never). Those are the
// positions where a suggestion's own search would be slowest. depth is the
// number of guesses every game must be won within (0: no limit); the
// search keeps to it where it solves exactly. log, when not nil, hears of
// each line as it is found.
func SearchBook(ctx context.Context, r *Rules, moves, deepenAt, depth int, log func(BookLine)) ([]BookLine, error) {
	root, err := NewPosition(ctx, r, nil)
	if err != nil {
		return nil, err
	}
	if depth <= 0 {
		depth = noDepthLimit
	}
	var lines []BookLine
	var walk func(p *Position) error
	walk = func(p *Position) error {
		deepen := deepenAt > 0 && len(p.Candidates) >= deepenAt && len(p.Turns) == moves
		if (len(p.Turns) >= moves && !deepen) || len(p.Candidates) <= 2 {
			return nil
		}
		f := newFrame(ctx, p, SuggestOptions{}, 1<<62)
		res := f.search(bookConfig, depth-len(p.Turns))
		if f.m.err != nil {
			return f.m.err
		}
		rl := newRelabelling(p.Turns, r.Length)
		// The guess's new symbols get the next labels.
		next := rl.next
		var guess strings.Builder
		for i := 0; i < r.Length; i++ {
			s := res.guess.Symbol(i)
			if rl.label[s] < 0 {
				rl.label[s] = int8(next)
				next++
			}
			guess.WriteByte(hexDigit(int(rl.label[s])))
		}
		line := BookLine{History: historyKey(p.Turns, r.Length, newRelabelling(p.Turns, r.Length)), Guess: guess.String()}
		lines = append(lines, line)
		if log != nil {
			log(line)
		}
		sp := f.sp
		var h hist
		sp.fill(&h, res.guess, sp.list(p.Candidates))
		for _, c := range sp.classes {
			if h[c] == 0 || c == sp.win {
				continue
			}
			child, err := p.Play(ctx, res.guess, c.feedback())
			if err != nil {
				return err
			}
			if err := walk(child); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(root); err != nil {
		return nil, err
	}
	return lines, nil
}
