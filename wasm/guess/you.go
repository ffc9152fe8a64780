//go:build js && wasm

package guess

import (
	"fmt"
	"slices"
	"strings"

	"kibitz/engine/guess"
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
	"kibitz/wasm/i18n"
)

// You guess: the engine hosts a secret and answers your guesses.

type youState struct {
	Game       *gameSpec `json:"game,omitempty"` // nil before the first game
	Kind       string    `json:"kind"`
	Host       string    `json:"host"` // the sealed host state
	Commitment string    `json:"commitment"`
	Turns      []youTurn `json:"turns"`
	Undo       []string  `json:"undo"` // sealed states before each turn
	Draft      string    `json:"draft"`
	// Restored is the guess Undo put back in the box while it stands as
	// put: Ctrl+Z there undoes the turn before, not the box's typing, also
	// after a reload or a change of language.
	Restored string `json:"restored,omitempty"`
	// Redo holds the guesses Undo took back, the next to play again
	// first, each with the host's state after it; RedoDraft is what the
	// box held before the first of those Undos, to give back when Redo
	// has played them all. A new guess clears both.
	Redo      []youRedo   `json:"redo,omitempty"`
	RedoDraft string      `json:"redoDraft,omitempty"`
	Over      bool        `json:"over"`
	Won       bool        `json:"won"`
	Secret    string      `json:"secret"`
	Salt      string      `json:"salt"`
	Analysis  bool        `json:"analysis"`
	Hint      *suggestion `json:"hint,omitempty"`
}

// youRedo is a guess Undo took back: the turn, and the host's sealed
// state after it, which Redo puts back as it was.
type youRedo struct {
	Turn youTurn `json:"turn"`
	Host string  `json:"host"`
}

type youTurn struct {
	Guess string `json:"guess"`
	A     int    `json:"a"`
	B     int    `json:"b"`
	Left  int    `json:"left"` // codes still possible after it; 0 when not computed
}

type youMode struct {
	w           *guessWidget
	status      dom.Element
	start       dom.Element // the way into the first game, alone before there is one
	guessButton dom.Element
	changed     dom.Element // says the settings changed mid-game
	confirm     dom.Element
	giveUp      dom.Element // asks before giving up
	form        dom.Element
	input       dom.Element
	inputError  dom.Element
	actions     dom.Element
	history     dom.Element
	said        dom.Element // read out after each guess: the guess and its answer (the table is not live)
	end         dom.Element
	endSaid     dom.Element // the end of the game, read out once: won, or the secret
	endKey      string      // what endSaid shows, so a render does not read it out again
	endRest     dom.Element // the fair host's proof, beside the status, not in it
	analysis    dom.Element
	analysisBox dom.Element
	hinting     int // hints being thought out (a newer one supersedes the one before)
}

