//go:build js && wasm

package guess

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"kibitz/engine/guess"
	"kibitz/wasm/bridge"
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
	"kibitz/wasm/i18n"
)

// The optimal strategy: the perfect strategy for the chosen objective
// (guess.tree), from the start of the game or from the Helper's
// position. It shows the proof (the figures the engine proved, where the
// strategy comes from, what it cost), then the first guess and one
// branch per answer, opened one at a time: a branch's children are drawn
// only when it is opened, since 1a2b-4's tree has 5,040 leaves. The tree
// comes whole from the engine in one call (its own lane, with progress
// and Stop), so browsing it asks nothing more. Export writes it as text,
// one line per secret with the guesses that find it, to copy or download.

type treeState struct {
	From string `json:"from,omitempty"` // "start" (the default) or "helper"
	// Open are the branches the reader opened (their paths, "3-0"), in
	// the tree of the question OpenKey: a change of language builds the
	// view again, and a reload, and both open them again.
	Open    []string `json:"open,omitempty"`
	OpenKey string   `json:"openKey,omitempty"`
}

// treeNode is a node of guess.tree's answer: the guess played there, the
// secrets still possible before it and the guesses they need from there
// (this one included).
type treeNode struct {
	Guess    string       `json:"guess"`
	Secrets  int          `json:"secrets"`
	Total    int          `json:"total"`
	Expected float64      `json:"expected"`
	Worst    int          `json:"worst"`
	AtWorst  int          `json:"atWorst"`
	Win      bool         `json:"win"`
	Answers  []treeAnswer `json:"answers"`
}

type treeAnswer struct {
	A    int      `json:"a"`
	B    int      `json:"b"`
	Node treeNode `json:"node"`
}

type treeFigures struct {
	Secrets  int     `json:"secrets"`
	Total    int     `json:"total"`
	Expected float64 `json:"expected"`
	Worst    int     `json:"worst"`
	AtWorst  int     `json:"atWorst"`
}

type treeProof struct {
	Proven    bool        `json:"proven"`
	Objective string      `json:"objective"`
	Source    string      `json:"source"` // "search" or "shipped"
	Millis    int64       `json:"millis"`
	Strategy  treeFigures `json:"strategy"`  // from the strategy's own root
	RootTurns int         `json:"rootTurns"` // the turns played at that root
	Here      treeFigures `json:"here"`      // from the position asked about
	MinWorst  int         `json:"minWorst"`
}

type treeResult struct {
	Proof treeProof `json:"proof"`
	Root  treeNode  `json:"root"`
	Turns int       `json:"turns"`
	Text  string    `json:"text"`
}

// treeQuery is what a tree is computed from: the game, the objective and
// the position, as sent to the engine.
type treeQuery struct {
	spec      gameSpec
	rules     guess.Rules
	objective string
	rows      []map[string]any
	index     []int  // each row's place in the Helper's table
	key       string // the whole question, as sent
	game      string // the game alone: a new game's search shows nothing of the old one's
}

type treeMode struct {
	w          *guessWidget
	panel      dom.Element
	objSel     dom.Element
	objDoc     dom.Element
	game       dom.Element
	fromStart  dom.Element
	fromHelper dom.Element
	fromRows   dom.Element // how many Helper rows the position has
	elapsed    dom.Element // how long the search has run
	note       dom.Element // an error, or "Stopped." with a retry
	view       dom.Element // the proof and the tree
	exportOut  dom.Element
	exportBtn  dom.Element
	lane       *frame.Lane
	exportLane *frame.Lane

	shown   *treeQuery // the query of the tree on screen
	pending string     // the key of the query being computed
	stopped string     // the key of the query the reader stopped: not restarted by itself
	res     *treeResult
	gen     int
	blobURL string // the download's Blob URL, revoked when replaced
}

