//go:build js && wasm

package guess

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"kibitz/engine/api"
	"kibitz/engine/guess"
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
)

// The number-guessing widget: three modes over one set of rules.
//
//   - You guess: the engine hosts, fairly (a committed secret) or
//     adversarially (range protection), and can analyse your play.
//   - Computer guesses: you keep a secret in mind and answer; the engine
//     guesses and shows its reasoning.
//   - Helper: you type the guesses and answers of a game played elsewhere;
//     the engine lists what is still possible and suggests the next guess.
//
// Each mode keeps its own game, with the rules it was started with, so
// changing the settings never disturbs a game in progress. The whole state
// is saved after every change.

// gameSpec names a game to the engine: a preset, or custom rules.
type gameSpec struct {
	Preset string       `json:"preset,omitempty"`
	Rules  *guess.Rules `json:"rules,omitempty"`
}

// resolve returns the validated rules of the game.
func (g gameSpec) resolve() (guess.Rules, error) {
	if g.Rules != nil {
		r := *g.Rules
		return r, r.Validate()
	}
	if g.Preset == "" {
		return guess.PresetRules("1a2b-4")
	}
	return guess.PresetRules(g.Preset)
}

// guessSettings are the widget's choices, shared by the modes.
type guessSettings struct {
	Preset   string `json:"preset"` // "custom" for custom rules
	Length   int    `json:"length"`
	Alphabet string `json:"alphabet"`
	Repeats  bool   `json:"repeats"`
	Strategy string `json:"strategy"`
	BudgetMs int    `json:"budgetMs"`
	HostKind string `json:"hostKind"`
	// Objective is what strategy perfect minimises (guess.objectives);
	// a state saved before it existed has none, and gets the default.
	Objective string `json:"objective,omitempty"`
}

func defaultSettings() guessSettings {
	return guessSettings{Preset: "1a2b-4", Length: 4, Alphabet: "0123456789", Strategy: "best", BudgetMs: 2000, HostKind: "fair",
		Objective: string(guess.ObjectiveAverage)}
}

// objective returns the chosen objective, the default when none is saved
// or the saved one is unknown.
func (s guessSettings) objective() string {
	if o, err := guess.ParseObjective(s.Objective); err == nil {
		return string(o)
	}
	return string(guess.ObjectiveAverage)
}

// suggestParams are guess.suggest's parameters for a position under the
// settings: the strategy, its thinking time and, for perfect, its
// objective (which the engine refuses for any other strategy).
func (s guessSettings) suggestParams(g gameSpec, rows any) map[string]any {
	extra := map[string]any{"history": rows, "strategy": s.Strategy, "budgetMs": s.BudgetMs}
	if s.Strategy == string(guess.StrategyPerfect) {
		extra["objective"] = s.objective()
	}
	return guessParams(g, extra)
}

// suggest asks the engine, in lane, for the move the settings' strategy
// plays after history. For strategy perfect, root is the history its
// strategy starts from: nil for the position itself, an empty history for
// the computer's game, which is one strategy's from its first guess.
//
// The perfect strategy's first move is its longest call: it proves the
// whole strategy (Mastermind's takes seconds). guess.suggest runs on one
// worker, and guess.tree is shared by the engine's pool of workers, so
// guess.tree searches the strategy first; the engine remembers it, and
// guess.suggest reads the move from it at once. Once the strategy is
// known, that guess.tree finds it and answers at once too.
func (s guessSettings) suggest(lane *frame.Lane, g gameSpec, history, root any, out *suggestion) error {
	params := s.suggestParams(g, history)
	if s.Strategy == string(guess.StrategyPerfect) {
		if root == nil {
			root = history
		} else {
			params["from"] = 0
		}
		var tree struct{}
		if err := lane.Call("guess.tree", guessParams(g, map[string]any{"history": root, "objective": s.objective(), "depth": 0}), &tree); err != nil {
			return err
		}
	}
	return lane.Call("guess.suggest", params, out)
}

// spec returns the game the settings describe.
func (s guessSettings) spec() gameSpec {
	if s.Preset != "custom" {
		return gameSpec{Preset: s.Preset}
	}
	return gameSpec{Rules: &guess.Rules{Length: s.Length, Alphabet: s.Alphabet, Repeats: s.Repeats}}
}

