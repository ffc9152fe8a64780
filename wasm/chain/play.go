//go:build js && wasm

package chain

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"kibitz/engine/chain"
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
)

// Play mode: the reader against the perfect computer.

type chainPlay struct {
	w    *chainWidget
	f    *frame.Frame
	said string // what the status says now

	nIn, nError, gameSel, startSel, ruleBox  dom.Element
	settingsNote, gameAbout                  dom.Element
	status, rowBox, hintBox, logBox, hintBtn dom.Element
	rowMsg, history, bigBox, undoBtn         dom.Element
	redoBtn                                  dom.Element

	busy     bool           // the computer is moving
	moveGen  int            // counts the computer's moves begun: an older one, overtaken by a new game, lets go
	waiting  bool           // the computer's move waits: the reader said Not now to its table
	hint     map[string]int // move text ("4", "4-5") → value, while shown
	dragFrom int            // the object a drag started on, or -1
	focusAt  int            // the object that holds the row's tab stop
	taking   []int          // objects on their way out (animation)
	cpuPick  []int          // objects the computer has chosen (animation)
	// quiet: the next question about the row's table is the widget's
	// own, built again over the game (see ask); it is taken once.
	quiet bool
}

func newChainPlay(w *chainWidget, panel dom.Element) *chainPlay {
	f := w.f
	p := &chainPlay{w: w, f: f, dragFrom: -1}
	s := w.state.Settings

	// The static markup is written as HTML: far less code in the wasm
	// module than a tree of el calls (every string is escaped).
	T := func(key string) string { return htmlEscape(f.T(key)) }
	// The settings are open unless the reader closed them, and open
	// whenever they hold a number said wrong.
	if w.state.NText != nil {
		w.state.Folded = false
	}
	dom.AppendHTML(panel, `<details class="kz-settings"`+chainPick(w.state.Folded, "", " open")+`>`+
		`<summary data-on-click="chain.fold">`+T("chain.settings")+`</summary><div class="kz-grid">`+
		`<label for="kz-chain-n">`+T("chain.n")+`</label><input type="number" id="kz-chain-n" min="1" max="`+strconv.Itoa(chainMaxN)+`" inputmode="numeric" aria-describedby="kz-chain-n-error" data-on-change="chain.settings">`+
		`<p class="kz-field-error kz-chain-n-error" id="kz-chain-n-error" role="alert"></p>`+
		`<label for="kz-chain-game">`+T("chain.game")+`</label><select id="kz-chain-game" aria-describedby="kz-chain-game-about" data-on-change="chain.settings">`+gameOptions(f)+`</select>`+
		`<p class="kz-note kz-chain-game-about" id="kz-chain-game-about"></p>`+
		`<label for="kz-chain-start">`+T("chain.starts")+`</label><select id="kz-chain-start" data-on-change="chain.settings"><option value="you">`+T("chain.starts-you")+`</option><option value="cpu">`+T("chain.starts-cpu")+`</option></select>`+
		`<span></span><label class="kz-check"><input type="checkbox" id="kz-chain-rule" data-on-change="chain.settings">`+T("chain.first-rule")+`</label>`+
		`</div><p class="kz-note" id="kz-chain-settings-note" hidden>`+T("chain.settings-next")+`</p></details>`+
		`<div class="kz-row"><button type="button" class="kz-primary" id="kz-chain-new" data-on-click="chain.new">`+T("chain.new-game")+`</button>`+
		`<button type="button" id="kz-chain-undo" data-on-click="chain.undo" aria-keyshortcuts="Control+Z Meta+Z">`+T("common.undo")+`</button>`+
		`<button type="button" id="kz-chain-redo" data-on-click="chain.redo" aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y">`+T("common.redo")+`</button>`+
		`<button type="button" id="kz-chain-hint" data-on-click="chain.hint">`+T("chain.hint")+`</button>`+
		`<button type="button" data-on-click="chain.to-analyser">`+T("chain.to-analyser")+`</button></div>`+
		`<p class="kz-chain-status" id="kz-chain-status" role="status" aria-live="polite"></p>`+
		`<div class="kz-chain-big-box" id="kz-chain-big-box"></div>`+
		`<div class="kz-chain-row" id="kz-chain-row" role="group" aria-label="`+T("chain.row")+`" data-on-click="chain.obj" data-on-keydown="chain.key" data-on-pointerdown="chain.down" data-on-pointerup="chain.up"></div>`+
		`<p class="kz-field-error kz-chain-row-msg" id="kz-chain-row-msg" role="alert"></p>`+
		`<div class="kz-chain-hint" id="kz-chain-hint-box"></div>`+
		`<div class="kz-chain-history" id="kz-chain-history" hidden><h3 class="kz-chain-log-title">`+T("chain.log")+`</h3><ol class="kz-chain-log" id="kz-chain-log"></ol></div>`)
	get := func(id string) dom.Element { return panel.QuerySelector("#" + id) }
	p.nError = get("kz-chain-n-error")
	p.nIn, p.gameSel, p.startSel, p.ruleBox = get("kz-chain-n"), get("kz-chain-game"), get("kz-chain-start"), get("kz-chain-rule")
	p.settingsNote, p.status, p.rowBox = get("kz-chain-settings-note"), get("kz-chain-status"), get("kz-chain-row")
	p.hintBtn, p.hintBox, p.logBox = get("kz-chain-hint"), get("kz-chain-hint-box"), get("kz-chain-log")
	p.rowMsg, p.history, p.bigBox, p.undoBtn = get("kz-chain-row-msg"), get("kz-chain-history"), get("kz-chain-big-box"), get("kz-chain-undo")
	p.redoBtn = get("kz-chain-redo")
	setInputValue(p.nIn, strconv.Itoa(s.N))
	setInputValue(p.gameSel, chainPick(s.Reverse, "reverse", "direct"))
	p.gameAbout = get("kz-chain-game-about")
	sayGame(f, p.gameAbout, s.Reverse)
	setInputValue(p.startSel, chainPick(s.CPUFirst, "cpu", "you"))
	setChecked(p.ruleBox, s.Single)
	// Settings changed for the next game are said to be so again when the
	// widget is built anew (a reload, a change of language): the form shows
	// them, and the game on screen is played by its own.
	setHidden(p.settingsNote, w.state.Game == nil || w.state.Game.chainSettings == s)
	if t := w.state.NText; t != nil {
		// A number the reader typed, and was told was wrong, before the
		// widget was built again: kept as typed, and said wrong again,
		// in the widget's language now.
		setInputValue(p.nIn, *t)
		p.readSettings()
	}

	w.bigShown = p.render // the status says when the computer waits on the question
	f.Handle("chain.settings", func(dom.Event, dom.Element) { p.readSettings() })
	// The click on the summary comes before the details open or close.
	f.Handle("chain.fold", func(_ dom.Event, summary dom.Element) {
		w.state.Folded = summary.Closest("details").HasAttribute("open")
		w.save()
	})
	f.Handle("chain.new", func(dom.Event, dom.Element) { p.newGame() })
	f.Handle("chain.undo", func(dom.Event, dom.Element) { p.undo() })
	f.Handle("chain.redo", func(dom.Event, dom.Element) { p.redo() })
	// Ctrl+Z (⌘Z) is Undo, and Ctrl+Shift+Z (⌘⇧Z) or Ctrl+Y Redo,
	// anywhere in Play but in the number of objects, where they undo and
	// redo the typing, as in any field.
	panel.SetAttribute("data-on-keydown", "chain.play-key")
	f.Handle("chain.play-key", func(ev dom.Event, _ dom.Element) { p.undoKey(ev) })
	f.Handle("chain.hint", func(dom.Event, dom.Element) { p.f.Go(p.showHint) })
	f.Handle("chain.cpu-resume", func(dom.Event, dom.Element) {
		if p.cpuToMove() && !p.busy {
			p.setWaiting(false)
			replace(p.bigBox)
			p.f.Go(func() { p.cpuMove() })
		}
	})
	f.Handle("chain.to-analyser", func(dom.Event, dom.Element) { p.toAnalyser() })
	f.Handle("chain.obj", func(ev dom.Event, _ dom.Element) { p.click(ev) })
	f.Handle("chain.key", func(ev dom.Event, _ dom.Element) { p.key(ev) })
	f.Handle("chain.down", func(ev dom.Event, _ dom.Element) { p.down(ev) })
	f.Handle("chain.up", func(ev dom.Event, _ dom.Element) { p.up(ev) })

	if w.state.Game == nil {
		p.newGame()
	} else {
		p.render()
		// The widget's own: a question about the row's table is asked
		// again without moving the focus (see ask); one the reader
		// answered Not now is not asked again, and the game waits as it
		// did.
		if p.cpuToMove() && w.state.Game.Waiting {
			p.wait()
		} else if p.cpuToMove() {
			p.quiet = true
			p.f.Go(func() { p.cpuMove() })
		} else if w.state.Game.Hinted {
			p.quiet = true
			p.f.Go(p.showHint)
		}
	}
	return p
}

