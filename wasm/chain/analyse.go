//go:build js && wasm

package chain

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"kibitz/engine/chain"
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
)

// Analyse mode: any position solved, and the table of the starting rows.

type chainAnalyser struct {
	w *chainWidget
	f *frame.Frame

	posIn, gameSel, ruleBox, posError, result  dom.Element
	tableBox, tableBtn, progress, progressText dom.Element
	tableMsg, tableBig, staleNote, gameAbout   dom.Element
	tableCancel                                context.CancelFunc
	// shown is the form the answer on screen is for, or nil when there is
	// no answer: the answer is marked out of date while the form differs.
	shown *anForm
	// quiet: the solve under way is the widget's own, of the form it was
	// showing when it was built again; what it says moves no page.
	quiet bool
}

// anForm is what the analyser's form asks: a position (as typed, but for
// the spaces around it), the game and the first-move rule.
type anForm struct {
	position        string
	reverse, single bool
}

func newChainAnalyser(w *chainWidget, panel dom.Element) *chainAnalyser {
	f := w.f
	a := &chainAnalyser{w: w, f: f}
	st := &w.state
	T := func(key string, args ...any) string { return htmlEscape(f.T(key, args...)) }
	dom.AppendHTML(panel, `<form class="kz-chain-form" data-on-submit="chain.solve"><div class="kz-grid">`+
		`<label for="kz-chain-pos">`+T("chain.position")+`</label><input type="text" id="kz-chain-pos" class="kz-chain-pos" spellcheck="false" autocomplete="off" placeholder="`+T("chain.position-placeholder")+`" aria-describedby="kz-chain-pos-error" data-on-input="chain.pos-typed">`+
		`<p class="kz-field-error kz-chain-pos-error" id="kz-chain-pos-error" role="alert"></p>`+
		`<label for="kz-chain-an-game">`+T("chain.game")+`</label><select id="kz-chain-an-game" aria-describedby="kz-chain-an-game-about" data-on-change="chain.an-settings">`+gameOptions(f)+`</select>`+
		`<p class="kz-note kz-chain-game-about" id="kz-chain-an-game-about"></p>`+
		`<span></span><label class="kz-check"><input type="checkbox" id="kz-chain-an-rule" data-on-change="chain.an-settings">`+T("chain.first-rule")+`</label></div>`+
		`<div class="kz-row"><button type="submit" class="kz-primary" id="kz-chain-solve">`+T("chain.solve")+`</button>`+
		`<button type="button" data-on-click="chain.use-game">`+T("chain.use-game")+`</button></div></form>`+
		`<p class="kz-note kz-stale-note" id="kz-chain-stale" hidden>`+T("chain.stale")+`</p>`+
		`<div class="kz-chain-result" id="kz-chain-result"></div>`+
		`<h3>`+T("chain.table")+`</h3><p class="kz-note">`+T("chain.table-note")+`</p>`+
		`<div class="kz-row"><button type="button" id="kz-chain-table-go" data-on-click="chain.table">`+T("chain.table-compute", 1, chainMaxN)+`</button></div>`+
		`<p class="kz-chain-table-msg" id="kz-chain-table-msg" role="status"></p>`+
		`<div class="kz-chain-table-big" id="kz-chain-table-big"></div>`+
		`<div class="kz-row kz-chain-progress-row" id="kz-chain-progress-row" hidden><progress max="1" value="0" class="kz-chain-progress" aria-label="`+T("chain.table")+`"></progress>`+
		`<span class="kz-note" id="kz-chain-progress-text"></span><button type="button" class="kz-link" data-on-click="chain.table-stop">`+T("common.stop")+`</button></div>`+
		`<div class="kz-chain-table-box" id="kz-chain-table-box"></div>`)
	get := func(id string) dom.Element { return panel.QuerySelector("#" + id) }
	a.posIn, a.gameSel, a.ruleBox, a.posError, a.result = get("kz-chain-pos"), get("kz-chain-an-game"), get("kz-chain-an-rule"), get("kz-chain-pos-error"), get("kz-chain-result")
	a.tableBtn, a.progress, a.progressText, a.tableBox = get("kz-chain-table-go"), panel.QuerySelector("progress"), get("kz-chain-progress-text"), get("kz-chain-table-box")
	a.tableMsg, a.tableBig, a.staleNote = get("kz-chain-table-msg"), get("kz-chain-table-big"), get("kz-chain-stale")
	progressRow := get("kz-chain-progress-row")
	setInputValue(a.posIn, st.Position)
	a.followGame()
	setInputValue(a.gameSel, chainPick(st.AnRev, "reverse", "direct"))
	a.gameAbout = get("kz-chain-an-game-about")
	sayGame(f, a.gameAbout, st.AnRev)
	setChecked(a.ruleBox, st.AnSingle)
	f.Handle("chain.solve", func(dom.Event, dom.Element) { f.Go(a.solve) })
	// The typed position is kept as it is typed, so a reload keeps it.
	f.Handle("chain.pos-typed", func(dom.Event, dom.Element) {
		st.Position = inputValue(a.posIn)
		st.Typed = strings.TrimSpace(st.Position) != ""
		st.Solved = false
		frame.FieldError(a.posIn, a.posError, "") // said of the text before this edit
		a.w.save()
		a.markStale()
	})
	// So are the game and the first-move rule chosen for it.
	f.Handle("chain.an-settings", func(dom.Event, dom.Element) {
		st.AnRev = inputValue(a.gameSel) == "reverse"
		sayGame(f, a.gameAbout, st.AnRev)
		st.AnSingle = checked(a.ruleBox)
		st.Solved = false
		a.w.save()
		a.markStale()
	})
	f.Handle("chain.use-game", func(dom.Event, dom.Element) {
		if g := w.state.Game; g != nil {
			a.load(g.Row, g.Reverse, g.Single && g.Moves == 0)
		}
	})
	// The table a big row's answer goes without (withoutTable): its
	// question again, for the row of that answer.
	f.Handle("chain.an-build", func(dom.Event, dom.Element) {
		if sh := a.shown; sh != nil {
			a.load(sh.position, sh.reverse, sh.single)
		}
	})
	f.Handle("chain.table", func(dom.Event, dom.Element) { f.Go(func() { a.computeTable(progressRow, false) }) })
	f.Handle("chain.table-stop", func(dom.Event, dom.Element) {
		a.w.dismissBig(tableBigBox) // its question, if it is waiting on one
		if a.tableCancel != nil {
			a.tableCancel()
		}
	})
	a.renderTable()
	if st.TableStopped && !f.Resume("chain.table") {
		a.tableStoppedNote() // where the reader stopped it, said again
	}
	if st.Solved {
		// Its answer, or its error, was on screen when the widget went.
		f.Go(func() { a.quiet = true; a.solve() })
	}
	if f.Resume("chain.table") {
		f.Go(func() { a.computeTable(progressRow, true) }) // it was computing when the language changed
	}
	return a
}