// guessState is everything the widget saves.
type guessState struct {
	Version  int           `json:"v"`
	Settings guessSettings `json:"settings"`
	Mode     string        `json:"mode"`
	You      youState      `json:"you"`
	Computer compState     `json:"computer"`
	Helper   helperState   `json:"helper"`
	Tree     treeState     `json:"tree"`
}

const guessStateVersion = 1

type guessWidget struct {
	f     *frame.Frame
	state guessState

	presetSel, strategySel, budgetSel, hostSel dom.Element
	objectiveSel, objectiveDoc                 dom.Element
	customBox, lengthIn, alphabetIn, repeatsIn dom.Element
	rulesNote                                  dom.Element
	tabs, panels                               map[string]dom.Element
	modes                                      *frame.Modes

	you  *youMode
	comp *compMode
	help *helperMode
	tree *treeMode
}

// The modes, as tabs: three ways to play, and the optimal strategy to
// browse. A newcomer starts in the first, You guess: the game as people
// know it.
var guessModes = []string{"you", "computer", "helper", "tree"}

func (w *guessWidget) Start(f *frame.Frame) {
	w.f = f
	w.state = guessState{Version: guessStateVersion, Settings: defaultSettings(), Mode: "you"}
	var saved guessState
	if f.Load(&saved) && saved.Version == guessStateVersion {
		w.state = saved
	}
	w.state.Settings.Objective = w.state.Settings.objective()
	// The page can open a mode (data-mode) and fix the game (data-preset),
	// for a blog post about one game.
	if slices.Index(guessModes, f.Options().Mode) >= 0 {
		w.state.Mode = f.Options().Mode
	}
	if w.fixedPreset() {
		w.state.Settings.Preset = f.Options().Preset
	}
	// Inside the app, the app's tab names the game and has the language
	// menu; standing alone (embedded), the widget has both itself.
	if !f.Options().Nested {
		f.Body.AppendChild(f.Head(f.T("guess.title")))
	}
	f.Body.AppendChild(w.buildSettings())
	f.Body.AppendChild(w.buildTabs())
	w.you = newYouMode(w, w.panels["you"])
	w.comp = newCompMode(w, w.panels["computer"])
	w.help = newHelperMode(w, w.panels["helper"])
	w.tree = newTreeMode(w, w.panels["tree"])
	w.syncSettings()
	w.selectMode(w.state.Mode, false)
}

// fixedPreset reports whether the page fixed the game with data-preset.
func (w *guessWidget) fixedPreset() bool {
	_, err := guess.PresetRules(w.f.Options().Preset)
	return w.f.Options().Preset != "" && err == nil
}

// save stores the state; every change ends with it.
func (w *guessWidget) save() { w.f.Save(w.state) }

// ---- Settings

