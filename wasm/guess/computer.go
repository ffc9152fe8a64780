//go:build js && wasm

package guess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"kibitz/engine/guess"
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
	"kibitz/wasm/i18n"
)

// Computer guesses: you keep a secret in mind, the engine guesses and you
// answer. Each guess comes with its reasoning and a live candidate count.

type compState struct {
	Game    *gameSpec   `json:"game,omitempty"`
	Turns   []compTurn  `json:"turns"`
	Pending *suggestion `json:"pending,omitempty"` // the guess awaiting your answer
	DraftA  string      `json:"draftA"`
	DraftB  string      `json:"draftB"`
	Solved  bool        `json:"solved"`
	// Thinking is saved while the computer thinks of its next guess: a
	// page loaded over it was reloaded (or closed) in the middle, and
	// says so beside Think again.
	Thinking bool `json:"thinking,omitempty"`
	// Stopped says the reader stopped the thinking: the widget built
	// anew (another language) says so again beside Think again.
	Stopped bool `json:"stopped,omitempty"`
	// Conflict holds the turns the answer chosen for the pending guess
	// contradicts (the engine's rows, the new answer past the table): a
	// reload or another language marks them and names them again.
	Conflict []int `json:"conflict,omitempty"`
	// Redo holds the answers Undo took back, the next to give again
	// first, each with its guess and reasoning; RedoNext is the guess
	// that waited for an answer after the last of them (nil if none
	// did: the computer was still thinking, or had won). A new answer
	// clears both.
	Redo     []compTurn  `json:"redo,omitempty"`
	RedoNext *suggestion `json:"redoNext,omitempty"`
}

type compTurn struct {
	Guess string `json:"guess"`
	A     int    `json:"a"`
	B     int    `json:"b"`
	Left  int    `json:"left"` // candidates after the answer
	// Why is the guess's explanation as the strategy gave it, kept so
	// that Undo brings back its "Chosen by…" line.
	Why *guess.Explanation `json:"why,omitempty"`
}

type compMode struct {
	w          *guessWidget
	panel      dom.Element
	status     dom.Element
	confirm    dom.Element
	current    dom.Element
	busy       dom.Element // the lane's progress and Stop, next to the guess
	thinkNote  dom.Element // "Stopped." or an error, next to the guess
	form       dom.Element
	pickerHint dom.Element // how to answer, with an example in the game's terms
	picker     *answerPicker
	history    dom.Element
	reasoning  dom.Element
	undoButton dom.Element
	redoButton dom.Element
	actions    dom.Element // New game, Undo and Redo, shown once there is a game
	strategyOK dom.Element // the strategy's one-line description in Settings
	lane       *frame.Lane
	thinking   bool
	gen        int    // bumped by every change to the game, so a late answer for an old position is dropped
	said       string // what render said of the guess on show
}