func newYouMode(w *guessWidget, panel dom.Element) *youMode {
	f := w.f
	m := &youMode{w: w}
	m.status = el("p", cls("kz-status"))
	m.confirm = el("div", cls("kz-confirm"), attr("hidden", ""), attr("role", "alertdialog"), attr("aria-label", f.T("confirm.discard")),
		el("span", f.T("confirm.discard")),
		el("button", attr("type", "button"), cls("kz-danger"), on("click", "you.discard"), f.T("confirm.discard-yes")),
		el("button", attr("type", "button"), attr("data-cancel", ""), on("click", "you.keep"), f.T("confirm.keep")),
	)
	m.input = el("input", attr("id", "kz-you-guess"), attr("type", "text"), attr("autocomplete", "off"), attr("spellcheck", "false"),
		attr("aria-describedby", "kz-you-error"), on("input", "you.draft"))
	m.inputError = el("p", cls("kz-field-error"), attr("id", "kz-you-error"), attr("aria-live", "polite"))
	m.guessButton = el("button", attr("type", "submit"), cls("kz-primary"), f.T("you.guess"))
	m.form = el("form", cls("kz-row"), on("submit", "you.guess"),
		el("label", attr("for", "kz-you-guess"), f.T("you.your-guess")), m.input, m.guessButton,
	)
	m.start = el("div", cls("kz-row"), el("button", attr("type", "button"), cls("kz-primary"), attr("id", "kz-you-start"), on("click", "you.new"), f.T("you.start")))
	m.analysisBox = el("input", attr("type", "checkbox"), on("change", "you.analysis"))
	// Give up sits apart from Hint, at the far end, and asks first.
	m.actions = el("div", cls("kz-row kz-actions"),
		el("button", attr("type", "button"), on("click", "you.new"), f.T("common.new-game")),
		undoButton(f, "you.undo", data("needs", "turns")),
		redoButton(f, "you.redo", data("needs", "redo")),
		el("button", attr("type", "button"), data("needs", "game"), on("click", "you.hint"), f.T("you.hint")),
		el("label", cls("kz-check"), m.analysisBox, f.T("you.show-analysis")),
		el("button", attr("type", "button"), cls("kz-apart"), data("needs", "game"), on("click", "you.give-up"), f.T("you.give-up")),
	)
	m.giveUp = el("div", cls("kz-confirm"), attr("hidden", ""), attr("role", "alertdialog"), attr("aria-label", f.T("you.give-up-ask")),
		el("span", f.T("you.give-up-ask")),
		el("button", attr("type", "button"), cls("kz-danger"), on("click", "you.reveal"), f.T("you.give-up-yes")),
		el("button", attr("type", "button"), attr("data-cancel", ""), on("click", "you.give-up-no"), f.T("confirm.keep")),
	)
	m.changed = el("p", cls("kz-note kz-changed"), attr("hidden", ""))
	m.said = el("p", cls("kz-sr"), attr("role", "status"))
	m.endSaid = el("div", attr("role", "status"))
	m.endRest = el("div")
	m.end = el("div", cls("kz-end"), m.endSaid, m.endRest)
	m.history = el("div", cls("kz-history"))
	m.analysis = el("div", cls("kz-analysis"))
	// A hint's thinking shows under the buttons, where the hint will appear.
	// Each question shows under the buttons that ask it, one at a time.
	build(panel, m.status, m.start, m.changed, m.form, m.inputError, m.said, m.actions, m.confirm, f.Lane("you").BusyIn(), m.giveUp, m.end, m.history,
		f.Lane("you-analysis").BusyIn(), m.analysis)

	st := &w.state.You
	setInputValue(m.input, st.Draft)
	setChecked(m.analysisBox, st.Analysis)

	f.Handle("you.draft", func(dom.Event, dom.Element) {
		st.Draft = inputValue(m.input)
		if st.Draft != st.Restored {
			st.Restored = "" // edited: Ctrl+Z in the box is the box's own again
		}
		m.showInputError("")
		w.save()
	})
	f.Handle("you.guess", func(dom.Event, dom.Element) { f.Go(m.submit) })
	f.Handle("you.new", func(dom.Event, dom.Element) {
		if st.Game != nil && !st.Over && len(st.Turns) > 0 {
			// The question gets the focus, on its safe answer.
			setHidden(m.giveUp, true)
			setHidden(m.confirm, false)
			focus(m.confirm.QuerySelector(`[data-on-click="you.keep"]`))
			return
		}
		m.w.f.Go(func() { m.newGame() })
	})
	f.Handle("you.discard", func(dom.Event, dom.Element) {
		setHidden(m.confirm, true)
		m.w.f.Go(func() { m.newGame() })
	})
	f.Handle("you.keep", func(dom.Event, dom.Element) {
		setHidden(m.confirm, true)
		focus(m.actions.QuerySelector(`[data-on-click="you.new"]`))
	})
	f.Handle("you.undo", func(dom.Event, dom.Element) { m.undo() })
	f.Handle("you.redo", func(dom.Event, dom.Element) { m.redo() })
	// Ctrl+Z (⌘Z) undoes the last guess from anywhere in the mode, as
	// Undo does, and Ctrl+Shift+Z (⌘⇧Z) or Ctrl+Y plays it again, as
	// Redo does; in the guess box only when the box has nothing of the
	// reader's own to undo or redo (empty, or the guess Undo put back, as
	// put).
	panel.SetAttribute("data-on-keydown", "you.key")
	f.Handle("you.key", func(ev dom.Event, _ dom.Element) { m.undoKey(ev) })
	f.Handle("you.hint", func(dom.Event, dom.Element) { f.Go(m.hint) })
	f.Handle("you.give-up", func(dom.Event, dom.Element) {
		setHidden(m.confirm, true)
		setHidden(m.giveUp, false)
		focus(m.giveUp.QuerySelector(`[data-on-click="you.give-up-no"]`))
	})
	f.Handle("you.give-up-no", func(dom.Event, dom.Element) { setHidden(m.giveUp, true); focus(m.input) })
	f.Handle("you.reveal", func(dom.Event, dom.Element) {
		setHidden(m.giveUp, true)
		// The game is over: the focus goes to New game, not to the page.
		focus(m.actions.QuerySelector(`[data-on-click="you.new"]`))
		f.Go(m.reveal)
	})
	f.Handle("you.play-hint", func(_ dom.Event, t dom.Element) {
		setInputValue(m.input, t.GetAttribute("data-guess"))
		m.w.f.Go(func() { m.submit() })
	})
	f.Handle("you.analysis", func(dom.Event, dom.Element) {
		st.Analysis = checked(m.analysisBox)
		w.save()
		if st.Analysis {
			m.w.f.Go(func() { m.fillCounts() })
		}
		m.render()
	})
	m.render()
	if f.Resume("you.hint") {
		f.Go(m.hint) // it was thinking out a hint when the language changed
	}
	return m
}

