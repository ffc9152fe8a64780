//go:build js && wasm

package guess

import (
	"strconv"
	"strings"
	"time"

	"kibitz/engine/guess"
	"kibitz/wasm/dom"
)

// The answer picker: a grid of the answers the game allows, one button
// per feedback (rows by A, columns by B or by A + B: pickColumns), so an
// impossible answer such as 3A1B, or A + B above the length, cannot be
// given. When B follows from A the grid is one row of A counts. It is
// a radio group with a roving tabindex: arrows move, digits pick
// directly ("12" is 1A2B), Enter answers. Mastermind's answers are
// drawn as black and white key pegs.
//
// The chosen counts also sit in two hidden form fields (#kz-comp-a,
// #kz-comp-b), which scripts may set; a change there moves the choice.

type answerPicker struct {
	m     *compMode
	grid  dom.Element
	aIn   dom.Element
	bIn   dom.Element
	typed string    // digits typed so far, for "12" = 1A2B
	at    time.Time // when the last digit was typed
}

// pick is one allowed answer.
type pick struct{ a, b int }

func newAnswerPicker(m *compMode) *answerPicker {
	f := m.w.f
	p := &answerPicker{m: m}
	p.grid = el("div", cls("kz-picker"), attr("role", "radiogroup"), attr("id", "kz-comp-picker"),
		attr("aria-label", f.T("comp.picker")), on("keydown", "comp.pick-key"))
	p.aIn = el("input", attr("type", "hidden"), attr("id", "kz-comp-a"), attr("name", "a"), on("change", "comp.draft"))
	p.bIn = el("input", attr("type", "hidden"), attr("id", "kz-comp-b"), attr("name", "b"), on("change", "comp.draft"))
	f.Handle("comp.pick", func(_ dom.Event, t dom.Element) {
		a, _ := strconv.Atoi(t.GetAttribute("data-a"))
		b, _ := strconv.Atoi(t.GetAttribute("data-b"))
		p.choose(a, b, true)
	})
	f.Handle("comp.pick-key", func(ev dom.Event, _ dom.Element) { p.key(ev) })
	return p
}

// allowed lists the answers the rules allow, A then B ascending.
func allowedAnswers(r guess.Rules) []pick {
	var list []pick
	for a := 0; a <= r.Length; a++ {
		for b := 0; a+b <= r.Length; b++ {
			if r.ImpliedB() && a+b != r.Length {
				continue
			}
			if r.Allows(guess.Feedback{A: a, B: b}) {
				list = append(list, pick{a, b})
			}
		}
	}
	return list
}

// chosen returns the current choice, if it is an allowed answer.
func (p *answerPicker) chosen(r guess.Rules) (pick, bool) {
	st := p.m.state()
	a, errA := strconv.Atoi(st.DraftA)
	b, errB := strconv.Atoi(st.DraftB)
	if errA != nil {
		return pick{}, false
	}
	if r.ImpliedB() {
		b, errB = r.Length-a, nil
	}
	if errB != nil || !r.Allows(guess.Feedback{A: a, B: b}) {
		return pick{}, false
	}
	return pick{a, b}, true
}