// followGame fills a position the reader has not chosen with the game's
// starting row, N objects.
func (a *chainAnalyser) followGame() {
	st := &a.w.state
	if st.Typed {
		return
	}
	n := st.Settings.N
	if st.Game != nil {
		n = st.Game.N
	}
	if row := strings.Repeat("X", n); row != st.Position {
		st.Position, st.Solved = row, false // the answer on screen is another row's
	}
	setInputValue(a.posIn, st.Position)
	a.markStale()
}

// form is what the form asks now.
func (a *chainAnalyser) form() anForm {
	return anForm{strings.TrimSpace(inputValue(a.posIn)), inputValue(a.gameSel) == "reverse", checked(a.ruleBox)}
}

// show records that the answer on screen is for the form as it is; nil:
// there is no answer on screen.
func (a *chainAnalyser) show(form *anForm) {
	a.shown = form
	a.markStale()
}

// markStale dims an answer that is not the form's any more (the
// position, the game or the rule changed since Solve) and says so above
// it; a form changed back to the answer's takes the mark away.
func (a *chainAnalyser) markStale() {
	stale := a.shown != nil && *a.shown != a.form()
	if stale {
		a.result.Class().Add("kz-stale")
	} else {
		a.result.Class().Remove("kz-stale")
	}
	setHidden(a.staleNote, !stale)
}

// load puts a position in the form and solves it.
func (a *chainAnalyser) load(row string, reverse, single bool) {
	a.w.state.Typed = true
	setInputValue(a.posIn, row)
	setInputValue(a.gameSel, chainPick(reverse, "reverse", "direct"))
	sayGame(a.f, a.gameAbout, reverse)
	setChecked(a.ruleBox, single)
	a.f.Go(func() { a.solve() })
}