func newCompMode(w *guessWidget, panel dom.Element) *compMode {
	f := w.f
	m := &compMode{w: w, panel: panel, lane: f.Lane("computer")}
	m.status = el("div", cls("kz-status"))
	m.confirm = el("div", cls("kz-confirm"), attr("hidden", ""), attr("role", "alertdialog"), attr("aria-label", f.T("confirm.discard")),
		el("span", f.T("confirm.discard")),
		el("button", attr("type", "button"), cls("kz-danger"), on("click", "comp.discard"), f.T("confirm.discard-yes")),
		el("button", attr("type", "button"), attr("data-cancel", ""), on("click", "comp.keep"), f.T("confirm.keep")),
	)
	// Not a live region (it is drawn anew on every render, buttons and
	// all): render says the computer's guess in the frame's live line.
	m.current = el("div", cls("kz-current"))
	m.busy = m.lane.BusyIn()
	m.thinkNote = el("p", cls("kz-field-error kz-think-note"), attr("role", "alert"))
	m.picker = newAnswerPicker(m)
	m.pickerHint = el("p", cls("kz-picker-label"), attr("id", "kz-comp-picker-label"))
	m.form = el("form", cls("kz-answer"), on("submit", "comp.answer"), on("focusin", "comp.form-focus"),
		m.pickerHint,
		m.picker.grid, m.picker.aIn, m.picker.bIn,
		el("div", cls("kz-row"), el("button", attr("type", "submit"), cls("kz-primary"), f.T("comp.answer"))),
	)
	m.picker.grid.SetAttribute("aria-describedby", "kz-comp-picker-label")
	m.history = el("div", cls("kz-history"))
	m.reasoning = el("div", cls("kz-analysis"))
	m.undoButton = undoButton(f, "comp.undo")
	m.redoButton = redoButton(f, "comp.redo")
	m.actions = el("div", cls("kz-row kz-actions"),
		el("button", attr("type", "button"), on("click", "comp.new"), f.T("common.new-game")),
		m.undoButton, m.redoButton,
	)
	build(panel, m.status, m.current, m.busy, m.thinkNote, m.form, m.actions, m.confirm, m.history, m.reasoning)
	m.describeStrategies()

	st := &w.state.Computer
	f.Handle("comp.draft", func(dom.Event, dom.Element) {
		a, errA := strconv.Atoi(inputValue(m.picker.aIn))
		b, errB := strconv.Atoi(inputValue(m.picker.bIn))
		if errA != nil {
			return
		}
		if errB != nil {
			b = 0
		}
		m.picker.choose(a, b, false)
	})
	f.Handle("comp.answer", func(dom.Event, dom.Element) { f.Go(m.answer) })
	// "Pick an answer first" goes once the reader moves in the picker.
	f.Handle("comp.form-focus", func(dom.Event, dom.Element) {
		if m.thinkNote.TextContent() == f.T("comp.pick-first") {
			m.thinkNote.SetTextContent("")
		}
	})
	f.Handle("comp.new", func(dom.Event, dom.Element) {
		if st.Game != nil && !st.Solved && len(st.Turns) > 0 {
			setHidden(m.confirm, false)
			focus(m.confirm.QuerySelector(`[data-on-click="comp.keep"]`))
			return
		}
		m.w.f.Go(func() { m.newGame() })
	})
	f.Handle("comp.discard", func(dom.Event, dom.Element) {
		setHidden(m.confirm, true)
		m.w.f.Go(func() { m.newGame() })
	})
	f.Handle("comp.keep", func(dom.Event, dom.Element) {
		setHidden(m.confirm, true)
		focus(m.actions.QuerySelector(`[data-on-click="comp.new"]`))
	})
	f.Handle("comp.undo", func(dom.Event, dom.Element) { f.Go(m.undo) })
	f.Handle("comp.redo", func(dom.Event, dom.Element) { f.Go(m.redo) })
	// Ctrl+Z (⌘Z) undoes the last answer from anywhere in the mode, the
	// answer picker included, as the Undo button does; Ctrl+Shift+Z
	// (⌘⇧Z) or Ctrl+Y gives it again, as Redo does.
	panel.SetAttribute("data-on-keydown", "comp.key")
	f.Handle("comp.key", func(ev dom.Event, _ dom.Element) { m.undoKey(ev) })
	f.Handle("comp.retry", func(dom.Event, dom.Element) { f.Go(m.think) })
	m.render()
	switch {
	case f.Resume("comp.think"):
		f.Go(m.think) // it was thinking when the language changed
	case st.Thinking && st.Pending == nil && !st.Solved:
		m.thinkNote.SetTextContent(f.T("comp.reloaded"))
	case st.Stopped && st.Pending == nil && !st.Solved:
		m.thinkNote.SetTextContent(f.T("common.stopped"))
	case st.Conflict != nil && st.Pending != nil && !st.Solved:
		// The answer chosen contradicts the earlier ones: say so again,
		// beside it, in this language.
		if _, r, err := m.rules(); err == nil {
			m.thinkNote.Class().Add("kz-bad")
			m.thinkNote.SetTextContent(m.conflictText(r, st.Conflict))
		}
	}
	return m
}

func (m *compMode) state() *compState { return &m.w.state.Computer }

