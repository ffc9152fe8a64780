//go:build js && wasm

package mines

import (
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"kibitz/engine/api"
	"kibitz/engine/mines"
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
	"kibitz/wasm/i18n"
)

// Analyse mode: any position, edited on the board (a brush, or keys on a
// focused cell) or as .mine text, analysed as soon as it changes. The text
// box also takes a JSMinesweeper link: an analysis= link is a position,
// loaded at once; a b= and m= link is a game, offered to play.

// minesSample is the analyser's first position: a mid-game beginner
// board with a frontier to think about.
const minesSample = `9x9x10
HHHHHHHHH
HHHHHHHHH
HHHHHHH32
HHHHH2110
HHHH21000
HHHH10000
HH3210000
HH1000000
HH1000000
`

// minesAnalyseHTML is Analyse mode's markup (see fill).
// The size fields are text with a keypad, as Play's are (see
// minesPlayHTML): a number field dropped or blanked letters typed, and a
// wheel over it changed the board.
const minesAnalyseHTML = `<div class="kz-row kz-custom"><span class="kz-pair"><label for="kz-mines-an-width">@mines.width</label><input id="kz-mines-an-width" class="kz-mines-size" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" data-on-change="mines.an-size"></span>` +
	`<span class="kz-pair"><label for="kz-mines-an-height">@mines.height</label><input id="kz-mines-an-height" class="kz-mines-size" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" data-on-change="mines.an-size"></span>` +
	`<span class="kz-pair"><label for="kz-mines-an-mines">@mines.mines</label><input id="kz-mines-an-mines" class="kz-mines-size" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" data-on-change="mines.an-size"></span>` +
	`<button type="button" data-on-click="mines.an-clear">@mines.clear</button></div>` +
	`<p class="kz-field-error" id="kz-mines-an-size-error" role="alert"></p>` +
	`<p class="kz-note">@mines.brush-help</p><div class="kz-mines-brushes" role="radiogroup" aria-label="@mines.brush" data-on-keydown="mines.an-brush-key">` +
	`<button type="button" class="kz-mines-brush" data-brush="H" role="radio" aria-checked="false" tabindex="-1" data-on-click="mines.an-brush">@mines.brush-hidden</button>` +
	`<button type="button" class="kz-mines-brush" data-brush="F" role="radio" aria-checked="false" tabindex="-1" data-on-click="mines.an-brush">⚑ @mines.brush-flag</button>` +
	`<button type="button" class="kz-mines-brush" data-brush="0" role="radio" aria-checked="false" tabindex="-1" data-on-click="mines.an-brush">0</button>` +
	`<button type="button" class="kz-mines-brush" data-brush="1" role="radio" aria-checked="false" tabindex="-1" data-on-click="mines.an-brush">1</button>` +
	`<button type="button" class="kz-mines-brush" data-brush="2" role="radio" aria-checked="false" tabindex="-1" data-on-click="mines.an-brush">2</button>` +
	`<button type="button" class="kz-mines-brush" data-brush="3" role="radio" aria-checked="false" tabindex="-1" data-on-click="mines.an-brush">3</button>` +
	`<button type="button" class="kz-mines-brush" data-brush="4" role="radio" aria-checked="false" tabindex="-1" data-on-click="mines.an-brush">4</button>` +
	`<button type="button" class="kz-mines-brush" data-brush="5" role="radio" aria-checked="false" tabindex="-1" data-on-click="mines.an-brush">5</button>` +
	`<button type="button" class="kz-mines-brush" data-brush="6" role="radio" aria-checked="false" tabindex="-1" data-on-click="mines.an-brush">6</button>` +
	`<button type="button" class="kz-mines-brush" data-brush="7" role="radio" aria-checked="false" tabindex="-1" data-on-click="mines.an-brush">7</button>` +
	`<button type="button" class="kz-mines-brush" data-brush="8" role="radio" aria-checked="false" tabindex="-1" data-on-click="mines.an-brush">8</button></div>` +
	`<b data-slot="board"></b><b data-slot="legend"></b><p class="kz-note kz-mines-readout"></p><b data-slot="busy"></b>` +
	`<p class="kz-note kz-stale-note kz-mines-stale-note" hidden>@mines.stale</p><div class="kz-mines-result"></div>` +
	`<div class="kz-mines-textbox"><h3><label for="kz-mines-text">@mines.text</label></h3><p class="kz-note">@mines.text-help</p>` +
	`<textarea id="kz-mines-text" rows="6" spellcheck="false" autocomplete="off" aria-describedby="kz-mines-text-error" data-on-input="mines.an-text" data-on-change="mines.an-text-now"></textarea>` +
	`<p class="kz-field-error" id="kz-mines-text-error" aria-live="polite"></p>` +
	`<p class="kz-note kz-mines-text-differs" aria-live="polite" hidden>@mines.text-differs <button type="button" class="kz-link" data-on-click="mines.an-write">@mines.text-write</button></p>` +
	`<div class="kz-mines-link-note" aria-live="polite"></div>` +
	`<div class="kz-row"><button type="button" data-on-click="mines.an-copy">@common.copy</button><b data-slot="copy-link"></b>` +
	`<button type="button" data-on-click="mines.an-open">@mines.file-open</button><input type="file" class="kz-mines-file" accept=".mine,.txt,text/plain" hidden data-on-change="mines.an-file">` +
	`<button type="button" data-on-click="mines.an-save">@mines.file-save</button></div></div>`