func (a *chainAnalyser) solve() {
	f := a.f
	st := &a.w.state
	st.Position = inputValue(a.posIn)
	st.AnRev = inputValue(a.gameSel) == "reverse"
	st.AnSingle = checked(a.ruleBox)
	// Asked: a widget built again (a change of language, a reload)
	// before the answer comes asks it again, and takes up the build of
	// its table if the reader had agreed to one, in the same box; the
	// question answered Not now, or its build stopped, leaves nothing
	// to ask again.
	st.Solved = true
	a.w.save()
	// The answer on screen goes in a moment, or gives its box to the
	// question about a big table: neither is to be dimmed.
	form := a.form()
	a.show(nil)
	a.w.stoppedIn(a.result, nil) // a build stopped for the last Solve is not this one's to tell of
	asking := a.f.FocusIn(a.posIn.Closest("form"))
	quiet := a.quiet
	a.quiet = false
	position, reverse, single := st.Position, st.AnRev, st.AnSingle
	if quiet && st.Declined {
		// Its question was answered Not now: not asked again.
		a.withoutTable(form, position, reverse, single)
		return
	}
	st.Declined = false
	if !a.w.ready(a.result, quiet, position, reverse) {
		if f.Context().Err() == nil && a.w.asks[a.result.GetAttribute("id")] == nil {
			// Not a newer Solve's question. Answered Not now, it left
			// the box empty: what is known without the table goes
			// there. A build stopped, or failed, said so in the box.
			if a.result.Underlying().Get("childElementCount").Int() == 0 {
				a.withoutTable(form, position, reverse, single)
				return
			}
			st.Solved = false
			a.w.save()
		}
		return
	}
	var s chainSolved
	err := f.Call("chain.analyse", "chain.solve", map[string]any{
		"position": st.Position, "reverse": st.AnRev, "firstMoveSingle": st.AnSingle}, &s)
	if ce, ok := err.(*frame.CallError); ok && ce.Code == "too-large" {
		// Past the exact solver's range there is no move count, but the
		// direct game still has an answer.
		a.outcome(form, st.Position, st.AnRev, st.AnSingle, ce, asking, quiet)
		return
	}
	if err != nil {
		if err == frame.ErrSuperseded {
			return
		}
		a.positionError(err, st.Position, asking, quiet)
		return
	}
	a.solved(form)

	var summary string
	switch {
	case s.Value > 0:
		summary = f.T("chain.result-win", s.Value)
	case s.Value < 0:
		summary = f.T("chain.result-loss", -s.Value)
	default:
		// No object left (a row such as "..." or {}): the game ended at
		// the move before, and who won depends on the game. It said only
		// "The game is over."
		summary = f.T(chainPick(reverse, "chain.over-reverse", "chain.over-direct"))
	}
	ms := strconv.FormatFloat(s.Ms, 'f', 1, 64)
	facts := f.T("chain.searched", s.PositionsSearched, ms)
	if s.PositionsSearched == 0 && s.Value != 0 { // an empty row needs none
		// Every position the answer needs was evaluated before in this
		// tab: "0 positions evaluated" read as if nothing was done.
		facts = f.T("chain.searched-none", ms)
	}
	var b strings.Builder
	b.WriteString(`<p class="kz-big">` + htmlEscape(summary) + `</p>`)
	if s.Grundy != nil && s.LostToRule {
		// A loss beside a Grundy value that is not 0 needs its reason.
		b.WriteString(`<p id="kz-chain-grundy">` + htmlEscape(f.T("chain.grundy-rule", *s.Grundy)) + `</p>`)
	} else if s.Grundy != nil {
		facts = f.T("chain.grundy", *s.Grundy) + " · " + facts
	}
	b.WriteString(`<p class="kz-note">` + htmlEscape(facts) + `</p>`)
	if s.Grundy != nil {
		b.WriteString(a.grundyAbout(s.Row, *s.Grundy))
	}
	if len(s.Line) > 0 {
		// The principal line: each row with the objects the move takes
		// marked, in a box that scrolls sideways when a row is wider than
		// the widget.
		// The sides are A and B on screen, one letter wide so that the
		// rows' cells line up in columns, and the note under the heading
		// says who they are; a screen reader hears who they are on every
		// row ("Side to move:"), and each row as its groups and gaps.
		b.WriteString(`<h3>` + htmlEscape(f.T("chain.line")) + `</h3><p class="kz-note" id="kz-chain-line-note">` + htmlEscape(f.T("chain.line-note")) + `</p><div class="kz-chain-scroll"><ol class="kz-chain-line" aria-describedby="kz-chain-line-note">`)
		prev := s.Row
		for i, m := range s.Line {
			first := i%2 == 0
			b.WriteString(`<li><span class="kz-chain-who" data-side="` + chainPick(first, "first", "second") + `"><span aria-hidden="true">` + htmlEscape(f.T(chainPick(first, "chain.side-first", "chain.side-second"))) +
				`</span><span class="kz-sr">` + htmlEscape(f.T(chainPick(first, "chain.side-first-said", "chain.side-second-said"))) + `</span></span> ` +
				chainRowHTML(prev, m.Take, rowSaid(f, prev)) + ` <span class="kz-note">` + htmlEscape(f.T("chain.takes", takeText(m.Take))) + `</span></li>`)
			prev = m.Row
		}
		// Every move, best first.
		b.WriteString(`</ol></div><h3>` + htmlEscape(f.T("chain.moves")) + `</h3><div class="kz-chain-scroll"><table class="kz-table kz-chain-moves"><caption class="kz-sr">` + htmlEscape(f.T("chain.moves")) + `</caption><thead><tr><th scope="col">` +
			htmlEscape(f.T("chain.move")) + `</th><th scope="col">` + htmlEscape(f.T("chain.value")) + `</th><th scope="col">` + htmlEscape(f.T("chain.meaning")) + `</th></tr></thead><tbody>`)
		order := make([]int, len(s.Moves))
		for i := range order {
			order[i] = i
		}
		sortStable(order, func(x, y int) bool { return chainBetter(s.Moves[x].Value, s.Moves[y].Value) })
		for _, i := range order {
			mv := s.Moves[i]
			b.WriteString(`<tr` + chainPick(mv.Value == s.Value, ` class="kz-chain-best"`, "") + `><td>` + takeText(mv.Move.Take) +
				`</td><td class="kz-chain-num">` + signedText(mv.Value) + `</td><td>` + htmlEscape(a.w.valueText(mv.Value)) + `</td></tr>`)
		}
		b.WriteString(`</tbody></table></div>`)
	}
	a.setResult(b.String())
	// The result is not a live region (a screen reader would read every
	// row of the line and the table): its gist goes to the live line.
	said := summary
	if len(s.Line) > 0 {
		key := chainPick(s.Value < 0, "chain.hint-lost", "chain.hint-best")
		said = frame.JoinSentences(summary, f.T(key, takeText(s.Line[0].Take), a.w.valueText(s.Value)))
	}
	f.Say(said)
}