func (p *chainPlay) game() *chainGame { return p.w.state.Game }

// readSettings takes the form's values; they apply to the next game. A
// number of objects out of range is not changed behind the reader's back:
// it is kept as typed, marked, and said next to the field, and the
// settings keep the last good one; readSettings reports whether it was
// good.
func (p *chainPlay) readSettings() bool {
	s := &p.w.state.Settings
	typed := strings.TrimSpace(inputValue(p.nIn))
	// A number field takes 1e1 for 10, as the browser does; 3.5 is no
	// count of objects, and is said to be no whole number, not out of
	// range.
	x, err := strconv.ParseFloat(typed, 64)
	whole := err == nil && x == math.Trunc(x) && !math.IsInf(x, 0)
	good := whole && x >= 1 && x <= chainMaxN
	p.w.state.NText = nil
	if !good {
		p.w.state.NText = &typed
	}
	switch {
	case good:
		s.N = int(x)
		p.nIn.RemoveAttribute("aria-invalid")
		p.nError.SetTextContent("")
	case typed == "":
		// A number input reads "" for text that is not a number too.
		p.nIn.SetAttribute("aria-invalid", "true")
		p.nError.SetTextContent(p.f.T("chain.n-empty", chainMaxN))
	case !whole:
		p.nIn.SetAttribute("aria-invalid", "true")
		p.nError.SetTextContent(p.f.T("chain.n-whole", typed, chainMaxN))
	default:
		p.nIn.SetAttribute("aria-invalid", "true")
		p.nError.SetTextContent(p.f.T("chain.n-range", typed, chainMaxN))
	}
	s.Reverse = inputValue(p.gameSel) == "reverse"
	sayGame(p.f, p.gameAbout, s.Reverse)
	s.CPUFirst = inputValue(p.startSel) == "cpu"
	s.Single = checked(p.ruleBox)
	g := p.game()
	setHidden(p.settingsNote, g == nil || g.chainSettings == *s)
	p.w.save()
	return good
}