type minesAnalyser struct {
	w     *minesWidget
	f     *frame.Frame
	board *minesBoard
	b     *mines.Board // the position being edited

	text, textError, widthIn, heightIn, minesIn, result, brushes dom.Element
	sizeError                                                    dom.Element // what is wrong with the size fields
	readout, differs, staleNote                                  dom.Element
	linkNote, linkBtn                                            dom.Element // what a pasted link held; Copy JSMinesweeper link
	gameOnly                                                     bool        // the box holds a game's link, which puts no position on the board
	gameLink                                                     string      // the b= and m= link on offer

	typing   *time.Timer // the text is read when the typing pauses
	read     string      // the text last read from the box: a change event with the same text reads nothing again
	errAt    int         // where in the box the text's error is (UTF-16 units, as the box counts), or -1
	analysed string      // the text the result shows
	last     *minesAnalysis
	readAt   int // the square the line under the board describes (-1: none)
}

func newMinesAnalyser(w *minesWidget, panel dom.Element) *minesAnalyser {
	f := w.f
	a := &minesAnalyser{w: w, f: f, errAt: -1, readAt: -1}
	a.board = newMinesBoard(f, "mines.an", a.act, a.showReadout)
	a.board.setHeat(true)
	a.linkBtn = f.CopyButton("")
	a.linkBtn.Class().Add("kz-mines-copy-link")

	w.fill(panel, minesAnalyseHTML, map[string]dom.Element{
		"board": a.board.box, "legend": w.legend(), "busy": f.Lane("mines-analyse").BusyIn(), "copy-link": a.linkBtn,
	})
	q := func(sel string) dom.Element { return panel.QuerySelector(sel) }
	a.widthIn, a.heightIn, a.minesIn = q("#kz-mines-an-width"), q("#kz-mines-an-height"), q("#kz-mines-an-mines")
	a.sizeError = q("#kz-mines-an-size-error")
	a.brushes, a.text, a.textError = q(".kz-mines-brushes"), q("#kz-mines-text"), q("#kz-mines-text-error")
	a.result, a.readout, a.linkNote = q(".kz-mines-result"), q(".kz-mines-readout"), q(".kz-mines-link-note")
	a.differs, a.staleNote = q(".kz-mines-text-differs"), q(".kz-mines-stale-note")

	f.Handle("mines.an-brush", func(_ dom.Event, t dom.Element) { a.pickBrush(t.GetAttribute("data-brush"), false) })
	f.Handle("mines.an-brush-key", func(ev dom.Event, _ dom.Element) { a.brushKey(ev) })
	f.Handle("mines.an-text", func(ev dom.Event, _ dom.Element) {
		if a.typing != nil {
			a.typing.Stop()
		}
		// The raw text is kept as typed, whatever it holds, so a reload
		// brings it back.
		w.state.AnalyseText = inputValue(a.text)
		w.save()
		if ev.Underlying().Get("inputType").String() == "insertFromPaste" {
			a.readText(true) // pasted: read now, and show where any error is
			return
		}
		a.typing = a.f.After(350*time.Millisecond, func() { a.readText(false) })
	})
	f.Handle("mines.an-text-now", func(dom.Event, dom.Element) { a.readText(false) })
	f.Handle("mines.an-goto", func(dom.Event, dom.Element) { a.showErrorAt() })
	f.Handle("mines.an-open", func(dom.Event, dom.Element) { panel.QuerySelector(".kz-mines-file").Underlying().Call("click") })
	f.Handle("mines.an-file", func(_ dom.Event, t dom.Element) { a.openFile(t) })
	f.Handle("mines.an-save", func(dom.Event, dom.Element) { a.saveFile() })
	f.Handle("mines.an-write", func(dom.Event, dom.Element) {
		if a.b != nil {
			a.set(a.b, true)
			focus(a.text) // the button goes with its note: the focus goes to the text it wrote
		}
	})
	f.Handle("mines.an-size", func(dom.Event, dom.Element) { a.resize() })
	f.Handle("mines.an-clear", func(dom.Event, dom.Element) {
		a.readPending() // the board cleared is the one typed
		if a.b != nil {
			b, err := mines.NewBoard(a.b.Width, a.b.Height, a.b.Mines)
			if err == nil {
				a.edit(b)
			}
		}
	})
	f.Handle("mines.an-copy", func(_ dom.Event, t dom.Element) {
		t.SetAttribute("data-copy", inputValue(a.text))
		f.Copy(t)
	})
	f.Handle("mines.an-play-link", func(_ dom.Event, t dom.Element) {
		link := a.gameLink
		if link == "" {
			return
		}
		setDisabled(t, true)
		a.f.Go(func() {
			err := w.play.PlayLink(link)
			setDisabled(t, false)
			if err != nil {
				a.showTextError(err)
				return
			}
			w.selectMode("play", true)
		})
	})

	a.showBrush()
	// The board is the last good position; the box holds what the reader
	// left in it (a link, or text with a mistake, included).
	board, raw, size := w.state.Analyse, w.state.AnalyseText, w.state.AnalyseSize
	if strings.TrimSpace(board) == "" {
		board = minesSample
	}
	if b, err := mines.Parse(board); err == nil {
		a.set(b, true)
	}
	if strings.TrimSpace(raw) != "" && raw != inputValue(a.text) {
		setInputValue(a.text, raw)
		a.readText(false)
	}
	if len(size) == 3 {
		for i, in := range a.sizeFields() {
			setInputValue(in, size[i])
		}
		a.resize()
	}
	return a
}

