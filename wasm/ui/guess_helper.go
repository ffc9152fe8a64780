//go:build js && wasm

package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"honnef.co/go/js/dom/v2"

	"kibitz/engine/guess"
)

// Helper: the guesses and answers of a game played elsewhere, typed row by
// row (or pasted). The engine counts and lists the codes still possible
// and suggests the next guess. A row can be switched off or edited; rows
// are kept exactly as typed, even when wrong, so nothing is lost.

type helperState struct {
	Rows  []helperRow `json:"rows"`
	Paste string      `json:"paste"`
}

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
	results    dom.Element
	rowError   dom.Element
	generation int // bumps on every edit, so stale results are dropped
}

func newHelperMode(w *guessWidget, panel dom.Element) *helperMode {
	f := w.f
	m := &helperMode{w: w}
	st := &w.state.Helper
	if len(st.Rows) == 0 {
		st.Rows = []helperRow{{}}
	}
	m.table = el("div", cls("kz-history"))
	m.rowError = el("p", cls("kz-field-error"), attr("aria-live", "polite"))
	m.pasteIn = el("textarea", attr("id", "kz-paste"), attr("rows", "5"), attr("spellcheck", "false"), on("input", "help.paste-draft"),
		attr("placeholder", "0123 1A2B\n4567 0A1B"))
	m.pasteErr = el("p", cls("kz-field-error"), attr("aria-live", "polite"))
	m.pasteBox = el("div", cls("kz-paste"), attr("hidden", ""),
		el("label", attr("for", "kz-paste"), f.T("help.paste-label")), m.pasteIn, m.pasteErr,
		el("div", cls("kz-row"),
			el("button", attr("type", "button"), cls("kz-primary"), on("click", "help.paste-read"), f.T("help.paste-read")),
			el("button", attr("type", "button"), on("click", "help.paste-close"), f.T("common.close")),
		),
	)
	m.results = el("div", cls("kz-analysis"), attr("aria-live", "polite"))
	actions := el("div", cls("kz-row kz-actions"),
		el("button", attr("type", "button"), on("click", "help.add"), f.T("help.add")),
		el("button", attr("type", "button"), on("click", "help.paste-open"), f.T("help.paste")),
		el("button", attr("type", "button"), on("click", "help.clear"), f.T("help.clear")),
	)
	build(panel, el("p", cls("kz-status"), f.T("help.intro")), m.table, m.rowError, actions, m.pasteBox, m.results)
	setInputValue(m.pasteIn, st.Paste)

	f.Handle("help.edit", func(_ dom.Event, t dom.Element) {
		i, err := strconv.Atoi(t.GetAttribute("data-row"))
		if err != nil || i >= len(st.Rows) {
			return
		}
		switch t.GetAttribute("data-field") {
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
		w.save()
		m.schedule()
	})
	f.Handle("help.remove", func(_ dom.Event, t dom.Element) {
		i, err := strconv.Atoi(t.GetAttribute("data-row"))
		if err != nil || i >= len(st.Rows) {
			return
		}
		st.Rows = append(st.Rows[:i], st.Rows[i+1:]...)
		if len(st.Rows) == 0 {
			st.Rows = []helperRow{{}}
		}
		w.save()
		m.renderRows()
		m.schedule()
	})
	f.Handle("help.add", func(dom.Event, dom.Element) { m.addRow(""); m.focusRow(len(st.Rows)-1, "guess") })
	f.Handle("help.use", func(_ dom.Event, t dom.Element) {
		m.addRow(t.GetAttribute("data-guess"))
		m.focusRow(len(st.Rows)-1, "a")
		m.schedule()
	})
	f.Handle("help.clear", func(dom.Event, dom.Element) {
		// Clearing keeps the old rows in the paste box, so they are not lost.
		_, r, err := m.rules()
		if err == nil {
			if text := m.rowsAsText(r); text != "" {
				st.Paste = text
				setInputValue(m.pasteIn, text)
			}
		}
		st.Rows = []helperRow{{}}
		w.save()
		m.renderRows()
		m.schedule()
	})
	f.Handle("help.paste-open", func(dom.Event, dom.Element) { setHidden(m.pasteBox, false); focus(m.pasteIn) })
	f.Handle("help.paste-close", func(dom.Event, dom.Element) { setHidden(m.pasteBox, true) })
	f.Handle("help.paste-draft", func(dom.Event, dom.Element) {
		st.Paste = inputValue(m.pasteIn)
		m.pasteErr.SetTextContent("")
		w.save()
	})
	f.Handle("help.paste-read", func(dom.Event, dom.Element) { go m.readPaste() })
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
				data("row", idx), data("field", field), on("input", "help.edit"), on("keydown", "help.enter"),
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
		tr.AppendChild(el("td", use))
		tr.AppendChild(el("td", el("button", attr("type", "button"), cls("kz-link"), data("row", idx), on("click", "help.remove"),
			attr("aria-label", f.T("help.remove-row", n)), "×")))
		if row.Off {
			tr.Class().Add("kz-off")
		}
		body.AppendChild(tr)
	}
	replace(m.table, el("table", cls("kz-table kz-edit"), el("caption", cls("kz-sr"), f.T("help.rows")), el("thead", head), body))
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
	go func() {
		time.Sleep(300 * time.Millisecond)
		if gen == m.generation {
			m.compute(gen)
		}
	}()
}

