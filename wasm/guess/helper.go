//go:build js && wasm

package guess

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf16"

	"kibitz/engine/guess"
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
)

// Helper: the guesses and answers of a game played elsewhere, typed row by
// row (or pasted). The engine counts and lists the codes still possible
// and suggests the next guess. A row can be switched off or edited; rows
// are kept exactly as typed, even when wrong, so nothing is lost.

type helperState struct {
	Rows  []helperRow `json:"rows"`
	Paste string      `json:"paste"`
	// Undo and redo: the rows before each change, and the rows undone.
	// They are saved with the rest, so a reload loses nothing either.
	Past   [][]helperRow `json:"past,omitempty"`
	Future [][]helperRow `json:"future,omitempty"`
	// PastPaste and FuturePaste go with Past and Future, a step each
	// (counted from the last): the text a read of the paste box took in,
	// which Undo of that read puts back in the box and Redo takes out,
	// or "" for any other change. (Fields of their own, so that a state
	// saved before them, or read by a page before them, loses nothing.)
	PastPaste   []string `json:"pastPaste,omitempty"`
	FuturePaste []string `json:"futurePaste,omitempty"`
	// Good holds the rows of the last analysis shown, so that a relaunch
	// with a row in error shows it again, marked out of date.
	Good []helperRow `json:"good,omitempty"`
}

// maxUndo bounds the undo history.
const maxUndo = 100

type helperRow struct {
	Guess string `json:"guess"`
	A     string `json:"a"`
	B     string `json:"b"`
	Off   bool   `json:"off"`
}

// blank reports whether a row has nothing typed in it yet.
func (r helperRow) blank() bool {
	return strings.TrimSpace(r.Guess) == "" && strings.TrimSpace(r.A) == "" && strings.TrimSpace(r.B) == ""
}

type helperMode struct {
	w          *guessWidget
	table      dom.Element
	pasteBox   dom.Element
	pasteIn    dom.Element
	pasteErr   dom.Element
	pasteLabel dom.Element // says how a line is written, with an example of the game's
	results    dom.Element
	staleNote  dom.Element // says the results are being updated, or out of date
	rowError   dom.Element
	undoBtn    dom.Element
	redoBtn    dom.Element
	generation int    // bumps on every edit, so stale results are dropped
	lastEdit   string // the field typed in last ("2/guess"), so typing on in it is one undo step
	editing    int    // the row the cursor is in, or -1: it is checked when complete or left
	showSome   bool   // list some codes even when nothing is known yet
	// toCodes sends the focus to the first code listed once the results
	// come: "Show some", which had it, goes with the results it replaces.
	toCodes bool
	// pasteFault is where the paste box's error lies in its text, as the
	// box counts (UTF-16 units), start and end; start -1: nowhere.
	pasteFault [2]int
	// pasteAt is where a paste being read goes in the rows: after those
	// there were when Read was pressed, before any added meanwhile. It
	// moves with the rows removed above it.
	pasteAt int
	// fast is the fast strategy's guess shown while a perfect suggestion
	// is searched, or nil.
	fast *fastGuess
}