func (a *minesAnalyser) sizeFields() []dom.Element {
	return []dom.Element{a.widthIn, a.heightIn, a.minesIn}
}

// shown is called when the mode is selected.
func (a *minesAnalyser) shown() {
	if a.b != nil && a.analysed != a.b.Format() {
		a.analyse()
	}
}

// load puts a position (a game's board) in the analyser.
func (a *minesAnalyser) load(text string) {
	if b, err := mines.Parse(text); err == nil {
		a.set(b, true)
	}
}

// The brushes are a radio group, one tab stop: the arrows move the
// choice along them (round from the last to the first), Home and End to
// the first and last, and the keys that set a focused square (0–8, F, H)
// pick that brush. (They were eleven buttons, eleven presses of Tab
// between the size fields and the board.)

// showBrush checks the brush chosen, the group's one tab stop. A brush
// of no button (a saved state from elsewhere) is Hidden, which it
// painted.
func (a *minesAnalyser) showBrush() {
	list := a.brushes.QuerySelectorAll("[data-brush]")
	found := false
	for _, b := range list {
		found = found || b.GetAttribute("data-brush") == a.w.state.Brush
	}
	if !found {
		a.w.state.Brush = "H"
	}
	for _, b := range list {
		on := b.GetAttribute("data-brush") == a.w.state.Brush
		b.SetAttribute("aria-checked", strconv.FormatBool(on))
		tab := "-1"
		if on {
			tab = "0"
		}
		b.SetAttribute("tabindex", tab)
	}
}

