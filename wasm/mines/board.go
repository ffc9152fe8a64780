//go:build js && wasm

package mines

import (
	"math"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
)

// minesBoard draws a Minesweeper board as a grid of cells (role=grid,
// one role=gridcell element per square) with a roving tabindex, so the
// keyboard and screen readers reach every cell. The cells are transparent:
// the loader's painter (web/minesboard.js) draws them on canvas tiles
// beneath, from a draw code per cell. It knows nothing of the rules: it
// shows what it is given (a letter per cell) and reports what the reader
// did to which cell. A change redraws only the cells whose look changed,
// so a move on a 100×100 board costs what it reveals.
//
// Cell letters: 'H' hidden, 'F' flag, '0'–'8' revealed; at the end of a
// game '*' a mine, 'X' the mine that went off, 'W' a wrong flag.
type minesBoard struct {
	f      *frame.Frame
	name   string // the handler prefix, so two boards never share handlers
	w, h   int
	grid   dom.Element // role=grid
	scroll dom.Element // the scrolling box around the grid
	box    dom.Element // the board as the page places it: the zoom buttons and scroll
	cells  []js.Value  // the cells fetched so far (the zero Value: not yet)
	view   []byte
	prob   []float64 // per cell, NaN where none is shown
	// probShown says some cell has a probability: clearing a board
	// with none is free.
	probShown bool
	look      []string // the class each cell has now
	label     []string // the aria-label each cell has now
	code      []string // the draw code each cell has now (see compute)
	pct       []string // the data-p each cell has now
	marks     map[int]string
	// probLabels keeps the labels of hidden cells with a percentage
	// ("Hidden, 12% chance of a mine") by percentage, for the hidden
	// cell's name probName: the heat map on a big board labels thousands
	// of cells with a few dozen.
	probLabels map[string]string
	probName   string
	heat       bool
	safeMarks  bool // without the heat map, certain cells are still marked
	cursor     int  // the cell with tabindex 0

	// act is called with the cell and what the reader did: "reveal",
	// "flag", or a key ("0"–"8", "h" hidden) typed on it.
	act func(i int, what string)
	// hover is called with the cell under the pointer or focus (-1: none).
	hover func(i int)

	// patch collects the cell changes of one update, painted by one call
	// to paint, the loader's kibitzPaintCells (see web/minesboard.js; the
	// loader gives it to the page's Go before it starts).
	patch []byte
	paint js.Value

	pressTimer *time.Timer
	pressFired bool // a long press flagged: the click that follows is not a reveal
}

func newMinesBoard(f *frame.Frame, name string, act func(int, string), hover func(int)) *minesBoard {
	b := &minesBoard{f: f, name: name, act: act, hover: hover, marks: map[int]string{}}
	b.paint = js.Global().Get("kibitzPaintCells")
	b.scroll = el("div", cls("kz-mines-scroll"))
	// One handler takes every event on the grid, by type.
	var tpl strings.Builder
	tpl.WriteString(`<div class="kz-mines-grid" role="grid" aria-label="@mines.board"`)
	for _, typ := range []string{"click", "contextmenu", "keydown", "pointerdown", "pointerup", "pointercancel", "mouseover", "mouseout", "focusin"} {
		tpl.WriteString(` data-on-` + typ + `="` + name + `"`)
	}
	tpl.WriteString(`></div>`)
	(&minesWidget{f: f}).fill(b.scroll, tpl.String(), nil)
	b.grid = b.scroll.QuerySelector(".kz-mines-grid")
	f.Handle(name, b.event)
	// The painter sizes the cells to the width the board has; the zoom
	// buttons (and Ctrl + wheel, which the painter handles) scale that.
	b.box = el("div", cls("kz-mines-board"))
	(&minesWidget{f: f}).fill(b.box, `<div class="kz-mines-zoom" role="group" aria-label="@mines.zoom">`+
		`<button type="button" data-by="-1" aria-label="@mines.zoom-out" title="@mines.zoom-out" data-on-click="`+name+`.zoom">−</button>`+
		`<button type="button" data-by="1" aria-label="@mines.zoom-in" title="@mines.zoom-in" data-on-click="`+name+`.zoom">+</button></div>`, nil)
	// The view frames the scroll box, and fades the edges where the board
	// goes on (the painter says which, in its data-more).
	view := el("div", cls("kz-mines-view"))
	view.AppendChild(b.scroll)
	b.box.AppendChild(view)
	f.Handle(name+".zoom", func(_ dom.Event, t dom.Element) { b.zoom(t.GetAttribute("data-by") == "1") })
	return b
}