func (p *chainPlay) newGame() {
	if !p.readSettings() {
		if p.game() != nil {
			p.nIn.Closest("details").SetAttribute("open", "")
			p.w.state.Folded = false
			p.w.save()
			focus(p.nIn)
			return
		}
		// The first start of all, on a bad saved number: the last good one.
	}
	s := p.w.state.Settings
	p.w.dismissBig(playBigBox) // a question, or a build, for the last game's row
	p.waiting = false
	replace(p.bigBox) // and what it said
	p.w.state.Game = &chainGame{chainSettings: s, Row: chain.FullRow(s.N).String()}
	// The last game's move, if the computer was making one, is not this
	// game's: its animation goes, and so does its "thinking".
	p.moveGen++
	p.busy, p.cpuPick, p.taking = false, nil, nil
	setHidden(p.settingsNote, true)
	p.hint = nil
	// A new game starts with no message left from the last.
	p.sayWhy("")
	p.f.ClearMessage()
	p.w.save()
	p.render()
	if p.cpuToMove() {
		p.f.Go(func() { p.cpuMove() })
	}
}

// cpuToMove reports whether it is the computer's turn in a live game.
func (p *chainPlay) cpuToMove() bool {
	g := p.game()
	return g != nil && g.Winner == "" && rowOf(g.Row).Objects() > 0 && (g.Moves%2 == 0) == g.CPUFirst
}

// singleNow reports whether the next move may take one object only.
func (p *chainPlay) singleNow() bool {
	g := p.game()
	return g.Single && g.Moves == 0
}

// play applies a move (by the reader or the computer) to the game: a
// move played anew, so the line Undo took back is no longer the game's
// to redo.
func (p *chainPlay) play(who string, take []int, after string) {
	g := p.game()
	p.record(who, take, after)
	g.Redo = nil
	p.w.save()
	p.render()
}

// record writes a move into the game: its row, its count, its log, and
// the winner if it took the last object.
func (p *chainPlay) record(who string, take []int, after string) {
	g := p.game()
	g.Row = after
	g.Moves++
	g.Log = append(g.Log, chainLogItem{Who: who, Take: take})
	p.hint, g.Hinted = nil, false
	if rowOf(after).Objects() == 0 {
		// Whoever took the last object wins the direct game and loses the
		// reverse one.
		other := chainPick(who == "you", "cpu", "you")
		g.Winner = who
		if g.Reverse {
			g.Winner = other
		}
	}
}

// userMove plays the reader's move if it is legal now.
func (p *chainPlay) userMove(m chain.Move) {
	g := p.game()
	switch {
	case g == nil:
		return
	case g.Winner != "":
		p.sayWhy(p.f.T("chain.why-over"))
		return
	case p.busy || p.cpuToMove():
		p.sayWhy(p.f.T("chain.why-wait"))
		return
	}
	row := rowOf(g.Row)
	if !row.Legal(m, p.singleNow()) {
		switch {
		case m.At < 0 || m.At >= len(row) || !row[m.At]:
			p.sayWhy(p.f.T("chain.why-taken", m.At+1))
		case m.Two && p.singleNow():
			p.sayWhy(p.f.T("chain.first-one"))
		case m.Two && m.At > 0 && row[m.At-1]:
			p.sayWhy(p.f.T("chain.why-no-right", m.At+1))
		case m.Two:
			p.sayWhy(p.f.T("chain.why-no-right-alone", m.At+1))
		}
		return
	}
	p.sayWhy("")
	p.f.ClearMessage()
	p.focusAt = m.At
	p.play("you", m.Take(), row.Play(m).String())
	if p.cpuToMove() {
		p.f.Go(func() { p.cpuMove() })
	}
}