// pickBrush makes brush ("H", "F", "0"–"8") the one a click paints, and
// with moveFocus puts the focus on its button.
func (a *minesAnalyser) pickBrush(brush string, moveFocus bool) {
	a.w.state.Brush = brush
	a.showBrush()
	a.w.save()
	if moveFocus {
		if b := a.brushes.QuerySelector(`[data-brush="` + a.w.state.Brush + `"]`); b != nil {
			focus(b)
		}
	}
}

// brushKey takes a key pressed on the brushes.
func (a *minesAnalyser) brushKey(ev dom.Event) {
	e := ev.Underlying()
	if e.Get("ctrlKey").Bool() || e.Get("altKey").Bool() || e.Get("metaKey").Bool() {
		return
	}
	list := a.brushes.QuerySelectorAll("[data-brush]")
	n, at := len(list), 0
	for i, b := range list {
		if b.GetAttribute("data-brush") == a.w.state.Brush {
			at = i
		}
	}
	key := e.Get("key").String()
	switch key {
	case "ArrowRight", "ArrowDown":
		at = (at + 1) % n
	case "ArrowLeft", "ArrowUp":
		at = (at + n - 1) % n
	case "Home":
		at = 0
	case "End":
		at = n - 1
	default:
		k := strings.ToUpper(key)
		if len(k) != 1 || !strings.Contains("HF012345678", k) {
			return
		}
		for i, b := range list {
			if b.GetAttribute("data-brush") == k {
				at = i
			}
		}
	}
	ev.PreventDefault() // the arrows would scroll the page
	a.pickBrush(list[at].GetAttribute("data-brush"), true)
}

// set makes b the position: drawn, saved and analysed; write puts it in
// the text box too, in place of what the box held.
func (a *minesAnalyser) set(b *mines.Board, write bool) {
	a.b = b
	text := b.Format()
	if write {
		setInputValue(a.text, text)
		a.read = text
		a.w.state.AnalyseText = ""
		a.showTextError(nil)
	}
	a.textDiffers(!write && !a.textIs(b))
	setInputValue(a.widthIn, strconv.Itoa(b.Width))
	setInputValue(a.heightIn, strconv.Itoa(b.Height))
	setInputValue(a.minesIn, strconv.Itoa(b.Mines))
	a.sizeError.SetTextContent("") // the fields show the board again
	a.w.state.AnalyseSize = nil
	frame.MarkInvalid(a.sizeFields(), nil, "")
	if b.Width != a.board.w || b.Height != a.board.h {
		a.readAt = -1 // it named a square of the old board
	}
	a.board.setSize(b.Width, b.Height)
	a.board.show(viewOf(text, b.Width, b.Height))
	a.showReadout(a.readAt)
	if write {
		a.showLinkNote("", "")
	}
	a.showCopyLink()
	a.w.state.Analyse = text
	a.w.save()
	if a.w.state.Mode == "analyse" {
		a.analyse()
	}
}

// edit makes b, an edit on the board, the position. The text box follows
// when it held the board as it was (or nothing); text the reader typed
// that says something else (a mistake, a link) is kept, and the box
// offers to take the board instead.
func (a *minesAnalyser) edit(b *mines.Board) {
	a.set(b, strings.TrimSpace(inputValue(a.text)) == "" || (a.b != nil && a.textIs(a.b)))
}

// textIs reports whether the text box holds board b (as .mine text).
func (a *minesAnalyser) textIs(b *mines.Board) bool {
	got, err := mines.Parse(inputValue(a.text))
	return err == nil && got.Format() == b.Format()
}