// render draws the grid for r, marking the choice.
func (p *answerPicker) render(r guess.Rules) {
	w := p.m.w
	list := allowedAnswers(r)
	current, ok := p.chosen(r)
	// The grid is drawn anew: a focus in it goes to the new grid's
	// choice, not to the page's body with the old cell.
	focused := w.f.FocusIn(p.grid)
	replace(p.grid)
	p.grid.SetAttribute("data-implied", strconv.FormatBool(r.ImpliedB()))
	col, cols := pickColumns(list)
	setStyle(p.grid, "--kz-cols: "+strconv.Itoa(cols))
	for i, c := range list {
		selected := ok && c == current
		tabindex := "-1"
		if selected || (!ok && i == 0) {
			tabindex = "0"
		}
		cell := el("button", attr("type", "button"), cls("kz-pick"), attr("role", "radio"),
			attr("aria-checked", strconv.FormatBool(selected)), attr("tabindex", tabindex),
			data("a", strconv.Itoa(c.a)), data("b", strconv.Itoa(c.b)), on("click", "comp.pick"),
			attr("aria-label", w.feedbackText(r, c.a, c.b)), attr("title", w.feedbackText(r, c.a, c.b)))
		if !r.ImpliedB() {
			setStyle(cell, "grid-row: "+strconv.Itoa(c.a+1)+"; grid-column: "+strconv.Itoa(col(c)))
		}
		if r.Terms == guess.TermsPegs {
			cell.AppendChild(keyPegs(r.Length, c.a, c.b))
		} else {
			cell.AppendChild(pickLabel(w.shortFeedback(r, c.a, c.b), w.f.T("terms."+string(r.Terms)+".short-a", c.a)))
		}
		p.grid.AppendChild(cell)
	}
	a, b := "", ""
	if ok {
		a, b = strconv.Itoa(current.a), strconv.Itoa(current.b)
	}
	setInputValue(p.aIn, a)
	setInputValue(p.bIn, b)
	if focused {
		p.focus()
	}
}

// pickColumns places the answers in the grid's columns: by B, or, when
// every answer has at least one symbol in common with the secret (a
// long code from few symbols: 1A2B with 7 digits of 10 has 4 at least),
// by A + B, the symbols in common. By B such a game's answers are a
// narrow band across a wide grid: 1A2B with 9 digits drew 2 answers a
// row in 10 columns, and at 320 px most of them sat past the edge, to
// scroll to; by A + B it is 2 columns. It returns each answer's column
// (from 1) and the number of columns.
func pickColumns(list []pick) (func(pick) int, int) {
	lo, hi, maxB := -1, 0, 0
	for _, c := range list {
		if lo < 0 || c.a+c.b < lo {
			lo = c.a + c.b
		}
		hi = max(hi, c.a+c.b)
		maxB = max(maxB, c.b)
	}
	if lo <= 0 {
		return func(c pick) int { return c.b + 1 }, maxB + 1
	}
	return func(c pick) int { return c.a + c.b - lo + 1 }, hi - lo + 1
}

// pickLabel writes an answer on its button, whole on one line when there
// is room, else as its two counts on two lines ("0A" over "2B"): a
// narrow cell (a long code's grid at 320 px) broke it anywhere, "0A2"
// over "B", and Chinese "0公2" over "母". aPart is the first count alone
// as the language writes it, which begins the answer in every language.
func pickLabel(text, aPart string) dom.Element {
	rest, ok := strings.CutPrefix(text, aPart)
	if !ok || aPart == "" || rest == "" {
		return el("span", cls("kz-pick-part"), text)
	}
	return el("span", el("span", cls("kz-pick-part"), aPart), el("wbr"), el("span", cls("kz-pick-part"), rest))
}

// keyPegs draws an answer as Mastermind key pegs: black for each right
// colour in the right place, white for each right colour elsewhere, and
// an empty hole for the rest.
func keyPegs(n, a, b int) dom.Element {
	box := el("span", cls("kz-keypegs"), attr("aria-hidden", "true"))
	for i := 0; i < n; i++ {
		kind := "kz-key-none"
		switch {
		case i < a:
			kind = "kz-key-black"
		case i < a+b:
			kind = "kz-key-white"
		}
		box.AppendChild(el("span", cls("kz-key "+kind)))
	}
	return box
}

// choose selects an answer, saves it as the draft and, when asked, moves
// the focus onto it.
func (p *answerPicker) choose(a, b int, focusIt bool) {
	m := p.m
	_, r, err := m.rules()
	if err != nil {
		return
	}
	if r.ImpliedB() {
		b = r.Length - a
	}
	if !r.Allows(guess.Feedback{A: a, B: b}) {
		return
	}
	st := m.state()
	if st.Conflict != nil && (st.DraftA != strconv.Itoa(a) || st.DraftB != strconv.Itoa(b)) {
		m.clearConflict() // the note was of the answer chosen before
	}
	st.DraftA, st.DraftB = strconv.Itoa(a), strconv.Itoa(b)
	m.w.save()
	p.render(r)
	if focusIt {
		p.focus()
	}
}