// sayWhy writes, under the row, why the reader's input did nothing; ""
// clears it.
func (p *chainPlay) sayWhy(text string) {
	p.rowMsg.Class().Remove("kz-bad")
	p.rowMsg.SetTextContent(text)
	if text != "" {
		inView(p.rowMsg)
	}
}

// sayError writes a failed call's error under the row, in view.
func (p *chainPlay) sayError(err error) {
	if p.f.ShowErrorIn(p.rowMsg, err) {
		inView(p.rowMsg)
	}
}

// cpuMove asks the engine for the computer's move and animates it: the
// chosen objects light up, then fade out.
func (p *chainPlay) cpuMove() {
	g := p.game()
	moves := g.Moves
	if !p.w.ready(p.bigBox, p.takeQuiet(), g.Row, g.Reverse) {
		// The reader would rather not build the table now: the game
		// waits, and says how to go on. Not when the question went with
		// the widget (a change of language asks it again), or with the
		// turn (Undo gave it back to the reader).
		if p.game() == g && g.Moves == moves && p.cpuToMove() && p.w.asks[playBigBox] == nil && p.f.Context().Err() == nil {
			p.wait()
		}
		return
	}
	if p.game() != g {
		return // a new game came while its table was asked about
	}
	p.moveGen++
	gen := p.moveGen
	// overtaken: a new game began while this move was asked for or shown;
	// it owns the row, the animation and the status now.
	overtaken := func() bool { return p.moveGen != gen }
	p.busy = true
	p.render()
	var reply chainReply
	err := p.f.Call("chain.play", "chain.move", map[string]any{
		"position": g.Row, "reverse": g.Reverse, "firstMoveSingle": p.singleNow()}, &reply)
	if overtaken() {
		return
	}
	if err != nil {
		p.busy = false
		p.render()
		p.sayError(err)
		return
	}
	for _, step := range []struct {
		wait         int
		pick, taking []int
	}{{250, reply.Move.Take, nil}, {450, nil, reply.Move.Take}, {350, nil, nil}} {
		pause(step.wait)
		if overtaken() {
			return
		}
		p.cpuPick, p.taking = step.pick, step.taking
		if step.pick != nil || step.taking != nil {
			p.render()
		}
	}
	p.busy = false
	// What the reader was told while the computer thought ("Wait: it is
	// the computer's move.") is past: the turn is the reader's now.
	p.sayWhy("")
	p.play("cpu", reply.Move.Take, reply.Move.Row)
	p.focusRow()
}

// wait shows the game waiting for the computer's table, which the reader
// would rather not build now: the status says the computer's move waits,
// and the box under it why, with a button to build it after all. It is
// saved, so a widget built again (a reload, a change of language) waits
// too, without asking again.
func (p *chainPlay) wait() {
	p.setWaiting(true)
	p.render()
	p.bigBox.SetInnerHTML(`<p class="kz-note kz-chain-waiting">` + htmlEscape(p.f.T("chain.big-waiting")) +
		` <button type="button" class="kz-link" data-on-click="chain.cpu-resume">` + htmlEscape(p.f.T("chain.big-resume")) + `</button></p>`)
}

// setWaiting records whether the game waits for its table, and saves it.
func (p *chainPlay) setWaiting(on bool) {
	p.waiting = on
	if g := p.game(); g != nil && g.Waiting != on {
		g.Waiting = on
		p.w.save()
	}
}

// takeQuiet reports whether the widget asks of its own, once.
func (p *chainPlay) takeQuiet() bool {
	q := p.quiet
	p.quiet = false
	return q
}

// showHint asks for every move's value and writes it on the row.
func (p *chainPlay) showHint() {
	quiet := p.takeQuiet()
	g := p.game()
	if g == nil || g.Winner != "" || p.busy || p.cpuToMove() {
		return
	}
	if !p.w.ready(p.bigBox, quiet, g.Row, g.Reverse) {
		return
	}
	var solved chainSolved
	err := p.f.Call("chain.hint", "chain.solve", map[string]any{
		"position": g.Row, "reverse": g.Reverse, "firstMoveSingle": p.singleNow()}, &solved)
	if err != nil {
		p.sayError(err)
		return
	}
	if p.game() != g || g.Row != solved.Row {
		return
	}
	g.Hinted = true
	p.w.save()
	p.hint = map[string]int{}
	for _, mv := range solved.Moves {
		p.hint[mv.Move.Text] = mv.Value
	}
	p.render()
	// The best move in words.
	best := solved.Line[0]
	key := "chain.hint-best"
	if solved.Value < 0 {
		key = "chain.hint-lost"
	}
	said := p.f.T(key, takeText(best.Take), p.w.valueText(solved.Value))
	replace(p.hintBox, el("p", said), el("p", cls("kz-note"), p.f.T("chain.hint-how")))
	p.f.Say(said) // the box is not live: its note would be read out with it
}