// minesZoomSteps are the zooms the buttons step through; web/minesboard.js
// (Ctrl + wheel) steps through the same.
var minesZoomSteps = []float64{0.5, 0.6, 0.75, 0.9, 1, 1.25, 1.5, 1.75, 2}

// zoom makes the cells a step larger or smaller than the size that fits.
func (b *minesBoard) zoom(in bool) {
	at := 4 // 1: the size that fits
	if z, err := strconv.ParseFloat(b.scroll.GetAttribute("data-zoom"), 64); err == nil {
		for i, s := range minesZoomSteps {
			if s == z {
				at = i
			}
		}
	}
	if in {
		at = min(at+1, len(minesZoomSteps)-1)
	} else {
		at = max(at-1, 0)
	}
	b.scroll.SetAttribute("data-zoom", strconv.FormatFloat(minesZoomSteps[at], 'f', -1, 64))
	b.showZoomLimits(at)
	if b.cells != nil {
		b.paint.Invoke(b.grid.Underlying(), b.w, "") // the painter fits the cells anew
	}
}

// showZoomLimits marks the zoom button that can go no further (at is the
// step of minesZoomSteps shown) as unavailable: it was pressed there to no
// effect, and nothing said why. aria-disabled, not disabled: the focus
// stays on the button pressed, where the next Enter does nothing, rather
// than falling to the page or moving to the other button, whose Enter
// would zoom back. web/minesboard.js marks them the same after Ctrl +
// wheel.
func (b *minesBoard) showZoomLimits(at int) {
	for _, btn := range b.box.QuerySelectorAll(".kz-mines-zoom [data-by]") {
		end := at == len(minesZoomSteps)-1
		if btn.GetAttribute("data-by") != "1" {
			end = at == 0
		}
		if end {
			btn.SetAttribute("aria-disabled", "true")
		} else {
			btn.RemoveAttribute("aria-disabled")
		}
	}
}

// event handles what the reader does on the grid.
func (b *minesBoard) event(ev dom.Event, _ dom.Element) {
	typ := ev.Underlying().Get("type").String() // not ev.Type(): that keeps every dom type's Type method in the module
	i := b.cellOf(ev)
	switch {
	case typ == "pointerup" || typ == "pointercancel":
		b.cancelPress()
	case typ == "mouseout":
		b.hover(b.focused())
	case i < 0:
	case typ == "click":
		b.moveCursor(i, false)
		if b.pressFired {
			b.pressFired = false
			return
		}
		b.act(i, "reveal")
	case typ == "contextmenu":
		ev.PreventDefault()
		if b.pressFired { // the long press has flagged already
			return
		}
		b.cancelPress()
		b.pressFired = ev.Underlying().Get("pointerType").String() == "touch"
		b.moveCursor(i, false)
		b.act(i, "flag")
	case typ == "pointerdown":
		b.pressFired = false
		b.cancelPress()
		if ev.Underlying().Get("pointerType").String() == "mouse" {
			return
		}
		// A long press flags, for fingers and pens.
		b.pressTimer = b.f.After(450*time.Millisecond, func() {
			b.pressTimer = nil
			b.pressFired = true
			b.moveCursor(i, false)
			b.act(i, "flag")
		})
	case typ == "mouseover":
		b.hover(i)
	case typ == "focusin":
		b.moveCursor(i, false)
		b.hover(i)
	case typ == "keydown":
		b.key(ev)
	}
}

func (b *minesBoard) cancelPress() {
	if b.pressTimer != nil {
		b.pressTimer.Stop()
		b.pressTimer = nil
	}
}