// textDiffers says, or stops saying, that the text box holds something
// other than the board, whose analysis is shown.
func (a *minesAnalyser) textDiffers(on bool) {
	setHidden(a.differs, !on)
	a.showStale()
}

// showStale marks the analysis as not the text's when the text holds
// another board or a mistake.
func (a *minesAnalyser) showStale() {
	other := !a.differs.HasAttribute("hidden") || a.textError.TextContent() != "" || a.gameOnly
	setHidden(a.staleNote, !other)
	toggleClass(a.result, "kz-mines-other", other)
}

// readText takes the typed or pasted text, when it is a board or a link;
// the same text twice is read once (a change event follows the typing,
// and rebuilding the link's note then would eat the click that caused
// it). pasted moves the cursor to a mistake, if any.
func (a *minesAnalyser) readText(pasted bool) {
	text := inputValue(a.text)
	if text == a.read {
		return
	}
	a.read = text
	a.w.state.AnalyseText = text
	a.w.save()
	a.gameOnly = false
	if mines.IsLink(text) {
		a.readLink(text)
	} else if b, err := mines.Parse(text); err != nil {
		a.showLinkNote("", "")
		a.showTextError(err)
	} else {
		a.showLinkNote("", "")
		a.showTextError(nil)
		a.set(b, false)
	}
	if pasted {
		a.showErrorAt()
	}
}

// showTextError says what is wrong with the text, with a button that
// puts the cursor on the character at fault; nil clears it.
func (a *minesAnalyser) showTextError(err error) {
	a.errAt = -1
	if err == nil {
		a.textError.SetTextContent("")
		a.text.RemoveAttribute("aria-invalid")
		a.showStale()
		return
	}
	ce := api.AsError(err)
	text := a.w.describe(ce)
	if ce.Col != nil && ce.Line == nil { // a link's character
		text = a.f.T("mines.where-link", *ce.Col+1, ce.Field, text)
	}
	line, col := -1, -1
	if ce.Line != nil {
		line = *ce.Line
	}
	if ce.Col != nil {
		col = *ce.Col
	}
	a.errAt = textOffset(inputValue(a.text), line, col)
	a.text.SetAttribute("aria-invalid", "true")
	replace(a.textError, text)
	if a.errAt >= 0 {
		a.textError.AppendChild(el("button", attr("type", "button"), cls("kz-link kz-mines-goto"), on("click", "mines.an-goto"), a.f.T("mines.text-goto")))
	}
	a.showStale()
}

// showErrorAt puts the cursor on the character the text's error names.
func (a *minesAnalyser) showErrorAt() {
	if a.errAt < 0 {
		return
	}
	t := a.text.Underlying()
	t.Call("focus")
	t.Call("setSelectionRange", a.errAt, a.errAt+1)
}

// textOffset finds a line (0-based; -1: the whole text is one line) and
// character (0-based, or -1: the line's start) in text, as the offset a
// text box counts in (UTF-16 units), or -1 when neither is given.
func textOffset(text string, line, col int) int {
	if line < 0 && col < 0 {
		return -1
	}
	at, ln, c := 0, 0, 0
	for _, r := range text {
		if (line < 0 || ln == line) && c == max(col, 0) {
			return at
		}
		if line >= 0 && ln > line {
			break
		}
		if r == '\n' && line >= 0 {
			if ln == line {
				return at // past the line's end: its end
			}
			ln++
			c = 0
		} else if line < 0 || ln == line {
			c++
		}
		at++
		if r > 0xFFFF {
			at++
		}
	}
	return at
}

// readLink takes a pasted JSMinesweeper link: a position goes on the board
// (and into the box as .mine text); a game's layout is offered to play,
// with the link left in the box. A bad link is named in place, the text
// kept.
func (a *minesAnalyser) readLink(text string) {
	l, err := mines.ParseLink(text)
	if err != nil {
		a.showLinkNote("", "")
		a.showTextError(err)
		return
	}
	a.showTextError(nil)
	if b := l.Board; b != nil {
		a.set(b, true)
	}
	note := ""
	if b := l.Board; b != nil {
		note = a.f.T("mines.link-position", b.Width, b.Height, b.Mines)
	}
	game := ""
	if g := l.Layout; g != nil {
		note = a.w.join(note, a.f.T("mines.link-game", g.Width, g.Height, g.Mines))
		game = text
	}
	// A game's link alone leaves the board as it was: its analysis is
	// not the box's, and says so, as for any other text.
	a.gameOnly = l.Board == nil
	a.showStale()
	a.showLinkNote(note, game)
}