// undoable is how many moves of the log Undo takes back: the reader's
// last move and every move of the computer's after it (its answer, and
// the one it is thinking out); 0 when the reader has not moved.
func (p *chainPlay) undoable() int {
	g := p.game()
	if g == nil {
		return 0
	}
	for i := len(g.Log) - 1; i >= 0; i-- {
		if g.Log[i].Who == "you" {
			return len(g.Log) - i
		}
	}
	return 0
}

// undo takes back the reader's last move and the computer's answer, as
// over a board: the row is the one the reader moved on, and it is the
// reader's turn again, whether the computer was still thinking or the
// game was over. The row is the game's start replayed by the engine's
// rules up to there, so it is what those moves made it.
func (p *chainPlay) undo() {
	n := p.undoable()
	if n == 0 {
		return
	}
	g := p.game()
	// Copied: the log goes on from kept, over the array they share.
	undone := append([]chainLogItem(nil), g.Log[len(g.Log)-n:]...)
	kept := g.Log[:len(g.Log)-n]
	// What Undo takes back is Redo's to play again, before what an
	// earlier Undo took back.
	g.Redo = append(undone, g.Redo...)
	// The computer's move on its way, its question about a big table, and
	// its animation are for the row undone.
	p.moveGen++
	p.f.Lane("chain.play").Cancel()
	p.busy, p.cpuPick, p.taking = false, nil, nil
	row := chain.FullRow(g.N)
	for _, item := range kept {
		row = row.Play(chain.Move{At: item.Take[0], Two: len(item.Take) == 2})
	}
	g.Row, g.Moves, g.Log, g.Winner = row.String(), len(kept), kept, ""
	p.hint, g.Hinted = nil, false
	// The game is the reader's again before its question goes: the
	// question's end runs the computer's move on while its box is
	// cleared (the focus on its button leaves it then), and that move,
	// seeing the game it asked for, put its "waits for its table" note
	// into the box being cleared, which threw, and Undo stopped half way.
	p.w.dismissBig(playBigBox)
	p.waiting, g.Waiting = false, false
	replace(p.bigBox)
	p.sayWhy("")
	p.f.ClearMessage()
	p.w.save()
	// The focus goes to the object the reader took, back on the row, to
	// choose again: Undo may have disabled itself under it.
	p.focusAt = undone[0].Take[0]
	p.render()
	if obj := p.rowBox.QuerySelector(`[tabindex="0"]`); obj != nil {
		focus(obj)
	}
	if n > 1 {
		p.f.Say(p.f.T("chain.undone-both", takeText(undone[0].Take), takeText(undone[1].Take)))
	} else {
		p.f.Say(p.f.T("chain.undone", takeText(undone[0].Take)))
	}
}

// redoable reports whether Redo has a round to play again: the line
// Undo took back, on the reader's turn.
func (p *chainPlay) redoable() bool {
	g := p.game()
	return g != nil && len(g.Redo) > 0 && g.Redo[0].Who == "you" && g.Winner == "" && !p.busy && !p.cpuToMove()
}

// redo plays again the round Undo took back last: the reader's move and
// the computer's answer, as they were played (the computer's, if Undo
// took it back before it came, is asked for again). A line that is not
// the game's any more (a saved state from elsewhere) is dropped, not
// played.
func (p *chainPlay) redo() {
	if !p.redoable() {
		return
	}
	g := p.game()
	n := 1
	for n < len(g.Redo) && g.Redo[n].Who != "you" {
		n++
	}
	round, rest := g.Redo[:n], g.Redo[n:]
	row := rowOf(g.Row)
	for i, item := range round {
		if len(item.Take) == 0 {
			round = round[:i]
			break
		}
		m := chain.Move{At: item.Take[0], Two: len(item.Take) == 2}
		if !row.Legal(m, p.singleNow()) || !slices.Equal(m.Take(), item.Take) {
			round, rest = round[:i], nil
			break
		}
		row = row.Play(m)
		p.record(item.Who, item.Take, row.String())
	}
	g.Redo = rest
	if g.Winner != "" {
		g.Redo = nil
	}
	p.sayWhy("")
	p.f.ClearMessage()
	p.w.save()
	if len(round) > 0 {
		p.focusAt = round[0].Take[0]
	}
	p.render()
	switch {
	case len(round) > 1:
		p.f.Say(p.f.T("chain.redone-both", takeText(round[0].Take), takeText(round[1].Take)))
	case len(round) == 1:
		p.f.Say(p.f.T("chain.redone", takeText(round[0].Take)))
	}
	if p.cpuToMove() {
		p.f.Go(func() { p.cpuMove() })
	}
}

// undoKey is Undo by Ctrl+Z (⌘Z), and Redo by Ctrl+Shift+Z (⌘⇧Z) or
// Ctrl+Y, outside the number field; it reports whether the key was
// theirs.
func (p *chainPlay) undoKey(ev dom.Event) bool {
	key := frame.EditKeyOf(ev)
	if key == frame.NoEdit {
		return false
	}
	if t := ev.Target(); t != nil && t.Closest(`input:not([type="checkbox"])`) != nil {
		return false
	}
	ev.PreventDefault()
	if key == frame.UndoKey {
		p.undo()
	} else {
		p.redo()
	}
	return true
}