func (m *youMode) state() *youState { return &m.w.state.You }

func (m *youMode) rules() (gameSpec, guess.Rules, error) { return m.w.gameRules(m.state().Game) }

func (m *youMode) newGame() {
	w, f, st := m.w, m.w.f, m.state()
	spec := w.state.Settings.spec()
	if _, err := spec.resolve(); err != nil {
		f.ShowError(localError(err))
		return
	}
	var res struct {
		State      string `json:"state"`
		Kind       string `json:"kind"`
		Commitment string `json:"commitment"`
	}
	kind := w.state.Settings.HostKind
	if err := f.Call("you", "guess.host.new", guessParams(spec, map[string]any{"kind": kind}), &res); err != nil {
		f.ShowError(err)
		return
	}
	analysis, draft := st.Analysis, st.Draft
	*st = youState{Game: &spec, Kind: res.Kind, Host: res.State, Commitment: res.Commitment, Analysis: analysis, Draft: draft}
	f.ClearMessage()
	w.save()
	m.render()
	focus(m.input)
}

func (m *youMode) submit() {
	w, f, st := m.w, m.w.f, m.state()
	if st.Game == nil || st.Over {
		m.newGameFirst()
		return
	}
	spec, r, err := m.rules()
	if err != nil {
		f.ShowError(localError(err))
		return
	}
	text := strings.TrimSpace(inputValue(m.input))
	if text == "" {
		focus(m.input) // a second Enter after a guess went in: nothing to do
		return
	}
	code, err := r.ParseCode(text, "guess")
	if err != nil {
		m.showInputError(f.Describe(localError(err)))
		focus(m.input)
		return
	}
	// The same guess again would only cost a turn: say so, and do not
	// count it.
	for i, t := range st.Turns {
		if t.Guess == r.Format(code) {
			m.showInputError(f.T("you.repeat", t.Guess, i+1))
			focus(m.input)
			return
		}
	}
	if len(st.Redo) > 0 && st.Redo[0].Turn.Guess == r.Format(code) {
		// The guess Undo took back, played again: the host answers it as
		// it did, and the rest of the line Undo took back stays to redo.
		m.redo()
		return
	}
	var res struct {
		State string `json:"state"`
		A     int    `json:"a"`
		B     int    `json:"b"`
		Won   bool   `json:"won"`
	}
	if err := f.Call("you", "guess.host.answer", map[string]any{"state": st.Host, "guess": text}, &res); err != nil {
		if ce, ok := err.(*frame.CallError); ok && ce.Field == "guess" {
			m.showInputError(f.Describe(err))
			return
		}
		f.ShowError(err)
		return
	}
	st.Undo = append(st.Undo, st.Host)
	st.Host = res.State
	st.Turns = append(st.Turns, youTurn{Guess: r.Format(code), A: res.A, B: res.B})
	st.Draft, st.Restored = "", ""
	st.Redo, st.RedoDraft = nil, "" // a new guess: the line Undo took back is not this game's any more
	st.Hint = nil
	setInputValue(m.input, "")
	m.showInputError("")
	m.said.SetTextContent(f.T("you.said", len(st.Turns), r.Format(code), w.feedbackText(r, res.A, res.B)))
	if res.Won {
		st.Over, st.Won = true, true
		m.fetchSecret()
	}
	w.save()
	m.render()
	if st.Over {
		focus(m.actions.QuerySelector(`[data-on-click="you.new"]`)) // the field has gone
	} else {
		focus(m.input)
	}
	if st.Analysis {
		m.fillCounts()
	}
	_ = spec
}