// showLinkNote says what a pasted link held, with Play this game when it
// held a game's layout; empty text clears it.
func (a *minesAnalyser) showLinkNote(text, gameLink string) {
	a.gameLink = gameLink
	replace(a.linkNote)
	if text == "" {
		return
	}
	a.linkNote.AppendChild(el("p", cls("kz-note"), text))
	if gameLink != "" {
		a.linkNote.AppendChild(el("div", cls("kz-row"), el("button", attr("type", "button"), cls("kz-primary"),
			on("click", "mines.an-play-link"), a.f.T("mines.link-play"))))
	}
}

// showCopyLink puts the position's JSMinesweeper link on its copy button
// (disabled for a board a link cannot hold).
func (a *minesAnalyser) showCopyLink() {
	a.linkBtn.SetTextContent(a.f.T("mines.copy-link"))
	link, err := a.b.Link()
	a.linkBtn.SetAttribute("data-copy", link)
	setDisabled(a.linkBtn, err != nil)
}

// resize changes the board's size or mine count, keeping the cells that
// still fit. A field that holds no whole number in its range is said
// beside the fields, by its name and what it must hold ("Height must be
// a whole number from 1 to 256."), each field at fault marked, and
// changes nothing: the board keeps its size, and the field what the
// reader typed, to correct. The fields read as Play's do (wholeText: full
// width digits too). The limits are the .mine text's, so a board pasted
// as text can be resized as it is.
func (a *minesAnalyser) resize() {
	if a.b == nil {
		return
	}
	f := a.f
	bad := map[dom.Element]bool{}
	said := ""
	field := func(in dom.Element, label string, least, most int) {
		if sentence := sizeFieldError(f, in, label, least, most); sentence != "" {
			bad[in] = true
			said = a.w.join(said, sentence)
		}
	}
	field(a.widthIn, "mines.width", 1, mines.MaxSide)
	field(a.heightIn, "mines.height", 1, mines.MaxSide)
	w, _ := wholeText(inputValue(a.widthIn))
	h, _ := wholeText(inputValue(a.heightIn))
	most := 0 // the mines' range is the board's: unknown while its size is wrong
	if len(bad) == 0 {
		most = w * h
	}
	field(a.minesIn, "mines.mines", 0, most)
	n, _ := wholeText(inputValue(a.minesIn))
	frame.MarkInvalid(a.sizeFields(), bad, "kz-mines-an-size-error")
	if said != "" {
		a.sizeError.Class().Add("kz-bad")
		a.sizeError.SetTextContent(said)
		a.w.state.AnalyseSize = []string{inputValue(a.widthIn), inputValue(a.heightIn), inputValue(a.minesIn)}
		a.w.save()
		return
	}
	a.sizeError.SetTextContent("")
	b, err := mines.NewBoard(w, h, n)
	if err != nil {
		f.ShowErrorIn(a.sizeError, api.AsError(err))
		return
	}
	for y := 0; y < min(h, a.b.Height); y++ {
		for x := 0; x < min(w, a.b.Width); x++ {
			b.Set(x, y, a.b.At(x, y))
		}
	}
	a.edit(b)
}

// readPending reads text typed into the box that the pause has not read
// yet, before a board edit: the edit then applies to the position typed.
// (The board was edited, then the late read put the typed position over
// it, and the edit was lost.) Text already read is not read again.
func (a *minesAnalyser) readPending() {
	if a.typing != nil {
		a.typing.Stop()
	}
	a.readText(false)
}