func newTreeMode(w *guessWidget, panel dom.Element) *treeMode {
	f := w.f
	m := &treeMode{w: w, panel: panel, lane: f.Lane("tree"), exportLane: f.Lane("tree-export")}
	if m.state().From != "helper" {
		m.state().From = "start"
	}
	m.objSel = objectiveSelect(f, "kz-tree-objective", "kz-tree-objective-doc")
	m.objDoc = el("p", cls("kz-note"), attr("id", "kz-tree-objective-doc"), attr("aria-live", "polite"))
	m.game = el("p", cls("kz-note"))
	radio := func(value string) dom.Element {
		return el("input", attr("type", "radio"), attr("name", "kz-tree-from"), attr("id", "kz-tree-from-"+value), attr("value", value), on("change", "tree.from"))
	}
	m.fromStart, m.fromHelper = radio("start"), radio("helper")
	m.fromRows = el("span", cls("kz-note"))
	m.elapsed = el("p", cls("kz-note kz-tree-elapsed"), attr("hidden", ""))
	m.note = el("p", cls("kz-field-error kz-think-note"), attr("role", "alert"))
	// Not a live region (it holds the whole tree): render says the gist.
	m.view = el("div", cls("kz-tree-view"))
	m.exportBtn = el("button", attr("type", "button"), on("click", "tree.export"), f.T("tree.export"))
	m.exportOut = el("div", cls("kz-tree-export-out"), attr("hidden", ""))
	build(panel,
		el("h3", attr("id", "kz-tree-title"), attr("tabindex", "-1"), f.T("tree.title")),
		el("p", f.T("tree.intro")),
		m.game,
		el("div", cls("kz-grid kz-tree-controls"),
			el("label", attr("for", "kz-tree-objective"), f.T("settings.objective")), m.objSel, m.objDoc,
		),
		el("fieldset", cls("kz-tree-from"),
			el("legend", f.T("tree.from")),
			el("label", cls("kz-check"), m.fromStart, el("span", f.T("tree.from-start"))),
			el("label", cls("kz-check"), m.fromHelper, el("span", f.T("tree.from-helper"), " ", m.fromRows)),
		),
		m.lane.BusyIn(), m.elapsed, m.note, m.view,
		el("section", cls("kz-tree-export"), attr("aria-labelledby", "kz-tree-export-title"),
			el("h3", attr("id", "kz-tree-export-title"), f.T("tree.export-title")),
			el("p", cls("kz-note"), f.T("tree.export-intro")),
			el("div", cls("kz-row"), m.exportBtn),
			m.exportLane.BusyIn(), m.exportOut,
		),
	)
	f.Handle("tree.from", func(_ dom.Event, t dom.Element) {
		m.state().From = inputValue(t)
		w.save()
		m.schedule()
	})
	f.Handle("tree.toggle", func(_ dom.Event, t dom.Element) {
		m.toggle(t)
		m.fixTabStop()
	})
	f.Handle("tree.key", func(ev dom.Event, _ dom.Element) { m.key(ev) })
	f.Handle("tree.retry", func(dom.Event, dom.Element) {
		// The button goes with the note: the focus waits on the view's
		// title, above where the tree will be.
		focus(m.panel.QuerySelector("#kz-tree-title"))
		m.shown, m.stopped = nil, ""
		m.schedule()
	})
	f.Handle("tree.export", func(dom.Event, dom.Element) { f.Go(m.export) })
	m.showObjective()
	return m
}

func (m *treeMode) state() *treeState { return &m.w.state.Tree }

// showObjective shows the settings' objective in the view's own select.
func (m *treeMode) showObjective() {
	o := m.w.state.Settings.objective()
	setInputValue(m.objSel, o)
	doc := m.w.f.T("objective-doc." + o)
	m.objSel.SetAttribute("title", doc)
	m.objDoc.SetTextContent(doc)
}

// openFrom shows the view from a position ("start" or "helper").
func (m *treeMode) openFrom(from string) {
	m.state().From = from
	m.w.selectMode("tree", true)
	focus(m.panel.QuerySelector("#kz-tree-title"))
}

// query builds what the view should show now, or an error in the rules.
func (m *treeMode) query() (*treeQuery, error) {
	w := m.w
	spec, r, err := w.gameRules(nil)
	if err != nil {
		return nil, localError(err)
	}
	if err := r.CheckSize(); err != nil {
		return nil, localError(err)
	}
	q := &treeQuery{spec: spec, rules: r, objective: w.state.Settings.objective(), rows: []map[string]any{}}
	if m.state().From == "helper" {
		q.rows, q.index = w.help.history(r)
		if q.rows == nil {
			q.rows = []map[string]any{}
		}
	}
	key, _ := json.Marshal(m.params(q, false))
	q.key = string(key)
	game, _ := json.Marshal(q.spec)
	q.game = string(game)
	return q, nil
}

func (m *treeMode) params(q *treeQuery, text bool) map[string]any {
	extra := map[string]any{"history": q.rows, "objective": q.objective, "depth": 0}
	if text {
		extra["text"] = true
		extra["depth"] = 1
	}
	return guessParams(q.spec, extra)
}

// schedule brings the view up to date when it is on screen: a change of
// game, objective or position computes the tree again; the tree already
// shown for the same question stays.
func (m *treeMode) schedule() {
	if m.w.state.Mode != "tree" {
		return
	}
	m.syncControls()
	q, err := m.query()
	if err != nil {
		m.lane.Cancel()
		m.gen++
		m.shown, m.res = nil, nil
		replace(m.view)
		m.hideExport()
		m.w.f.ShowErrorIn(m.note, err)
		return
	}
	if m.shown != nil && m.shown.key == q.key || m.lane.Busy() && m.pending == q.key || m.stopped == q.key {
		return
	}
	m.pending = q.key
	m.w.f.Go(func() { m.compute(q) })
}