// positionError says, beside the field, what is wrong with the position
// asked. A reader who asked from the form (Enter in the field, or Solve)
// and is still there gets the focus in the field with the characters at
// fault selected, those the error names ("at character 37"), so a long
// row need not be counted by hand; a solve of its own (a reload) moves
// nothing.
//
// An error about the position is kept as an answer is: a widget built
// again (a change of language, a reload) solves the form again and says
// the error anew, in its language, without moving the page or the focus.
func (a *chainAnalyser) positionError(err error, asked string, asking, quiet bool) {
	frame.FieldError(a.posIn, a.posError, a.f.Describe(err))
	if !quiet {
		inView(a.posError)
	}
	replace(a.result)
	a.show(nil)
	ce, ok := err.(*frame.CallError)
	if a.f.Context().Err() == nil {
		a.w.state.Solved = ok && ce.Code == "bad-input"
		a.w.save()
	}
	if !ok || ce.Code != "bad-input" || !asking || !a.f.FocusIn(a.posIn.Closest("form")) || inputValue(a.posIn) != asked {
		return
	}
	focus(a.posIn)
	if ce.Pos == nil || *ce.Pos < 0 {
		return
	}
	start, end := faultSpan(asked, *ce.Pos, ce.Reason == chain.ReasonTooLong)
	if start >= 0 {
		a.posIn.Underlying().Call("setSelectionRange", start, end)
	}
}

// faultSpan is where the character at pos (counted in characters) lies
// in text as a text field counts (UTF-16 units): from its start to its
// end, or to the text's end with toEnd; -1 past the text.
func faultSpan(text string, pos int, toEnd bool) (start, end int) {
	at, i, start := 0, 0, -1
	for _, r := range text {
		w := 1
		if r > 0xFFFF {
			w = 2 // a surrogate pair
		}
		if i == pos {
			start, end = at, at+w
		}
		at += w
		i++
	}
	if start >= 0 && toEnd {
		end = at
	}
	return start, end
}