// history turns the typed rows into the engine's rows, with the index
// of each in the table. Blank rows are skipped; a half-typed row is sent
// as it is, so the engine names what is missing.
func (m *helperMode) history(r guess.Rules) ([]map[string]any, []int) {
	var rows []map[string]any
	var index []int
	for i, row := range m.state().Rows {
		if row.blank() {
			continue
		}
		entry := map[string]any{"guess": strings.TrimSpace(row.Guess), "disabled": row.Off}
		if a, err := strconv.Atoi(strings.TrimSpace(row.A)); err == nil {
			entry["a"] = a
		} else if strings.TrimSpace(row.A) != "" {
			entry["feedback"] = strings.TrimSpace(row.A) // "1A2B" typed in one box
		}
		if b, err := strconv.Atoi(strings.TrimSpace(row.B)); err == nil && !r.ImpliedB() {
			entry["b"] = b
		}
		rows = append(rows, entry)
		index = append(index, i)
	}
	return rows, index
}

func (m *helperMode) compute(gen int) {
	w, f := m.w, m.w.f
	spec, r, err := m.rules()
	if err != nil {
		replace(m.results)
		return
	}
	rows, index := m.history(r)
	var cands struct {
		Count      int      `json:"count"`
		Candidates []string `json:"candidates"`
		Truncated  bool     `json:"truncated"`
		Solved     bool     `json:"solved"`
	}
	err = f.Call("helper", "guess.candidates", guessParams(spec, map[string]any{"history": rows, "limit": 100}), &cands)
	if gen != m.generation {
		return // an edit came in; its own computation follows
	}
	if err != nil {
		m.showError(err, index)
		replace(m.results)
		return
	}
	m.rowError.SetTextContent("")
	m.markRows(nil, -1, "")
	list := el("div", cls("kz-candidates"))
	for _, c := range cands.Candidates {
		list.AppendChild(el("button", attr("type", "button"), cls("kz-chip"), data("guess", c), on("click", "help.use"),
			attr("aria-label", f.T("help.use-guess", c)), codeView(r, c)))
	}
	summary := f.T("help.count", cands.Count)
	if cands.Truncated {
		summary += " " + f.T("help.first", len(cands.Candidates))
	}
	replace(m.results, el("h3", summary), list)
	if cands.Solved || cands.Count == 0 {
		return
	}
	var s suggestion
	params := guessParams(spec, map[string]any{"history": rows, "strategy": w.state.Settings.Strategy, "budgetMs": w.state.Settings.BudgetMs})
	if err := f.Call("helper", "guess.suggest", params, &s); err != nil {
		if gen == m.generation {
			m.showError(err, index)
		}
		return
	}
	if gen != m.generation {
		return
	}
	m.results.AppendChild(el("div", cls("kz-suggest"),
		el("h3", f.T("help.suggest"), " ", codeView(r, s.Guess)),
		el("button", attr("type", "button"), cls("kz-primary"), data("guess", s.Guess), on("click", "help.use"), f.T("help.use-this")),
		w.explanationView(r, s.Guess, s.Explanation)))
}

// showError explains an engine error on the rows, translating the
// engine's row numbers (over the non-blank rows) into the table's.
func (m *helperMode) showError(err error, index []int) {
	f := m.w.f
	ce, ok := err.(*CallError)
	if !ok || ce.Code != "bad-input" {
		m.rowError.SetTextContent(f.Describe(err))
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
		m.rowError.SetTextContent(f.Describe(&CallError{Code: "bad-input", Reason: "rows-conflict", Rows: mapped.Rows, Message: ce.Message}))
		return
	}
	m.rowError.SetTextContent(f.Describe(&mapped))
}

// readPaste reads pasted text into rows, appended after the typed ones.
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
	// Reading the paste is the reader's own action: it has a lane of its
	// own, so the background analysis can never cancel it.
	if err := f.Call("helper-paste", "guess.parse", guessParams(spec, map[string]any{"text": inputValue(m.pasteIn)}), &res); err != nil {
		m.pasteErr.SetTextContent(f.DescribeLines(err))
		return
	}
	var kept []helperRow
	for _, row := range st.Rows {
		if !row.blank() {
			kept = append(kept, row)
		}
	}
	for _, row := range res.Rows {
		kept = append(kept, helperRow{Guess: row.Guess, A: strconv.Itoa(row.A), B: strconv.Itoa(row.B)})
	}
	st.Rows = append(kept, helperRow{})
	st.Paste = ""
	setInputValue(m.pasteIn, "")
	setHidden(m.pasteBox, true)
	m.w.save()
	m.renderRows()
	m.schedule()
}

// rowsAsText writes the typed rows as text, one per line.
func (m *helperMode) rowsAsText(r guess.Rules) string {
	var b strings.Builder
	for _, row := range m.state().Rows {
		if row.blank() {
			continue
		}
		prefix := ""
		if row.Off {
			prefix = "# "
		}
		fmt.Fprintf(&b, "%s%s %sA%sB\n", prefix, strings.TrimSpace(row.Guess), strings.TrimSpace(row.A), strings.TrimSpace(row.B))
	}
	return b.String()
}

func toggleClass(e dom.Element, name string, on bool) {
	if on {
		e.Class().Add(name)
	} else {
		e.Class().Remove(name)
	}
}