// focus puts the focus on the chosen answer, or the first one.
func (p *answerPicker) focus() {
	if cell := p.grid.QuerySelector(`[tabindex="0"]`); cell != nil {
		focus(cell)
	}
}

// key handles the keyboard inside the grid.
func (p *answerPicker) key(ev dom.Event) {
	m := p.m
	_, r, err := m.rules()
	if err != nil {
		return
	}
	if m.undoKey(ev) {
		return
	}
	k := ev.Underlying().Get("key").String()
	list := allowedAnswers(r)
	if len(list) == 0 {
		return
	}
	cur, ok := p.chosen(r)
	if t := ev.Target(); t != nil && t.HasAttribute("data-a") { // the focused cell, if any
		a, _ := strconv.Atoi(t.GetAttribute("data-a"))
		b, _ := strconv.Atoi(t.GetAttribute("data-b"))
		cur, ok = pick{a, b}, true
	}
	at := 0
	for i, c := range list {
		if ok && c == cur {
			at = i
		}
	}
	move := func(i int) {
		ev.PreventDefault()
		p.typed = ""
		i = max(0, min(len(list)-1, i))
		p.choose(list[i].a, list[i].b, true)
	}
	// Up and down move between A rows, to the nearest column.
	col, _ := pickColumns(list)
	row := func(dir int) {
		c := list[at]
		best, bestDist := -1, 1<<30
		for i, x := range list {
			if x.a != c.a+dir {
				continue
			}
			if d := absInt(col(x) - col(c)); d < bestDist {
				best, bestDist = i, d
			}
		}
		if best < 0 {
			ev.PreventDefault()
			return
		}
		move(best)
	}
	switch {
	case k == "ArrowRight":
		move(at + 1)
	case k == "ArrowLeft":
		move(at - 1)
	case k == "ArrowDown":
		if r.ImpliedB() {
			move(at + 1)
		} else {
			row(1)
		}
	case k == "ArrowUp":
		if r.ImpliedB() {
			move(at - 1)
		} else {
			row(-1)
		}
	case k == "Home":
		move(0)
	case k == "End":
		move(len(list) - 1)
	case k == "Enter":
		ev.PreventDefault()
		if ok {
			p.choose(cur.a, cur.b, false)
		}
		m.w.f.Go(func() { m.answer() })
	case len(k) == 1 && k[0] >= '0' && k[0] <= '9':
		ev.PreventDefault()
		p.digit(r, int(k[0]-'0'))
	case k == "Backspace" || k == "Escape":
		p.typed = ""
	}
}

// digit takes one typed digit: in a game with B, the first is A and the
// second B ("12" is 1A2B); when B is implied, the digits are A ("1" then
// "0" is 10 in a 10-symbol game).
func (p *answerPicker) digit(r guess.Rules, d int) {
	if time.Since(p.at) > 1500*time.Millisecond {
		p.typed = ""
	}
	p.at = time.Now()
	p.typed += strconv.Itoa(d)
	if r.ImpliedB() {
		if len(p.typed) == 2 {
			if n, _ := strconv.Atoi(p.typed); n <= r.Length {
				p.typed = ""
				p.choose(n, r.Length-n, true)
				return
			}
			p.typed = strconv.Itoa(d)
		}
		if d*10 > r.Length {
			p.typed = "" // no second digit can follow
		}
		p.choose(d, r.Length-d, true)
		return
	}
	if len(p.typed) == 2 {
		a := int(p.typed[0] - '0')
		p.typed = ""
		if r.Allows(guess.Feedback{A: a, B: d}) {
			p.choose(a, d, true)
			return
		}
		if a == 1 && d == 0 && r.Length >= 10 { // "10": ten in place
			p.choose(10, 0, true)
			return
		}
		p.typed = strconv.Itoa(d) // a new answer starts
	}
	// One digit so far: A, with the smallest B it allows.
	for _, c := range allowedAnswers(r) {
		if c.a == d {
			p.choose(c.a, c.b, true)
			return
		}
	}
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