// solved marks the form good after an answer to form: no error beside
// the field, no message left in the frame's line; the answer is form's,
// and is to be shown again when the widget is built again.
func (a *chainAnalyser) solved(form anForm) {
	frame.FieldError(a.posIn, a.posError, "")
	a.f.ClearMessage()
	a.w.state.Solved = true
	a.w.save()
	a.show(&form)
}

// chainOutcome is chain.outcome's answer.
type chainOutcome struct {
	Winner string        `json:"winner"`
	Move   *chainMoveOut `json:"move"`
	Grundy *int          `json:"grundy"`
	// LostToRule: the first-move rule is why the side to move loses,
	// though the Grundy value is not 0; the page says so beside it.
	LostToRule bool    `json:"lostToRule"`
	Ms         float64 `json:"ms"`
}

// outcome answers a position too long for the exact solver: in the
// direct game, who wins, the Grundy value and a winning move, from
// chain.outcome; in the reverse game, why there is no answer.
func (a *chainAnalyser) outcome(form anForm, position string, reverse, single bool, tooLarge *frame.CallError, asking, quiet bool) {
	f := a.f
	size, limit := int(tooLarge.Size), int(tooLarge.Limit)
	if reverse {
		a.solved(form)
		a.result.SetInnerHTML(`<p class="kz-big" id="kz-chain-no-answer">` + htmlEscape(f.T("chain.reverse-too-long", size, limit)) + `</p>`)
		f.Say(f.T("chain.reverse-too-long", size, limit))
		return
	}
	var o chainOutcome
	err := f.Call("chain.analyse", "chain.outcome", map[string]any{
		"position": position, "reverse": false, "firstMoveSingle": single}, &o)
	if err != nil {
		if err == frame.ErrSuperseded {
			return
		}
		a.positionError(err, position, asking, quiet)
		return
	}
	a.solved(form)
	a.setResult(a.outcomeHTML(o, position) + `<p class="kz-note">` + htmlEscape(f.T("chain.outcome-note", size, limit, strconv.FormatFloat(o.Ms, 'f', 1, 64))) + `</p>`)
	f.Say(f.T(chainPick(o.Winner == "mover", "chain.outcome-win", "chain.outcome-loss")))
}

// outcomeHTML writes chain.outcome's answer of the direct game of
// position: who wins, the Grundy value, what that is, and a winning move.
func (a *chainAnalyser) outcomeHTML(o chainOutcome, position string) string {
	f := a.f
	var b strings.Builder
	win := o.Winner == "mover"
	b.WriteString(`<p class="kz-big" id="kz-chain-outcome" data-winner="` + htmlEscape(o.Winner) + `">` + htmlEscape(f.T(chainPick(win, "chain.outcome-win", "chain.outcome-loss"))) + `</p><p>`)
	if o.Grundy != nil {
		b.WriteString(`<span id="kz-chain-grundy">` + htmlEscape(f.T(chainPick(o.LostToRule, "chain.grundy-rule", "chain.grundy"), *o.Grundy)) + `</span>`)
	}
	if win && o.Move != nil {
		b.WriteString(` · <span id="kz-chain-outcome-move" data-take="` + htmlEscape(o.Move.Text) + `">` + htmlEscape(f.T("chain.outcome-move", takeText(o.Move.Take))) + `</span>`)
	}
	b.WriteString(`</p>`)
	if o.Grundy != nil {
		b.WriteString(a.grundyAbout(position, *o.Grundy))
	}
	return b.String()
}

// grundyAboutMax is the most groups whose values the explanation of the
// Grundy value adds up for the position shown.
const grundyAboutMax = 6