func (w *guessWidget) buildSettings() dom.Element {
	f := w.f
	w.presetSel = el("select", attr("id", "kz-preset"), on("change", "guess.settings"))
	for _, p := range guess.Presets() {
		w.presetSel.AppendChild(el("option", attr("value", p.ID), f.T("preset."+p.ID)))
	}
	w.presetSel.AppendChild(el("option", attr("value", "custom"), f.T("preset.custom")))
	setDisabled(w.presetSel, w.fixedPreset())

	w.lengthIn = el("input", attr("id", "kz-length"), attr("type", "number"), attr("min", "1"), attr("max", "10"), attr("inputmode", "numeric"), on("change", "guess.settings"))
	w.alphabetIn = el("input", attr("id", "kz-alphabet"), attr("type", "text"), attr("spellcheck", "false"), attr("autocomplete", "off"), on("change", "guess.settings"))
	w.repeatsIn = el("input", attr("id", "kz-repeats"), attr("type", "checkbox"), on("change", "guess.settings"))
	// The custom rule's fields are rows of the settings grid, aligned with
	// the others (the box's display is contents).
	w.customBox = el("div", cls("kz-custom"),
		el("label", attr("for", "kz-length"), f.T("settings.length")), w.lengthIn,
		el("label", attr("for", "kz-alphabet"), f.T("settings.alphabet")), w.alphabetIn,
		el("label", cls("kz-check"), w.repeatsIn, f.T("settings.repeats")),
	)

	w.strategySel = el("select", attr("id", "kz-strategy"), data("modes", playModes), on("change", "guess.settings"))
	for _, s := range guess.Strategies() {
		w.strategySel.AppendChild(el("option", attr("value", string(s.ID)), f.T("strategy."+string(s.ID))))
	}
	w.budgetSel = el("select", attr("id", "kz-budget"), data("modes", playModes), on("change", "guess.settings"))
	for _, ms := range []int{250, 1000, 2000, 5000, 15000} {
		w.budgetSel.AppendChild(el("option", attr("value", strconv.Itoa(ms)), f.T("settings.seconds", trimFloat(float64(ms)/1000))))
	}
	// The objective matters only to strategy perfect, in the modes where
	// the computer plays it (the optimal strategy view has its own).
	w.objectiveSel = objectiveSelect(f, "kz-objective", "kz-objective-doc")
	w.objectiveDoc = el("p", cls("kz-note kz-strategy-doc"), attr("id", "kz-objective-doc"), attr("aria-live", "polite"),
		data("modes", "computer helper"), data("perfect", ""))
	w.objectiveSel.SetAttribute("data-modes", "computer helper")
	w.objectiveSel.SetAttribute("data-perfect", "")
	f.Handle("guess.objective", func(_ dom.Event, t dom.Element) { w.setObjective(inputValue(t)) })
	w.hostSel = el("select", attr("id", "kz-host"), data("modes", "you"), on("change", "guess.settings"))
	w.hostSel.AppendChild(el("option", attr("value", "fair"), f.T("host.fair")))
	w.hostSel.AppendChild(el("option", attr("value", "adversarial"), f.T("host.adversarial")))
	w.rulesNote = el("p", cls("kz-note"), attr("id", "kz-rules-note"), attr("aria-live", "polite"))

	f.Handle("guess.settings", func(dom.Event, dom.Element) { w.readSettings() })

	return el("details", cls("kz-settings"),
		el("summary", f.T("settings.title")),
		el("div", cls("kz-grid"),
			el("label", attr("for", "kz-preset"), f.T("settings.game")), w.presetSel,
			el("label", attr("for", "kz-strategy"), data("modes", playModes), f.T("settings.strategy")), w.strategySel,
			el("label", attr("for", "kz-objective"), data("modes", "computer helper"), data("perfect", ""), f.T("settings.objective")), w.objectiveSel, w.objectiveDoc,
			el("label", attr("for", "kz-budget"), data("modes", playModes), f.T("settings.budget")), w.budgetSel,
			// The host matters only when the computer hosts.
			el("label", attr("for", "kz-host"), data("modes", "you"), f.T("settings.host")), w.hostSel,
			w.customBox,
		),
		w.rulesNote,
	)
}

// syncSettings shows the saved settings in the controls.
func (w *guessWidget) syncSettings() {
	s := w.state.Settings
	setInputValue(w.presetSel, s.Preset)
	setInputValue(w.lengthIn, strconv.Itoa(s.Length))
	setInputValue(w.alphabetIn, s.Alphabet)
	setChecked(w.repeatsIn, s.Repeats)
	setInputValue(w.strategySel, s.Strategy)
	setInputValue(w.budgetSel, strconv.Itoa(s.BudgetMs))
	setInputValue(w.hostSel, s.HostKind)
	w.showObjective()
	w.showRulesNote()
}

// playModes are the modes where the computer plays a strategy.
const playModes = "you computer helper"

// objectiveSelect is a select of the perfect strategy's objectives, each
// with its one-line explanation as a tooltip.
func objectiveSelect(f *frame.Frame, id, docID string) dom.Element {
	sel := el("select", attr("id", id), attr("aria-describedby", docID), on("change", "guess.objective"))
	for _, o := range guess.Objectives() {
		sel.AppendChild(el("option", attr("value", string(o.ID)), attr("title", f.T("objective-doc."+string(o.ID))), f.T("objective."+string(o.ID))))
	}
	return sel
}

// setObjective takes the objective chosen in either select (Settings or
// the optimal strategy view): both show it, and what depends on it
// follows.
func (w *guessWidget) setObjective(o string) {
	if _, err := guess.ParseObjective(o); err != nil {
		return
	}
	w.state.Settings.Objective = o
	w.showObjective()
	w.save()
	w.help.schedule()
	w.tree.schedule()
}

// showObjective shows the chosen objective and its explanation.
func (w *guessWidget) showObjective() {
	o := w.state.Settings.objective()
	doc := w.f.T("objective-doc." + o)
	setInputValue(w.objectiveSel, o)
	w.objectiveSel.SetAttribute("title", doc)
	frame.SetText(w.objectiveDoc, doc)
	if w.tree != nil {
		w.tree.showObjective()
	}
	w.showSettingsFor(w.state.Mode)
}