// cellOf returns the cell an event happened on, or -1.
func (b *minesBoard) cellOf(ev dom.Event) int {
	t := ev.Target()
	if t == nil {
		return -1
	}
	c := t.Closest("[data-i]")
	if c == nil {
		return -1
	}
	i, err := strconv.Atoi(c.GetAttribute("data-i"))
	if err != nil || i < 0 || i >= len(b.view) {
		return -1
	}
	return i
}

// focused returns the cell that has the focus, or -1.
func (b *minesBoard) focused() int {
	active := b.f.Root().Underlying().Get("activeElement")
	if active.IsNull() || active.IsUndefined() {
		return -1
	}
	if i, err := strconv.Atoi(active.Call("getAttribute", "data-i").String()); err == nil && i < len(b.view) {
		return i
	}
	return -1
}

// setSize lays out a board of w×h hidden cells, if it is not that size
// already.
func (b *minesBoard) setSize(w, h int) {
	if w == b.w && h == b.h && b.cells != nil {
		return
	}
	b.w, b.h = w, h
	n := w * h
	b.view = make([]byte, n)
	b.prob = make([]float64, n)
	b.probShown = false
	b.look = make([]string, n)
	b.label = make([]string, n)
	b.code = make([]string, n)
	b.pct = make([]string, n)
	b.marks = map[int]string{}
	b.cursor = 0
	hidden := b.f.T("mines.cell-hidden")
	hiddenAttr := htmlEscape(hidden) // as written into the markup below
	// One innerHTML for the whole board: ten thousand cells built one
	// call at a time would take a noticeable while.
	var s strings.Builder
	s.Grow(n * 90)
	for y := 0; y < h; y++ {
		s.WriteString(`<div class="kz-mines-row" role="row">`)
		for x := 0; x < w; x++ {
			i := y*w + x
			b.view[i], b.prob[i], b.look[i], b.code[i], b.label[i] = 'H', math.NaN(), "kz-mines-cell kz-mines-h", "H", hidden
			s.WriteString(`<div role="gridcell" class="kz-mines-cell kz-mines-h" data-i="`)
			s.WriteString(strconv.Itoa(i))
			s.WriteString(`" tabindex="`)
			if i == 0 {
				s.WriteString("0")
			} else {
				s.WriteString("-1")
			}
			s.WriteString(`" aria-label="`)
			s.WriteString(hiddenAttr)
			s.WriteString(`"></div>`)
		}
		s.WriteString(`</div>`)
	}
	s.WriteString(`<div class="kz-mines-tiles" aria-hidden="true"></div>`) // the painter's canvases
	g := b.grid.Underlying()
	dom.SetHTML(g, s.String())
	b.grid.SetAttribute("aria-rowcount", strconv.Itoa(h))
	b.grid.SetAttribute("aria-colcount", strconv.Itoa(w))
	b.cells = make([]js.Value, n)
	b.paint.Invoke(g, w, "") // the painter takes on the new board
}

// show draws view (a letter per cell), redrawing only what changed.
func (b *minesBoard) show(view []byte) {
	for i := range min(len(view), len(b.view)) {
		if view[i] != b.view[i] {
			b.view[i] = view[i]
			b.redraw(i)
		}
	}
	b.flush()
}

// showProb sets the probabilities shown on hidden cells (NaN: none); nil
// clears them all. A cell is redrawn only when what it shows changes:
// after a move on a big board most hidden cells' odds move a little, and
// few of them by a whole percent.
func (b *minesBoard) showProb(prob []float64) {
	if prob == nil && !b.probShown {
		return // nothing to clear: the usual case, with the heat map off
	}
	b.probShown = prob != nil
	b.update(func(i int) bool {
		p := math.NaN()
		if prob != nil && i < len(prob) {
			p = prob[i]
		}
		same := sameShown(p, b.prob[i])
		b.prob[i] = p
		return !same
	})
}