func (m *compMode) rules() (gameSpec, guess.Rules, error) { return m.w.gameRules(m.state().Game) }

func (m *compMode) newGame() {
	w, st := m.w, m.state()
	spec := w.state.Settings.spec()
	r, err := spec.resolve()
	if err == nil {
		err = r.CheckSize()
	}
	if err != nil {
		w.f.ShowError(localError(err))
		return
	}
	m.lane.Cancel()
	m.gen++
	*st = compState{Game: &spec}
	w.f.ClearMessage()
	w.save()
	m.render()
	m.think()
}

func (m *compMode) rows() []turnRow {
	rows := []turnRow{}
	for _, t := range m.state().Turns {
		rows = append(rows, turnRow{Guess: t.Guess, A: t.A, B: t.B})
	}
	return rows
}

// think asks the engine for the next guess. Its progress and Stop sit
// where the guess will appear; a Stop the reader asked for says
// "Stopped." there, and offers to think again.
func (m *compMode) think() {
	w, st := m.w, m.state()
	spec, _, err := m.rules()
	if err != nil || st.Game == nil || st.Solved || st.Pending != nil {
		return
	}
	gen := m.gen
	var s suggestion
	m.thinking = true
	st.Thinking, st.Stopped = true, false
	w.save()
	m.thinkNote.SetTextContent("")
	m.render()
	// The computer's game is one strategy's, from its first guess: with
	// strategy perfect, every move and the figures shown are that
	// strategy's.
	w.f.Running("comp.think", true)
	err = w.state.Settings.suggest(m.lane, spec, m.rows(), []turnRow{}, &s)
	if gen != m.gen {
		return // the game moved on (undo, new game) while this was computed
	}
	w.f.Running("comp.think", false)
	m.thinking = false
	st.Thinking = false
	if err != nil {
		st.Stopped = errors.Is(err, frame.ErrStopped)
		w.save()
		w.f.ShowErrorIn(m.thinkNote, err)
		m.render()
		return
	}
	st.Pending = &s
	st.DraftA, st.DraftB = "", ""
	w.save()
	m.render()
	m.focusPicker()
}

// sayAtAnswer shows an error about the answer just given beside it, in
// view.
func (m *compMode) sayAtAnswer(err error) {
	if m.w.f.ShowErrorIn(m.thinkNote, err) {
		m.thinkNote.Underlying().Call("scrollIntoView", map[string]any{"block": "nearest"})
	}
}

// focusPicker moves the focus to the answer picker, unless the reader
// has gone elsewhere (another mode, the settings).
func (m *compMode) focusPicker() {
	active := m.w.f.Root().Underlying().Get("activeElement")
	if !active.IsNull() && !active.IsUndefined() && !m.panel.Underlying().Call("contains", active).Bool() {
		return
	}
	if m.panel.HasAttribute("hidden") || m.form.HasAttribute("hidden") {
		return
	}
	m.picker.focus()
}