func (m *youMode) newGameFirst() {
	m.w.f.Notice(m.w.f.T("you.start-first"))
}

// undoKey takes Ctrl+Z (⌘Z on a Mac) as Undo, and Ctrl+Shift+Z (⌘⇧Z)
// or Ctrl+Y as Redo, but leaves the guess box its own undo and redo of
// what the reader typed there.
func (m *youMode) undoKey(ev dom.Event) {
	key := frame.EditKeyOf(ev)
	if key == frame.NoEdit {
		return
	}
	if t := ev.Target(); t != nil && t.Underlying().Equal(m.input.Underlying()) {
		if v := inputValue(m.input); v != "" && v != m.state().Restored {
			return // the box's own undo or redo
		}
		if key == frame.RedoKey && !m.redoable() {
			return // the box's own redo of typing it undid
		}
	}
	ev.PreventDefault()
	if key == frame.UndoKey {
		m.undo()
	} else {
		m.redo()
	}
}

func (m *youMode) undo() {
	st := m.state()
	if len(st.Turns) == 0 || st.Over {
		return
	}
	m.w.f.Lane("you").Cancel() // a hint on its way is for the position undone
	st.Host = st.Undo[len(st.Undo)-1]
	st.Undo = st.Undo[:len(st.Undo)-1]
	last := st.Turns[len(st.Turns)-1]
	// What Undo takes back is Redo's to play again, before what an
	// earlier Undo took back; the first Undo keeps what the box held.
	if len(st.Redo) == 0 {
		st.RedoDraft = st.Draft
	}
	st.Redo = append([]youRedo{{Turn: last, Host: st.Host}}, st.Redo...)
	st.Turns = st.Turns[:len(st.Turns)-1]
	st.Draft = last.Guess // the undone guess comes back to the input, not lost
	st.Restored = last.Guess
	st.Hint = nil
	setInputValue(m.input, st.Draft)
	m.showInputError("")
	m.w.save()
	m.render()
	// Said: what was undone, and that it waits in the box.
	if _, r, err := m.rules(); err == nil {
		m.said.SetTextContent(m.w.f.T("you.undone", len(st.Turns)+1, last.Guess, m.w.feedbackText(r, last.A, last.B)))
	}
	focus(m.input) // Undo may have disabled itself under the focus
}

// redoable reports whether Redo has a guess to play again: the one Undo
// took back last, in the game on.
func (m *youMode) redoable() bool {
	st := m.state()
	return len(st.Redo) > 0 && st.Game != nil && !st.Over
}