// sameShown reports whether two probabilities (NaN: none) look alike on a
// cell: the same percentage (and so certainty) and heat-map step.
func sameShown(p, q float64) bool {
	if math.IsNaN(p) || math.IsNaN(q) {
		return math.IsNaN(p) && math.IsNaN(q)
	}
	return minesPercent(p) == minesPercent(q) && math.Round(p*10) == math.Round(q*10) // "0" and "100" only when certain
}

// update applies change to every cell (it reports whether the cell
// changed) and redraws the cells that changed, and only those.
func (b *minesBoard) update(change func(i int) bool) {
	for i := range b.view {
		if change(i) {
			b.redraw(i)
		}
	}
	b.flush()
}

// flush paints the changes redraw collected, in one call.
func (b *minesBoard) flush() {
	if len(b.patch) > 0 {
		b.paint.Invoke(b.grid.Underlying(), b.w, string(b.patch))
		b.patch = b.patch[:0]
	}
}

// setHeat switches the heat-map colours on or off.
func (b *minesBoard) setHeat(on bool) {
	b.heat = on
	toggleClass(b.grid, "kz-mines-heat", on)
	b.update(func(int) bool { return true })
}

// setSafeMarks switches the safe-squares overlay on or off: with the heat
// map off, certain cells still show their tick or "!".
func (b *minesBoard) setSafeMarks(on bool) {
	b.safeMarks = on
	b.update(func(int) bool { return true })
}

// mark puts a marker class on some cells (the hint, a conflict), taking it
// off every other cell.
func (b *minesBoard) mark(class string, cells []int) {
	for i, c := range b.marks {
		if c == class {
			delete(b.marks, i)
			b.redraw(i)
		}
	}
	for _, i := range cells {
		if i >= 0 && i < len(b.view) {
			b.marks[i] = class
			b.redraw(i)
		}
	}
	b.flush()
}

// redraw brings one cell's class, draw code, label and shown percentage
// up to date: it adds what changed to the patch flush paints.
func (b *minesBoard) redraw(i int) {
	if i >= len(b.cells) {
		return
	}
	look, code, label, pct := b.compute(i)
	if look == b.look[i] && code == b.code[i] && label == b.label[i] && pct == b.pct[i] {
		return
	}
	if len(b.patch) > 0 {
		b.patch = append(b.patch, '\x1e')
	}
	b.patch = strconv.AppendInt(b.patch, int64(i), 10)
	for _, f := range [...]struct{ now, was *string }{{&look, &b.look[i]}, {&code, &b.code[i]}, {&pct, &b.pct[i]}, {&label, &b.label[i]}} {
		b.patch = append(b.patch, '\x1f')
		if *f.now == *f.was {
			b.patch = append(b.patch, '\x15') // unchanged
		} else {
			b.patch = append(b.patch, *f.now...)
			*f.was = *f.now
		}
	}
}

// rows returns the grid's rows, a live HTMLCollection.
func (b *minesBoard) rows() js.Value { return b.grid.Underlying().Get("children") }