func newHelperMode(w *guessWidget, panel dom.Element) *helperMode {
	f := w.f
	m := &helperMode{w: w}
	st := &w.state.Helper
	if len(st.Rows) == 0 {
		st.Rows = []helperRow{{}}
	}
	m.editing, m.pasteFault = -1, [2]int{-1, -1}
	m.table = el("div", cls("kz-history"))
	m.rowError = el("p", cls("kz-field-error"), attr("aria-live", "polite"))
	m.pasteIn = el("textarea", attr("id", "kz-paste"), attr("rows", "5"), attr("spellcheck", "false"), on("input", "help.paste-draft"),
		attr("aria-describedby", "kz-paste-error"))
	m.pasteLabel = el("label", attr("for", "kz-paste"))
	m.pasteErr = el("p", cls("kz-field-error"), attr("id", "kz-paste-error"), attr("aria-live", "polite"))
	m.pasteBox = el("div", cls("kz-paste"), attr("hidden", ""), on("keydown", "help.paste-key"),
		m.pasteLabel, m.pasteIn, m.pasteErr,
		el("div", cls("kz-row"),
			el("button", attr("type", "button"), cls("kz-primary"), on("click", "help.paste-read"), f.T("help.paste-read")),
			el("button", attr("type", "button"), on("click", "help.paste-close"), f.T("common.close")),
		),
	)
	m.staleNote = el("p", cls("kz-note kz-stale-note"), attr("hidden", ""))
	// Not a live region: a screen reader would read out every code button
	// in it on every change. The frame's live line says the gist (Say).
	m.results = el("div", cls("kz-analysis"))
	m.undoBtn = undoButton(f, "help.undo")
	m.redoBtn = redoButton(f, "help.redo")
	actions := el("div", cls("kz-row kz-actions"),
		el("button", attr("type", "button"), on("click", "help.add"), f.T("help.add")),
		el("button", attr("type", "button"), on("click", "help.paste-open"), f.T("help.paste")),
		m.undoBtn, m.redoBtn,
		el("button", attr("type", "button"), on("click", "help.clear"), f.T("help.clear")),
	)
	// The analysis's progress shows where its results will appear.
	build(panel, el("p", cls("kz-status"), f.T("help.intro")), m.table, m.rowError, actions, m.pasteBox,
		f.Lane("helper").BusyIn(), f.Lane("helper-paste").BusyIn(), m.staleNote, m.results)
	setInputValue(m.pasteIn, st.Paste)

	f.Handle("help.edit", func(_ dom.Event, t dom.Element) {
		i, err := strconv.Atoi(t.GetAttribute("data-row"))
		if err != nil || i >= len(st.Rows) {
			return
		}
		field := t.GetAttribute("data-field")
		if field == "on" {
			m.remember("")
		} else {
			m.remember(fmt.Sprintf("%d/%s", i, field))
		}
		switch field {
		case "guess":
			st.Rows[i].Guess = inputValue(t)
		case "a":
			st.Rows[i].A = inputValue(t)
		case "b":
			st.Rows[i].B = inputValue(t)
		case "on":
			st.Rows[i].Off = !checked(t)
			m.markRows(nil, -1, "")
		}
		if field != "on" {
			m.editing = i
		}
		w.save()
		m.syncUndo()
		m.schedule()
	})
	// Leaving a row checks it, even half typed: then it is worth a word.
	f.Handle("help.leave", func(_ dom.Event, t dom.Element) {
		if i, err := strconv.Atoi(t.GetAttribute("data-row")); err == nil && i == m.editing {
			m.editing = -1
			m.lastEdit = ""
			m.schedule()
		}
	})
	f.Handle("help.remove", func(_ dom.Event, t dom.Element) {
		i, err := strconv.Atoi(t.GetAttribute("data-row"))
		if err != nil || i >= len(st.Rows) {
			return
		}
		m.remember("")
		st.Rows = append(st.Rows[:i], st.Rows[i+1:]...)
		if i < m.pasteAt {
			m.pasteAt--
		}
		if len(st.Rows) == 0 {
			st.Rows = []helperRow{{}}
		}
		w.save()
		m.renderRows()
		m.schedule()
		// Focus moves to the neighbouring row, so several rows can go in a row.
		m.focusRow(min(i, len(st.Rows)-1), "remove")
	})
	f.Handle("help.add", func(dom.Event, dom.Element) { m.addRow(""); m.focusRow(len(st.Rows)-1, "guess") })
	f.Handle("help.use", func(_ dom.Event, t dom.Element) {
		m.addRow(t.GetAttribute("data-guess"))
		m.focusRow(len(st.Rows)-1, "a")
		m.schedule()
	})
	f.Handle("help.clear", func(dom.Event, dom.Element) {
		if len(st.Rows) == 1 && st.Rows[0].blank() {
			return
		}
		m.remember("") // Clear is undone like any other change
		st.Rows = []helperRow{{}}
		m.pasteAt = 0
		w.save()
		m.renderRows()
		m.schedule()
		f.Notice(f.T("help.cleared"))
		m.focusRow(0, "guess")
	})
	f.Handle("help.undo", func(dom.Event, dom.Element) { m.travel(&st.Past, &st.Future, &st.PastPaste, &st.FuturePaste, true) })
	f.Handle("help.redo", func(dom.Event, dom.Element) { m.travel(&st.Future, &st.Past, &st.FuturePaste, &st.PastPaste, false) })
	// Ctrl+Z (⌘Z) is Undo, and Ctrl+Shift+Z (⌘⇧Z) or Ctrl+Y Redo, from
	// anywhere in the mode but a text field and the paste box, which
	// undo and redo their own typing.
	panel.SetAttribute("data-on-keydown", "help.key")
	f.Handle("help.key", func(ev dom.Event, _ dom.Element) {
		key := frame.EditKeyOf(ev)
		if key == frame.NoEdit {
			return
		}
		t := ev.Target()
		if t == nil || t.Closest(`textarea, input:not([type="checkbox"])`) != nil {
			return
		}
		ev.PreventDefault()
		// A row's switch or × under the focus is drawn anew: the focus
		// goes to the same in the row now there, or in the last.
		row, field := -1, ""
		if at := t.Closest("tr [data-row][data-field]"); at != nil {
			row, _ = strconv.Atoi(at.GetAttribute("data-row"))
			field = at.GetAttribute("data-field")
		}
		if key == frame.UndoKey {
			m.travel(&st.Past, &st.Future, &st.PastPaste, &st.FuturePaste, true)
		} else {
			m.travel(&st.Future, &st.Past, &st.FuturePaste, &st.PastPaste, false)
		}
		if field != "" && !f.FocusIn(m.table) {
			m.focusRow(min(row, len(m.table.QuerySelectorAll("tbody tr[data-row]"))-1), field)
		}
	})
	f.Handle("help.tree", func(dom.Event, dom.Element) { w.tree.openFrom("helper") })
	f.Handle("help.retry", func(_ dom.Event, t dom.Element) {
		if box := t.Closest(".kz-suggest-error"); box != nil {
			gen := m.generation
			f.Go(func() { m.suggestAgain(gen, box) })
		}
	})
	f.Handle("help.show-some", func(_ dom.Event, t dom.Element) {
		m.showSome, m.toCodes = true, f.FocusIn(t)
		m.schedule()
	})
	f.Handle("help.paste-open", func(dom.Event, dom.Element) { setHidden(m.pasteBox, false); focus(m.pasteIn) })
	f.Handle("help.paste-close", func(dom.Event, dom.Element) { m.closePaste() })
	f.Handle("help.paste-key", func(ev dom.Event, _ dom.Element) {
		if ev.Underlying().Get("key").String() == "Escape" {
			ev.PreventDefault()
			m.closePaste()
		}
	})
	f.Handle("help.paste-draft", func(dom.Event, dom.Element) {
		st.Paste = inputValue(m.pasteIn)
		m.showPasteError("")
		// A read under way reads the text before this change: it goes,
		// and the box keeps the text as it is now, for Read again.
		f.Lane("helper-paste").Cancel()
		w.save()
	})
	f.Handle("help.paste-read", func(dom.Event, dom.Element) { f.Go(m.readPaste) })
	f.Handle("help.paste-goto", func(dom.Event, dom.Element) { m.selectPasteFault() })
	f.Handle("help.enter", func(ev dom.Event, t dom.Element) {
		// Enter in the last field of the last row starts a new row.
		if ev.Underlying().Get("key").String() != "Enter" {
			return
		}
		ev.PreventDefault()
		i, _ := strconv.Atoi(t.GetAttribute("data-row"))
		if i == len(st.Rows)-1 && !st.Rows[i].blank() {
			m.addRow("")
		}
		m.focusRow(min(i+1, len(st.Rows)-1), "guess")
	})
	m.renderRows()
	m.schedule()
	return m
}

func (m *helperMode) state() *helperState { return &m.w.state.Helper }

// remember records the rows before a change, for Undo. Typing on in the
// same field (edit names it) is one change, not one per key.
func (m *helperMode) remember(edit string) {
	st := m.state()
	if edit != "" && edit == m.lastEdit {
		return
	}
	m.lastEdit = edit
	st.PastPaste = append(alignSteps(st.PastPaste, len(st.Past)), "")
	st.Past = append(st.Past, slices.Clone(st.Rows))
	if len(st.Past) > maxUndo {
		st.Past = st.Past[len(st.Past)-maxUndo:]
		st.PastPaste = st.PastPaste[len(st.PastPaste)-maxUndo:]
	}
	st.Future, st.FuturePaste = nil, nil
}

// alignSteps gives the paste texts of n undo steps: those there are,
// counted from the last, with "" for the older steps that have none.
func alignSteps(texts []string, n int) []string {
	if len(texts) >= n {
		return texts[len(texts)-n:]
	}
	return append(make([]string, n-len(texts), n+1), texts...)
}