// syncUndo enables Undo while there is a move of the reader's to take
// back, and Redo while there is a round to play again. A button disabled
// under the focus hands it to the row, where the reader plays on.
func (p *chainPlay) syncUndo() {
	undoHeld, redoHeld := p.f.FocusIn(p.undoBtn), p.f.FocusIn(p.redoBtn)
	canUndo, canRedo := p.undoable() > 0, p.redoable()
	setDisabled(p.undoBtn, !canUndo)
	setDisabled(p.redoBtn, !canRedo)
	if undoHeld && !canUndo || redoHeld && !canRedo {
		if obj := p.rowBox.QuerySelector(`[tabindex="0"]`); obj != nil {
			focus(obj)
		}
	}
}

// toAnalyser opens the analyser on the game's row.
func (p *chainPlay) toAnalyser() {
	if g := p.game(); g != nil {
		p.w.an.load(g.Row, g.Reverse, p.singleNow())
	}
	p.w.selectMode("analyse", true)
}

// render draws the status, the row and the log from the state.
func (p *chainPlay) render() {
	f := p.f
	g := p.game()
	if g == nil {
		return
	}
	row := rowOf(g.Row)
	yourTurn := g.Winner == "" && !p.cpuToMove() && !p.busy
	// Status.
	var status string
	switch {
	case g.Winner != "":
		// Who won, and why: who took the last object, and what that
		// means in this game.
		last := g.Log[len(g.Log)-1].Who
		status = f.T("chain.won-why", f.T(chainPick(g.Winner == "you", "chain.you-won", "chain.cpu-won")),
			f.T("chain.end-"+last+chainPick(g.Reverse, "-reverse", "-direct")))
	case !p.busy && p.cpuToMove() && (p.waiting || p.w.asks[playBigBox] != nil):
		status = f.T("chain.cpu-waits") // on the question about its table (big.go)
	case p.busy || p.cpuToMove():
		status = f.T("chain.thinking")
	case p.singleNow():
		status = f.T("chain.your-turn-first")
	default:
		status = f.T("chain.your-turn")
	}
	// The computer's move is said with the turn it hands over: the log
	// and the ring that show it are not read out.
	if n := len(g.Log); yourTurn && n > 0 && g.Log[n-1].Who == "cpu" {
		status = frame.JoinSentences(f.T("chain.cpu-took", takeText(g.Log[n-1].Take)), status)
	}
	game := f.T(chainPick(g.Reverse, "chain.kind-reverse", "chain.kind-direct"))
	note := f.T("chain.playing", g.N, game, row.Objects())
	// Written only when it changes: a live region rewritten with the same
	// words may be read out again.
	if said := status + "\n" + note + "\n" + g.Winner; said != p.said {
		p.said = said
		replace(p.status, el("span", cls(chainPick(g.Winner == "you", "kz-win", "")), status), " ", el("span", cls("kz-note"), note))
	}
	p.status.SetAttribute("data-winner", g.Winner)
	p.status.SetAttribute("data-turn", chainPick(yourTurn, "you", "cpu"))
	p.rowBox.SetAttribute("data-row", g.Row)
	p.rowBox.SetAttribute("data-moves", strconv.Itoa(g.Moves))
	setDisabled(p.hintBtn, !yourTurn)
	p.syncUndo()
	if p.hint == nil {
		replace(p.hintBox)
	}

	// The row: objects, gaps, and a link between neighbours that takes
	// both.
	if p.focusAt >= len(row) || (p.focusAt >= 0 && p.focusAt < len(row) && !row[p.focusAt]) {
		p.focusAt = nearestObject(row, p.focusAt)
	}
	var b strings.Builder
	single := p.singleNow()
	cpuTook, youTook := p.lastTakes()
	for i, present := range row {
		b.WriteString(`<span class="kz-chain-slot" data-cell="` + strconv.Itoa(i) + `">`)
		if !present && !slices.Contains(p.taking, i) {
			// The place of a taken object (or a gap of the position).
			gcls := "kz-chain-gap"
			switch {
			case slices.Contains(cpuTook, i):
				gcls += " kz-chain-cpu-took"
			case slices.Contains(youTook, i):
				gcls += " kz-chain-you-took"
			}
			b.WriteString(`<span class="` + gcls + `" data-gap="` + strconv.Itoa(i) + `" aria-hidden="true"></span></span>`)
			continue
		}
		classes := "kz-chain-obj"
		switch {
		case slices.Contains(p.taking, i):
			classes += " kz-chain-taking"
		case slices.Contains(p.cpuPick, i):
			classes += " kz-chain-cpu"
		}
		label := f.T("chain.object", i+1)
		value := ""
		if v, ok := p.hint[strconv.Itoa(i)]; ok {
			classes += chainPick(v > 0, " kz-chain-good", " kz-chain-poor")
			label += ": " + p.w.valueText(v)
			value = `<span class="kz-chain-value" aria-hidden="true">` + signedText(v) + `</span>`
		}
		// The arc's value too: the arcs are no stops on the keyboard's
		// way along the row (Shift+Enter takes the pair there), so a
		// reader who hears the row object by object hears it here.
		if v, ok := p.hint[strconv.Itoa(i)+"-"+strconv.Itoa(i+1)]; ok && i+1 < len(row) && row[i+1] {
			label = f.T("chain.object-with-pair", label, i+2, p.w.valueText(v))
		}
		if i > 0 && row[i-1] && present {
			// The second half of the arc from the object on the left
			// (not over an object being taken, which has no link left):
			// drawn here, it stays over this object when the row wraps
			// between the two (chain.css).
			b.WriteString(`<span class="kz-chain-in` + linkState(p.hint, strconv.Itoa(i-1)+"-"+strconv.Itoa(i), single) + `" aria-hidden="true"></span>`)
		}
		// The object shows its number on its disc, so "the computer took
		// 5" can be found on the row; the button around the disc is the
		// tap target (chain.css).
		b.WriteString(`<button type="button" class="` + classes + `" data-i="` + strconv.Itoa(i) + `" aria-label="` + htmlEscape(label) +
			`" tabindex="` + chainPick(i == p.focusAt, "0", "-1") + `"` + chainPick(yourTurn, "", ` aria-disabled="true"`) + `>` +
			`<span class="kz-chain-disc" aria-hidden="true">` + strconv.Itoa(i+1) + `</span>` + value + `</button>`)
		if i+1 < len(row) && present && row[i+1] {
			text := strconv.Itoa(i) + "-" + strconv.Itoa(i+1)
			lcls := "kz-chain-link" + linkState(p.hint, text, single)
			label := f.T("chain.take-pair", i+1, i+2)
			value := ""
			if v, ok := p.hint[text]; ok {
				label += ": " + p.w.valueText(v)
				value = `<span class="kz-chain-value" aria-hidden="true">` + signedText(v) + `</span>`
			}
			b.WriteString(`<button type="button" class="` + lcls + `" data-pair="` + strconv.Itoa(i) + `" tabindex="-1" aria-label="` + htmlEscape(label) + `">` + value + `</button>`)
		}
		b.WriteString(`</span>`)
	}
	// The row is written anew, and the object that had the focus goes
	// with it: a reader on the keyboard would be left on the page's body
	// after each move, to Tab back from the top. The focus stays on the
	// row's tab stop, or on New game once no object is left.
	kept := p.rowHasFocus()
	p.rowBox.SetInnerHTML(b.String())
	if kept {
		if obj := p.rowBox.QuerySelector(`[tabindex="0"]`); obj != nil {
			focus(obj)
		} else if btn := p.f.Root().QuerySelector("#kz-chain-new"); btn != nil {
			focus(btn)
		}
	}

	// The log.
	b.Reset()
	for _, item := range g.Log {
		b.WriteString("<li>" + htmlEscape(f.T(chainPick(item.Who == "cpu", "chain.cpu-took", "chain.you-took"), takeText(item.Take))) + "</li>")
	}
	p.logBox.SetInnerHTML(b.String())
	setHidden(p.history, len(g.Log) == 0)
}

