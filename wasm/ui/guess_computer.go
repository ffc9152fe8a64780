//go:build js && wasm

package ui

import (
	"fmt"
	"strconv"

	"honnef.co/go/js/dom/v2"

	"kibitz/engine/guess"
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
}

type compTurn struct {
	Guess string `json:"guess"`
	A     int    `json:"a"`
	B     int    `json:"b"`
	Left  int    `json:"left"` // candidates after the answer
}

type compMode struct {
	w          *guessWidget
	status     dom.Element
	confirm    dom.Element
	current    dom.Element
	form       dom.Element
	aSel       dom.Element
	bSel       dom.Element
	bLabel     dom.Element
	aLabel     dom.Element
	history    dom.Element
	reasoning  dom.Element
	undoButton dom.Element
	conflict   []int
}

func newCompMode(w *guessWidget, panel dom.Element) *compMode {
	f := w.f
	m := &compMode{w: w}
	m.status = el("p", cls("kz-status"))
	m.confirm = el("div", cls("kz-confirm"), attr("hidden", ""), attr("role", "alertdialog"), attr("aria-label", f.T("confirm.discard")),
		el("span", f.T("confirm.discard")),
		el("button", attr("type", "button"), cls("kz-danger"), on("click", "comp.discard"), f.T("confirm.discard-yes")),
		el("button", attr("type", "button"), on("click", "comp.keep"), f.T("confirm.keep")),
	)
	m.current = el("div", cls("kz-current"), attr("aria-live", "polite"))
	m.aSel = el("select", attr("id", "kz-comp-a"), on("change", "comp.draft"))
	m.bSel = el("select", attr("id", "kz-comp-b"), on("change", "comp.draft"))
	m.aLabel = el("label", attr("for", "kz-comp-a"))
	m.bLabel = el("label", attr("for", "kz-comp-b"))
	m.form = el("form", cls("kz-row kz-answer"), on("submit", "comp.answer"),
		m.aLabel, m.aSel, m.bLabel, m.bSel,
		el("button", attr("type", "submit"), cls("kz-primary"), f.T("comp.answer")),
	)
	m.history = el("div", cls("kz-history"))
	m.reasoning = el("div", cls("kz-analysis"))
	m.undoButton = el("button", attr("type", "button"), on("click", "comp.undo"), f.T("common.undo"))
	actions := el("div", cls("kz-row kz-actions"),
		el("button", attr("type", "button"), on("click", "comp.new"), f.T("common.new-game")),
		m.undoButton,
	)
	build(panel, m.status, m.confirm, m.current, m.form, actions, m.history, m.reasoning)

	st := &w.state.Computer
	f.Handle("comp.draft", func(dom.Event, dom.Element) {
		st.DraftA, st.DraftB = inputValue(m.aSel), inputValue(m.bSel)
		w.save()
	})
	f.Handle("comp.answer", func(dom.Event, dom.Element) { go m.answer() })
	f.Handle("comp.new", func(dom.Event, dom.Element) {
		if st.Game != nil && !st.Solved && len(st.Turns) > 0 {
			setHidden(m.confirm, false)
			return
		}
		go m.newGame()
	})
	f.Handle("comp.discard", func(dom.Event, dom.Element) {
		setHidden(m.confirm, true)
		go m.newGame()
	})
	f.Handle("comp.keep", func(dom.Event, dom.Element) { setHidden(m.confirm, true) })
	f.Handle("comp.undo", func(dom.Event, dom.Element) { go m.undo() })
	f.Handle("comp.retry", func(dom.Event, dom.Element) { go m.think() })
	m.render()
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
	*st = compState{Game: &spec}
	m.conflict = nil
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

// think asks the engine for the next guess.
func (m *compMode) think() {
	w, st := m.w, m.state()
	spec, _, err := m.rules()
	if err != nil || st.Game == nil || st.Solved {
		return
	}
	params := guessParams(spec, map[string]any{"history": m.rows(), "strategy": w.state.Settings.Strategy, "budgetMs": w.state.Settings.BudgetMs})
	var s suggestion
	if err := w.f.Call("computer", "guess.suggest", params, &s); err != nil {
		w.f.ShowError(err)
		m.render()
		return
	}
	st.Pending = &s
	st.DraftA, st.DraftB = "", ""
	w.save()
	m.render()
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
	a, errA := strconv.Atoi(inputValue(m.aSel))
	b, errB := strconv.Atoi(inputValue(m.bSel))
	if r.ImpliedB() {
		b, errB = r.Length-a, nil
	}
	if errA != nil || errB != nil {
		f.ShowError(&CallError{Code: "bad-input", Reason: "feedback-syntax", Field: "feedback", Message: "choose both counts"})
		return
	}
	if err := r.CheckTurn(guess.Turn{Guess: mustParse(r, st.Pending.Guess), Feedback: guess.Feedback{A: a, B: b}}, len(st.Turns)); err != nil {
		f.ShowError(localError(err))
		return
	}
	turn := compTurn{Guess: st.Pending.Guess, A: a, B: b}
	rows := append(m.rows(), turnRow{Guess: turn.Guess, A: a, B: b})
	var count struct {
		Count int `json:"count"`
	}
	if err := f.Call("computer", "guess.candidates", guessParams(spec, map[string]any{"history": rows, "limit": 0}), &count); err != nil {
		if ce, ok := err.(*CallError); ok && ce.Reason == "conflict" {
			m.conflict = ce.Rows
			f.ShowError(&CallError{Code: "bad-input", Reason: "answers-conflict", Rows: ce.Rows, Message: ce.Message})
			m.render()
			return
		}
		f.ShowError(err)
		return
	}
	m.conflict = nil
	f.ClearMessage()
	turn.Left = count.Count
	st.Turns = append(st.Turns, turn)
	st.Pending = nil
	st.Solved = r.Won(guess.Feedback{A: a, B: b})
	w.save()
	m.render()
	if !st.Solved {
		m.think()
	}
}

func (m *compMode) undo() {
	w, st := m.w, m.state()
	if len(st.Turns) == 0 {
		return
	}
	last := st.Turns[len(st.Turns)-1]
	st.Turns = st.Turns[:len(st.Turns)-1]
	st.Solved = false
	st.Pending = &suggestion{Guess: last.Guess}
	st.DraftA, st.DraftB = strconv.Itoa(last.A), strconv.Itoa(last.B) // your answer comes back, to correct
	m.conflict = nil
	w.f.ClearMessage()
	w.save()
	m.render()
	// Recompute the reasoning for the restored guess.
	spec, _, err := m.rules()
	if err != nil {
		return
	}
	var e struct {
		Explanation guess.Explanation `json:"explanation"`
	}
	if err := w.f.Call("computer", "guess.explain", guessParams(spec, map[string]any{"history": m.rows(), "guess": last.Guess}), &e); err == nil && st.Pending != nil && st.Pending.Guess == last.Guess {
		st.Pending.Explanation = e.Explanation
		w.save()
		m.render()
	}
}

func (m *compMode) render() {
	w, f, st := m.w, m.w.f, m.state()
	_, r, err := m.rules()
	if err != nil {
		m.status.SetTextContent(f.Describe(localError(err)))
		setHidden(m.form, true)
		return
	}
	// Feedback choices follow the rules; B disappears when it is implied.
	m.aLabel.SetTextContent(f.T("terms." + string(r.Terms) + ".a"))
	m.bLabel.SetTextContent(f.T("terms." + string(r.Terms) + ".b"))
	fillCounts(m.aSel, r.Length, st.DraftA)
	fillCounts(m.bSel, r.Length, st.DraftB)
	setHidden(m.bSel, r.ImpliedB())
	setHidden(m.bLabel, r.ImpliedB())

	switch {
	case st.Game == nil:
		m.status.SetTextContent(f.T("comp.intro", w.describeRules(r)))
	case st.Solved:
		m.status.SetTextContent(f.T("comp.solved", len(st.Turns)))
	default:
		m.status.SetTextContent(f.T("comp.playing", w.describeRules(r)))
	}
	setHidden(m.form, st.Pending == nil || st.Solved)
	setDisabled(m.undoButton, len(st.Turns) == 0)

	replace(m.current)
	if st.Game == nil {
		m.current.AppendChild(el("button", attr("type", "button"), cls("kz-primary"), on("click", "comp.new"), f.T("comp.start")))
	} else if st.Pending != nil && !st.Solved {
		m.current.AppendChild(el("p", cls("kz-big"), f.T("comp.my-guess"), " ", codeView(r, st.Pending.Guess)))
		if st.Pending.Explanation.Candidates > 0 {
			m.current.AppendChild(el("p", f.T("comp.candidates", st.Pending.Explanation.Candidates)))
		}
	} else if !st.Solved {
		m.current.AppendChild(el("button", attr("type", "button"), on("click", "comp.retry"), f.T("comp.retry")))
	}

	replace(m.history)
	if len(st.Turns) > 0 {
		body := el("tbody")
		for i, t := range st.Turns {
			row := el("tr", el("td", fmt.Sprint(i+1)), el("td", codeView(r, t.Guess)), el("td", w.feedbackText(r, t.A, t.B)), el("td", i18n.Number(int64(t.Left))))
			for _, c := range m.conflict {
				if c == i {
					row.Class().Add("kz-conflict")
				}
			}
			body.AppendChild(row)
		}
		m.history.AppendChild(el("table", cls("kz-table"), el("caption", cls("kz-sr"), f.T("comp.history")),
			el("thead", el("tr", el("th", attr("scope", "col"), "#"), el("th", attr("scope", "col"), f.T("col.guess")),
				el("th", attr("scope", "col"), f.T("col.feedback")), el("th", attr("scope", "col"), f.T("col.left")))),
			body))
	}

	replace(m.reasoning)
	if st.Pending != nil && !st.Solved && len(st.Pending.Explanation.Histogram) > 0 {
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

// fillCounts offers 0..n in a select, keeping the chosen value.
func fillCounts(sel dom.Element, n int, chosen string) {
	replace(sel, el("option", attr("value", ""), "–"))
	for i := 0; i <= n; i++ {
		sel.AppendChild(el("option", attr("value", strconv.Itoa(i)), strconv.Itoa(i)))
	}
	setInputValue(sel, chosen)
}

func mustParse(r guess.Rules, code string) guess.Code {
	c, _ := r.ParseCode(code, "guess")
	return c
}