// compute returns what cell i should look like: its class (which the
// tests, the marks and the hover read), its draw code for the painter,
// its label and its shown percentage. A draw code is the cell's letter,
// then on the heat map its probability step 'a'–'k' (0–100% in tens),
// then 's' when it is certainly safe or 'm' when it is certainly a mine.
func (b *minesBoard) compute(i int) (look, code, label, pct string) {
	ch, p := b.view[i], b.prob[i]
	code = string(ch)
	switch {
	case ch == 'H':
		look, label = "kz-mines-cell kz-mines-h", b.f.T("mines.cell-hidden")
	case ch == 'F':
		look, label = "kz-mines-cell kz-mines-f", b.f.T("mines.cell-flag")
	case ch == '*':
		look, label = "kz-mines-cell kz-mines-mine", b.f.T("mines.cell-mine")
	case ch == 'X':
		look, label = "kz-mines-cell kz-mines-mine kz-mines-blast", b.f.T("mines.cell-blast")
	case ch == 'W':
		look, label = "kz-mines-cell kz-mines-f kz-mines-wrong", b.f.T("mines.cell-wrong")
	case ch == '0':
		look, label = minesOpenClass[0], b.f.T("mines.cell-empty")
	case ch >= '1' && ch <= '8':
		look, label = minesOpenClass[ch-'0'], string(ch)
	default: // not a letter a board holds
		look, label = "kz-mines-cell kz-mines-open", string(ch)
	}
	if ch == 'H' && !math.IsNaN(p) {
		pct = minesPercent(p)
		step := int(math.Round(p * 10))
		look = minesHeatClass[step]
		sure := ""
		switch {
		case p == 0:
			look += " kz-mines-safe"
			sure = "s"
		case p == 1:
			look += " kz-mines-sure"
			sure = "m"
		}
		switch {
		case b.heat:
			code = minesHeatCode[step] + sure
		case b.safeMarks && sure != "":
			code = "H" + sure // a hidden tile with the mark
		}
		if label != b.probName { // the first, or the language changed
			b.probName, b.probLabels = label, map[string]string{}
		}
		if b.probLabels[pct] == "" {
			b.probLabels[pct] = b.f.T("mines.cell-prob", label, pct)
		}
		label = b.probLabels[pct]
	}
	if m := b.marks[i]; m != "" {
		look += " " + m
		if m == "kz-mines-hint" {
			label = b.f.T("mines.cell-hinted", label)
		}
	}
	return look, code, label, pct
}

// The classes and draw codes of the cells whose look depends on a number,
// made once, not per cell: an opening shows hundreds of numbers and a big
// board's heat map thousands of steps. minesOpenClass is an open cell's
// class by its number; minesHeatClass and minesHeatCode are a hidden
// cell's class and draw code at each heat-map step. (Slices of strings,
// not an array of structs, which would bring its own equality code into
// the module.)
var minesOpenClass, minesHeatClass, minesHeatCode = func() (open, class, code []string) {
	for n := range 9 {
		open = append(open, "kz-mines-cell kz-mines-open kz-mines-n"+strconv.Itoa(n))
	}
	for step := range 11 {
		class = append(class, "kz-mines-cell kz-mines-h kz-mines-q"+strconv.Itoa(step))
		code = append(code, "H"+string(rune('a'+step)))
	}
	return open, class, code
}()

// cell returns cell i's element, fetching it the first time: a board of
// ten thousand cells does not fetch them all up front.
func (b *minesBoard) cell(i int) js.Value {
	if b.cells[i].IsUndefined() {
		b.cells[i] = b.rows().Index(i / b.w).Get("children").Index(i % b.w)
	}
	return b.cells[i]
}

// minesPercent writes a probability as the percentage shown on a cell:
// whole percents, with 0 and 100 kept for certainty (a 0.3% risk is "<1",
// not "0").
func minesPercent(p float64) string {
	switch {
	case p <= 0:
		return "0"
	case p >= 1:
		return "100"
	case p < 0.01:
		return "<1"
	case p > 0.99:
		return ">99"
	}
	return strconv.Itoa(int(math.Round(p * 100)))
}

// moveCursor makes cell i the one Tab reaches (and focuses it when asked).
func (b *minesBoard) moveCursor(i int, focusIt bool) {
	if i < 0 || i >= len(b.cells) {
		return
	}
	if i != b.cursor {
		if b.cursor < len(b.cells) {
			b.cell(b.cursor).Call("setAttribute", "tabindex", "-1")
		}
		b.cursor = i
		b.cell(i).Call("setAttribute", "tabindex", "0")
	}
	if focusIt {
		b.cell(i).Call("focus")
	}
}