// grundyAbout explains, under a Grundy value, what it is and how it
// decides the direct game: "Grundy value 3" told a reader who had not met
// the theory nothing. It folds away (a details, closed), and for a
// position of a few groups it works the value out: each group's value,
// and their XOR.
func (a *chainAnalyser) grundyAbout(position string, grundy int) string {
	f := a.f
	var b strings.Builder
	b.WriteString(`<details class="kz-chain-grundy-about"><summary>` + htmlEscape(f.T("chain.grundy-what")) + `</summary>` +
		`<p>` + htmlEscape(f.T("chain.grundy-about")) + `</p><p>` + htmlEscape(f.T("chain.grundy-decides")) + `</p>`)
	if row, err := chain.Parse(position, "position"); err == nil {
		if groups := row.Groups(); len(groups) == 1 {
			b.WriteString(`<p class="kz-chain-grundy-here">` + htmlEscape(f.T("chain.grundy-here-one", groups[0], grundy)) + `</p>`)
		} else if len(groups) > 1 && len(groups) <= grundyAboutMax {
			each, values := make([]string, len(groups)), make([]string, len(groups))
			for i, g := range groups {
				v := strconv.Itoa(chain.Grundy(g))
				each[i], values[i] = f.T("chain.grundy-group", g, v), v
			}
			b.WriteString(`<p class="kz-chain-grundy-here">` + htmlEscape(f.T("chain.grundy-here", strings.Join(each, f.T("chain.row-sep")), strings.Join(values, " XOR "), grundy)) + `</p>`)
		}
	}
	b.WriteString(`</details>`)
	return b.String()
}

// setResult writes an answer in the result box; the explanation of the
// Grundy value, opened by the reader, stays open in the next answer.
func (a *chainAnalyser) setResult(html string) {
	if d := a.result.QuerySelector(".kz-chain-grundy-about"); d != nil && d.HasAttribute("open") {
		html = strings.Replace(html, `<details class="kz-chain-grundy-about">`, `<details class="kz-chain-grundy-about" open>`, 1)
	}
	a.result.SetInnerHTML(html)
}

// withoutTable answers a big row whose table the reader would rather not
// build now (Not now): in the direct game, who wins, the Grundy value and
// a winning move, which chain.outcome gives at once with no table; in the
// reverse game, that no shortcut to its outcome is known. Either says the
// move count needs the table, with a button to build it (its question
// first, as Play's).
func (a *chainAnalyser) withoutTable(form anForm, position string, reverse, single bool) {
	f := a.f
	// Kept before the call: a widget built again while it is under way
	// shows this answer too, and asks nothing.
	a.w.state.Solved, a.w.state.Declined = true, true
	a.w.save()
	build := ` <button type="button" class="kz-link" data-on-click="chain.an-build">` + htmlEscape(f.T("chain.big-resume")) + `</button>`
	var html, said string
	if reverse {
		said = f.T("chain.reverse-no-table")
		html = `<p class="kz-big" id="kz-chain-no-answer">` + htmlEscape(said) + build + `</p>`
	} else {
		var o chainOutcome
		err := f.Call("chain.analyse", "chain.outcome", map[string]any{
			"position": position, "reverse": false, "firstMoveSingle": single}, &o)
		if err != nil {
			if err != frame.ErrSuperseded {
				a.positionError(err, position, false, true)
			}
			return
		}
		said = f.T(chainPick(o.Winner == "mover", "chain.outcome-win", "chain.outcome-loss"))
		html = a.outcomeHTML(o, position) + `<p class="kz-note" id="kz-chain-no-table">` + htmlEscape(f.T("chain.no-table")) + build + `</p>`
	}
	a.solved(form)
	a.setResult(html)
	f.Say(said)
}

// chainRowHTML draws a row with the objects of take marked: a box of one
// width per cell, its dot drawn by the stylesheet, not a glyph, so a cell
// sits at the same x in every row of the line, whatever the language's
// font makes of ● and · (full width in CJK fonts, narrow in others).
//
// said is the row's name for a screen reader (rowSaid): its groups and
// gaps in words, not its X and . read out as letters and dots.
func chainRowHTML(row string, take []int, said string) string {
	var b strings.Builder
	b.WriteString(`<span class="kz-chain-mini" role="img" aria-label="` + htmlEscape(said) + `" data-row="` + htmlEscape(row) + `">`)
	for i, c := range row {
		switch {
		case slices.Contains(take, i):
			b.WriteString(`<i class="kz-chain-mini-take"></i>`)
		case c == 'X':
			b.WriteString(`<i></i>`)
		default:
			b.WriteString(`<i class="kz-chain-mini-gap"></i>`)
		}
	}
	b.WriteString(`</span>`)
	return b.String()
}