// syncControls shows the position choice and the Helper's row count.
func (m *treeMode) syncControls() {
	f := m.w.f
	setChecked(m.fromStart, m.state().From != "helper")
	setChecked(m.fromHelper, m.state().From == "helper")
	_, r, err := m.w.gameRules(nil)
	if err != nil {
		m.game.SetTextContent("")
		m.fromRows.SetTextContent("")
		return
	}
	m.game.SetTextContent(f.T("tree.game", f.T(presetKey(m.w.state.Settings.Preset)), m.w.describeRules(r)))
	rows, _ := m.w.help.history(r)
	used := 0
	for _, row := range rows {
		if row["disabled"] != true {
			used++
		}
	}
	switch used {
	case 0:
		m.fromRows.SetTextContent(f.T("tree.rows-none"))
	case 1:
		m.fromRows.SetTextContent(f.T("tree.rows-one"))
	default:
		m.fromRows.SetTextContent(f.T("tree.rows", used))
	}
}

func presetKey(preset string) string {
	switch preset {
	case "":
		return "preset.1a2b-4"
	case "custom":
		return "preset.custom-name" // "Custom rules", without the menu's "…"
	}
	return "preset." + preset
}

// compute asks the engine for the whole tree. The search shows its
// progress and Stop where the tree will appear, with the time it has
// taken so far; the tree on screen, if any, stays dimmed until the new
// one arrives.
func (m *treeMode) compute(q *treeQuery) {
	m.gen++
	gen := m.gen
	m.note.SetTextContent("")
	m.note.Class().Remove("kz-bad")
	// Another position or objective in the same game keeps the tree on
	// screen, dimmed, until the new one comes; another game's proof and
	// tree say nothing about this one, and go at once.
	if m.shown != nil && m.shown.game != q.game {
		m.shown, m.res = nil, nil
		replace(m.view)
	}
	if m.view.FirstChild() != nil {
		m.view.Class().Add("kz-stale")
	}
	m.hideExport()
	start := time.Now()
	m.w.f.Go(func() { m.tick(gen, start) })
	var res treeResult
	err := m.lane.Call("guess.tree", m.params(q, false), &res)
	if gen != m.gen {
		return // another question came in; its answer follows
	}
	m.gen++ // stops the clock
	m.pending = ""
	setHidden(m.elapsed, true)
	if err != nil {
		if errors.Is(err, frame.ErrSuperseded) {
			return
		}
		if errors.Is(err, frame.ErrStopped) {
			m.stopped = q.key
		}
		m.shown, m.res = nil, nil
		replace(m.view)
		m.view.Class().Remove("kz-stale")
		m.showError(q, err)
		return
	}
	m.shown, m.res = q, &res
	m.view.Class().Remove("kz-stale")
	m.render(q, &res, time.Since(start))
	m.reopen(q)
}

// reopen opens again the branches the reader had open in this question's
// tree (before a change of language or a reload); another question's
// tree starts closed, and forgets them.
func (m *treeMode) reopen(q *treeQuery) {
	st := m.state()
	if st.OpenKey != q.key {
		if st.OpenKey != "" || len(st.Open) > 0 {
			st.Open, st.OpenKey = nil, ""
			m.w.save()
		}
		return
	}
	m.reopenWithin("")
}

// reopenWithin opens again the saved open branches inside the branch at
// path within ("": the whole tree) that are closed. A branch opened
// inside one that was then closed stays listed, as the view keeps it open
// while the page lasts; after a reload it is drawn, and so opened, only
// when its parent is opened again, and a parent opened by hand then shows
// it as it was (it showed it closed, and a change of language opened it).
func (m *treeMode) reopenWithin(within string) {
	// Parents first: a branch's button is drawn when its parent opens.
	var paths []string
	for _, p := range m.state().Open {
		if within == "" || strings.HasPrefix(p, within+"-") {
			paths = append(paths, p)
		}
	}
	slices.SortStableFunc(paths, func(a, b string) int { return len(parsePath(a)) - len(parsePath(b)) })
	for _, p := range paths {
		if button := m.view.QuerySelector(`.kz-tree-toggle[data-path="` + p + `"]`); button != nil && button.GetAttribute("aria-expanded") != "true" {
			m.setOpen(button, true)
		}
	}
}