// travel is Undo (from Past to Future) or Redo (the other way). A step
// that read the paste box puts its text back in the box when undone,
// and takes it out again when redone, unless the reader has changed the
// box since: the text is never lost.
func (m *helperMode) travel(from, to *[][]helperRow, fromPaste, toPaste *[]string, undo bool) {
	f, st := m.w.f, m.state()
	if len(*from) == 0 {
		return
	}
	*fromPaste = alignSteps(*fromPaste, len(*from))
	*toPaste = alignSteps(*toPaste, len(*to))
	pasted := (*fromPaste)[len(*fromPaste)-1]
	*to = append(*to, slices.Clone(st.Rows))
	*toPaste = append(*toPaste, pasted)
	st.Rows = (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*fromPaste = (*fromPaste)[:len(*fromPaste)-1]
	m.lastEdit, m.editing = "", -1
	f.ClearMessage()
	box := inputValue(m.pasteIn)
	switch {
	case pasted == "":
	case undo:
		if strings.TrimSpace(box) != "" && box != pasted {
			pasted += "\n" + box // what was typed since stays, after it
		}
		m.setPaste(pasted)
		setHidden(m.pasteBox, false)
		f.Notice(f.T("help.paste-back"))
	case box == pasted:
		m.setPaste("")
		if f.FocusIn(m.pasteBox) {
			focus(m.undoBtn)
		}
		setHidden(m.pasteBox, true)
	}
	m.w.save()
	m.renderRows()
	m.schedule()
}

// setPaste puts text in the paste box, as typed there.
func (m *helperMode) setPaste(text string) {
	m.state().Paste = text
	setInputValue(m.pasteIn, text)
	m.showPasteError("")
	m.w.f.Lane("helper-paste").Cancel()
}

// syncUndo enables Undo and Redo when there is something to undo or redo.
func (m *helperMode) syncUndo() {
	st := m.state()
	undoFocused, redoFocused := m.w.f.FocusIn(m.undoBtn), m.w.f.FocusIn(m.redoBtn)
	setDisabled(m.undoBtn, len(st.Past) == 0)
	setDisabled(m.redoBtn, len(st.Future) == 0)
	// A button disabled under the focus hands it on: to the other one,
	// or to the first row.
	if (undoFocused && len(st.Past) == 0) || (redoFocused && len(st.Future) == 0) {
		switch {
		case undoFocused && len(st.Future) > 0:
			focus(m.redoBtn)
		case redoFocused && len(st.Past) > 0:
			focus(m.undoBtn)
		default:
			m.focusRow(0, "guess")
		}
	}
}

// rules are always the settings' rules: changing them re-reads the rows.
func (m *helperMode) rules() (gameSpec, guess.Rules, error) {
	return m.w.gameRules(nil)
}

func (m *helperMode) rulesChanged() {
	m.renderRows()
	m.schedule()
}

func (m *helperMode) addRow(code string) {
	st := m.state()
	m.remember("")
	if n := len(st.Rows); n > 0 && st.Rows[n-1].blank() {
		st.Rows[n-1].Guess = code
	} else {
		st.Rows = append(st.Rows, helperRow{Guess: code})
	}
	m.w.save()
	m.renderRows()
}

func (m *helperMode) focusRow(i int, field string) {
	if e := m.table.QuerySelector(fmt.Sprintf(`[data-row="%d"][data-field="%s"]`, i, field)); e != nil {
		focus(e)
	}
}

func (m *helperMode) renderRows() {
	f, st := m.w.f, m.state()
	_, r, rulesErr := m.rules()
	showB := rulesErr != nil || !r.ImpliedB()
	aName, bName, aCol, bCol := "A", "B", "A", "B"
	if rulesErr == nil {
		terms := "terms." + string(r.Terms)
		aName, bName, aCol, bCol = f.T(terms+".a"), f.T(terms+".b"), f.T(terms+".col-a"), f.T(terms+".col-b")
	}
	head := el("tr", el("th", attr("scope", "col"), "#"), el("th", attr("scope", "col"), f.T("col.guess")),
		el("th", attr("scope", "col"), attr("title", aName), aCol))
	if showB {
		head.AppendChild(el("th", attr("scope", "col"), attr("title", bName), bCol))
	}
	head.AppendChild(el("th", attr("scope", "col"), f.T("col.use")))
	head.AppendChild(el("th", attr("scope", "col"), el("span", cls("kz-sr"), f.T("col.remove"))))
	body := el("tbody")
	for i, row := range st.Rows {
		n := fmt.Sprint(i + 1)
		idx := strconv.Itoa(i)
		input := func(field, value, label, mode string, size int) dom.Element {
			e := el("input", attr("type", "text"), attr("autocomplete", "off"), attr("spellcheck", "false"), attr("size", strconv.Itoa(size)),
				data("row", idx), data("field", field), on("input", "help.edit"), on("keydown", "help.enter"), on("focusout", "help.leave"),
				attr("aria-label", f.T("help.cell", label, n)))
			if mode != "" {
				e.SetAttribute("inputmode", mode)
			}
			setInputValue(e, value)
			return e
		}
		tr := el("tr", data("row", idx),
			el("td", n),
			el("td", input("guess", row.Guess, f.T("col.guess"), "", 11)),
			el("td", input("a", row.A, aName, "numeric", 2)),
		)
		if showB {
			tr.AppendChild(el("td", input("b", row.B, bName, "numeric", 2)))
		}
		use := el("input", attr("type", "checkbox"), data("row", idx), data("field", "on"), on("change", "help.edit"),
			attr("aria-label", f.T("help.use-row", n)))
		setChecked(use, !row.Off)
		// The box sits in a label as big as a button, which is what a
		// finger hits.
		tr.AppendChild(el("td", el("label", cls("kz-use"), use)))
		tr.AppendChild(el("td", el("button", attr("type", "button"), cls("kz-link kz-remove"), data("row", idx), data("field", "remove"), on("click", "help.remove"),
			attr("aria-label", f.T("help.remove-row", n)), "×")))
		if row.Off {
			tr.Class().Add("kz-off")
		}
		body.AppendChild(tr)
	}
	replace(m.table, el("table", cls("kz-table kz-edit"), el("caption", cls("kz-sr"), f.T("help.rows")), el("thead", head), body))
	m.syncUndo()
	m.showPasteExample(r, rulesErr == nil)
}

// showPasteExample writes the paste box's example in the game's own
// symbols and terms: "0123 1A2B" is no turn of Mastermind (no 0), of
// Numeron (three digits), nor of the science fair's (1 to 9), and the
// reader who followed it was told it was wrong.
func (m *helperMode) showPasteExample(r guess.Rules, ok bool) {
	example := "0123 1A2B"
	if ok {
		t := r.ExampleTurn()
		example = r.Format(t.Guess) + " " + m.w.feedbackText(r, t.Feedback.A, t.Feedback.B)
	}
	m.pasteLabel.SetTextContent(m.w.f.T("help.paste-label", example))
	m.pasteIn.SetAttribute("placeholder", example)
}

// markRows highlights conflicting rows, or one row with a bad field.
func (m *helperMode) markRows(conflict []int, badRow int, badField string) {
	st := m.state()
	for i := range st.Rows {
		tr := m.table.QuerySelector(fmt.Sprintf(`tr[data-row="%d"]`, i))
		if tr == nil {
			continue
		}
		inConflict := false
		for _, c := range conflict {
			inConflict = inConflict || c == i
		}
		toggleClass(tr, "kz-conflict", inConflict)
		toggleClass(tr, "kz-off", st.Rows[i].Off)
		for _, field := range []string{"guess", "a", "b"} {
			if input := tr.QuerySelector(fmt.Sprintf(`[data-field="%s"]`, field)); input != nil {
				bad := i == badRow && (field == badField || (badField == "feedback" && field != "guess"))
				toggleClass(input, "kz-invalid", bad)
				input.SetAttribute("aria-invalid", strconv.FormatBool(bad))
			}
		}
	}
}

// schedule recomputes the results shortly after the last edit, when the
// helper is on screen (switching to it schedules too).
func (m *helperMode) schedule() {
	m.generation++
	gen := m.generation
	if m.w.state.Mode != "helper" {
		return
	}
	m.markStale(m.w.f.T("help.updating")) // at once: what is on screen no longer matches the rows
	m.w.f.Go(func() {
		time.Sleep(300 * time.Millisecond)
		if gen == m.generation {
			m.compute(gen)
		}
	})
}

// history turns the typed rows into the engine's rows, with the index
// of each in the table. Blank rows are skipped, and so is the row being
// typed until it is complete: nobody wants to hear "the answer is
// missing" while still typing the guess. A half-typed row the cursor has
// left is sent as it is, so the engine names what is missing.
func (m *helperMode) history(r guess.Rules) ([]map[string]any, []int) {
	return historyOf(r, m.state().Rows, m.editing)
}

// historyOf is history for any rows, with row editing being typed.
func historyOf(r guess.Rules, typed []helperRow, editing int) ([]map[string]any, []int) {
	var rows []map[string]any
	var index []int
	for i, row := range typed {
		if row.blank() || (i == editing && !row.complete(r)) {
			continue
		}
		entry := map[string]any{"guess": strings.TrimSpace(row.Guess), "disabled": row.Off}
		readAnswer(entry, r, row.A, row.B)
		rows = append(rows, entry)
		index = append(index, i)
	}
	return rows, index
}

// complete reports whether a row has all it needs: a guess of the
// game's length and its answer.
// readAnswer puts a row's answer boxes in its engine row: two counts as
// a and b; an answer written whole in the A box ("1A2B") as feedback; and
// anything else typed in both boxes, such as counts with their letters
// ("1a" and "2b", "1B" and "1W"), as one feedback text made of the two,
// which the engine reads or says what is wrong with. (A box that was not
// a bare count was dropped: "1a" and "2b" read as 1A0B, a wrong list of
// codes with no word.) Full-width digits, as a Chinese or Japanese
// keyboard types them, are digits.
func readAnswer(entry map[string]any, r guess.Rules, typedA, typedB string) {
	a, b := halfWidth(strings.TrimSpace(typedA)), halfWidth(strings.TrimSpace(typedB))
	if r.ImpliedB() {
		b = "" // the game has no B: its box is not shown
	}
	an, aErr := strconv.Atoi(a)
	bn, bErr := strconv.Atoi(b)
	switch {
	case a == "":
		if bErr == nil {
			entry["b"] = bn // the engine says A is missing
		}
	case aErr == nil && (b == "" || bErr == nil):
		entry["a"] = an
		if b != "" {
			entry["b"] = bn
		}
	case b == "":
		entry["feedback"] = a
	default:
		entry["feedback"] = a + " " + b
	}
}

// halfWidth reads full-width characters (U+FF01 to U+FF5E: １, Ａ) as
// their ASCII forms.
func halfWidth(s string) string {
	return strings.Map(func(c rune) rune {
		if c >= 0xFF01 && c <= 0xFF5E {
			return c - 0xFEE0
		}
		return c
	}, s)
}

func (row helperRow) complete(r guess.Rules) bool {
	symbols := 0
	for _, ch := range row.Guess {
		if !unicode.IsSpace(ch) {
			symbols++
		}
	}
	a, b := halfWidth(strings.TrimSpace(row.A)), strings.TrimSpace(row.B)
	_, aIsCount := strconv.Atoi(a)
	return symbols == r.Length && a != "" && (b != "" || r.ImpliedB() || aIsCount != nil)
}

// compute asks the engine about the rows. The last good results stay on
// screen, marked as being updated, until the new ones arrive; if the rows
// have an error, they stay marked out of date. After a relaunch nothing is
// on screen yet: the rows of the last good analysis are analysed again, so
// the reader still sees it, out of date, beside the error.
func (m *helperMode) compute(gen int) {
	f, st := m.w.f, m.state()
	spec, r, err := m.rules()
	if err != nil {
		replace(m.results)
		setHidden(m.staleNote, true)
		return
	}
	rows, index := m.history(r)
	m.markStale(f.T("help.updating"))
	codes, said, more, err := m.codes(gen, spec, r, rows)
	if err == nil && more {
		var suggestion dom.Element
		var early bool
		suggestion, said, early, err = m.suggestAfter(gen, spec, r, rows, codes, said)
		if early {
			// The codes are on screen already, and the reader may be in
			// them: the suggestion, or why there is none, goes under them
			// (in place of the fast guess shown meanwhile, if one is).
			if gen != m.generation || errors.Is(err, frame.ErrSuperseded) {
				return
			}
			m.settle(gen, spec, rows, suggestion, said, err)
			m.saveGood(index)
			return
		}
		codes = append(codes, suggestion)
	}
	if gen != m.generation {
		return // an edit came in; its own computation follows
	}
	if err != nil {
		m.showError(err, index)
		if m.results.FirstChild() == nil && len(st.Good) > 0 && !errors.Is(err, frame.ErrSuperseded) {
			good, _ := historyOf(r, st.Good, -1)
			if results, _, err := m.analyse(gen, spec, r, good); err == nil && gen == m.generation && m.results.FirstChild() == nil {
				replace(m.results, results...)
				m.markStale(f.T("help.out-of-date"))
			}
		}
		return
	}
	m.showResults(codes...)
	f.Say(said)
	if m.toCodes {
		m.toCodes = false
		if first := m.results.QuerySelector(".kz-candidates .kz-chip"); first != nil {
			focus(first)
		}
	}
	m.saveGood(index)
}

// saveGood keeps the rows the results on screen come from, which come
// back if the rows are later made unreadable.
func (m *helperMode) saveGood(index []int) {
	st := m.state()
	st.Good = nil
	for _, i := range index {
		st.Good = append(st.Good, st.Rows[i])
	}
	m.w.save()
}

// codesFirstAfter is how long the suggestion may take before the codes
// still possible show without it, as the busy line above them shows: a
// suggestion usually takes a few milliseconds, but a perfect search from
// a position off the shipped strategy, or Mastermind's first, takes
// seconds or minutes, and the codes are known at once.
const codesFirstAfter = 150 * time.Millisecond

// fastAfter is how long a perfect suggestion may take before the fast
// search's guess shows under the codes meanwhile: a proof read from a
// strategy known takes a moment, and the fast guess would flash up and
// go; one searched takes seconds or minutes.
const fastAfter = time.Second

// suggestAfter asks for the suggestion for rows, whose codes are already
// built. If it is not back within codesFirstAfter, the codes show alone
// meanwhile (early) and the busy line above them says the suggestion is
// on its way.
func (m *helperMode) suggestAfter(gen int, spec gameSpec, r guess.Rules, rows []map[string]any, codes []any, said string) (suggestion dom.Element, saidAll string, early bool, err error) {
	f := m.w.f
	pending := true
	var fast *time.Timer
	timer := f.After(codesFirstAfter, func() {
		if pending && gen == m.generation {
			early = true
			m.showResults(codes...)
			if m.toCodes {
				m.toCodes = false
				if first := m.results.QuerySelector(".kz-candidates .kz-chip"); first != nil {
					focus(first)
				}
			}
			fast = f.After(fastAfter-codesFirstAfter, func() { m.showFast(gen, spec, r, rows, nil, &pending) })
		}
	})
	suggestion, suggestSaid, err := m.suggestion(spec, r, rows)
	pending = false
	timer.Stop()
	if fast != nil {
		fast.Stop()
	}
	f.Lane("helper-fast").Cancel()
	if err != nil {
		return nil, said, early, err
	}
	return suggestion, frame.JoinSentences(said, suggestSaid), early, nil
}

// suggestionOrError is what goes under codes shown early: the suggestion,
// or what stopped it (the reader's Stop, or an error), said in its place.
func (m *helperMode) suggestionOrError(suggestion dom.Element, err error) dom.Element {
	f := m.w.f
	if err == nil {
		return suggestion
	}
	box := el("p", cls("kz-suggest-error"))
	if errors.Is(err, frame.ErrStopped) {
		box.Class().Add("kz-note")
		build(box, f.T("help.suggest-stopped"), " ",
			el("button", attr("type", "button"), cls("kz-link"), on("click", "help.retry"), f.T("comp.retry")))
		return box
	}
	f.ShowErrorIn(box, err)
	return box
}

// suggestAgain asks again for the suggestion that box says was stopped,
// under the same codes, and puts it (or why there is none) in its place.
func (m *helperMode) suggestAgain(gen int, box dom.Element) {
	f := m.w.f
	spec, r, err := m.rules()
	if err != nil {
		return
	}
	rows, _ := m.history(r)
	pending := true
	if fb := m.fast; fb != nil && fb.box == box {
		// The fast guess stays, not yet proven again, while the proof
		// is searched again; the focus Think again had goes to its Add.
		hadFocus := f.FocusIn(box)
		fb.pend()
		if hadFocus {
			focus(fb.box.QuerySelector("button"))
		}
	} else {
		timer := f.After(fastAfter, func() { m.showFast(gen, spec, r, rows, box, &pending) })
		defer timer.Stop()
	}
	suggestion, said, err := m.suggestion(spec, r, rows)
	pending = false
	f.Lane("helper-fast").Cancel()
	if gen != m.generation || errors.Is(err, frame.ErrSuperseded) || box.ParentNode() == nil && m.fast == nil {
		return
	}
	if m.fast != nil {
		m.settle(gen, spec, rows, suggestion, said, err)
		return
	}
	hadFocus := f.FocusIn(box)
	next := m.suggestionOrError(suggestion, err)
	box.ParentNode().ReplaceChild(next, box)
	if button := next.QuerySelector("button"); hadFocus && button != nil {
		focus(button)
	}
	if err == nil {
		f.Say(said)
	}
}

// fastGuess is the fast strategy's guess (best's: a few milliseconds),
// shown, marked not yet proven, while a perfect suggestion is searched:
// a guess to go on with meanwhile. The proof takes its place when it
// comes, and says whether it was optimal.
type fastGuess struct {
	box, head, note dom.Element
	guess           string
	m               *helperMode
}

// pend marks the fast guess as waiting for the proof.
func (fb *fastGuess) pend() {
	f := fb.m.w.f
	fb.box.Class().Remove("kz-suggest-error")
	fb.head.SetTextContent(f.T("help.fast"))
	replace(fb.note, f.T("help.fast-pending"))
}

// showFast asks the fast strategy for its guess after rows, when the
// settings' strategy is perfect, and shows it in place of at (nil:
// under the codes), unless the rows changed or the perfect suggestion
// came (pending false) meanwhile.
func (m *helperMode) showFast(gen int, spec gameSpec, r guess.Rules, rows []map[string]any, at dom.Element, pending *bool) {
	w, f := m.w, m.w.f
	if w.state.Settings.Strategy != string(guess.StrategyPerfect) || !*pending || gen != m.generation {
		return
	}
	settings := w.state.Settings
	settings.Strategy = string(guess.StrategyBest)
	f.Go(func() {
		var s suggestion
		err := settings.suggest(f.Lane("helper-fast"), spec, rows, nil, &s)
		if err != nil || !*pending || gen != m.generation || (at != nil && at.ParentNode() == nil) {
			return // without the fast guess, the busy line goes on alone
		}
		fb := &fastGuess{m: m, guess: s.Guess, head: el("span"), note: el("p", cls("kz-note kz-fast-note"))}
		// Not .kz-suggest: that is the suggestion, proven when perfect; it looks the same.
		fb.box = el("div", cls("kz-suggest-fast"),
			el("h3", fb.head, " ", codeView(r, s.Guess)),
			fb.note,
			el("div", cls("kz-row"),
				el("button", attr("type", "button"), data("guess", s.Guess), on("click", "help.use"), f.T("help.use-this"))),
			w.explanationView(r, s.Guess, s.Explanation))
		fb.pend()
		if at != nil {
			hadFocus := f.FocusIn(at)
			at.ParentNode().ReplaceChild(fb.box, at)
			if hadFocus {
				focus(fb.box.QuerySelector("button"))
			}
		} else {
			m.results.AppendChild(fb.box)
		}
		m.fast = fb
		f.Say(f.T("help.said-fast", s.Guess))
	})
}

// settle puts the suggestion, or why there is none, under the codes
// shown early: in place of the fast guess, if one is shown. A proof
// says whether the fast guess was optimal (the engine checks when the
// guesses differ); a Stop keeps the fast guess, saying it is not proven.
func (m *helperMode) settle(gen int, spec gameSpec, rows []map[string]any, suggestion dom.Element, said string, err error) {
	f := m.w.f
	fb := m.fast
	if fb == nil || fb.box.ParentNode() == nil {
		m.fast = nil
		box := m.suggestionOrError(suggestion, err)
		m.results.AppendChild(box)
		switch {
		case errors.Is(err, frame.ErrStopped):
			// The Stop pressed went with the busy line: the focus
			// goes to Think again, and the reader hears why.
			said = f.T("help.suggest-stopped")
			if !f.FocusIn(f.Body) {
				focus(box.QuerySelector("button"))
			}
		case err != nil:
			said = box.TextContent()
		}
		f.Say(said)
		return
	}
	switch {
	case err == nil:
		m.fast = nil
		proven := suggestion.QuerySelector("[data-guess]").GetAttribute("data-guess")
		note := el("p", cls("kz-note kz-fast-note"))
		if proven == fb.guess {
			note.SetTextContent(f.T("help.fast-same", fb.guess))
		} else {
			note.SetTextContent(f.T("help.fast-checking", fb.guess))
			f.Go(func() { m.checkFast(gen, spec, rows, fb.guess, note) })
		}
		suggestion.InsertBefore(note, suggestion.FirstChild().NextSibling())
		hadFocus := f.FocusIn(fb.box)
		fb.box.ParentNode().ReplaceChild(suggestion, fb.box)
		if hadFocus {
			focus(suggestion.QuerySelector("button"))
		}
		f.Say(frame.JoinSentences(said, note.TextContent()))
	case errors.Is(err, frame.ErrStopped):
		// The fast guess stays, said to be unproven, with Think again.
		fb.box.Class().Add("kz-suggest-error")
		fb.head.SetTextContent(f.T("help.fast-head"))
		replace(fb.note, f.T("help.fast-stopped"), " ",
			el("button", attr("type", "button"), cls("kz-link"), on("click", "help.retry"), f.T("comp.retry")))
		if !f.FocusIn(f.Body) {
			focus(fb.note.QuerySelector("button"))
		}
		f.Say(f.T("help.fast-stopped"))
	default:
		// The proof failed: the fast guess stays, unproven, and the
		// error follows it.
		fb.head.SetTextContent(f.T("help.fast-head"))
		replace(fb.note, f.T("help.fast-unproven"))
		box := m.suggestionOrError(nil, err)
		fb.box.ParentNode().InsertBefore(box, fb.box.NextSibling())
		f.Say(box.TextContent())
	}
}

// checkFast asks the engine whether the fast guess, which the proof did
// not choose, is optimal too, and says so in note.
func (m *helperMode) checkFast(gen int, spec gameSpec, rows []map[string]any, fastGuess string, note dom.Element) {
	f := m.w.f
	type figures struct {
		Total   int `json:"total"`
		Worst   int `json:"worst"`
		AtWorst int `json:"atWorst"`
	}
	var res struct {
		Optimal bool     `json:"optimal"`
		Worse   string   `json:"worse"`
		Here    *figures `json:"here"`
		Best    figures  `json:"best"`
	}
	err := f.Call("helper", "guess.perfect.check", guessParams(spec, map[string]any{"history": rows,
		"objective": m.w.state.Settings.objective(), "guess": fastGuess}), &res)
	if gen != m.generation || errors.Is(err, frame.ErrSuperseded) || !note.Underlying().Get("isConnected").Bool() {
		return
	}
	var text string
	switch {
	case errors.Is(err, frame.ErrStopped):
		text = f.T("help.fast-check-stopped", fastGuess)
	case err != nil:
		text = frame.JoinSentences(f.T("help.fast-check-failed", fastGuess), f.Describe(err))
	case res.Optimal:
		text = f.T("help.fast-optimal", fastGuess)
	case res.Here == nil:
		text = f.T("help.fast-worse-beyond", fastGuess, res.Best.Worst)
	case res.Worse == "worst":
		text = f.T("help.fast-worse-worst", fastGuess, res.Here.Worst, res.Best.Worst)
	case res.Worse == "atWorst":
		text = f.T("help.fast-worse-many", fastGuess, res.Here.Worst, res.Here.AtWorst, res.Best.AtWorst)
	default:
		text = f.T("help.fast-worse-total", fastGuess, res.Here.Total, res.Best.Total)
	}
	note.SetTextContent(text)
	f.Say(text)
}

// analyse builds the results for rows: the codes still possible and,
// unless the game is over, the suggested next guess with its reasons. said
// is their gist in a sentence or two, for screen readers.
func (m *helperMode) analyse(gen int, spec gameSpec, r guess.Rules, rows []map[string]any) (results []any, said string, err error) {
	results, said, more, err := m.codes(gen, spec, r, rows)
	if err != nil || !more {
		return results, said, err
	}
	suggestion, suggestSaid, err := m.suggestion(spec, r, rows)
	if err != nil {
		return nil, "", err
	}
	return append(results, suggestion), frame.JoinSentences(said, suggestSaid), nil
}

// codes builds the first part of the results: the codes still possible
// (or how many, when nothing is known yet). more says the game is not
// over, so a suggestion follows.
func (m *helperMode) codes(gen int, spec gameSpec, r guess.Rules, rows []map[string]any) (results []any, said string, more bool, err error) {
	f := m.w.f
	known := false
	for _, row := range rows {
		known = known || row["disabled"] != true
	}
	if known || m.showSome || r.Size() <= 100 {
		var cands struct {
			Count      int      `json:"count"`
			Candidates []string `json:"candidates"`
			Truncated  bool     `json:"truncated"`
			Solved     bool     `json:"solved"`
		}
		if err := f.Call("helper", "guess.candidates", guessParams(spec, map[string]any{"history": rows, "limit": 100}), &cands); err != nil {
			return nil, "", false, err
		}
		if gen != m.generation {
			return nil, "", false, frame.ErrSuperseded
		}
		list := el("div", cls("kz-candidates"))
		for _, c := range cands.Candidates {
			list.AppendChild(el("button", attr("type", "button"), cls("kz-chip"), data("guess", c), on("click", "help.use"),
				attr("aria-label", f.T("help.use-guess", c)), codeView(r, c)))
		}
		summary := f.T("help.count", cands.Count)
		if cands.Solved && cands.Count == 1 {
			// A row guessed the secret: the game is over, and nothing is
			// "still possible" (nor worth adding as another row).
			summary = f.T("help.solved", cands.Candidates[0])
			return append(results, el("h3", summary)), summary, false, nil
		}
		if cands.Truncated {
			summary = frame.JoinSentences(summary, f.T("help.first", len(cands.Candidates)))
		}
		results = append(results, el("h3", summary), list)
		said = f.T("help.count", cands.Count)
		if cands.Count == 1 {
			said = f.T("help.said-one", cands.Candidates[0])
		}
		if cands.Solved || cands.Count == 0 {
			return results, said, false, nil
		}
	} else {
		// Nothing is known yet: every code is possible. Say how many, and
		// list some only if asked.
		said = f.T("help.count", r.Size())
		results = append(results, el("h3", said, " ",
			el("button", attr("type", "button"), cls("kz-link"), on("click", "help.show-some"), f.T("help.show-some"))))
	}
	return results, said, true, nil
}

// suggestion builds the suggested next guess for rows, with its reasons
// and the gist for screen readers.
func (m *helperMode) suggestion(spec gameSpec, r guess.Rules, rows []map[string]any) (dom.Element, string, error) {
	w, f := m.w, m.w.f
	var s suggestion
	if err := w.state.Settings.suggest(f.Lane("helper"), spec, rows, nil, &s); err != nil {
		return nil, "", err
	}
	box := el("div", cls("kz-suggest"),
		el("h3", f.T("help.suggest"), " ", codeView(r, s.Guess)),
		el("div", cls("kz-row"),
			el("button", attr("type", "button"), cls("kz-primary"), data("guess", s.Guess), on("click", "help.use"), f.T("help.use-this")),
			// The whole optimal strategy from this position, in its own view.
			el("button", attr("type", "button"), cls("kz-tree-open"), on("click", "help.tree"), f.T("tree.open-here"))),
		w.explanationView(r, s.Guess, s.Explanation))
	return box, f.T("help.said-suggest", s.Guess), nil
}

// markStale dims the results on screen and says why.
func (m *helperMode) markStale(why string) {
	if m.results.FirstChild() == nil {
		return
	}
	m.results.Class().Add("kz-stale")
	m.staleNote.SetTextContent(why)
	setHidden(m.staleNote, false)
}

// showResults replaces the results with fresh ones.
func (m *helperMode) showResults(children ...any) {
	m.fast = nil
	m.clearRowErrors()
	m.results.Class().Remove("kz-stale")
	setHidden(m.staleNote, true)
	replace(m.results, children...)
}

func (m *helperMode) clearRowErrors() {
	m.rowError.SetTextContent("")
	m.markRows(nil, -1, "")
	for _, tr := range m.table.QuerySelectorAll("tr.kz-row-error") {
		tr.ParentElement().RemoveChild(tr)
	}
}

// showError explains an engine error on the rows, translating the
// engine's row numbers (over the rows sent) into the table's, and puts
// the sentence in the table right under the row at fault. Results on
// screen stay, marked out of date.
func (m *helperMode) showError(err error, index []int) {
	f := m.w.f
	if errors.Is(err, frame.ErrSuperseded) {
		return
	}
	if errors.Is(err, frame.ErrStopped) {
		// The reader stopped it: say so plainly, and keep what is shown.
		m.markStale(f.T("common.stopped"))
		m.staleNote.SetTextContent(f.T("common.stopped"))
		setHidden(m.staleNote, false)
		return
	}
	m.clearRowErrors()
	m.markStale(f.T("help.out-of-date"))
	ce, ok := err.(*frame.CallError)
	if !ok || ce.Code != "bad-input" {
		f.ShowErrorIn(m.rowError, err)
		return
	}
	mapped := *ce
	if ce.Row != nil && *ce.Row < len(index) {
		row := index[*ce.Row]
		mapped.Row = &row
	}
	mapped.Rows = nil
	for _, r := range ce.Rows {
		if r < len(index) {
			mapped.Rows = append(mapped.Rows, index[r])
		}
	}
	badRow := -1
	if mapped.Row != nil {
		badRow = *mapped.Row
	}
	m.markRows(mapped.Rows, badRow, ce.Field)
	if ce.Reason == "conflict" {
		mapped.Reason = "rows-conflict"
	}
	if ce.Reason == "missing-feedback" && m.onlySecondCount(badRow) {
		// The engine got no answer; the reader typed one of the two
		// counts, and is told which box is empty.
		mapped.Reason = "missing-a"
	}
	under := badRow
	for _, r := range mapped.Rows {
		under = max(under, r)
	}
	m.rowErrorUnder(under, f.Describe(&mapped))
}

// onlySecondCount reports whether row i has its second count typed and
// not its first.
func (m *helperMode) onlySecondCount(i int) bool {
	rows := m.state().Rows
	if i < 0 || i >= len(rows) {
		return false
	}
	_, r, err := m.rules()
	return err == nil && !r.ImpliedB() && strings.TrimSpace(rows[i].A) == "" && strings.TrimSpace(rows[i].B) != ""
}

// rowErrorUnder puts an error sentence in the table under row i (or
// under the table when no row is at fault).
func (m *helperMode) rowErrorUnder(i int, text string) {
	tr := m.table.QuerySelector(fmt.Sprintf(`tr[data-row="%d"]`, i))
	if tr == nil {
		m.rowError.SetTextContent(text)
		return
	}
	cols := len(tr.QuerySelectorAll("td"))
	msg := el("tr", cls("kz-row-error"), el("td", attr("colspan", strconv.Itoa(cols)), attr("role", "alert"), cls("kz-field-error"), text))
	tr.ParentNode().InsertBefore(msg, tr.NextSibling())
}

// closePaste closes the paste box, keeping its text, and gives the focus
// back to the button that opened it.
func (m *helperMode) closePaste() {
	setHidden(m.pasteBox, true)
	focus(m.w.f.Body.QuerySelector(`[data-on-click="help.paste-open"]`))
}

// showPasteError says what is wrong with the pasted text, under it, and
// marks the box; "" clears both.
func (m *helperMode) showPasteError(text string) {
	m.pasteFault = [2]int{-1, -1}
	m.pasteErr.Class().Remove("kz-note")
	m.pasteErr.Class().Add("kz-field-error")
	frame.FieldError(m.pasteIn, m.pasteErr, text)
}

// showPasteNote says something under the pasted text that is no error
// in it (the reader stopped its read): in the muted colour of a note,
// with the box not marked invalid.
func (m *helperMode) showPasteNote(text string) {
	m.showPasteError("")
	m.pasteErr.Class().Remove("kz-field-error")
	m.pasteErr.Class().Add("kz-note")
	m.pasteErr.SetTextContent(text)
}

// showPasteFault says what is wrong with the pasted text, and where: the
// line and the column (in characters), and selects the characters at
// fault in the box, so that a fault deep in a long line ("0123 1A2B,
// 4567 0A0B, 8901 3A0X") is found at once and typed over. Show where
// selects them again once the focus has gone. An error the engine
// places on no line is said as it is.
func (m *helperMode) showPasteFault(err error, text string) {
	f := m.w.f
	ce, ok := err.(*frame.CallError)
	line, col, n := -1, -1, 0
	if ok && ce.Code == "bad-input" {
		line, col, n = pasteFaultAt(ce)
	}
	if col < 0 {
		m.showPasteError(f.DescribeLines(err, text))
		focus(m.pasteIn)
		return
	}
	what := *ce
	what.Row, what.Rows = nil, nil // the line is said with its column
	m.showPasteError(f.T("help.paste-where", line+1, col+1, f.Describe(&what)))
	build(m.pasteErr, " ", el("button", attr("type", "button"), cls("kz-link"), on("click", "help.paste-goto"), f.T("help.paste-goto")))
	m.pasteFault = textRange(text, line, col, n)
	m.selectPasteFault()
}

// pasteFaultAt finds where the engine's error about pasted text lies: its
// line, and the column and length in characters of its fault there (the
// engine's row, col and len), or a column of -1.
func pasteFaultAt(ce *frame.CallError) (line, col, n int) {
	if ce.Row == nil || ce.Col == nil {
		return -1, -1, 0
	}
	n = 1
	if ce.Len != nil && *ce.Len > 0 {
		n = *ce.Len
	}
	return *ce.Row, *ce.Col, n
}

// textRange turns n characters from column col of a line of text into
// the start and end a text box counts them by: UTF-16 units, from the
// start of the text, with \r\n, \r and \n each one line's end.
func textRange(text string, line, col, n int) [2]int {
	at, ln, c, start := 0, 0, 0, -1
	prev := rune(0)
	for _, ch := range text {
		if ln == line && c == col {
			start = at
		}
		if start >= 0 && (ln > line || c == col+n) {
			return [2]int{start, at}
		}
		switch {
		case ch == '\n' && prev == '\r':
		case ch == '\n' || ch == '\r':
			ln, c = ln+1, 0
		case ln == line:
			c++
		}
		at += utf16.RuneLen(ch)
		prev = ch
	}
	if ln == line && c == col {
		start = at
	}
	if start < 0 {
		return [2]int{-1, -1}
	}
	return [2]int{start, at}
}

// selectPasteFault puts the focus in the paste box with the characters
// at fault selected.
func (m *helperMode) selectPasteFault() {
	focus(m.pasteIn)
	if m.pasteFault[0] >= 0 {
		m.pasteIn.Underlying().Call("setSelectionRange", m.pasteFault[0], m.pasteFault[1])
	}
}

// readPaste reads pasted text into rows, appended after the typed ones;
// Undo takes them out again.
func (m *helperMode) readPaste() {
	f, st := m.w.f, m.state()
	spec, _, err := m.rules()
	if err != nil {
		f.ShowError(localError(err))
		return
	}
	var res struct {
		Rows []struct {
			Guess string `json:"guess"`
			A     int    `json:"a"`
			B     int    `json:"b"`
		} `json:"rows"`
	}
	text := inputValue(m.pasteIn)
	// The rows read go after the rows there are now, not after a row
	// added while they are read ("Add it as the next row").
	m.pasteAt = len(st.Rows)
	if m.pasteAt > 0 && st.Rows[m.pasteAt-1].blank() {
		m.pasteAt--
	}
	// Reading the paste is the reader's own action: it has a lane of its
	// own, so the background analysis can never cancel it.
	err = f.Call("helper-paste", "guess.parse", guessParams(spec, map[string]any{"text": text}), &res)
	if errors.Is(err, frame.ErrSuperseded) || inputValue(m.pasteIn) != text {
		// The reader changed the text while it was read (or pressed
		// Read again): what was read, or its error, is of text no
		// longer there, and adding it would lose what was typed since.
		return
	}
	if errors.Is(err, frame.ErrStopped) {
		// The reader's Stop: nothing is wrong with the text, which stays
		// as it is; Read, beside it, reads it again (the frame gives the
		// focus the Stop button had back to where it came from).
		m.showPasteNote(f.T("help.paste-stopped"))
		return
	}
	if err != nil {
		m.showPasteFault(err, text)
		return
	}
	if len(res.Rows) == 0 {
		// Nothing read is an error too: the box stays open with the text.
		m.showPasteError(f.T("help.paste-empty"))
		focus(m.pasteIn)
		return
	}
	m.remember("")
	st.PastPaste[len(st.PastPaste)-1] = text // Undo puts it back in the box
	// The rows there were when Read was pressed, the rows read, then any
	// typed or added meanwhile; blank ones go, and one blank row ends
	// the table for the next turn. moved says where each row went.
	at := min(m.pasteAt, len(st.Rows))
	var kept []helperRow
	moved := make([]int, len(st.Rows))
	keep := func(from, to int) {
		for i := from; i < to; i++ {
			moved[i] = len(kept)
			if !st.Rows[i].blank() {
				kept = append(kept, st.Rows[i])
			}
		}
	}
	keep(0, at)
	for _, row := range res.Rows {
		kept = append(kept, helperRow{Guess: row.Guess, A: strconv.Itoa(row.A), B: strconv.Itoa(row.B)})
	}
	keep(at, len(st.Rows))
	kept = append(kept, helperRow{})
	// A reader typing in a row (the answer of a guess added meanwhile)
	// types on in it where it now is; the paste box closes, and the focus
	// it had goes to the row for the next turn.
	typing, field, selection := m.typingIn()
	st.Rows = kept
	st.Paste = ""
	setInputValue(m.pasteIn, "")
	inBox := m.w.f.FocusIn(m.pasteBox)
	setHidden(m.pasteBox, true)
	if m.editing >= 0 && m.editing < len(moved) {
		m.editing = moved[m.editing] // the row being typed, where it now is
	}
	m.lastEdit = ""
	m.w.save()
	m.renderRows()
	m.schedule()
	switch {
	case typing >= 0:
		m.focusRow(moved[typing], field)
		if e := m.table.QuerySelector(fmt.Sprintf(`[data-row="%d"][data-field="%s"]`, moved[typing], field)); e != nil {
			e.Underlying().Call("setSelectionRange", selection[0], selection[1])
		}
	case inBox || !m.w.f.FocusIn(m.w.f.Body):
		m.focusRow(len(st.Rows)-1, "guess")
	}
}

// typingIn returns the row and field of the table the focus is in, and
// the selection there, or a row of -1.
func (m *helperMode) typingIn() (row int, field string, selection [2]int) {
	active := m.w.f.Focused()
	if active == nil || !m.w.f.FocusIn(m.table) || active.GetAttribute("type") != "text" {
		return -1, "", selection
	}
	row, err := strconv.Atoi(active.GetAttribute("data-row"))
	if err != nil || row >= len(m.state().Rows) {
		return -1, "", selection
	}
	u := active.Underlying()
	return row, active.GetAttribute("data-field"), [2]int{u.Get("selectionStart").Int(), u.Get("selectionEnd").Int()}
}