// rowSaid says a row the widget wrote (X and .) as a listener follows it:
// each run of objects with its count and the places it stands at, each
// run of gaps with its count, "4 objects (1–4), 1 gap, 2 objects (6–7)",
// numbered as the moves ("takes 6") are.
func rowSaid(f *frame.Frame, row string) string {
	var parts []string
	for i := 0; i < len(row); {
		j := i
		for j < len(row) && row[j] == row[i] {
			j++
		}
		if row[i] == 'X' {
			places := strconv.Itoa(i + 1)
			if j-i > 1 {
				places += "–" + strconv.Itoa(j)
			}
			parts = append(parts, f.T("chain.row-objects", j-i, places))
		} else {
			parts = append(parts, f.T("chain.row-gaps", j-i))
		}
		i = j
	}
	if len(parts) == 0 {
		return f.T("chain.row-empty")
	}
	return strings.Join(parts, f.T("chain.row-sep"))
}

// chainBetter: a win beats a loss, a faster win a slower one, a slower
// loss a faster one.
func chainBetter(a, b int) bool {
	switch {
	case a > 0 && b > 0:
		return a < b
	case a > 0 || b > 0:
		return a > 0
	}
	return a < b
}

func sortStable(order []int, less func(x, y int) bool) {
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && less(order[j], order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
}

// chainTableCalls split the table into calls. A call computes nothing
// until it has built the solver of its longest row, so each call's rows
// arrive, and are kept, as it ends: a Stop keeps every call finished
// before it. The short rows come first and in one call; the long rows,
// which cost most, in calls of their own. The split costs more than one
// call (each call builds its own solver): 1.9 million positions per game
// against 1.1 million. The rows past 60 come last, in one call, once the
// reader has agreed to their tables (see big.go), which are built first
// with a bar of their own.
var chainTableCalls = [][2]int{{1, 40}, {41, 50}, {51, 55}, {56, 60}, {61, chainMaxN}}

// computeTable fills the table of N = 1..chainMaxN in the page, with a
// progress bar and Stop. A table stopped part way is taken up where it
// stopped. quiet: the widget, built again, takes up the table that was
// computing (its question moves no focus, see ask).
func (a *chainAnalyser) computeTable(progressRow dom.Element, quiet bool) {
	f := a.f
	if a.tableCancel != nil {
		return
	}
	ctx, cancel := context.WithCancel(f.Context())
	a.tableCancel = cancel
	f.Running("chain.table", true)
	defer func() { cancel(); a.tableCancel = nil; f.Running("chain.table", false) }()
	// Compute is disabled and its Stop hidden under the focus: the focus
	// goes from one to the other, and back.
	hadFocus := f.FocusIn(a.tableBtn)
	setDisabled(a.tableBtn, true)
	setHidden(progressRow, false)
	if stop := progressRow.QuerySelector("button"); hadFocus && stop != nil {
		focus(stop)
	}
	defer func() {
		held := hadFocus || f.FocusIn(progressRow)
		setHidden(progressRow, true)
		setDisabled(a.tableBtn, false)
		if held && f.Focused() == nil || f.FocusIn(progressRow) {
			if a.tableBtn.Closest(".kz-row").HasAttribute("hidden") {
				// The table is whole, and its button gone: the focus
				// goes to the table.
				focus(a.tableBox.QuerySelector(".kz-chain-table-scroll"))
			} else {
				focus(a.tableBtn)
			}
		}
	}()
	a.tableNote("")
	st := &a.w.state
	if st.TableStopped {
		st.TableStopped = false // taken up: the note went
		a.w.save()
	}
	if len(st.Table) >= chainMaxN || (len(st.Table) > 0 && st.Table[len(st.Table)-1].N != len(st.Table)) {
		st.Table = nil
	}
	start := len(st.Table) + 1
	// Progress in positions to evaluate, the calls' true cost; the big
	// rows' tables are built, after their question, with a bar of their
	// own, and their call is then lookups.
	var total, done float64
	for _, c := range chainTableCalls {
		if c[1] >= start && c[1] <= bigCells {
			total += float64(chain.Positions(c[1]))
		}
	}
	show := func(fraction float64) {
		a.progress.SetAttribute("value", strconv.FormatFloat(fraction, 'f', 3, 64))
		a.progressText.SetTextContent(f.T("chain.table-progress", int(100*fraction)))
	}
	show(0)
	for _, c := range chainTableCalls {
		if c[1] < start {
			continue
		}
		weight := float64(chain.Positions(c[1]))
		params := map[string]any{"from": max(c[0], start), "to": c[1], "firstMoveSingle": true}
		if c[1] > bigCells {
			// Asked first, and built there, on the first worker: every
			// later move, hint and solve of these rows goes there, so the
			// call stays there too (split false) and is lookups. While the
			// question waits, and while its build shows its own bar and
			// Stop, the table's bar (full by then) and Stop are hidden:
			// the question's buttons are the only choice on screen.
			setHidden(progressRow, true)
			ok := a.w.ready(a.tableBig, quiet, fullRowText(c[1]), false, true)
			setHidden(progressRow, !ok)
			if !ok {
				if f.Context().Err() == nil {
					a.stopped()
					a.renderTable()
				}
				return
			}
			params["split"] = false
			weight = 0
		}
		var out struct {
			Rows []chainTableRow `json:"rows"`
		}
		err := f.Engine.Call(ctx, "chain.table", params, &out,
			func(d, t float64, note string) {
				if t > 0 && total > 0 {
					show(min(1, (done+weight*d/t)/total))
				}
			})
		if err != nil {
			if ce, ok := err.(*frame.CallError); ok && ce.Code == "cancelled" {
				a.stopped()
				inView(a.tableMsg)
				a.renderTable()
				return
			}
			a.tableMsg.Class().Remove("kz-note")
			if f.ShowErrorIn(a.tableMsg, err) {
				inView(a.tableMsg)
			}
			return
		}
		st.Table = append(st.Table, out.Rows...)
		done += weight
		a.w.save()
		a.renderTable()
	}
}

// stopped records that the reader stopped the table, and says where.
func (a *chainAnalyser) stopped() {
	a.w.state.TableStopped = true
	a.w.save()
	a.tableStoppedNote()
}

// tableStoppedNote says, under the table's button, where the table the
// reader stopped stands: from a Stop, or said again by a widget built
// again (a change of language, a reload).
func (a *chainAnalyser) tableStoppedNote() {
	n := len(a.w.state.Table)
	a.tableNote(a.f.T(chainPick(n > 0, "chain.table-stopped", "chain.table-stopped-none"), n))
}

// tableNote writes a note under the table's button, in the style of a
// note: where the table stopped is no error. "" clears it, or an error.
func (a *chainAnalyser) tableNote(text string) {
	a.tableMsg.Class().Remove("kz-bad")
	a.tableMsg.Class().Add("kz-note")
	a.tableMsg.SetTextContent(text)
}

func (a *chainAnalyser) renderTable() {
	f := a.f
	rows := a.w.state.Table
	// The button says what it will compute: a stopped table is taken up
	// where it stopped.
	from := 1
	if n := len(rows); n > 0 && n < chainMaxN && rows[n-1].N == n {
		from = n + 1
	}
	a.tableBtn.SetTextContent(f.T("chain.table-compute", from, chainMaxN))
	// A whole table has nothing left to compute (its values never change).
	setHidden(a.tableBtn.Closest(".kz-row"), len(rows) == chainMaxN && rows[chainMaxN-1].N == chainMaxN)
	if len(rows) == 0 {
		replace(a.tableBox)
		return
	}
	cell := func(v *int) string {
		if v == nil {
			return `<td></td>`
		}
		return `<td class="kz-chain-num ` + chainPick(*v > 0, "kz-chain-pos-val", "kz-chain-neg-val") + `">` + signedText(*v) + `</td>`
	}
	var b strings.Builder
	b.WriteString(`<div class="kz-chain-scroll kz-chain-table-scroll" tabindex="0" role="region" aria-label="` + htmlEscape(f.T("chain.table")) + `"><table class="kz-table kz-chain-table" id="kz-chain-table"><caption class="kz-sr">` + htmlEscape(f.T("chain.table")) + `</caption><thead><tr><th scope="col">N</th><th scope="col">` +
		htmlEscape(f.T("chain.direct")) + `</th><th scope="col">` + htmlEscape(f.T("chain.reverse")) + `</th></tr></thead><tbody>`)
	for _, r := range rows {
		n := strconv.Itoa(r.N)
		b.WriteString(`<tr data-n="` + n + `"><th scope="row">` + n + `</th>` + cell(r.Direct) + cell(r.Reverse) + `</tr>`)
	}
	b.WriteString(`</tbody></table></div>`)
	a.tableBox.SetInnerHTML(b.String())
}