// showSettingsFor shows only the settings that apply to the mode: the
// host where the computer hosts, the objective where perfect plays.
func (w *guessWidget) showSettingsFor(mode string) {
	perfect := w.state.Settings.Strategy == string(guess.StrategyPerfect)
	for _, e := range w.f.Body.QuerySelectorAll(".kz-settings [data-modes]") {
		applies := strings.Contains(e.GetAttribute("data-modes"), mode)
		if e.HasAttribute("data-perfect") {
			applies = applies && perfect
		}
		setHidden(e, !applies)
	}
}

// readSettings takes the controls' values into the state. Custom rules are
// kept as typed even when invalid, so nothing is lost; the note says
// what is wrong.
func (w *guessWidget) readSettings() {
	s := &w.state.Settings
	preset := inputValue(w.presetSel)
	if preset == "custom" && s.Preset != "custom" {
		// Start the custom rules from the preset the user was on.
		if r, err := (gameSpec{Preset: s.Preset}).resolve(); err == nil {
			setInputValue(w.lengthIn, strconv.Itoa(r.Length))
			setInputValue(w.alphabetIn, r.Alphabet)
			setChecked(w.repeatsIn, r.Repeats)
		}
	}
	s.Preset = preset
	// A length that is no whole number (2.5, or the field emptied) is no
	// length: the note says so, where it kept the last one without a word
	// while the field showed another.
	s.Length = 0
	if n, err := strconv.Atoi(strings.TrimSpace(inputValue(w.lengthIn))); err == nil {
		s.Length = n
	}
	s.Alphabet = inputValue(w.alphabetIn)
	s.Repeats = checked(w.repeatsIn)
	s.Strategy = inputValue(w.strategySel)
	if ms, err := strconv.Atoi(inputValue(w.budgetSel)); err == nil {
		s.BudgetMs = ms
	}
	s.HostKind = inputValue(w.hostSel)
	w.showRulesNote()
	w.showSettingsFor(w.state.Mode)
	w.save()
	w.help.rulesChanged()
	w.you.render()
	w.comp.render()
	w.tree.schedule()
}

// showRulesNote describes the chosen rules, or what is wrong with them.
func (w *guessWidget) showRulesNote() {
	s := w.state.Settings
	setHidden(w.customBox, s.Preset != "custom")
	r, err := s.spec().resolve()
	w.rulesNote.Class().Remove("kz-bad")
	fault := err
	if fault == nil {
		fault = r.CheckSize()
	}
	w.markRuleFields(fault)
	switch {
	case err != nil:
		w.rulesNote.Class().Add("kz-bad")
		text := w.f.Describe(localError(err))
		if ce, ok := localError(err).(*frame.CallError); ok && ce.Reason == "length-range" {
			if _, nErr := strconv.Atoi(strings.TrimSpace(inputValue(w.lengthIn))); nErr != nil {
				text = w.f.T("reason.length-none") // not “0”: the reader typed no number
			}
		}
		w.rulesNote.SetTextContent(text)
	case r.CheckSize() != nil:
		w.rulesNote.Class().Add("kz-bad")
		w.rulesNote.SetTextContent(w.f.Describe(localError(r.CheckSize())))
	default:
		w.rulesNote.SetTextContent(w.describeRules(r))
	}
}

// markRuleFields marks the custom rules' fields that err, if any, is
// about, with the note under them as what describes them.
func (w *guessWidget) markRuleFields(err error) {
	// Too many codes, or a length the symbols cannot fill: either field
	// can give way.
	length, alphabet := err != nil, err != nil
	if ie, ok := err.(*guess.InputError); ok && ie.Reason != guess.ReasonTooLongForAlphabet {
		length, alphabet = ie.Field == "length", ie.Field == "alphabet"
	}
	frame.MarkInvalid([]dom.Element{w.lengthIn, w.alphabetIn}, map[dom.Element]bool{w.lengthIn: length, w.alphabetIn: alphabet}, "kz-rules-note")
}

// describeRules says in a sentence what a code is under r.
func (w *guessWidget) describeRules(r guess.Rules) string {
	repeats := w.f.T("rules.no-repeats")
	if r.Repeats {
		repeats = w.f.T("rules.repeats")
	}
	return w.f.T("rules.summary", r.Length, r.Alphabet, repeats, r.Size())
}

// ---- Mode tabs