// answer records your answer to the pending guess and asks for the next.
func (m *compMode) answer() {
	w, f, st := m.w, m.w.f, m.state()
	if st.Pending == nil {
		if st.Game == nil {
			f.Notice(f.T("comp.start-first"))
		}
		return
	}
	spec, r, err := m.rules()
	if err != nil {
		f.ShowError(localError(err))
		return
	}
	choice, ok := m.picker.chosen(r)
	if !ok {
		// Said beside the picker, where the reader is (the frame's
		// message line is above the settings, out of view on a phone),
		// once the focus is on it: moving on in it takes the words down.
		m.picker.focus()
		m.thinkNote.Class().Remove("kz-bad")
		m.thinkNote.SetTextContent(f.T("comp.pick-first"))
		m.thinkNote.Underlying().Call("scrollIntoView", map[string]any{"block": "nearest"})
		return
	}
	a, b := choice.a, choice.b
	if m.redoable() && st.Redo[0].A == a && st.Redo[0].B == b {
		// The answer Undo took back, given again as it was: the rest of
		// the line Undo took back stays to redo.
		m.redo()
		return
	}
	if err := r.CheckTurn(guess.Turn{Guess: mustParse(r, st.Pending.Guess), Feedback: guess.Feedback{A: a, B: b}}, len(st.Turns)); err != nil {
		m.sayAtAnswer(localError(err))
		return
	}
	gen := m.gen
	m.thinkNote.SetTextContent("")
	why := st.Pending.Explanation
	turn := compTurn{Guess: st.Pending.Guess, A: a, B: b, Why: &why}
	rows := append(m.rows(), turnRow{Guess: turn.Guess, A: a, B: b})
	var count struct {
		Count int `json:"count"`
	}
	if err := m.lane.Call("guess.candidates", guessParams(spec, map[string]any{"history": rows, "limit": 0}), &count); err != nil {
		if gen != m.gen {
			return
		}
		if ce, ok := err.(*frame.CallError); ok && ce.Reason == "conflict" {
			// The earlier answers at fault are marked in the table and
			// named in the words, guess, code and answer (a mark alone
			// says nothing to a screen reader); the words go beside the
			// answer just given, where the reader is (the frame's message
			// line is above the settings, out of view on a phone).
			st.Conflict = ce.Rows
			w.save()
			m.render()
			m.thinkNote.Class().Add("kz-bad")
			m.thinkNote.SetTextContent(m.conflictText(r, ce.Rows))
			m.thinkNote.Underlying().Call("scrollIntoView", map[string]any{"block": "nearest"})
			return
		}
		f.ShowErrorIn(m.thinkNote, err) // "Stopped." when the reader stopped it
		return
	}
	if gen != m.gen {
		return
	}
	m.gen++
	st.Conflict = nil
	st.Redo, st.RedoNext = nil, nil // a new answer: the line Undo took back is not this game's any more
	f.ClearMessage()
	turn.Left = count.Count
	st.Turns = append(st.Turns, turn)
	st.Pending = nil
	st.Solved = r.Won(guess.Feedback{A: a, B: b})
	w.save()
	held := m.holdsFocus()
	m.render()
	if st.Solved {
		// Said as shown: the live line still said the guess just answered.
		f.Say(w.wonHeading(len(st.Turns)).TextContent())
		// The picker has gone with the game: New game is the way on.
		if held {
			focus(m.actions.QuerySelector(`[data-on-click="comp.new"]`))
		}
		return
	}
	m.think()
}

// clearConflict takes down the note and the marks of an answer that
// contradicted the others, once another answer is chosen.
func (m *compMode) clearConflict() {
	m.state().Conflict = nil
	m.thinkNote.SetTextContent("")
	m.thinkNote.Class().Remove("kz-bad")
	for _, row := range m.history.QuerySelectorAll("tr.kz-conflict") {
		row.Class().Remove("kz-conflict")
	}
}

// conflictText says that the answer just given contradicts the earlier
// answers in rows (the engine's smallest set of turns no secret fits,
// which holds the new answer, at the index past the table), naming each
// earlier one by its turn, its guess and the answer given to it.
func (m *compMode) conflictText(r guess.Rules, rows []int) string {
	f, turns := m.w.f, m.state().Turns
	var named []string
	for _, i := range rows {
		if i >= 0 && i < len(turns) {
			t := turns[i]
			named = append(named, f.T("comp.conflict-turn", i+1, t.Guess, m.w.feedbackText(r, t.A, t.B)))
		}
	}
	if len(named) == 0 {
		return f.T("comp.conflict-any")
	}
	list := named[0]
	if n := len(named); n > 1 {
		list = strings.Join(named[:n-1], f.T("comp.conflict-sep")) + f.T("comp.conflict-and") + named[n-1]
	}
	return f.T("comp.conflict", list)
}

// holdsFocus reports whether the focus is in the mode's panel, or on
// nothing: where the mode may move it on without taking it from
// elsewhere (another mode, the settings).
func (m *compMode) holdsFocus() bool {
	return m.w.f.FocusIn(m.panel) || m.w.f.FocusLost()
}