// tick shows how long the search has run, once it takes a while.
func (m *treeMode) tick(gen int, start time.Time) {
	for {
		time.Sleep(time.Second)
		if gen != m.gen {
			return
		}
		m.elapsed.SetTextContent(m.w.f.T("tree.elapsed", int(time.Since(start).Seconds())))
		setHidden(m.elapsed, false)
	}
}

// showError says why there is no tree: "Stopped." with a button to start
// again, a position too big for the live search, or the Helper's row at
// fault.
func (m *treeMode) showError(q *treeQuery, err error) {
	f := m.w.f
	if errors.Is(err, frame.ErrStopped) {
		retry := el("button", attr("type", "button"), cls("kz-link"), on("click", "tree.retry"), f.T("tree.retry"))
		replace(m.note, f.T("common.stopped"), " ", retry)
		m.note.Class().Remove("kz-bad")
		focus(retry) // the reader's Stop is gone with the search: Search again is where it was
		return
	}
	ce, ok := err.(*frame.CallError)
	switch {
	case ok && ce.Code == "too-large" && ce.Limit == guess.PerfectMaxCandidates:
		m.note.Class().Add("kz-bad")
		m.note.SetTextContent(f.T("tree.too-large", ce.Size, ce.Limit))
		return
	case ok && ce.Code == "bad-input" && q.index != nil:
		// The Helper's rows: name them as the Helper's table does.
		mapped := *ce
		if ce.Row != nil && *ce.Row < len(q.index) {
			row := q.index[*ce.Row]
			mapped.Row = &row
		}
		mapped.Rows = nil
		for _, r := range ce.Rows {
			if r < len(q.index) {
				mapped.Rows = append(mapped.Rows, q.index[r])
			}
		}
		if ce.Reason == "conflict" {
			mapped.Reason = "rows-conflict"
		}
		m.note.Class().Add("kz-bad")
		m.note.SetTextContent(f.T("tree.helper-error", f.Describe(&mapped)))
		return
	}
	f.ShowErrorIn(m.note, err)
}

// ---- The proof and the tree

// render draws the proof and the first level of the tree.
func (m *treeMode) render(q *treeQuery, res *treeResult, took time.Duration) {
	f, r := m.w.f, q.rules
	p := res.Proof
	here := p.Here
	figs := el("dl", cls("kz-tree-figs"))
	item := func(term string, value any) {
		figs.AppendChild(el("dt", term))
		figs.AppendChild(el("dd", value))
	}
	item(f.T("tree.objective"), f.T("objective."+p.Objective))
	item(f.T("tree.secrets"), i18n.Number(int64(here.Secrets)))
	item(f.T("tree.total"), el("strong", cls("kz-tree-total"), i18n.Number(int64(here.Total))))
	item(f.T("tree.average"), el("span", cls("kz-tree-average"), i18n.Decimal(here.Expected, 4)))
	item(f.T("tree.worst"), el("span", cls("kz-tree-worst"), f.T("tree.guesses", here.Worst)))
	item(f.T("tree.at-worst"), el("span", cls("kz-tree-at-worst"), i18n.Number(int64(here.AtWorst))))
	if p.MinWorst > 0 {
		item(f.T("tree.min-worst"), f.T("tree.guesses", p.MinWorst))
	}
	source := f.T("tree.source-search")
	timing := f.T("tree.time-search", seconds(time.Duration(p.Millis)*time.Millisecond))
	if p.Source == "shipped" {
		source = f.T("tree.source-shipped")
		timing = f.T("tree.time-shipped", seconds(took))
	}
	item(f.T("tree.time"), timing)
	proof := el("section", cls("kz-tree-proof"), attr("aria-labelledby", "kz-tree-proof-title"),
		el("h3", attr("id", "kz-tree-proof-title"), f.T("tree.proof-title")), figs,
		el("p", cls("kz-tree-source"), data("source", p.Source), el("strong", f.T("tree.proof")), source))
	if res.Turns > 0 {
		// The proof counts from here; the tree numbers the game's guesses.
		here := f.T("tree.here-count", res.Turns+1)
		whole := p.Strategy
		if p.RootTurns < res.Turns {
			// A branch of the strategy shipped for the whole game (a live
			// search from here would take minutes): what it proves from
			// here depends on the objective.
			caveat := "tree.part-of-worst"
			if p.Objective == string(guess.ObjectiveAverage) {
				caveat = "tree.part-of-average"
			}
			proof.AppendChild(el("p", cls("kz-note"), frame.JoinSentences(here, frame.JoinSentences(
				f.T("tree.part-of", i18n.Number(int64(whole.Total)), whole.Worst, i18n.Decimal(whole.Expected, 4)), f.T(caveat)))))
		} else {
			proof.AppendChild(el("p", cls("kz-note"), frame.JoinSentences(here, f.T("tree.solved-here"))))
		}
	}

	root := res.Root
	first := f.T("tree.first-guess")
	if res.Turns > 0 {
		first = f.T("tree.next-guess", res.Turns+1)
	}
	list := el("ul", cls("kz-tree-list"), attr("id", "kz-tree-n-root"), attr("role", "tree"),
		attr("aria-labelledby", "kz-tree-tree-title"), on("keydown", "tree.key"))
	m.fillBranches(list, r, &root, nil)
	if first := list.QuerySelector(`[role="treeitem"]`); first != nil {
		first.SetAttribute("tabindex", "0") // the tree's one tab stop
	}
	legend := f.T("tree.legend")
	if len(root.Answers) > 0 {
		// The branches that hold some of the worst case stand out
		// (.kz-tree-worst-branch): the legend says how, and what it means.
		legend = frame.JoinSentences(legend, f.T("tree.legend-worst", res.Turns+root.Worst))
	}
	tree := el("section", cls("kz-tree"), attr("aria-labelledby", "kz-tree-tree-title"),
		el("h3", attr("id", "kz-tree-tree-title"), f.T("tree.tree-title")),
		el("p", cls("kz-note"), legend),
		el("p", cls("kz-tree-root"),
			el("span", cls("kz-tree-first"), first), " ", codeView(r, root.Guess), " ",
			el("span", cls("kz-tree-figs-line"), m.figuresText(&root, 0))),
		list,
	)
	replace(m.view, proof, tree)
	// The proof counts from the position asked about: from the Helper's,
	// "at most 5 guesses" are 5 more, as the proof's note says.
	said := "tree.said"
	if res.Turns > 0 {
		said = "tree.said-here"
	}
	f.Say(frame.JoinSentences(f.T(said, i18n.Decimal(here.Expected, 4), here.Worst),
		f.T("tree.said-guess", first, root.Guess)))
}