// showCell scrolls the board's box, and only it, so that cell i is in
// view clear of the edge fades: centred, when it was not. The page does
// not move (the reader is at the button that asked), and a cell in view
// stays where it is.
func (b *minesBoard) showCell(i int) {
	if i < 0 || i >= len(b.cells) {
		return
	}
	s := b.scroll.Underlying()
	cw, ch := s.Get("clientWidth").Float(), s.Get("clientHeight").Float()
	if cw == 0 || ch == 0 {
		return // not on screen
	}
	c, r := b.cell(i).Call("getBoundingClientRect"), s.Call("getBoundingClientRect")
	left := c.Get("left").Float() - r.Get("left").Float() - s.Get("clientLeft").Float()
	top := c.Get("top").Float() - r.Get("top").Float() - s.Get("clientTop").Float()
	w, h := c.Get("width").Float(), c.Get("height").Float()
	const fade = 28 // the edge fades' width (scroll-padding in mines.css)
	x, y := s.Get("scrollLeft").Float(), s.Get("scrollTop").Float()
	moved := false
	if left < fade || left+w > cw-fade {
		x, moved = x+left+w/2-cw/2, true
	}
	if top < fade || top+h > ch-fade {
		y, moved = y+top+h/2-ch/2, true
	}
	if moved {
		s.Call("scrollTo", map[string]any{"left": max(x, 0), "top": max(y, 0)})
	}
}

// scrollAt is where the board's box is scrolled to: left, top.
func (b *minesBoard) scrollAt() [2]float64 {
	s := b.scroll.Underlying()
	return [2]float64{s.Get("scrollLeft").Float(), s.Get("scrollTop").Float()}
}

// key moves around the grid with the arrows, Home, End, Page Up and Page
// Down (Ctrl+Home and Ctrl+End for the corners); Enter and Space reveal
// (or chord a number), F flags, and digits and H are passed on for
// editing.
func (b *minesBoard) key(ev dom.Event) {
	i := b.cellOf(ev)
	if i < 0 {
		return
	}
	e := ev.Underlying()
	if e.Get("altKey").Bool() || e.Get("metaKey").Bool() {
		return
	}
	ctrl := e.Get("ctrlKey").Bool()
	x, y := i%b.w, i/b.w
	key := e.Get("key").String()
	switch key {
	case "ArrowLeft":
		x = max(x-1, 0)
	case "ArrowRight":
		x = min(x+1, b.w-1)
	case "ArrowUp":
		y = max(y-1, 0)
	case "ArrowDown":
		y = min(y+1, b.h-1)
	case "Home":
		x = 0
		if ctrl {
			y = 0
		}
	case "End":
		x = b.w - 1
		if ctrl {
			y = b.h - 1
		}
	case "PageUp":
		y = max(y-8, 0)
	case "PageDown":
		y = min(y+8, b.h-1)
	case "Enter", " ":
		ev.PreventDefault()
		b.act(i, "reveal")
		return
	case "f", "F":
		ev.PreventDefault()
		b.act(i, "flag")
		return
	case "F2", "n", "N": // a new game, in Play mode
		if ctrl {
			return
		}
		ev.PreventDefault()
		b.act(i, "restart")
		return
	default:
		if ctrl {
			return
		}
		k := strings.ToLower(key)
		if (len(k) == 1 && k[0] >= '0' && k[0] <= '8') || k == "h" || k == "?" || k == "." || k == "backspace" || k == "delete" {
			if k == "?" || k == "." || k == "backspace" || k == "delete" {
				k = "h"
			}
			ev.PreventDefault()
			b.act(i, k)
		}
		return
	}
	ev.PreventDefault()
	b.moveCursor(y*b.w+x, true)
}

// viewOf turns .mine text (a WxHxM line, then a row of letters per line)
// into a letter per cell: 'H', 'F' or a digit. It only reads what the
// engine wrote; the engine checked it.
func viewOf(board string, w, h int) []byte {
	view := make([]byte, w*h)
	for i := range view {
		view[i] = 'H'
	}
	lines := strings.Split(board, "\n")
	for y := 0; y < h && y+1 < len(lines); y++ {
		row := lines[y+1]
		for x := 0; x < w && x < len(row); x++ {
			view[y*w+x] = row[x]
		}
	}
	return view
}

// probOf is the engine's probabilities as one value per cell of a w×h
// board, NaN where there is none (a revealed cell, or no analysis).
func probOf(p frame.Floats, w, h int) []float64 {
	if p.Width == w && len(p.Values) == w*h {
		return p.Values
	}
	prob := make([]float64, w*h)
	for i := range prob {
		prob[i] = math.NaN()
	}
	return prob
}