// linkState is the classes of the link text ("4-5") and of both halves
// of its arc: good or poor by its hint, off under the first-move rule.
func linkState(hint map[string]int, text string, single bool) string {
	c := ""
	if v, ok := hint[text]; ok {
		c = chainPick(v > 0, " kz-chain-good", " kz-chain-poor")
	}
	if single {
		c += " kz-chain-link-off"
	}
	return c
}

// lastTakes are the objects the computer took in its last move, while it
// is the reader's turn to answer it, and the reader's own last take.
func (p *chainPlay) lastTakes() (cpu, you []int) {
	g := p.game()
	for i := len(g.Log) - 1; i >= 0 && i >= len(g.Log)-2; i-- {
		item := g.Log[i]
		if item.Who == "cpu" && i == len(g.Log)-1 {
			cpu = item.Take
		}
		if item.Who == "you" && you == nil {
			you = item.Take
		}
	}
	return cpu, you
}

// rowHasFocus reports whether the keyboard focus is on the row.
func (p *chainPlay) rowHasFocus() bool {
	active := p.f.Root().Underlying().Get("activeElement")
	return !active.IsNull() && !active.IsUndefined() && p.rowBox.Underlying().Call("contains", active).Bool()
}

// focusRow puts the keyboard focus on the row after the computer moved,
// where the reader answers it: if the focus was on the row, or on New
// game (a game the computer opens). A reader who went on to another
// control while the computer moved, say to type the next game's number
// of objects, keeps it: the keys typed there would otherwise land on the
// row, where 2 takes two objects.
func (p *chainPlay) focusRow() {
	active := p.f.Focused()
	onRow := active != nil && p.rowBox.Underlying().Call("contains", active.Underlying()).Bool()
	onNew := active != nil && active.GetAttribute("id") == "kz-chain-new"
	if !onRow && !onNew {
		return
	}
	if obj := p.rowBox.QuerySelector(`[tabindex="0"]`); obj != nil {
		focus(obj)
	}
}