// redo plays again the guess Undo took back last, with the answer the
// host gave it and the host as it was after it, without asking the host
// again. The box then holds the guess Undo took back before it, as Undo
// left it, or, past the last, what it held before the first Undo.
func (m *youMode) redo() {
	st := m.state()
	if !m.redoable() {
		return
	}
	_, r, err := m.rules()
	if err != nil {
		return
	}
	m.w.f.Lane("you").Cancel() // a hint on its way is for the position before
	t := st.Redo[0]
	st.Redo = st.Redo[1:]
	st.Undo = append(st.Undo, st.Host)
	st.Host = t.Host
	st.Turns = append(st.Turns, t.Turn)
	if len(st.Redo) > 0 {
		st.Draft, st.Restored = st.Redo[0].Turn.Guess, st.Redo[0].Turn.Guess
	} else {
		st.Draft, st.Restored, st.RedoDraft = st.RedoDraft, "", ""
	}
	st.Hint = nil
	setInputValue(m.input, st.Draft)
	m.showInputError("")
	m.w.save()
	m.render()
	m.said.SetTextContent(m.w.f.T("you.redone", len(st.Turns), t.Turn.Guess, m.w.feedbackText(r, t.Turn.A, t.Turn.B)))
	focus(m.input) // Redo may have disabled itself under the focus
	if st.Analysis {
		m.fillCounts()
	}
}

// showInputError says what is wrong with the guess typed, beside it, and
// marks the field; "" clears both.
func (m *youMode) showInputError(text string) { frame.FieldError(m.input, m.inputError, text) }

// history returns the turns in the engine's form.
func (m *youMode) rows(n int) []turnRow {
	rows := []turnRow{}
	for _, t := range m.state().Turns[:n] {
		rows = append(rows, turnRow{Guess: t.Guess, A: t.A, B: t.B})
	}
	return rows
}

func (m *youMode) hint() {
	w, f, st := m.w, m.w.f, m.state()
	if st.Game == nil || st.Over {
		m.newGameFirst()
		return
	}
	spec, _, err := m.rules()
	if err != nil {
		f.ShowError(localError(err))
		return
	}
	var s suggestion
	host := st.Host // the host's state names the position the hint is for
	m.hinting++
	f.Running("you.hint", true)
	err = w.state.Settings.suggest(f.Lane("you"), spec, m.rows(len(st.Turns)), nil, &s)
	m.hinting--
	f.Running("you.hint", m.hinting > 0) // a second Hint may have superseded this one
	if err != nil {
		f.ShowError(err)
		return
	}
	if st.Host != host || st.Over {
		return // the game moved on (Undo) while the hint was thought out
	}
	st.Hint = &s
	w.save()
	m.render()
}

// reveal ends the game and shows the secret.
func (m *youMode) reveal() {
	st := m.state()
	if st.Game == nil {
		m.newGameFirst()
		return
	}
	st.Over = true
	st.Redo, st.RedoDraft = nil, ""
	st.Hint = nil // its Play button would play into a game that is over
	m.fetchSecret()
	m.w.save()
	m.render()
}

func (m *youMode) fetchSecret() {
	st := m.state()
	var res struct {
		State  string `json:"state"`
		Secret string `json:"secret"`
		Salt   string `json:"salt"`
	}
	if err := m.w.f.Call("you", "guess.host.reveal", map[string]any{"state": st.Host}, &res); err != nil {
		m.w.f.ShowError(err)
		return
	}
	st.Host, st.Secret, st.Salt = res.State, res.Secret, res.Salt // the revealed state answers no more guesses
}