// act edits cell i: a click paints the brush, a right click or F toggles
// a flag, and a key sets the cell (a digit, or H for hidden).
func (a *minesAnalyser) act(i int, what string) {
	if a.b == nil || i >= len(a.b.Cells) {
		return
	}
	// The square is the one at the row and column the reader chose, on
	// the position typed when the text held one not read yet.
	x, y := i%a.b.Width, i/a.b.Width
	a.readPending()
	if a.b == nil || x >= a.b.Width || y >= a.b.Height {
		return
	}
	i = y*a.b.Width + x
	b := a.b.Clone()
	c := b.Cells[i]
	switch what {
	case "reveal":
		if c = brushCell(a.w.state.Brush); b.Cells[i] == c && c != mines.Hidden {
			c = mines.Hidden // painting a cell with what it has takes it back
		}
	case "flag":
		c = mines.Flag
		if b.Cells[i] == mines.Flag {
			c = mines.Hidden
		}
	case "h":
		c = mines.Hidden
	default:
		if len(what) == 1 && what[0] >= '0' && what[0] <= '8' {
			c = mines.Cell(what[0] - '0')
		}
	}
	if c == b.Cells[i] {
		return
	}
	b.Cells[i] = c
	a.edit(b)
	a.showReadout(i)
}

func brushCell(brush string) mines.Cell {
	switch {
	case brush == "F":
		return mines.Flag
	case len(brush) == 1 && brush[0] >= '0' && brush[0] <= '8':
		return mines.Cell(brush[0] - '0')
	}
	return mines.Hidden
}

// analyse asks for the position's probabilities; a newer position
// supersedes the call for an older one.
func (a *minesAnalyser) analyse() {
	w, f := a.w, a.f
	text := a.b.Format()
	width := a.b.Width
	toggleClass(a.result, "kz-stale", true)
	a.f.Go(func() {
		var res minesAnalysis
		err := f.Call("mines-analyse", "mines.analyze", map[string]any{"board": text}, &res)
		if a.b == nil || a.b.Format() != text {
			return
		}
		a.board.mark("kz-mines-conflict", nil)
		if err != nil {
			if ce, ok := err.(*frame.CallError); ok && len(ce.Cells)+len(ce.Flags) > 0 {
				a.board.mark("kz-mines-conflict", append(cellsIndex(ce.Cells, width), cellsIndex(ce.Flags, width)...))
			}
			if err == frame.ErrSuperseded {
				return
			}
			a.board.showProb(nil)
			a.board.mark("kz-mines-hint", nil)
			a.showReadout(a.readAt)
			a.analysed = text
			a.last = nil
			toggleClass(a.result, "kz-stale", false)
			replace(a.result, el("p", cls("kz-bad"), attr("role", "alert"), w.describe(err)))
			return
		}
		a.analysed, a.last = text, &res
		toggleClass(a.result, "kz-stale", false)
		a.board.showProb(probOf(res.Prob, res.Width, res.Height))
		a.showReadout(a.readAt) // the square's chance of a mine is the analysis's
		a.showResult(&res)
	})
}

func (a *minesAnalyser) showResult(res *minesAnalysis) {
	w, f := a.w, a.f
	html := `<div><h3>` + htmlEscape(f.T("mines.result")) + `</h3><ul class="kz-mines-facts">` +
		tag("li", "", w.solutionsFact(res)) +
		tag("li", "", f.T("mines.fact-safe", len(res.Safe))) +
		tag("li", "", f.T("mines.fact-mines", len(res.Mines))) +
		tag("li", "", f.T("mines.fact-left", res.MinesLeft)) + `</ul>`
	a.board.mark("kz-mines-proof", nil)
	said := ""
	if res.Best != nil {
		a.board.mark("kz-mines-hint", []int{res.Best.Y*res.Width + res.Best.X})
		move := w.moveSentence(*res.Best, "", safestOf(probOf(res.Prob, res.Width, res.Height)), false)
		html += `<p>` + tag("strong", "", move) + `</p>` + w.proofText(a.board, res, *res.Best) + w.whyDetails(res, *res.Best, false)
		said = move
	} else {
		a.board.mark("kz-mines-hint", nil)
		// No move, and hidden squares left: they are all certain mines.
		said = f.T("mines.no-move")
		if len(res.Mines) > 0 {
			said = f.T("mines.no-move-mines")
		}
		html += tag("p", "", said)
	}
	html += tag("p", "kz-note kz-mines-time", f.T("mines.engine-ms", engineMs(res.EngineMs))) + `</div>`
	a.result.SetInnerHTML(html)
	// The result is not a live region (a screen reader would read its
	// proof and details on every edit of the board): the move is said.
	f.Say(said)
}