// figuresText is a branch's figures: its secrets, and the guess that
// finds them on average and at worst, numbered from the start of the
// game as the tree's guesses are ("Guess 2", "found at guess 4"). ply is
// the guesses from the view's root to n's guess. From a position the
// engine counts from its root (its first guess is 1): a branch that said
// "worst 4" held a secret found at guess 5, one guess played before.
func (m *treeMode) figuresText(n *treeNode, ply int) string {
	f := m.w.f
	secrets := f.T("tree.n-secrets", n.Secrets)
	if n.Secrets == 1 {
		secrets = f.T("tree.one-secret")
	}
	avg, worst := m.gameFigures(n, ply)
	return f.T("tree.figures", secrets, avg, worst)
}

// gameFigures is the average and the worst guess number at which node
// n's secrets are found, counted from the start of the game.
func (m *treeMode) gameFigures(n *treeNode, ply int) (string, int) {
	before := ply + m.res.Turns
	return i18n.Decimal(float64(before)+n.Expected, 2), before + n.Worst
}

// nodeAt follows a path of answer indices from the root.
func (m *treeMode) nodeAt(path []int) *treeNode {
	if m.res == nil {
		return nil
	}
	n := &m.res.Root
	for _, i := range path {
		if i < 0 || i >= len(n.Answers) {
			return nil
		}
		n = &n.Answers[i].Node
	}
	return n
}

func pathString(path []int) string {
	parts := make([]string, len(path))
	for i, p := range path {
		parts[i] = strconv.Itoa(p)
	}
	return strings.Join(parts, "-")
}

func parsePath(s string) []int {
	if s == "" {
		return nil
	}
	var path []int
	for _, part := range strings.Split(s, "-") {
		i, err := strconv.Atoi(part)
		if err != nil {
			return nil
		}
		path = append(path, i)
	}
	return path
}