// fillCounts computes how many codes were still possible after each turn,
// for the analysis.
func (m *youMode) fillCounts() {
	st := m.state()
	spec, _, err := m.rules()
	if err != nil || st.Game == nil {
		return
	}
	changed := false
	for i := 0; i < len(st.Turns); i++ {
		if st.Turns[i].Left > 0 {
			continue
		}
		var res struct {
			Count int `json:"count"`
		}
		game, asked := st.Game, m.rows(i+1)
		if err := m.w.f.Call("you-analysis", "guess.candidates", guessParams(spec, map[string]any{"history": asked, "limit": 0}), &res); err != nil {
			return
		}
		// Undo, New game or Give up may have come while it was counted:
		// the count is for the position asked about, if it is still there.
		if st.Game != game || i >= len(st.Turns) || !slices.Equal(m.rows(i+1), asked) {
			return
		}
		st.Turns[i].Left = res.Count
		changed = true
	}
	if changed {
		m.w.save()
		m.render()
	}
}

func (m *youMode) render() {
	w, f, st := m.w, m.w.f, m.state()
	_, r, err := m.rules()
	if err != nil {
		m.status.SetTextContent(f.Describe(localError(err)))
		return
	}
	// Room for a code written with a space between its symbols
	// ("0 1 2 3 4 5 6 7 8 9"), which the engine reads: r.Length+4 cut a
	// spaced 10-digit guess at its seventh symbol.
	m.input.SetAttribute("maxlength", fmt.Sprint(3*r.Length+4))
	m.input.SetAttribute("placeholder", strings.Repeat("•", r.Length))
	if !r.Repeats && strings.Trim(r.Alphabet, "0123456789") == "" {
		m.input.SetAttribute("inputmode", "numeric")
	} else {
		m.input.RemoveAttribute("inputmode")
	}
	// The status says what is going on; once the game is over, the end
	// of the game below says it all.
	switch {
	case st.Game == nil:
		replace(m.status, f.T("you.intro", w.describeRules(r)))
	case st.Over:
		replace(m.status, f.T("you.over"))
	case st.Kind == "adversarial":
		replace(m.status, f.T("you.adversarial", w.describeRules(r)))
	default:
		replace(m.status, f.T("you.fair", w.describeRules(r)), " ",
			el("code", cls("kz-hash"), st.Commitment), " ", f.CopyButton(st.Commitment))
	}
	m.showSettingsChanged()
	// Before the first game there is only the way in: no guess to type,
	// no New game or Undo for a game that does not exist.
	setHidden(m.start, st.Game != nil)
	setHidden(m.actions, st.Game == nil)
	playing := st.Game != nil && !st.Over
	if !playing {
		m.inputError.SetTextContent("") // a complaint about a guess means nothing once the game is over
	}
	// Once the game is over, nothing can be guessed: the field, its button,
	// Undo, Hint and Give up go (disabled too, for a form sent anyway), and
	// New game is the way on, above the end of the game.
	setHidden(m.form, !playing)
	setDisabled(m.input, !playing)
	setDisabled(m.guessButton, !playing)
	for _, b := range m.actions.QuerySelectorAll("[data-needs]") {
		setHidden(b, st.Over)
		switch b.GetAttribute("data-needs") {
		case "turns":
			setDisabled(b, !playing || len(st.Turns) == 0)
		case "redo":
			setDisabled(b, !m.redoable())
		default:
			setDisabled(b, !playing)
		}
	}

	// The history.
	if len(st.Turns) == 0 {
		replace(m.history)
	} else {
		head := el("tr", el("th", attr("scope", "col"), "#"), el("th", attr("scope", "col"), f.T("col.guess")), el("th", attr("scope", "col"), f.T("col.feedback")))
		if st.Analysis {
			head.AppendChild(el("th", attr("scope", "col"), cls("kz-nocopy"), f.T("col.left")))
		}
		body := el("tbody")
		for i, t := range st.Turns {
			row := el("tr", el("td", fmt.Sprint(i+1)), el("td", codeView(r, t.Guess)), el("td", w.feedbackText(r, t.A, t.B)))
			if st.Analysis {
				left := "…"
				if t.Left > 0 {
					left = i18n.Number(int64(t.Left))
				}
				row.AppendChild(el("td", cls("kz-nocopy"), left))
			}
			body.AppendChild(row)
		}
		replace(m.history, el("table", cls("kz-table"), el("caption", cls("kz-sr"), f.T("you.history")), el("thead", head), body))
	}

	// The end of the game: the status is read out once (a render does
	// not write it again), and the proof sits beside it, not in it.
	endKey := ""
	if st.Over && st.Secret != "" {
		endKey = fmt.Sprint(st.Won, st.Secret, len(st.Turns))
	}
	if endKey != m.endKey {
		m.endKey = endKey
		replace(m.endSaid)
		switch {
		case endKey == "":
		case st.Won:
			m.endSaid.AppendChild(w.wonHeading(len(st.Turns)))
		default:
			m.endSaid.AppendChild(el("p", f.T("you.secret-was"), " ", codeView(r, st.Secret)))
		}
	}
	replace(m.endRest)
	if endKey != "" {
		if st.Kind == "fair" {
			m.endRest.AppendChild(m.proof())
		} else {
			m.endRest.AppendChild(el("p", cls("kz-note"), f.T("you.adversarial-end")))
		}
	}

	// The analysis.
	replace(m.analysis)
	if st.Hint != nil {
		m.analysis.AppendChild(el("h3", f.T("you.hint-title"), " ", codeView(r, st.Hint.Guess), " ",
			el("button", attr("type", "button"), cls("kz-primary"), data("guess", st.Hint.Guess), on("click", "you.play-hint"), data("needs", "game"), f.T("you.play-hint"))))
		m.analysis.AppendChild(w.explanationView(r, st.Hint.Guess, st.Hint.Explanation))
	}
	if st.Analysis && len(st.Turns) > 0 {
		var counts []int
		for _, t := range st.Turns {
			if t.Left == 0 {
				break
			}
			counts = append(counts, t.Left)
		}
		m.analysis.AppendChild(w.countsView(r.Size(), counts))
	}
}