func (w *guessWidget) buildTabs() dom.Element {
	f := w.f
	modes, box := f.BuildModes(frame.ModeSpec{Game: "guess", IDs: "kz-", Label: f.T("guess.modes"), Names: guessModes,
		Title: func(m string) string { return f.T("mode." + m) },
		HowTo: func(m string) string {
			if m == "tree" { // the optimal strategy is no game to play: it says what it is itself
				return ""
			}
			return f.T("howto." + m)
		},
		Select: func(m string) { w.selectMode(m, true) }})
	w.modes, w.tabs, w.panels = modes, modes.Tabs, modes.Panels
	return box
}

func (w *guessWidget) selectMode(mode string, save bool) {
	mode = w.modes.Show(mode)
	w.state.Mode = mode
	// Settings show only what applies to the mode.
	w.showSettingsFor(mode)
	w.f.ClearMessage()
	if save {
		w.save()
	}
	if mode == "helper" && w.help != nil {
		w.help.schedule()
	}
	if mode == "tree" && w.tree != nil {
		w.tree.schedule()
	}
}

// ---- Shared pieces

// settingsDiffer reports whether the settings now describe another game
// than the one in progress (kind is its host, or "" where none applies):
// changes wait for the next game, and the mode says so.
func (w *guessWidget) settingsDiffer(game gameSpec, kind string) bool {
	now := w.state.Settings.spec()
	if kind != "" && kind != w.state.Settings.HostKind {
		return true
	}
	if (now.Rules == nil) != (game.Rules == nil) || now.Preset != game.Preset {
		return true
	}
	if now.Rules == nil {
		return false
	}
	a, b := *now.Rules, *game.Rules
	return a.Length != b.Length || a.Alphabet != b.Alphabet || a.Repeats != b.Repeats
}

// gameRules returns the rules of a game in progress, or of the settings
// when game is nil.
func (w *guessWidget) gameRules(game *gameSpec) (gameSpec, guess.Rules, error) {
	spec := w.state.Settings.spec()
	if game != nil {
		spec = *game
	}
	r, err := spec.resolve()
	return spec, r, err
}

// feedbackText writes feedback in the game's terms and the widget's
// language, e.g. "1A2B", "1 EAT 2 BITE", "黑1 白2". When every code uses
// every symbol, B is always length−A and only A is written ("3A").
func (w *guessWidget) feedbackText(r guess.Rules, a, b int) string {
	if r.ImpliedB() {
		return w.f.T("terms."+string(r.Terms)+".fmt-a", a)
	}
	return w.f.T("terms."+string(r.Terms)+".fmt", a, b)
}

// shortFeedback is the compact form for chart labels.
func (w *guessWidget) shortFeedback(r guess.Rules, a, b int) string {
	if r.ImpliedB() {
		return w.f.T("terms."+string(r.Terms)+".short-a", a)
	}
	return w.f.T("terms."+string(r.Terms)+".short", a, b)
}

// codeView shows a code one symbol per box; Mastermind's symbols are
// coloured pegs.
func codeView(r guess.Rules, code string) dom.Element {
	view := el("span", cls("kz-code"))
	if r.Terms == guess.TermsPegs {
		view.Class().Add("kz-pegs")
	}
	for _, ch := range code {
		i := strings.IndexRune(r.Alphabet, ch)
		view.AppendChild(el("span", cls(fmt.Sprintf("kz-sym kz-s%d", max(i, 0))), string(ch)))
	}
	view.SetAttribute("aria-label", code)
	return view
}

// guessParams builds the parameters most guess methods take.
func guessParams(g gameSpec, extra map[string]any) map[string]any {
	p := map[string]any{}
	if g.Rules != nil {
		p["rules"] = g.Rules
	} else {
		p["preset"] = g.Preset
	}
	for k, v := range extra {
		p[k] = v
	}
	return p
}

// localError turns an error from calling the engine package directly
// (cheap checks done in the page) into the form the worker's errors have,
// so they are described the same way.
func localError(err error) error {
	if err == nil {
		return nil
	}
	return api.AsError(err)
}

func trimFloat(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// turnRow is a history row in the form the engine takes.
type turnRow struct {
	Guess    string `json:"guess"`
	A        int    `json:"a"`
	B        int    `json:"b"`
	Disabled bool   `json:"disabled,omitempty"`
}

// suggestion is guess.suggest's result.
type suggestion struct {
	Guess       string            `json:"guess"`
	Explanation guess.Explanation `json:"explanation"`
}