// showReadout says under the board what square i (under the pointer or
// the focus; -1: none) holds, with its chance of a mine; it is said again
// when the square or the analysis changes.
func (a *minesAnalyser) showReadout(i int) {
	a.readAt = i
	if a.b == nil || i < 0 || i >= len(a.board.view) {
		frame.SetText(a.readout, "")
		return
	}
	frame.SetText(a.readout, a.w.cellReadout(a.board, i))
}

// openFile reads a .mine file the reader chose into the text box, which
// reads it as if pasted (a mistake in it is shown where it is).
func (a *minesAnalyser) openFile(input dom.Element) {
	in := input.Underlying()
	files := in.Get("files")
	if files.IsUndefined() || files.Get("length").Int() == 0 {
		return
	}
	file := files.Index(0)
	in.Set("value", "") // the same file chosen again reads again
	if file.Get("size").Int() > 4<<20 {
		a.textError.SetTextContent(a.f.T("mines.file-error", a.f.T("mines.file-too-large")))
		return
	}
	// The callbacks do their work through the frame's Go, which recovers:
	// a panic in a bare callback would end the page's Go program.
	var done, failed js.Func
	release := func() { done.Release(); failed.Release() }
	done = js.FuncOf(func(_ js.Value, args []js.Value) any {
		release()
		text := args[0]
		a.f.Go(func() {
			setInputValue(a.text, text.String())
			a.w.state.AnalyseText = text.String()
			a.readText(true)
		})
		return nil
	})
	failed = js.FuncOf(func(_ js.Value, args []js.Value) any {
		release()
		reason := args[0]
		a.f.Go(func() {
			// String(), not reason.toString(): a rejection may be null.
			a.textError.SetTextContent(a.f.T("mines.file-error", js.Global().Get("String").Invoke(reason).String()))
		})
		return nil
	})
	file.Call("text").Call("then", done, failed)
}

// saveFile downloads the position as a .mine file.
func (a *minesAnalyser) saveFile() {
	if a.b == nil {
		return
	}
	g := js.Global()
	blob := g.Get("Blob").New([]any{a.b.Format()}, map[string]any{"type": "text/plain"})
	url := g.Get("URL").Call("createObjectURL", blob)
	link := g.Get("document").Call("createElement", "a")
	link.Set("href", url)
	link.Set("download", "kibitz-"+strconv.Itoa(a.b.Width)+"x"+strconv.Itoa(a.b.Height)+"x"+strconv.Itoa(a.b.Mines)+".mine")
	link.Call("click")
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		revoke.Release()
		a.f.Go(func() { g.Get("URL").Call("revokeObjectURL", url) })
		return nil
	})
	g.Call("setTimeout", revoke, 1000) // once the download has the file
}

// engineMs writes the engine's time with the digits that mean something:
// "0.42", "3.1", "210" (a hundredth of a millisecond is noise past 10).
// The digits follow the time as written, rounded: 0.996 ms is "1.0", as
// 1.004 is (it was "1.00"), and 9.96 is "10" (it was "10.0").
func engineMs(ms float64) string {
	switch {
	case roundedTo(ms, 2) < 1:
		return i18n.Decimal(ms, 2)
	case roundedTo(ms, 1) < 10:
		return i18n.Decimal(ms, 1)
	}
	return i18n.Decimal(ms, 0)
}

// roundedTo is x rounded to places decimals, as i18n.Decimal writes it.
func roundedTo(x float64, places int) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', places, 64), 64)
	return r
}