// proof shows the fair host's proof: the secret and the salt it
// revealed, the fingerprint computed here from them, the one it published
// at the start, whether they match, and how to check it anywhere else.
func (m *youMode) proof() dom.Element {
	f, st := m.w.f, m.state()
	computed := guess.CommitmentOf(st.Salt, st.Secret)
	preimage := st.Salt + ":" + st.Secret
	command := fmt.Sprintf("printf '%%s' '%s' | sha256sum", preimage)
	verdict := el("p", cls("kz-good"), "✓ ", f.T("you.proof-ok"))
	if computed != st.Commitment {
		verdict = el("p", cls("kz-bad"), "✗ ", f.T("you.proof-bad"))
	}
	return el("section", cls("kz-proof"), attr("aria-label", f.T("you.proof")),
		el("h3", f.T("you.proof")),
		el("dl",
			el("dt", f.T("you.proof-secret")), el("dd", el("code", st.Secret)),
			el("dt", f.T("you.proof-salt")), el("dd", el("code", st.Salt)),
			el("dt", f.T("you.proof-formula")), el("dd", el("code", "SHA-256(salt:secret) = SHA-256(\""+preimage+"\")")),
			el("dt", f.T("you.proof-computed")), el("dd", el("code", cls("kz-hash"), computed)),
			el("dt", f.T("you.proof-published")), el("dd", el("code", cls("kz-hash"), st.Commitment)),
		),
		verdict,
		el("p", cls("kz-note"), f.T("you.proof-elsewhere")),
		el("p", el("code", cls("kz-command"), command), " ", f.CopyButton(command)),
	)
}

// showSettingsChanged says, during a game, that changed settings wait
// for the next game.
func (m *youMode) showSettingsChanged() {
	st := m.state()
	differs := st.Game != nil && !st.Over && m.w.settingsDiffer(*st.Game, st.Kind)
	setHidden(m.changed, !differs)
	if differs {
		replace(m.changed, m.w.f.T("settings.next-game"), " ",
			el("button", attr("type", "button"), cls("kz-link"), on("click", "you.new"), m.w.f.T("settings.start-now")))
	}
}