// undoKey takes Ctrl+Z (⌘Z on a Mac) as Undo, and Ctrl+Shift+Z (⌘⇧Z)
// or Ctrl+Y as Redo, and reports whether the key was one of them.
func (m *compMode) undoKey(ev dom.Event) bool {
	switch frame.EditKeyOf(ev) {
	case frame.UndoKey:
		ev.PreventDefault()
		if len(m.state().Turns) > 0 {
			m.w.f.Go(m.undo)
		}
	case frame.RedoKey:
		ev.PreventDefault()
		if m.redoable() {
			m.w.f.Go(m.redo)
		}
	default:
		return false
	}
	return true
}

func (m *compMode) undo() {
	w, st := m.w, m.state()
	if len(st.Turns) == 0 {
		return
	}
	m.lane.Cancel()
	m.gen++
	m.thinking = false
	st.Thinking, st.Stopped = false, false
	w.f.Running("comp.think", false)
	m.thinkNote.SetTextContent("")
	last := st.Turns[len(st.Turns)-1]
	// What Undo takes back is Redo's to give again, before what an
	// earlier Undo took back; the first Undo keeps the guess that was
	// waiting for an answer, to show again at the end of Redo.
	if len(st.Redo) == 0 {
		st.RedoNext = st.Pending
	}
	st.Redo = append([]compTurn{last}, st.Redo...)
	st.Turns = st.Turns[:len(st.Turns)-1]
	st.Solved = false
	st.Pending = &suggestion{Guess: last.Guess}
	if last.Why != nil {
		st.Pending.Explanation = *last.Why // the reasoning as it was, "Chosen by…" included
	}
	st.DraftA, st.DraftB = strconv.Itoa(last.A), strconv.Itoa(last.B) // your answer comes back, to correct
	st.Conflict = nil
	m.thinkNote.Class().Remove("kz-bad")
	w.f.ClearMessage()
	w.save()
	m.render()
	// Said: what was undone, then the guess that waits for an answer again.
	_, r, _ := m.rules()
	w.f.Say(frame.JoinSentences(w.f.T("comp.undone", len(st.Turns)+1, w.feedbackText(r, last.A, last.B)), m.said))
	m.focusPicker()
	if last.Why != nil {
		return
	}
	// A game saved before the reasoning was kept: recompute it, keeping
	// the strategy's name.
	spec, _, err := m.rules()
	if err != nil {
		return
	}
	gen := m.gen
	var e struct {
		Explanation guess.Explanation `json:"explanation"`
	}
	if err := m.lane.Call("guess.explain", guessParams(spec, map[string]any{"history": m.rows(), "guess": last.Guess}), &e); err == nil && gen == m.gen && st.Pending != nil && st.Pending.Guess == last.Guess {
		if e.Explanation.Strategy == "" {
			e.Explanation.Strategy = guess.Strategy(w.state.Settings.Strategy)
		}
		st.Pending.Explanation = e.Explanation
		w.save()
		m.render()
	}
}

// undoButton is Undo as You guess and Computer guesses show it: the
// button that sends action, with the keys that press it too.
func undoButton(f *frame.Frame, action string, more ...any) dom.Element {
	return el("button", append([]any{attr("type", "button"), on("click", action), attr("aria-keyshortcuts", "Control+Z Meta+Z"), f.T("common.undo")}, more...)...)
}

// redoButton is Redo as You guess and Computer guesses show it.
func redoButton(f *frame.Frame, action string, more ...any) dom.Element {
	return el("button", append([]any{attr("type", "button"), on("click", action), attr("aria-keyshortcuts", "Control+Shift+Z Meta+Shift+Z Control+Y"), f.T("common.redo")}, more...)...)
}

// redoable reports whether Redo has an answer to give again: the one
// Undo took back last, to the guess on show.
func (m *compMode) redoable() bool {
	st := m.state()
	return len(st.Redo) > 0 && st.Pending != nil && st.Pending.Guess == st.Redo[0].Guess && !st.Solved && !m.thinking
}