// fillBranches draws the answers to node n's guess into list: the win
// first, when the guess may be the secret, then one branch per answer,
// closed. The view is a WAI-ARIA tree: each answer is a treeitem (one
// tab stop, moved by the arrow keys: treeKey). Its name is its content:
// what it shows ("1A2B → 0245 180 secrets · avg 3.92 · worst 5"), so
// that a reader who says what they see ("click 1A2B") finds it (WCAG
// 2.5.3, Label in Name), then words for screen readers alone with the
// way to it (". Guess 3, after 0123 answered 1A2B, then 4567 answered
// 0A1B."): the arrow is hidden from them, and the tree's depth says
// nothing of the guesses above.
func (m *treeMode) fillBranches(list dom.Element, r guess.Rules, n *treeNode, path []int) {
	f, w := m.w.f, m.w
	ply := len(path) + 1 // guesses from the view's root to the children
	level := strconv.Itoa(len(path) + 1)
	size := len(n.Answers)
	if n.Win {
		size++
	}
	setSize := strconv.Itoa(size)
	pos := 0
	item := func(e dom.Element) dom.Element {
		pos++
		e.SetAttribute("role", "treeitem")
		e.SetAttribute("tabindex", "-1")
		e.SetAttribute("aria-level", level)
		e.SetAttribute("aria-setsize", setSize)
		e.SetAttribute("aria-posinset", strconv.Itoa(pos))
		return e
	}
	sr := func(text string) dom.Element { return el("span", cls("kz-sr"), text) }
	after := ""
	if way := m.pathWords(r, path); way != "" {
		after = f.T("tree.after", way)
	}
	if n.Win {
		won := w.shortFeedback(r, r.Length, 0)
		found := len(path) + (m.res.Turns) + 1
		list.AppendChild(item(el("li", cls("kz-tree-leaf kz-tree-win"),
			el("span", cls("kz-tree-caret kz-tree-nocaret"), attr("aria-hidden", "true")),
			el("span", cls("kz-tree-answer"), won), " ",
			el("span", cls("kz-note"), f.T("tree.found-it", found)),
			sr(f.T("tree.win-said", n.Guess, after)))))
	}
	for i, b := range n.Answers {
		child := &b.Node
		answer := w.shortFeedback(r, b.A, b.B)
		childPath := append(append([]int{}, path...), i)
		id := "kz-tree-n-" + pathString(childPath)
		guessNo := m.res.Turns + ply + 1
		way := m.pathWords(r, childPath)
		if len(child.Answers) == 0 {
			// One secret, guessed next: nothing to open.
			list.AppendChild(item(el("li", cls("kz-tree-leaf"),
				el("span", cls("kz-tree-caret kz-tree-nocaret"), attr("aria-hidden", "true")),
				el("span", cls("kz-tree-answer"), answer), " ",
				el("span", cls("kz-tree-arrow-to"), attr("aria-hidden", "true"), "→"), " ",
				codeView(r, child.Guess), " ",
				el("span", cls("kz-note"), f.T("tree.found-it", guessNo)),
				sr(f.T("tree.leaf-said", way)))))
			continue
		}
		toggle := item(el("div", cls("kz-tree-toggle"), attr("aria-expanded", "false"), attr("aria-controls", id), attr("aria-owns", id),
			data("path", pathString(childPath)), on("click", "tree.toggle"),
			// The spaces between the parts are for copied text and
			// textContent; the flex layout ignores them.
			el("span", cls("kz-tree-caret"), attr("aria-hidden", "true")),
			el("span", cls("kz-tree-answer"), answer), " ",
			el("span", cls("kz-tree-arrow-to"), attr("aria-hidden", "true"), "→"), " ",
			codeView(r, child.Guess), " ",
			el("span", cls("kz-tree-figs-line"), m.figuresText(child, ply)),
			sr(f.T("tree.branch-said", guessNo, way))))
		if ply+child.Worst == m.res.Root.Worst {
			toggle.Class().Add("kz-tree-worst-branch") // holds some of the worst case
		}
		list.AppendChild(el("li", attr("role", "none"), toggle,
			el("ul", cls("kz-tree-list"), attr("role", "group"), attr("id", id), attr("hidden", ""))))
	}
}

// pathWords says how the game came to the node at path, for the names
// of the tree's items: "" at the view's root, else "0123 answered 1A2B,
// then 4567 answered 0A1B" (every guess and its answer on the way).
func (m *treeMode) pathWords(r guess.Rules, path []int) string {
	if len(path) == 0 {
		return ""
	}
	f, w := m.w.f, m.w
	steps := make([]string, 0, len(path))
	n := &m.res.Root
	for _, i := range path {
		if i < 0 || i >= len(n.Answers) {
			return ""
		}
		b := n.Answers[i]
		steps = append(steps, f.T("tree.step", n.Guess, w.feedbackText(r, b.A, b.B)))
		n = &n.Answers[i].Node
	}
	return strings.Join(steps, f.T("tree.step-sep"))
}

// toggle opens or closes a branch, and remembers it open.
func (m *treeMode) toggle(button dom.Element) {
	if m.shown == nil {
		return
	}
	open := button.GetAttribute("aria-expanded") != "true"
	if !m.setOpen(button, open) {
		return
	}
	m.rove(button)
	st, p := m.state(), button.GetAttribute("data-path")
	if st.OpenKey != m.shown.key {
		st.Open, st.OpenKey = nil, m.shown.key
	}
	st.Open = slices.DeleteFunc(st.Open, func(q string) bool { return q == p })
	if open {
		st.Open = append(st.Open, p)
		m.reopenWithin(p)
	}
	m.w.save()
}