// The reader's input: a click takes one object (or, on a link, two); a
// drag from one object to its neighbour takes both; the keyboard moves
// along the row with the arrows, Enter or Space takes one, Shift+Enter
// (or 2) takes it and its right neighbour.

func (p *chainPlay) click(ev dom.Event) {
	t := ev.Target()
	if t == nil {
		return
	}
	if link := t.Closest("[data-pair]"); link != nil {
		i, _ := strconv.Atoi(link.GetAttribute("data-pair"))
		p.userMove(chain.Move{At: i, Two: true})
		return
	}
	if obj := t.Closest("[data-i]"); obj != nil {
		i, _ := strconv.Atoi(obj.GetAttribute("data-i"))
		p.userMove(chain.Move{At: i})
		return
	}
	if gap := t.Closest("[data-gap]"); gap != nil {
		i, _ := strconv.Atoi(gap.GetAttribute("data-gap"))
		p.sayWhy(p.f.T("chain.why-taken", i+1))
	}
}

// cellAt is the place of the row under the pointer (an object, or the
// place of a taken one), or -1; objectOnly asks for an object alone.
func (p *chainPlay) cellAt(ev dom.Event, objectOnly bool) int {
	x, y := ev.Underlying().Get("clientX"), ev.Underlying().Get("clientY")
	hit := p.f.Root().Underlying().Call("elementFromPoint", x, y)
	if hit.IsNull() || hit.IsUndefined() {
		return -1
	}
	attr := "data-cell"
	if objectOnly {
		attr = "data-i"
	}
	cell := dom.WrapElement(hit).Closest("[" + attr + "]")
	if cell == nil {
		return -1
	}
	i, _ := strconv.Atoi(cell.GetAttribute(attr))
	return i
}

func (p *chainPlay) down(ev dom.Event) {
	p.dragFrom = p.cellAt(ev, true)
}

// up ends a drag: across two neighbours it takes both; anywhere else it
// says why it took nothing. The click that follows a drag goes to the
// row (the nearest element the press and the release share), where it
// takes nothing.
func (p *chainPlay) up(ev dom.Event) {
	from := p.dragFrom
	p.dragFrom = -1
	to := p.cellAt(ev, false)
	if from < 0 || to < 0 || from == to {
		return
	}
	row := rowOf(p.game().Row)
	lo, hi := min(from, to), max(from, to)
	switch {
	case !row[to]:
		p.sayWhy(p.f.T("chain.why-drag-empty", to+1))
	case hi-lo > 1:
		p.sayWhy(p.f.T("chain.why-drag-apart", lo+1, hi+1))
	default:
		p.userMove(chain.Move{At: lo, Two: true})
	}
}

func (p *chainPlay) key(ev dom.Event) {
	if p.undoKey(ev) {
		return
	}
	t := ev.Target()
	if t == nil {
		return
	}
	obj := t.Closest("[data-i]")
	if obj == nil {
		return
	}
	i, _ := strconv.Atoi(obj.GetAttribute("data-i"))
	row := rowOf(p.game().Row)
	e := ev.Underlying()
	next := -1
	switch e.Get("key").String() {
	case "ArrowRight", "ArrowDown":
		next = stepObject(row, i, 1)
	case "ArrowLeft", "ArrowUp":
		next = stepObject(row, i, -1)
	case "Home":
		next = stepObject(row, -1, 1)
	case "End":
		next = stepObject(row, len(row), -1)
	case "Enter", " ":
		ev.PreventDefault()
		p.userMove(chain.Move{At: i, Two: e.Get("shiftKey").Bool()}) // render keeps the focus on the row
		return
	case "2":
		ev.PreventDefault()
		p.userMove(chain.Move{At: i, Two: true})
		return
	default:
		return
	}
	ev.PreventDefault()
	if next >= 0 {
		p.focusAt = next
		for _, o := range p.rowBox.QuerySelectorAll("[data-i]") {
			o.SetAttribute("tabindex", chainPick(o.GetAttribute("data-i") == strconv.Itoa(next), "0", "-1"))
		}
		if o := p.rowBox.QuerySelector(`[data-i="` + strconv.Itoa(next) + `"]`); o != nil {
			focus(o)
		}
	}
}

// stepObject is the next object from i in direction d, or -1.
func stepObject(row chain.Row, i, d int) int {
	for j := i + d; j >= 0 && j < len(row); j += d {
		if row[j] {
			return j
		}
	}
	return -1
}

// nearestObject is the object nearest to i, or -1 on an empty row.
func nearestObject(row chain.Row, i int) int {
	for d := 0; d < len(row); d++ {
		for _, j := range []int{i - d, i + d} {
			if j >= 0 && j < len(row) && row[j] {
				return j
			}
		}
	}
	return -1
}