// redo gives again the answer Undo took back last, to the same guess,
// with what it left; the next guess is the one that followed it, with
// its reasoning and the answer given to it, or, at the end of the line
// Undo took back, the guess that waited then (thought of again if none
// did).
func (m *compMode) redo() {
	w, st := m.w, m.state()
	if !m.redoable() {
		return
	}
	_, r, err := m.rules()
	if err != nil {
		return
	}
	m.lane.Cancel() // an explanation asked for after Undo is for the guess answered now
	m.gen++
	st.Stopped = false
	m.thinkNote.SetTextContent("")
	m.thinkNote.Class().Remove("kz-bad")
	st.Conflict = nil
	t := st.Redo[0]
	st.Redo = st.Redo[1:]
	st.Turns = append(st.Turns, t)
	st.Solved = r.Won(guess.Feedback{A: t.A, B: t.B})
	st.Pending, st.DraftA, st.DraftB = nil, "", ""
	switch {
	case st.Solved:
		st.Redo, st.RedoNext = nil, nil
	case len(st.Redo) > 0:
		next := st.Redo[0]
		st.Pending = &suggestion{Guess: next.Guess}
		if next.Why != nil {
			st.Pending.Explanation = *next.Why
		}
		st.DraftA, st.DraftB = strconv.Itoa(next.A), strconv.Itoa(next.B)
	default:
		st.Pending, st.RedoNext = st.RedoNext, nil
	}
	w.f.ClearMessage()
	w.save()
	held := m.holdsFocus()
	m.render()
	// Said: what was given again, then the guess that waits for an
	// answer, or the win.
	next := ""
	switch {
	case st.Solved:
		next = w.wonHeading(len(st.Turns)).TextContent()
	case st.Pending != nil:
		next = m.said
	}
	w.f.Say(frame.JoinSentences(w.f.T("comp.redone", len(st.Turns), w.feedbackText(r, t.A, t.B)), next))
	switch {
	case st.Solved:
		if held {
			focus(m.actions.QuerySelector(`[data-on-click="comp.new"]`))
		}
	case st.Pending != nil:
		m.focusPicker()
	default:
		m.think()
	}
}