// setOpen opens or closes a branch, drawing its children the first time.
func (m *treeMode) setOpen(button dom.Element, open bool) bool {
	path := parsePath(button.GetAttribute("data-path"))
	n := m.nodeAt(path)
	list := m.view.QuerySelector("#" + button.GetAttribute("aria-controls"))
	if n == nil || list == nil || m.shown == nil {
		return false
	}
	if open && list.FirstChild() == nil {
		m.fillBranches(list, m.shown.rules, n, path)
	}
	button.SetAttribute("aria-expanded", strconv.FormatBool(open))
	setHidden(list, !open)
	return true
}

// items lists the tree's items a reader can reach: those not inside a
// closed branch, in the order they are drawn.
func (m *treeMode) items() []dom.Element {
	tree := m.view.QuerySelector("#kz-tree-n-root")
	if tree == nil {
		return nil
	}
	return slices.DeleteFunc(tree.QuerySelectorAll(`[role="treeitem"]`), func(e dom.Element) bool {
		return e.Closest("ul[hidden]") != nil
	})
}

// rove makes item the tree's one tab stop.
func (m *treeMode) rove(item dom.Element) {
	for _, e := range m.view.QuerySelectorAll(`[role="treeitem"][tabindex="0"]`) {
		e.SetAttribute("tabindex", "-1")
	}
	item.SetAttribute("tabindex", "0")
}

// fixTabStop keeps one tab stop the reader can reach: the first item
// when none is, or the branch that closed over it.
func (m *treeMode) fixTabStop() {
	stop := m.view.QuerySelector(`[role="treeitem"][tabindex="0"]`)
	if stop != nil && stop.Closest("ul[hidden]") == nil {
		return
	}
	if stop != nil {
		// Up to the nearest open branch's item.
		for list := stop.Closest("ul[hidden]"); list != nil; {
			owner := m.view.QuerySelector(`[aria-owns="` + list.GetAttribute("id") + `"]`)
			if owner == nil {
				break
			}
			stop = owner
			list = owner.Closest("ul[hidden]")
		}
		if stop.Closest("ul[hidden]") == nil {
			m.rove(stop)
			return
		}
	}
	if items := m.items(); len(items) > 0 {
		m.rove(items[0])
	}
}

// key moves in the tree as the WAI-ARIA tree pattern does: Up and Down
// to the item above or below, Right opens a branch or goes to its first
// answer, Left closes it or goes to the branch above, Home and End to
// the first and last item, Enter and Space open or close.
func (m *treeMode) key(ev dom.Event) {
	t := ev.Target()
	if t == nil || m.shown == nil {
		return
	}
	cur := t.Closest(`[role="treeitem"]`)
	if cur == nil {
		return
	}
	k := ev.Underlying().Get("key").String()
	u := ev.Underlying()
	if u.Get("altKey").Bool() || u.Get("ctrlKey").Bool() || u.Get("metaKey").Bool() {
		return
	}
	items := m.items()
	at := slices.IndexFunc(items, func(e dom.Element) bool { return e.Underlying().Equal(cur.Underlying()) })
	if at < 0 {
		return
	}
	branch := cur.HasAttribute("aria-expanded")
	open := cur.GetAttribute("aria-expanded") == "true"
	to := -1
	switch k {
	case "ArrowDown":
		to = min(at+1, len(items)-1)
	case "ArrowUp":
		to = max(at-1, 0)
	case "Home":
		to = 0
	case "End":
		to = len(items) - 1
	case "ArrowRight":
		switch {
		case branch && !open:
			m.toggle(cur)
			to = at
		case branch:
			to = min(at+1, len(items)-1) // its first answer
		default:
			to = at
		}
	case "ArrowLeft":
		if branch && open {
			m.toggle(cur)
			to = at
			break
		}
		to = at
		if list := cur.Closest(`ul[role="group"]`); list != nil {
			if owner := m.view.QuerySelector(`[aria-owns="` + list.GetAttribute("id") + `"]`); owner != nil {
				to = slices.IndexFunc(items, func(e dom.Element) bool { return e.Underlying().Equal(owner.Underlying()) })
			}
		}
	case "Enter", " ":
		if branch {
			m.toggle(cur)
		}
		to = at
	default:
		return
	}
	ev.PreventDefault()
	if to >= 0 && to < len(items) {
		m.rove(items[to])
		focus(items[to])
	}
}

// ---- Export

// hideExport takes down an export that no longer matches the tree.
func (m *treeMode) hideExport() {
	m.exportLane.Cancel()
	setHidden(m.exportOut, true)
	replace(m.exportOut)
	m.revoke()
}