func (m *compMode) render() {
	w, f, st := m.w, m.w.f, m.state()
	m.showStrategyDoc()
	_, r, err := m.rules()
	if err != nil {
		m.status.SetTextContent(f.Describe(localError(err)))
		setHidden(m.form, true)
		return
	}

	replace(m.status)
	switch {
	case st.Game == nil:
		m.status.AppendChild(el("p", f.T("comp.intro", w.describeRules(r))))
	case st.Solved:
		m.status.AppendChild(w.wonHeading(len(st.Turns)))
	default:
		m.status.AppendChild(el("p", f.T("comp.playing", w.describeRules(r))))
		// Settings changed mid-game wait for the next game, and say so.
		if w.settingsDiffer(*st.Game, "") {
			m.status.AppendChild(el("p", cls("kz-note kz-changed"), f.T("settings.next-game"), " ",
				el("button", attr("type", "button"), cls("kz-link"), on("click", "comp.new"), f.T("settings.start-now"))))
		}
	}
	answering := st.Pending != nil && !st.Solved && !m.thinking
	setHidden(m.form, !answering)
	if answering {
		m.picker.render(r)
		// The example: "12" is 1A2B (or 1 black, 2 white); when B is
		// implied, "3" is 3A.
		if r.ImpliedB() {
			m.pickerHint.SetTextContent(f.T("comp.picker-hint", "3", w.feedbackText(r, 3, r.Length-3)))
		} else {
			m.pickerHint.SetTextContent(f.T("comp.picker-hint", "12", w.feedbackText(r, 1, 2)))
		}
	}
	setDisabled(m.undoButton, len(st.Turns) == 0)
	setDisabled(m.redoButton, !m.redoable())
	// Before the first game, its start button is the only way on.
	setHidden(m.actions, st.Game == nil)

	replace(m.current)
	switch {
	case st.Game == nil:
		m.current.AppendChild(el("button", attr("type", "button"), cls("kz-primary"), on("click", "comp.new"), f.T("comp.start")))
	case st.Solved:
	case m.thinking:
		m.current.AppendChild(el("p", cls("kz-big kz-thinking"), f.T("comp.my-guess"), " ", el("span", cls("kz-note"), f.T("comp.thinking"))))
	case st.Pending != nil:
		m.current.AppendChild(el("p", cls("kz-big"), f.T("comp.my-guess"), " ", codeView(r, st.Pending.Guess)))
		left := ""
		switch n := st.Pending.Explanation.Candidates; {
		case n == 1:
			left = f.T("comp.candidates-one")
		case n > 1:
			left = f.T("comp.candidates", n)
		}
		if left != "" {
			m.current.AppendChild(el("p", left))
		}
		m.said = frame.JoinSentences(f.T("comp.said-guess", len(st.Turns)+1, st.Pending.Guess), left)
		f.Say(m.said)
	default:
		m.current.AppendChild(el("button", attr("type", "button"), on("click", "comp.retry"), f.T("comp.retry")))
	}

	replace(m.history)
	if len(st.Turns) > 0 {
		body := el("tbody")
		for i, t := range st.Turns {
			row := el("tr", el("td", fmt.Sprint(i+1)), el("td", codeView(r, t.Guess)), el("td", w.feedbackText(r, t.A, t.B)), el("td", cls("kz-nocopy"), i18n.Number(int64(t.Left))))
			for _, c := range st.Conflict {
				if c == i {
					row.Class().Add("kz-conflict")
				}
			}
			body.AppendChild(row)
		}
		m.history.AppendChild(el("table", cls("kz-table"), el("caption", cls("kz-sr"), f.T("comp.history")),
			el("thead", el("tr", el("th", attr("scope", "col"), "#"), el("th", attr("scope", "col"), f.T("col.guess")),
				el("th", attr("scope", "col"), f.T("col.feedback")), el("th", attr("scope", "col"), cls("kz-nocopy"), f.T("col.left")))),
			body))
	}

	replace(m.reasoning)
	if st.Pending != nil && !st.Solved && !m.thinking && len(st.Pending.Explanation.Histogram) > 0 {
		m.reasoning.AppendChild(el("h3", f.T("comp.why")))
		m.reasoning.AppendChild(w.explanationView(r, st.Pending.Guess, st.Pending.Explanation))
	}
	if len(st.Turns) > 0 {
		var counts []int
		for _, t := range st.Turns {
			counts = append(counts, t.Left)
		}
		m.reasoning.AppendChild(w.countsView(r.Size(), counts))
	}
}

// describeStrategies gives each strategy in Settings a one-line
// description: as a tooltip on its option and the select, and as a line
// under the select that follows the choice (so focus shows it too).
func (m *compMode) describeStrategies() {
	w, f := m.w, m.w.f
	sel := w.strategySel
	if sel == nil {
		return
	}
	for _, o := range sel.QuerySelectorAll("option") {
		key := "strategy-doc." + o.GetAttribute("value")
		if i18n.Has(i18n.English, key) {
			o.SetAttribute("title", f.T(key))
		}
	}
	m.strategyOK = el("p", cls("kz-note kz-strategy-doc"), attr("id", "kz-strategy-doc"), attr("aria-live", "polite"), data("modes", playModes))
	sel.SetAttribute("aria-describedby", "kz-strategy-doc")
	// The grid has two columns: the line goes under the select, in the
	// select's column.
	if next := sel.NextElementSibling(); next != nil {
		sel.ParentElement().InsertBefore(m.strategyOK, next)
	} else {
		sel.ParentElement().AppendChild(m.strategyOK)
	}
}

// showStrategyDoc shows the description of the chosen strategy.
func (m *compMode) showStrategyDoc() {
	if m.strategyOK == nil {
		return
	}
	key := "strategy-doc." + m.w.state.Settings.Strategy
	text := ""
	if i18n.Has(i18n.English, key) {
		text = m.w.f.T(key)
	}
	frame.SetText(m.strategyOK, text)
	m.w.strategySel.SetAttribute("title", text)
}

func mustParse(r guess.Rules, code string) guess.Code {
	c, _ := r.ParseCode(code, "guess")
	return c
}