func (m *treeMode) revoke() {
	if m.blobURL == "" {
		return
	}
	if u, err := bridge.Global().Get("URL"); err == nil {
		_, _ = u.Call("revokeObjectURL", m.blobURL)
	}
	m.blobURL = ""
}

// export asks for the tree on screen as text: one line per secret, the
// secret then the guesses that find it. It shows in a read-only field,
// with Copy and a download.
func (m *treeMode) export() {
	f := m.w.f
	q := m.shown
	if q == nil || m.lane.Busy() {
		// No tree to export, or one that is being replaced: say why,
		// next to the button.
		why := f.T("tree.export-none")
		switch now, err := m.query(); {
		case m.lane.Busy():
			why = f.T("tree.export-first")
		case err == nil && now.key == m.stopped:
			why = f.T("tree.export-stopped", f.T("tree.retry"))
		}
		replace(m.exportOut, el("p", cls("kz-note kz-tree-export-why"), attr("role", "status"), why))
		setHidden(m.exportOut, false)
		return
	}
	var res treeResult
	if err := m.exportLane.Call("guess.tree", m.params(q, true), &res); err != nil {
		if !errors.Is(err, frame.ErrSuperseded) {
			out := el("p", cls("kz-field-error"), attr("role", "alert"))
			f.ShowErrorIn(out, err)
			replace(m.exportOut, out)
			setHidden(m.exportOut, false)
		}
		return
	}
	if m.shown != q {
		return // the tree changed meanwhile
	}
	lines := strings.Count(res.Text, "\n")
	name := m.fileName(q)
	m.revoke()
	download := el("span")
	if url, err := blobURL(res.Text); err == nil {
		m.blobURL = url
		download = el("a", cls("kz-tree-download"), attr("href", url), attr("download", name), f.T("tree.download", name))
	}
	field := el("textarea", attr("id", "kz-tree-text"), attr("readonly", ""), attr("rows", "8"), attr("wrap", "off"),
		attr("spellcheck", "false"), attr("aria-describedby", "kz-tree-text-note"))
	setInputValue(field, res.Text)
	replace(m.exportOut,
		el("label", attr("for", "kz-tree-text"), f.T("tree.text-label")),
		el("p", cls("kz-note"), attr("id", "kz-tree-text-note"), f.T("tree.text-lines", lines)),
		field,
		el("div", cls("kz-row"), f.CopyButton(res.Text), download),
	)
	setHidden(m.exportOut, false)
}

// fileName names the download after the game, the objective and the
// position: 1a2b-4-fewest-worst.txt, science-3-average-after-123-0A1B.txt.
func (m *treeMode) fileName(q *treeQuery) string {
	game := q.spec.Preset
	if q.spec.Rules != nil {
		r := q.spec.Rules
		game = fmt.Sprintf("custom-%d-of-%d", r.Length, r.Symbols())
		if r.Repeats {
			game += "-repeats"
		}
	}
	if game == "" {
		game = "1a2b-4"
	}
	name := game + "-" + q.objective
	if m.res != nil && m.res.Turns > 0 {
		name += "-after"
		for _, row := range q.rows {
			if row["disabled"] == true {
				continue
			}
			g, _ := row["guess"].(string)
			name += "-" + safeName(g)
			if a, ok := row["a"].(int); ok {
				b, _ := row["b"].(int)
				name += fmt.Sprintf("-%dA%dB", a, b)
			} else if fb, ok := row["feedback"].(string); ok {
				name += "-" + safeName(fb)
			}
		}
	}
	return name + ".txt"
}

// safeName keeps the characters a file name can always hold.
func safeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// blobURL makes a text/plain Blob of text and returns its object URL.
func blobURL(text string) (string, error) {
	ctor, err := bridge.Global().Get("Blob")
	if err != nil {
		return "", err
	}
	parts, err := bridge.ToJS([]string{text})
	if err != nil {
		return "", err
	}
	opts, err := bridge.Object(map[string]any{"type": "text/plain;charset=utf-8"})
	if err != nil {
		return "", err
	}
	blob, err := ctor.New(parts, opts)
	if err != nil {
		return "", err
	}
	u, err := bridge.Global().Get("URL")
	if err != nil {
		return "", err
	}
	url, err := u.Call("createObjectURL", blob)
	if err != nil {
		return "", err
	}
	return url.String()
}

// seconds writes a duration in seconds, to two decimals under ten.
func seconds(d time.Duration) string {
	s := d.Seconds()
	if s < 10 {
		return i18n.Decimal(s, 2)
	}
	return i18n.Decimal(s, 1)
}
