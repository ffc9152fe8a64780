//go:build js && wasm

package mines

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"kibitz/engine/api"
	"kibitz/engine/mines"
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
)

// Play mode: a game the engine deals and referees.

// minesGame is a game as the page keeps it: the engine's sealed state and
// what the player may see.
type minesGame struct {
	State     string        `json:"state"`
	Width     int           `json:"width"`
	Height    int           `json:"height"`
	Mines     int           `json:"mines"`
	Rule      string        `json:"rule"`
	Seed      *uint64       `json:"seed"` // the board number; nil in a game saved without it, until the next move
	Status    string        `json:"status"`
	Board     string        `json:"board"`
	Moves     int           `json:"moves"`
	MinesLeft int           `json:"minesLeft"`
	Started   bool          `json:"started"`
	Verified  *bool         `json:"verified,omitempty"`
	Layout    []mines.Point `json:"layout,omitempty"`
	Blast     *mines.Point  `json:"blast,omitempty"`
	Wrong     []mines.Point `json:"wrongFlags,omitempty"`
	Level     string        `json:"level,omitempty"` // the widget's own: the level it was dealt as
	ElapsedMs int64         `json:"elapsedMs"`       // the widget's own: time played
	// The widget's own: the moves Auto-play made, and whether it made
	// the last one (then the engine, not the player, won or lost).
	AutoMoves int  `json:"autoMoves,omitempty"`
	LastAuto  bool `json:"lastAuto,omitempty"`
	AutoRun   int  `json:"autoRun,omitempty"` // the widget's own: Auto-play's moves since the player's last
	// Hint, the widget's own, says a hint is on screen for this position:
	// the widget built again (a change of language, a reload) asks for it
	// again, in its language. A move makes a new game value, without it.
	Hint bool `json:"hint,omitempty"`
	// At the end, the engine's 3BV of the layout and the part cleared;
	// Clicks, the widget's own, counts the player's clicks on the board
	// while the game is played (reveals, chords, flags), those that
	// changed nothing too, as Arbiter and minesweeper.online count them.
	BBBV     int `json:"bbbv,omitempty"`
	BBBVDone int `json:"bbbvDone,omitempty"`
	Clicks   int `json:"clicks,omitempty"`
	// First, the widget's own, is the square of the first reveal: the
	// engine lays the mines out from the board number and it, so a replay
	// is the same board only from the same square. ReplayFrom is the
	// square a replayed board not yet clicked was first started from.
	First      *int `json:"first,omitempty"`
	ReplayFrom *int `json:"replayFrom,omitempty"`
}

// minesPlayed is the extra part of mines.autoplay's result.
type minesPlayed struct {
	Played []struct {
		mines.Move
		Revealed int `json:"revealed"`
	} `json:"played"`
}

// minesHint is mines.hint's result.
type minesHint struct {
	Move       *mines.Move       `json:"move"`
	Analysis   *minesAnalysis    `json:"analysis"`
	Candidates []mines.Candidate `json:"candidates"` // the guesses weighed, with what each could reveal
	// WinProb is the chance of winning from here with best play, when the
	// engine's endgame search could prove it (few placements left).
	WinProb *float64 `json:"winProb"`
	// Forced says the position's guess is a forced 50/50, also when the
	// endgame search's move stands over it.
	Forced bool `json:"forced"`
}

type minesPlay struct {
	w     *minesWidget
	f     *frame.Frame
	board *minesBoard
	// askedFrom is the square that had the focus when the New-game
	// question opened (F2 on the board), or -1: keeping the game goes back
	// to it.
	askedFrom int

	levelSel, ruleSel, widthIn, heightIn, minesIn, seedIn, paceSel dom.Element
	customBox, settingsNote                                        dom.Element
	counter, clock, status, statusText, readout, heatBox, autoBtn  dom.Element
	hintBox, heatNote, confirm, legend, autoNote                   dom.Element
	info, boardNo, stats, records, recordsBody, safeBox            dom.Element

	moves   sync.Mutex    // one move at a time: each needs the state the last one returned
	dealing bool          // dealNew waits for mines.new: a settings change then is looked at after it
	since   time.Time     // when the clock last resumed (zero: stopped)
	tick    chan struct{} // closed to end the running clock's goroutine
	auto    bool          // auto-play is running
	autoGen int           // bumps to stop an auto-play loop
	// autoFollow says the board's box follows Auto-play's moves: from its
	// start until the reader scrolls the box (autoAt is where the box was
	// left after the last move).
	autoFollow bool
	autoAt     [2]float64
	// Auto-play's moves are said on the widget's live line at most once
	// every minesAutoSayEvery (see sayAutoMove).
	autoSaidAt       time.Time
	autoPending      string // the move to say when the wait is over ("": none)
	autoPendingGuess bool
	autoSayTimer     *time.Timer
	prob             []float64
	hint             *minesHint
	readAt           int // the cell the readout describes (-1: none)
}

func newMinesPlay(w *minesWidget, panel dom.Element) *minesPlay {
	f := w.f
	m := &minesPlay{w: w, f: f, readAt: -1}
	m.board = newMinesBoard(f, "mines.play", m.act, m.showReadout)

	// Settings apply to the next game. The static markup is a template
	// (less code in the module than building it call by call).
	w.fill(panel, minesPlayHTML, map[string]dom.Element{
		"busy":  f.Lane("mines-move").BusyIn(), // in the bar, so a slow move on a big board moves nothing
		"board": m.board.box, "legend": w.legend(),
		"hint-busy": f.Lane("mines-hint").BusyIn(), "heat-busy": f.Lane("mines-heat").BusyIn(),
	})
	panel.SetAttribute("data-on-keydown", "mines.keys") // F2 or N anywhere in Play mode
	q := func(sel string) dom.Element { return panel.QuerySelector(sel) }
	m.levelSel, m.ruleSel, m.seedIn, m.paceSel = q("#kz-mines-level"), q("#kz-mines-rule"), q("#kz-mines-seed"), q("#kz-mines-pace")
	m.widthIn, m.heightIn, m.minesIn = q("#kz-mines-width"), q("#kz-mines-height"), q("#kz-mines-count")
	m.customBox, m.settingsNote = q(".kz-custom"), q(".kz-settings > .kz-note")
	m.counter, m.clock, m.status = q(".kz-mines-counter"), q(".kz-mines-clock"), q(".kz-mines-status")
	m.statusText = q(".kz-mines-status > span")
	m.heatBox, m.autoBtn, m.readout = q("#kz-mines-heat"), q(".kz-mines-auto"), q(".kz-mines-readout")
	m.heatNote, m.hintBox, m.confirm, m.legend = q(".kz-mines-heat-note"), q(".kz-mines-hint-box"), q(".kz-confirm"), q(".kz-mines-legend")
	m.autoNote = q(".kz-mines-auto-note")
	m.info, m.boardNo, m.stats = q(".kz-mines-info"), q(".kz-mines-board-no"), q(".kz-mines-stats")
	m.records, m.recordsBody, m.safeBox = q(".kz-mines-records"), q(".kz-mines-records-body"), q("#kz-mines-safe")
	for _, l := range mines.Levels {
		m.levelSel.AppendChild(el("option", attr("value", l.ID), f.T("mines.level-"+l.ID, l.Width, l.Height, l.Mines)))
	}
	m.levelSel.AppendChild(el("option", attr("value", "custom"), f.T("mines.level-custom")))
	for _, r := range []mines.Rule{mines.RuleSFAR, mines.RuleOpening, mines.RuleNoGuess} {
		m.ruleSel.AppendChild(el("option", attr("value", string(r)), f.T("mines.rule-"+string(r))))
	}
	if _, ok := mines.LevelByID(f.Options().Preset); ok {
		setDisabled(m.levelSel, true)
	}

	f.Handle("mines.settings", func(dom.Event, dom.Element) { m.readSettings() })
	f.Handle("mines.replay", func(dom.Event, dom.Element) { f.Go(m.replay) })
	f.Handle("mines.keys", func(ev dom.Event, t dom.Element) {
		// F2 or N: a new game, as on the puzzle sites (N not while typing).
		e := ev.Underlying()
		key, tag := e.Get("key").String(), strings.ToLower(e.Get("target").Get("tagName").String())
		if e.Get("ctrlKey").Bool() || e.Get("altKey").Bool() || e.Get("metaKey").Bool() {
			return
		}
		if key == "F2" || ((key == "n" || key == "N") && tag != "input" && tag != "select" && tag != "textarea") {
			ev.PreventDefault()
			m.restart()
		}
	})
	f.Handle("mines.safe", func(dom.Event, dom.Element) {
		w.state.Safe = checked(m.safeBox)
		w.save()
		m.board.setSafeMarks(w.state.Safe)
		m.analyse()
	})
	f.Handle("mines.new", func(dom.Event, dom.Element) { m.restart() })
	f.Handle("mines.discard", func(dom.Event, dom.Element) {
		// The question goes, and the focus on it with it: it goes back
		// where it was, as with Keep playing (the deal keeps it on the
		// board).
		m.closeConfirm()
		f.Go(m.newGame)
	})
	f.Handle("mines.keep", func(dom.Event, dom.Element) { m.closeConfirm() })
	f.Handle("mines.heat", func(dom.Event, dom.Element) {
		w.state.Heat = checked(m.heatBox)
		w.save()
		m.board.setHeat(w.state.Heat)
		setHidden(m.legend, !w.state.Heat)
		m.analyse()
	})
	f.Handle("mines.hint", func(dom.Event, dom.Element) {
		// Hint pauses Auto-play, as a move of the reader's does: its next
		// move would take the hint away as soon as it came.
		m.stopAuto()
		f.Go(m.askHint)
	})
	f.Handle("mines.play-hint", func(dom.Event, dom.Element) {
		if h := m.hint; h != nil && h.Move != nil {
			i := h.Move.Y*m.board.w + h.Move.X
			what := "reveal"
			if h.Move.Action == mines.ActFlag {
				what = "flag"
			}
			// The hint goes with the move: the focus goes to the square
			// played, not to the page.
			m.board.moveCursor(i, true)
			m.act(i, what)
		}
	})
	f.Handle("mines.auto", func(dom.Event, dom.Element) {
		if m.auto {
			m.stopAuto()
			return
		}
		m.startAuto()
	})
	f.Handle("mines.to-analyser", func(dom.Event, dom.Element) {
		if g := w.state.Game; g != nil {
			w.an.load(g.Board)
		}
		w.selectMode("analyse", true)
	})

	m.syncSettings()
	setChecked(m.safeBox, w.state.Safe)
	m.board.setSafeMarks(w.state.Safe)
	setChecked(m.heatBox, w.state.Heat)
	m.board.setHeat(w.state.Heat)
	setHidden(m.legend, !w.state.Heat)
	if g := w.state.Game; g != nil {
		m.showGame()
		if g.Status == string(mines.Playing) && g.Started {
			m.startClock()
		}
	}
	m.watchVisibility()
	if f.Resume("mines.auto") {
		m.startAuto() // it was playing when the language changed
	}
	return m
}

// restart starts a new game (New game, F2 or N), asking first when the
// game on screen is under way.
func (m *minesPlay) restart() {
	m.stopAuto()
	if g := m.w.state.Game; g != nil && g.Started && g.Status == string(mines.Playing) {
		// Asked again while the question is open (N or F2 pressed on it,
		// New game clicked), the question stays as it is, and so does the
		// square to go back to: the focus is on the question now, not on
		// the board. (It took the answer's focus for the square, and Keep
		// playing went to New game.)
		if m.confirm.HasAttribute("hidden") {
			m.askedFrom = m.board.focused()
		}
		setHidden(m.confirm, false)
		focus(m.confirm.QuerySelector("[data-on-click='mines.keep']")) // the safe answer: Enter keeps the game
		return
	}
	m.f.Go(func() { m.newGame() })
}

// closeConfirm closes the New-game question and puts the focus back
// where it was: on the square (F2 on the board), or on New game.
func (m *minesPlay) closeConfirm() {
	setHidden(m.confirm, true)
	if m.askedFrom >= 0 {
		m.board.moveCursor(m.askedFrom, true)
		return
	}
	focus(m.f.Body.QuerySelector("[data-on-click='mines.new']"))
}

// shown is called when the mode is selected: the first visit deals a game.
func (m *minesPlay) shown() {
	if m.w.state.Game == nil {
		// The board takes its place at once, covered, while the engine
		// deals: the page around the widget does not jump when the game
		// comes.
		if w, h, ok := m.boardSize(); ok {
			m.board.setSize(w, h)
			// So do the lines above it: what the game will be, and its
			// board number's line, unseen until the number comes.
			_, _, n := m.size()
			s := m.w.state.Settings
			first := m.playingText(w, h, n, s.Rule, s.Level)
			m.showStatus(first, first)
			m.readout.SetTextContent(m.f.T("mines.first-click"))
			// The number to come is the one asked for, or a random one of
			// up to 16 digits: it holds their room, so that the line does
			// not wrap when it comes.
			seed := s.Seed
			if seed == "" {
				seed = strconv.FormatUint(1<<53-1, 10)
			}
			m.boardNo.SetTextContent(m.f.T("mines.board-no", seed))
			m.info.Class().Add("kz-mines-pending")
			setDisabled(m.info.QuerySelector("[data-on-click='mines.replay']"), true) // as on an unclicked board
			setHidden(m.info, false)
		}
		m.f.Go(func() { m.newGame() })
		return
	}
	m.analyse()
	if g := m.w.state.Game; g.Hint && m.hint == nil && !m.auto && g.Status == string(mines.Playing) {
		// The hint on screen when the language changed, or at the reload,
		// asked again, in this language: when Play is shown, so that it
		// is not said over the analyser.
		m.f.Go(m.askHint)
	}
}

// minesPlayHTML is Play mode's markup: @key is a message, and
// <b data-slot=name> is where fill puts an element built in code.
const minesPlayHTML = `<details class="kz-settings"><summary>@mines.settings</summary>` +
	`<div class="kz-grid"><label for="kz-mines-level">@mines.level</label><select id="kz-mines-level" data-on-change="mines.settings"></select>` +
	`<label for="kz-mines-rule">@mines.rule</label><select id="kz-mines-rule" data-on-change="mines.settings"></select>` +
	`<label for="kz-mines-seed">@mines.seed</label><input id="kz-mines-seed" type="text" inputmode="numeric" autocomplete="off" placeholder="@mines.seed-random" data-on-change="mines.settings">` +
	// The size fields are text, with a keypad on phones: a number field
	// let Safari and some phones take letters, then read them as nothing,
	// and a wheel turned over it changed the size under the pointer.
	`<div class="kz-custom"><label for="kz-mines-width">@mines.width</label><input id="kz-mines-width" class="kz-mines-size" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" data-on-change="mines.settings">` +
	`<label for="kz-mines-height">@mines.height</label><input id="kz-mines-height" class="kz-mines-size" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" data-on-change="mines.settings">` +
	`<label for="kz-mines-count">@mines.mines</label><input id="kz-mines-count" class="kz-mines-size" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" data-on-change="mines.settings"></div></div>` +
	`<p class="kz-note" id="kz-mines-settings-note" aria-live="polite"></p></details>` +
	`<div class="kz-mines-bar"><span class="kz-mines-stat"><span class="kz-mines-icon" aria-hidden="true">⚑</span><span class="kz-sr">@mines.left</span><span class="kz-mines-counter"></span></span>` +
	`<button type="button" class="kz-primary" data-on-click="mines.new" title="@mines.new-key" aria-keyshortcuts="F2 N">@common.new-game</button>` +
	`<span class="kz-mines-stat"><span class="kz-sr">@mines.time</span><span class="kz-mines-clock" role="timer"></span></span><b data-slot="busy"></b></div>` +
	`<div class="kz-confirm" hidden role="alertdialog" aria-label="@confirm.discard"><span>@confirm.discard</span>` +
	`<button type="button" class="kz-danger" data-on-click="mines.discard">@confirm.discard-yes</button><button type="button" data-cancel data-on-click="mines.keep">@confirm.keep</button></div>` +
	`<p class="kz-status kz-mines-status" aria-live="polite"><span></span></p>` +
	`<p class="kz-note kz-mines-info" hidden><span class="kz-mines-board-no"></span> <button type="button" class="kz-link" data-on-click="mines.replay">@mines.replay</button></p>` +
	`<b data-slot="board"></b><b data-slot="legend"></b>` +
	// A finished game's figures go under the board, so that they do not
	// push it down at the last click.
	`<p class="kz-mines-stats" aria-live="polite"></p>` +
	// The hover line: the focused cell's own label says the same to screen readers.
	`<p class="kz-note kz-mines-readout"></p>` +
	`<div class="kz-row kz-actions"><button type="button" class="kz-mines-hint-btn" data-on-click="mines.hint">@mines.hint</button>` +
	`<button type="button" class="kz-mines-auto" data-on-click="mines.auto">@mines.autoplay</button>` +
	`<select id="kz-mines-pace" aria-label="@mines.pace" data-on-change="mines.settings"><option value="700">@mines.pace-slow</option><option value="250">@mines.pace-normal</option><option value="60">@mines.pace-fast</option></select>` +
	`<label class="kz-check"><input type="checkbox" id="kz-mines-heat" data-on-change="mines.heat">@mines.heatmap</label>` +
	`<label class="kz-check"><input type="checkbox" id="kz-mines-safe" data-on-change="mines.safe">@mines.safe-marks</label>` +
	`<button type="button" class="kz-link kz-apart" data-on-click="mines.to-analyser">@mines.to-analyser</button></div>` +
	`<p class="kz-note kz-mines-auto-note"></p><p class="kz-note kz-mines-heat-note"></p><b data-slot="hint-busy"></b><div class="kz-mines-hint-box"></div><b data-slot="heat-busy"></b>` +
	`<details class="kz-mines-records" hidden><summary>@mines.records</summary><div class="kz-mines-records-body"></div></details>`

// ---- Settings

func (m *minesPlay) syncSettings() {
	s := m.w.state.Settings
	setInputValue(m.levelSel, s.Level)
	setInputValue(m.ruleSel, s.Rule)
	setInputValue(m.widthIn, strconv.Itoa(s.Width))
	setInputValue(m.heightIn, strconv.Itoa(s.Height))
	setInputValue(m.minesIn, strconv.Itoa(s.Mines))
	if typed := m.w.state.CustomSize; len(typed) == 3 {
		setInputValue(m.widthIn, typed[0])
		setInputValue(m.heightIn, typed[1])
		setInputValue(m.minesIn, typed[2])
	}
	setInputValue(m.seedIn, s.Seed)
	setInputValue(m.paceSel, strconv.Itoa(s.Pace))
	m.showSettingsNote()
}

func (m *minesPlay) readSettings() {
	s := &m.w.state.Settings
	level := inputValue(m.levelSel)
	if level == "custom" && s.Level != "custom" {
		if l, ok := mines.LevelByID(s.Level); ok { // start from the level the player was on
			setInputValue(m.widthIn, strconv.Itoa(l.Width))
			setInputValue(m.heightIn, strconv.Itoa(l.Height))
			setInputValue(m.minesIn, strconv.Itoa(l.Mines))
		}
	}
	s.Level = level
	s.Rule = inputValue(m.ruleSel)
	// A size that is no whole number (2.5, 9x, or an emptied field) is 0,
	// out of range, so that it is said to be wrong: keeping the last value
	// played a board the field did not show.
	whole := func(e dom.Element) int {
		n, _ := wholeText(inputValue(e))
		return n
	}
	s.Width, s.Height, s.Mines = whole(m.widthIn), whole(m.heightIn), whole(m.minesIn)
	// What was typed is kept to correct after a reload whenever a number
	// does not say it (a 0 for no number, a number too long to be a size).
	m.w.state.CustomSize = nil
	for _, in := range []dom.Element{m.widthIn, m.heightIn, m.minesIn} {
		if n, _ := wholeText(inputValue(in)); n == 0 || n == tooLongSize {
			m.w.state.CustomSize = []string{inputValue(m.widthIn), inputValue(m.heightIn), inputValue(m.minesIn)}
		}
	}
	// A board number typed with a CJK input method ("１２３") is the
	// number its digits say.
	s.Seed = strings.TrimSpace(mines.NarrowText(inputValue(m.seedIn)))
	if pace := whole(m.paceSel); pace > 0 {
		s.Pace = pace
	}
	m.showSettingsNote()
	m.w.save()
	// A board not yet clicked, or a game over, has nothing to lose: a new
	// level, rule or board number applies at once, not at the next New
	// game (a game lost on beginner stayed on screen, under settings
	// saying expert and no word that they waited). A deal under way (the
	// first, or New game's) is waited for: it was asked with the settings
	// before, and what it brings is looked at then.
	if g := m.w.state.Game; g == nil || !underWay(g) && !m.dealtAs(g) || m.dealing {
		m.f.Go(func() { m.settingsChanged() })
	}
}

// underWay reports whether game g has been clicked and is not over: the
// one kind of game that new settings wait for.
func underWay(g *minesGame) bool {
	return g.Started && g.Status == string(mines.Playing)
}

// dealtAs reports whether game g is what the settings would deal now:
// the same size, mines, rule and board number (when one is set).
func (m *minesPlay) dealtAs(g *minesGame) bool {
	s := m.w.state.Settings
	if g.Level == minesLinkLevel {
		return s.Seed == "" // a game from a link stays until the settings ask for another board
	}
	return m.sameGame(g) && (s.Seed == "" || g.Seed != nil && s.Seed == strconv.FormatUint(*g.Seed, 10))
}

// showSettingsNote says what the settings are, what is wrong with them,
// or that they wait for the next game.
func (m *minesPlay) showSettingsNote() {
	f, s := m.f, m.w.state.Settings
	setHidden(m.customBox, s.Level != "custom")
	m.settingsNote.Class().Remove("kz-bad")
	// The field at fault is marked (and its error read with it).
	bad := map[dom.Element]bool{}
	_, err := m.params()
	var said []string // what each size field at fault must hold, by its name
	if ce, ok := err.(*frame.CallError); ok {
		field := func(in dom.Element, label string, most int) {
			if sentence := sizeFieldError(f, in, label, 1, most); sentence != "" {
				bad[in] = true
				said = append(said, sentence)
			}
		}
		switch ce.Field {
		case "size":
			field(m.widthIn, "mines.width", mines.MaxGameSide)
			field(m.heightIn, "mines.height", mines.MaxGameSide)
			// No range for the mines yet, but text that is no number
			// is said now, not after the size is put right.
			field(m.minesIn, "mines.mines", 0)
		case "mines":
			field(m.minesIn, "mines.mines", s.Width*s.Height-1)
			bad[m.minesIn] = true // a board of one square takes none: it says so
		case "seed":
			bad[m.seedIn] = true
		}
	}
	frame.MarkInvalid([]dom.Element{m.widthIn, m.heightIn, m.minesIn, m.seedIn}, bad, "kz-mines-settings-note")
	if err != nil {
		m.settingsNote.Class().Add("kz-bad")
		text := m.w.describe(err)
		if len(said) > 0 {
			text = said[0]
			for _, sentence := range said[1:] {
				text = m.w.join(text, sentence)
			}
		}
		m.settingsNote.SetTextContent(text)
		return
	}
	note := f.T("mines.rule-" + s.Rule + "-note")
	if w, h, n := m.size(); s.Rule != string(mines.RuleSFAR) {
		// Too many mines for the first click's neighbours to be clear
		// (everywhere, or but by the edges): the engine keeps only the
		// first square safe there.
		if key := openingRoom(w, h, n); key != "" {
			note = f.T(key, n)
		}
	}
	if g := m.w.state.Game; g != nil && g.Status == string(mines.Playing) && g.Started && !m.sameGame(g) {
		note = m.w.join(note, f.T("mines.settings-next"))
	}
	m.settingsNote.SetTextContent(note)
}

// sizeFieldError says what a size field (label, a message key) must
// hold, by its name, when what it holds is not that: a whole number from
// least to most (most 0: any whole number, while the size that sets its
// range is wrong). "" when it holds one. Play's custom size and the
// analyser's size say their errors alike.
func sizeFieldError(f *frame.Frame, in dom.Element, label string, least, most int) string {
	n, whole := wholeText(inputValue(in))
	// The field is named as a sentence's subject, which need not be its
	// label: 地雷の数 (the number of mines), not 地雷 (mines).
	name := f.T("mines.field-name." + strings.TrimPrefix(label, "mines."))
	switch {
	case most == 0 && !whole:
		return f.T("mines.field-whole", name)
	case most > 0 && (!whole || n < least || n > most):
		return f.T("mines.field-range", name, least, most)
	}
	return ""
}

// tooLongSize is what wholeText reads a number too long to be a size as.
const tooLongSize = 1 << 30

// wholeText reads a size field: a whole number written in digits, ASCII
// or full width (as a Chinese or Japanese input method types them), with
// no sign, point or exponent. ok is false for anything else; n is then 0,
// and a number too long to be a size is tooLongSize, out of every range.
func wholeText(text string) (n int, ok bool) {
	text = strings.TrimSpace(mines.NarrowText(text))
	if text == "" {
		return 0, false
	}
	for _, r := range text {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	x, err := strconv.Atoi(text)
	if err != nil || x > tooLongSize {
		return tooLongSize, true
	}
	return x, true
}

func (m *minesPlay) sameGame(g *minesGame) bool {
	w, h, n := m.size()
	return g.Width == w && g.Height == h && g.Mines == n && g.Rule == m.w.state.Settings.Rule
}

// size returns the width, height and mines the settings ask for.
func (m *minesPlay) size() (w, h, n int) {
	s := m.w.state.Settings
	if l, ok := mines.LevelByID(s.Level); ok {
		return l.Width, l.Height, l.Mines
	}
	return s.Width, s.Height, s.Mines
}

// params builds mines.new's parameters from the settings, checking
// them first so a mistake is named next to the settings.
func (m *minesPlay) params() (map[string]any, error) {
	s := m.w.state.Settings
	p := map[string]any{"rule": s.Rule}
	if _, ok := mines.LevelByID(s.Level); ok {
		p["level"] = s.Level
	} else {
		if s.Width < 1 || s.Height < 1 || s.Width > mines.MaxGameSide || s.Height > mines.MaxGameSide {
			return nil, &frame.CallError{Code: "bad-input", Reason: string(mines.ReasonSizeRange), Field: "size", Want: mines.MaxGameSide}
		}
		if s.Mines < 1 || s.Mines >= s.Width*s.Height {
			return nil, &frame.CallError{Code: "bad-input", Reason: string(mines.ReasonGameMines), Field: "mines", Want: s.Width*s.Height - 1}
		}
		p["width"], p["height"], p["mines"] = s.Width, s.Height, s.Mines
	}
	if s.Seed != "" {
		seed, err := strconv.ParseUint(s.Seed, 10, 53)
		if err != nil {
			// Not only text that is no number: one past 2^53 - 1, the
			// largest the engine deals, was said not to be a whole number.
			return nil, &frame.CallError{Code: "bad-input", Reason: "mines-seed", Field: "seed", Want: 1<<53 - 1}
		}
		p["seed"] = seed
	}
	return p, nil
}

// boardSize is the size of the board the settings deal, if they are valid.
func (m *minesPlay) boardSize() (width, height int, ok bool) {
	s := m.w.state.Settings
	if l, known := mines.LevelByID(s.Level); known {
		return l.Width, l.Height, true
	}
	if _, err := m.params(); err != nil {
		return 0, 0, false
	}
	return s.Width, s.Height, true
}

// playingText is the status of a game under way: its size and rule, and
// whether that rule finds room for an opening. It stays the same from the
// deal to the last move, so the board under it never moves; what the first
// click does is said under the board (showReadout).
func (m *minesPlay) playingText(width, height, mineCount int, rule, level string) string {
	f := m.f
	text := f.T("mines.playing", width, height, mineCount, f.T("mines.rule-"+rule))
	if level == minesLinkLevel {
		text = f.T("mines.playing-link", width, height, mineCount)
	}
	if key := openingRoom(width, height, mineCount); rule != string(mines.RuleSFAR) && key != "" {
		text = m.w.join(text, f.T(key, mineCount))
	}
	return text
}

// openingRoom is the message that says where a width×height board with
// the given mines has room for the opening rule's clear first click
// (mines.OpeningRoomOf), or "" when it has room everywhere.
func openingRoom(width, height, mineCount int) string {
	switch mines.OpeningRoomOf(width, height, mineCount) {
	case mines.RoomEdges:
		return "mines.rule-room-edge"
	case mines.RoomCorners:
		return "mines.rule-room-corner"
	case mines.RoomNone:
		if width < 1 || height < 1 {
			return ""
		}
		return "mines.rule-no-room"
	}
	return ""
}

// ---- The game

// waitForDeal waits for a deal under way (it holds the move lock): Hint or
// Auto-play clicked before the engine has dealt the first game works on
// that game, instead of finding none and doing nothing.
func (m *minesPlay) waitForDeal() {
	m.moves.Lock()
	m.moves.Unlock()
}

func (m *minesPlay) newGame() {
	m.moves.Lock()
	defer m.moves.Unlock()
	m.dealNew()
}

// settingsChanged deals a new game when the board on screen has not been
// clicked, or its game is over, and the settings now ask for another. It looks under the move
// lock, when the reader has finished changing them: a burst of changes
// deals one game, with all of them.
func (m *minesPlay) settingsChanged() {
	m.moves.Lock()
	defer m.moves.Unlock()
	if g := m.w.state.Game; g != nil && !underWay(g) && !m.auto && !m.dealtAs(g) {
		if _, err := m.params(); err == nil {
			m.dealNew()
		}
	}
}

// dealNew deals a game as the settings say; the caller holds the move lock.
func (m *minesPlay) dealNew() {
	w, f := m.w, m.f
	p, err := m.params()
	if err != nil {
		// Said once, next to the settings, with the field marked: open
		// them and put the focus on it.
		m.showSettingsNote()
		m.customBox.Closest("details").SetAttribute("open", "")
		if in := m.f.Body.QuerySelector(".kz-settings [aria-invalid='true']"); in != nil {
			focus(in)
		}
		return
	}
	var g minesGame
	m.dealing = true
	err = f.Call("mines-move", "mines.new", p, &g)
	m.dealing = false
	if err != nil {
		w.f.ShowError(err)
		return
	}
	m.deal(&g, w.state.Settings.Level)
}

// deal shows a game mines.new has just dealt, of the given level.
func (m *minesPlay) deal(g *minesGame, level string) {
	w := m.w
	g.Level = level
	m.stopClock()
	w.state.Game = g
	m.hint, m.prob = nil, nil
	m.autoNote.SetTextContent("")
	m.f.ClearMessage()
	replace(m.hintBox)
	m.board.mark("kz-mines-hint", nil)
	m.board.mark("kz-mines-proof", nil)
	// N or F2 on a square: the focus stays on the board, on the same
	// square when the board keeps its size. A board of another size is
	// built anew, and the focus went with the old squares.
	at, sameSize := m.board.focused(), m.board.w == g.Width && m.board.h == g.Height
	m.showGame()
	w.save()
	m.showSettingsNote()
	switch {
	case at >= 0 && sameSize:
		m.board.moveCursor(at, true)
	default:
		m.board.moveCursor(0, at >= 0)
	}
	// The line under the board says what to do (showReadout); a screen
	// reader hears it once, on the widget's live line.
	m.f.Say(m.firstClickText(g))
}

// PlayLink deals the game a JSMinesweeper b= and m= link holds (the
// analyser's offer): exactly its layout, whatever the settings say. The
// caller shows the error, if any, and switches to Play mode.
func (m *minesPlay) PlayLink(link string) error {
	m.stopAuto()
	m.moves.Lock()
	defer m.moves.Unlock()
	var g minesGame
	if err := m.f.Call("mines-move", "mines.new", map[string]any{"link": link}, &g); err != nil {
		return err
	}
	m.deal(&g, minesLinkLevel)
	return nil
}

// minesLinkLevel is the Level of a game dealt from a link.
const minesLinkLevel = "link"

// act is the reader's move on cell i: reveal (or chord a number) or flag.
func (m *minesPlay) act(i int, what string) {
	if what == "restart" {
		m.restart()
		return
	}
	// A click before the first game has come from the engine (the board
	// is laid out at once, the deal takes a moment on a first visit)
	// waits for it in the queue of moves, which the deal holds, instead
	// of being dropped.
	g := m.w.state.Game
	if g != nil && g.Status != string(mines.Playing) {
		return
	}
	switch what {
	case "reveal", "flag":
	default:
		return // digits are for the analyser
	}
	m.stopAuto()
	m.f.Go(func() { m.move(i, what) })
}

// move sends one move to the engine and shows its answer. Moves queue:
// each waits for the one before, whose state it needs.
func (m *minesPlay) move(i int, what string) {
	w, f := m.w, m.f
	m.moves.Lock()
	defer m.moves.Unlock()
	g := w.state.Game
	if g == nil || g.Status != string(mines.Playing) || i >= g.Width*g.Height {
		return
	}
	cell := m.board.view[i]
	method := "mines.reveal"
	switch {
	case what == "flag" && cell != 'H' && cell != 'F':
		m.wastedClick(i, "mines.said-flag-open") // an open square cannot be flagged
		return
	case what == "flag":
		method = "mines.flag"
	case cell == 'F':
		m.wastedClick(i, "mines.said-reveal-flag") // a flag guards its cell
		return
	case cell == '0':
		m.wastedClick(i, "mines.said-empty") // an empty cell has nothing to chord
		return
	}
	var res minesGame
	params := map[string]any{"state": g.State, "x": i % g.Width, "y": i / g.Width}
	if err := f.Call("mines-move", method, params, &res); err != nil {
		w.f.ShowError(err)
		return
	}
	// Every click counts, also one that changes nothing (a chord short of
	// flags): efficiency is 3BV over all the clicks, as Arbiter and
	// minesweeper.online count them.
	res.Clicks = 1
	if res.Started && !g.Started {
		res.First = &i
	}
	before := slices.Clone(m.board.view)
	m.apply(&res)
	m.sayMove(i, cell, before)
}

// wastedClick counts a click the board has no move for (a flag on an
// open square, a click on a flag or on an empty square): it is one of
// the player's clicks all the same. It says why nothing happened, on the
// widget's live line: F on a number did nothing and said nothing, and a
// screen reader user heard no reply.
func (m *minesPlay) wastedClick(i int, why string) {
	g := m.w.state.Game
	g.Clicks++
	m.w.save()
	m.f.Say(m.f.T(why, m.w.cellNameOf(i, g.Width)))
}

// sayMove says the player's move on cell i to a screen reader, on the
// widget's live line: the squares it opened, or the flag and the mines
// left. was is what the cell showed before it, before the board. The
// squares a click opens were said nowhere (the focused square's label
// changes, which screen readers do not read again), and the line kept
// "Click any square to start." through the game. A move that ends the
// game is not said: the status line says the end.
func (m *minesPlay) sayMove(i int, was byte, before []byte) {
	f, g, view := m.f, m.w.state.Game, m.board.view
	if g == nil || g.Status != string(mines.Playing) || i >= len(view) {
		return
	}
	at := m.w.cellNameOf(i, g.Width)
	switch {
	case view[i] == 'F':
		f.Say(f.T("mines.said-flag", at, g.MinesLeft))
		return
	case was == 'F':
		f.Say(f.T("mines.said-unflag", at, g.MinesLeft))
		return
	}
	opened := 0
	for k, c := range view {
		if k < len(before) && before[k] == 'H' && c != 'H' && c != 'F' {
			opened++
		}
	}
	chord := was >= '1' && was <= '8'
	switch {
	case chord && opened == 0:
		f.Say(f.T("mines.said-chord-none", at))
	case chord:
		f.Say(f.T("mines.said-chord", at, opened))
	case opened == 1 && view[i] >= '1' && view[i] <= '8':
		f.Say(f.T("mines.said-number", at, string(view[i])))
	case opened > 0:
		f.Say(f.T("mines.said-opened", at, opened))
	}
}

// apply takes a game method's answer: the new state and what it shows.
func (m *minesPlay) apply(res *minesGame) {
	w := m.w
	old := w.state.Game
	if res.LastAuto { // res.AutoMoves is this answer's own, yet
		res.AutoRun = old.AutoRun + res.AutoMoves
	}
	res.Level, res.ElapsedMs, res.AutoMoves = old.Level, old.ElapsedMs, old.AutoMoves+res.AutoMoves
	res.Clicks += old.Clicks
	if res.First == nil {
		res.First = old.First
	}
	if !res.Started && res.ReplayFrom == nil {
		// A flag before the first reveal keeps the replay's square.
		res.ReplayFrom = old.ReplayFrom
	}
	w.state.Game = res
	if res.Started && !old.Started {
		m.startClock()
	}
	if res.Status != string(mines.Playing) {
		m.stopClock()
		m.stopAuto()
		if old.Status == string(mines.Playing) {
			m.w.record(res)
		}
	}
	m.hint = nil
	replace(m.hintBox)
	m.board.mark("kz-mines-hint", nil)
	m.board.mark("kz-mines-proof", nil)
	m.showGame()
	w.save()
	m.analyse()
}

// showGame draws the game: its board, counter, clock and status.
func (m *minesPlay) showGame() {
	f, g := m.f, m.w.state.Game
	if g == nil {
		return
	}
	m.board.setSize(g.Width, g.Height)
	view := viewOf(g.Board, g.Width, g.Height)
	if g.Status != string(mines.Playing) {
		for _, p := range g.Layout {
			if i := p.Y*g.Width + p.X; view[i] == 'H' {
				view[i] = '*'
			}
		}
		if g.Blast != nil {
			view[g.Blast.Y*g.Width+g.Blast.X] = 'X'
		}
		for _, p := range g.Wrong {
			view[p.Y*g.Width+p.X] = 'W'
		}
	}
	m.board.show(view)
	if at := g.ReplayFrom; at != nil && !g.Started && *at >= 0 && *at < len(view) {
		m.board.mark("kz-mines-hint", []int{*at}) // where the board replayed was started from
	}
	if g.Status != string(mines.Playing) || !(m.w.state.Heat || m.w.state.Safe) {
		m.board.showProb(nil)
	}
	m.showGameInfo()
	m.showReadout(m.readAt) // the cell under the pointer may have opened
	m.counter.SetTextContent(strconv.Itoa(g.MinesLeft))
	m.showClock()
	toggleClass(m.status, "kz-win", g.Status == string(mines.Won))
	toggleClass(m.status, "kz-bad", g.Status == string(mines.Lost))
	toggleClass(m.board.scroll, "kz-mines-over", g.Status != string(mines.Playing))
	var text string
	room := m.playingText(g.Width, g.Height, g.Mines, g.Rule, g.Level)
	if g.Verified != nil && !*g.Verified {
		room = m.w.join(room, f.T("mines.unverified"))
	}
	switch mines.Status(g.Status) {
	case mines.Won:
		// Auto-play won the game only when it made every move; when it
		// finished a game the player played, the player won, and the
		// moves it made are said.
		switch {
		case g.LastAuto && g.Clicks == 0:
			text = f.T("mines.won-auto", clockText(g.ElapsedMs))
		case g.LastAuto && g.AutoRun == g.AutoMoves:
			text = f.T("mines.won-auto-last", clockText(g.ElapsedMs), g.AutoRun)
		case g.LastAuto:
			text = f.T("mines.won-helped-last", clockText(g.ElapsedMs), g.AutoMoves)
		case g.AutoMoves > 0:
			text = f.T("mines.won-helped", clockText(g.ElapsedMs), g.AutoMoves)
		default:
			text = f.T("mines.won", clockText(g.ElapsedMs))
		}
	case mines.Lost:
		text = f.T("mines.lost")
	default:
		text = room
	}
	m.showStatus(text, room)
	over := g.Status != string(mines.Playing)
	buttons := append([]dom.Element{m.autoBtn}, m.f.Body.QuerySelectorAll(".kz-mines-hint-btn")...)
	if over && m.hasFocus(buttons...) {
		// Auto-play (or Hint) is disabled under the focus when Auto-play
		// ends the game: the focus would fall to the page, where F2 and N
		// do nothing. New game is what comes next.
		focus(m.f.Body.QuerySelector("[data-on-click='mines.new']"))
	}
	for _, b := range buttons {
		setDisabled(b, over)
	}
}

// hasFocus reports whether one of the elements has the keyboard focus.
func (m *minesPlay) hasFocus(els ...dom.Element) bool {
	active := m.f.Root().Underlying().Get("activeElement")
	if active.IsNull() || active.IsUndefined() {
		return false
	}
	for _, e := range els {
		if e.Underlying().Equal(active) {
			return true
		}
	}
	return false
}

// showStatus writes the status line, and keeps it as tall as the words of
// the game under way (room): on a phone they take two lines where "Boom!
// That was a mine." takes one, and the board under the line would move.
func (m *minesPlay) showStatus(text, room string) {
	frame.SetText(m.statusText, text)
	if m.status.GetAttribute("data-room") != room {
		m.status.SetAttribute("data-room", room)
	}
}

// shownProb is what the board shows of the probabilities: all of them
// on the heat map; with only the safe-squares overlay, the certain cells
// alone (the others' odds stay the player's to work out).
func (m *minesPlay) shownProb() []float64 {
	if m.w.state.Heat || m.prob == nil {
		return m.prob
	}
	only := make([]float64, len(m.prob))
	for i, p := range m.prob {
		only[i] = math.NaN()
		if p == 0 || p == 1 {
			only[i] = p
		}
	}
	return only
}

// ---- Clock

// The clock counts the time the game is in view: it runs from the first
// click to the end while the page is shown, and stops while the page is
// hidden (another tab, a minimized window, a locked phone), going on when
// it is shown again. A page left in the background is not being played:
// a wall clock showed a game left in a tab overnight at 9:12:03.44.

// watchVisibility follows the page's visibility for the clock, until the
// widget goes.
func (m *minesPlay) watchVisibility() {
	document := js.Global().Get("document")
	changed := js.FuncOf(func(js.Value, []js.Value) any {
		m.f.Go(m.followVisibility)
		return nil
	})
	document.Call("addEventListener", "visibilitychange", changed)
	life := m.f.Context().Done()
	go func() {
		<-life
		document.Call("removeEventListener", "visibilitychange", changed)
		changed.Release()
	}()
}

// followVisibility stops the clock when the page is hidden, and starts it
// again when the page is shown with the game under way.
func (m *minesPlay) followVisibility() {
	if pageHidden() {
		m.stopClock()
		return
	}
	if g := m.w.state.Game; g != nil && g.Status == string(mines.Playing) && g.Started {
		m.startClock()
	}
}

func pageHidden() bool {
	return js.Global().Get("document").Get("visibilityState").String() == "hidden"
}

// startClock runs the clock until stopClock, or until the widget goes:
// its goroutine holds the whole widget, so it must not outlive it (a
// ticker's channel is never closed, and a goroutine ranging over it
// waited for ever, widget and all). On a hidden page it waits until the
// page is shown (followVisibility).
func (m *minesPlay) startClock() {
	if !m.since.IsZero() || pageHidden() {
		return
	}
	m.since = time.Now()
	ticker := time.NewTicker(50 * time.Millisecond) // the clock shows hundredths
	stop, life := make(chan struct{}), m.f.Context().Done()
	m.tick = stop
	m.f.Go(func() {
		defer ticker.Stop()
		for {
			select {
			case <-ticker.C:
				m.showClock()
			case <-stop:
				return
			case <-life:
				return
			}
		}
	})
}

// keepTime folds the running time into the game, for saving.
func (m *minesPlay) keepTime() {
	if g := m.w.state.Game; g != nil && !m.since.IsZero() {
		now := time.Now()
		g.ElapsedMs += now.Sub(m.since).Milliseconds()
		m.since = now
	}
}

func (m *minesPlay) stopClock() {
	m.keepTime()
	m.since = time.Time{}
	if m.tick != nil {
		close(m.tick)
		m.tick = nil
	}
	m.showClock()
}

func (m *minesPlay) showClock() {
	g := m.w.state.Game
	if g == nil {
		return
	}
	ms := g.ElapsedMs
	if !m.since.IsZero() {
		ms += time.Since(m.since).Milliseconds()
	}
	m.clock.SetTextContent(clockText(ms))
}

// clockText writes a time to the hundredth of a second, as the puzzle
// sites do: 12.34 under a minute, then 1:02.34, then 1:02:03.45.
func clockText(ms int64) string {
	s, cs := ms/1000, pad2(ms%1000/10)
	switch {
	case s >= 3600:
		return strconv.FormatInt(s/3600, 10) + ":" + pad2(s/60%60) + ":" + pad2(s%60) + "." + cs
	case s >= 60:
		return strconv.FormatInt(s/60, 10) + ":" + pad2(s%60) + "." + cs
	}
	return strconv.FormatInt(s, 10) + "." + cs
}

func pad2(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

// ---- Heat map and hints

// analyse asks for the probabilities of the position as the player sees
// it, when the heat map is on; a newer position supersedes an older one.
func (m *minesPlay) analyse() {
	w, f, g := m.w, m.f, m.w.state.Game
	m.heatNote.SetTextContent("")
	m.board.mark("kz-mines-conflict", nil)
	if g == nil || !(w.state.Heat || w.state.Safe) || g.Status != string(mines.Playing) || !g.Started {
		m.prob = nil
		m.board.showProb(nil)
		if g != nil && w.state.Heat && !g.Started {
			m.heatNote.SetTextContent(f.T("mines.heat-first"))
		}
		return
	}
	board := g.Board
	m.f.Go(func() {
		var a minesAnalysis
		err := f.Call("mines-heat", "mines.analyze", map[string]any{"board": board}, &a)
		if g := w.state.Game; g == nil || g.Board != board || !(w.state.Heat || w.state.Safe) {
			return // the game moved on
		}
		if err != nil {
			if ce, ok := err.(*frame.CallError); ok && len(ce.Cells) > 0 {
				m.board.mark("kz-mines-conflict", append(cellsIndex(ce.Cells, g.Width), cellsIndex(ce.Flags, g.Width)...))
			}
			w.f.ShowErrorIn(m.heatNote, err)
			return
		}
		m.prob = probOf(a.Prob, a.Width, a.Height)
		m.board.showProb(m.shownProb())
		m.showReadout(m.readAt)
		if !a.Complete {
			m.heatNote.SetTextContent(w.incompleteText(a.Incomplete))
		}
	})
}

func pointsIndex(ps []mines.Point, width int) []int {
	out := make([]int, len(ps))
	for i, p := range ps {
		out[i] = p.Y*width + p.X
	}
	return out
}

// cellsIndex is pointsIndex for the cells an engine error names.
func cellsIndex(cs []api.Cell, width int) []int {
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = c.Y*width + c.X
	}
	return out
}

// showReadout says what the cell under the pointer or focus is, with its
// probability when the heat map shows one.
func (m *minesPlay) showReadout(i int) {
	g := m.w.state.Game
	m.readAt = i
	switch {
	case g != nil && !g.Started && g.Status == string(mines.Playing):
		// Before the first click the line says what to do, wherever the
		// pointer or the focus is: no square has anything to tell yet. A
		// replay says where the board it replays was started from.
		frame.SetText(m.readout, m.firstClickText(g))
	case g == nil || i < 0 || i >= len(m.board.view):
		frame.SetText(m.readout, "")
	default:
		frame.SetText(m.readout, m.w.cellReadout(m.board, i))
	}
}

// firstClickText is what to do on game g, not yet clicked: click any
// square, or on a replay the square the board replayed was started from.
func (m *minesPlay) firstClickText(g *minesGame) string {
	if at := g.ReplayFrom; at != nil && *at >= 0 && *at < g.Width*g.Height {
		return m.f.T("mines.replay-first", m.w.cellNameOf(*at, g.Width))
	}
	return m.f.T("mines.first-click")
}

// askHint asks the engine for the best move and shows why.
func (m *minesPlay) askHint() {
	w, f := m.w, m.f
	m.waitForDeal()
	g := w.state.Game
	if g == nil || g.Status != string(mines.Playing) {
		return
	}
	state := g.State
	var h minesHint
	if err := f.Call("mines-hint", "mines.hint", map[string]any{"state": state}, &h); err != nil {
		if ce, ok := err.(*frame.CallError); ok && len(ce.Cells) > 0 {
			m.board.mark("kz-mines-conflict", append(cellsIndex(ce.Cells, g.Width), cellsIndex(ce.Flags, g.Width)...))
		}
		m.hintBox.Class().Add("kz-bad")
		if w.f.ShowErrorIn(m.hintBox, err) {
			// The box is no live region (a hint is said, not read out
			// whole): why there is no hint is said as a hint would be.
			f.Say(f.Describe(err))
		}
		return
	}
	if g = w.state.Game; g == nil || g.State != state {
		return // a move was made meanwhile
	}
	m.hint = &h
	if !g.Hint {
		g.Hint = true
		w.save()
	}
	if h.Analysis != nil && (w.state.Heat || w.state.Safe) {
		m.prob = probOf(h.Analysis.Prob, g.Width, g.Height)
		m.board.showProb(m.shownProb())
	}
	m.showHint()
}

func (m *minesPlay) showHint() {
	w, f, g, h := m.w, m.f, m.w.state.Game, m.hint
	m.hintBox.Class().Remove("kz-bad")
	if h == nil || h.Move == nil {
		replace(m.hintBox)
		m.board.mark("kz-mines-hint", nil)
		m.board.mark("kz-mines-proof", nil)
		return
	}
	mv := *h.Move
	i := mv.Y*g.Width + mv.X
	m.board.mark("kz-mines-hint", []int{i})
	m.board.mark("kz-mines-proof", nil)
	m.board.moveCursor(i, false)
	// On a board larger than its box the square may be out of view: a
	// hint on a 100×100 board named "row 52, column 49" and outlined it
	// where the reader could not see it.
	m.board.showCell(i)
	play := f.T("mines.play-reveal")
	if mv.Action == mines.ActFlag {
		play = f.T("mines.play-flag")
	}
	why, chance, forced := "", "", ""
	if a := h.Analysis; a != nil {
		// The endgame search runs only on at most 1,024 placements, each
		// as likely as the next: best play wins on a whole number of them.
		if n, err := strconv.Atoi(a.Solutions); h.WinProb != nil && err == nil && a.SolutionsExact {
			wins := int(math.Round(*h.WinProb * float64(n)))
			chance = f.T("mines.win-chance", w.percentText(*h.WinProb), wins, n)
			why = tag("p", "kz-mines-win", chance)
		}
		// The endgame search's move keeps its sentence; when it is one
		// cell of a forced 50/50, that is said too.
		proved := mv
		if forcedInEndgame(mv, h.Forced, h.Candidates) {
			proved.Why, forced = mines.WhyForced, f.T("mines.forced-5050")
		}
		why += w.proofText(m.board, a, proved) + w.whyDetails(a, mv, true)
	}
	table := w.revealsTable(h.Candidates, g.Width)
	why += table
	safest := math.NaN()
	if a := h.Analysis; a != nil {
		safest = safestOf(probOf(a.Prob, a.Width, a.Height))
	}
	move := w.moveSentence(mv, g.Rule, safest, table != "")
	if mv.Why == mines.WhyFirst && g.Rule != string(mines.RuleSFAR) {
		switch {
		case !mines.OpeningFits(g.Width, g.Height, g.Mines, i):
			// The rule keeps only the square clicked safe (the status
			// says so): no area opens from it, whichever it is.
			move = f.T("mines.why-first-no-room", w.cellName(mv.X, mv.Y), g.Mines)
		case mines.OpeningRoomOf(g.Width, g.Height, g.Mines) != mines.RoomEverywhere:
			// An opening fits only by the edges or in the corners (the
			// status says which): not every first click opens an area,
			// and the square named is where one does.
			move = f.T("mines.why-first", w.cellName(mv.X, mv.Y), f.T("mines.rule-"+g.Rule))
		}
	}
	m.hintBox.SetInnerHTML(`<div class="kz-mines-why"><p>` + tag("strong", "", move) + `</p>` + why +
		`<div class="kz-row"><button type="button" class="kz-primary kz-mines-play-hint" data-action="` + htmlEscape(string(mv.Action)) +
		`" data-on-click="mines.play-hint">` + htmlEscape(play) + `</button></div></div>`)
	// The box is not a live region (its proof, table and button would be
	// read out whole): the move, a forced 50/50 the endgame's sentence
	// does not name, and the chance to win are said.
	f.Say(frame.JoinSentences(frame.JoinSentences(move, forced), chance))
}

// forcedInEndgame reports whether mv, a move the endgame search chose, is
// one cell of the forced 50/50 the engine found (forced: its candidates
// are then the pair). The search's move stands over the guess's, and the
// endgame is where forced 50/50s are met most: its hint did not call
// them so.
func forcedInEndgame(mv mines.Move, forced bool, cands []mines.Candidate) bool {
	if !forced || mv.Why != mines.WhyEndgame {
		return false
	}
	for _, c := range cands {
		if c.Point == mv.Point {
			return true
		}
	}
	return false
}

// revealsTable says, for each guess the engine weighed, what it could
// reveal: the chance of each number, the chance of surviving the move
// after it and, when any may, the chance it settles a 50/50 that could
// form later. Empty when no guess was needed.
func (w *minesWidget) revealsTable(cands []mines.Candidate, width int) string {
	f := w.f
	shown := cands[:min(len(cands), 4)]
	// The latent 50/50 column only when a guess shown may settle one.
	latent := false
	for _, c := range shown {
		latent = latent || len(c.Outcomes) > 0 && c.Latent >= 0.0005
	}
	var rows strings.Builder
	for _, c := range shown {
		if len(c.Outcomes) == 0 {
			continue
		}
		var shows []string
		for _, o := range c.Outcomes {
			if o.Prob >= 0.005 {
				shows = append(shows, `<span class="kz-mines-show">`+htmlEscape(f.T("mines.reveals-n", o.N, w.percentText(o.Prob)))+`</span>`)
			}
		}
		// Survive is a probability; the score that ranks the guesses is
		// not (it adds a tie-break), so it stands apart, as a plain number.
		survive, score := "–", "–"
		if c.Survive >= 0 {
			survive = w.percentText(c.Survive)
		}
		if c.Score >= 0 {
			score = strconv.FormatFloat(c.Score, 'f', 3, 64)
		}
		// Each outcome keeps its separator (", " or "、"): no line starts
		// with one, and the space after it, if any, is where a line breaks.
		sep := f.T("mines.reveals-sep")
		mark := strings.TrimRight(sep, " ")
		for k := range shows[:max(len(shows)-1, 0)] {
			shows[k] = strings.Replace(shows[k], "</span>", htmlEscape(mark)+"</span>", 1) + sep[len(mark):]
		}
		cell := func(label, html string) string {
			// One box for the value: in a stacked table its label and
			// value are the two columns of a grid.
			return `<td data-label="` + htmlEscape(label) + `"><span>` + html + `</span></td>`
		}
		rows.WriteString(`<tr><th scope="row">` + htmlEscape(w.cellNameOf(c.Y*width+c.X, width)) + `</th>` +
			cell(f.T("mines.reveals-mine"), `<span class="kz-mines-show">`+htmlEscape(w.percentText(c.Prob))+`</span>`) +
			cell(f.T("mines.reveals-shows"), strings.Join(shows, "")) +
			cell(f.T("mines.reveals-next"), `<span class="kz-mines-show">`+htmlEscape(survive)+`</span>`))
		if latent {
			settles := "–"
			if c.Latent >= 0.0005 {
				settles = w.percentText(c.Latent)
			}
			rows.WriteString(cell(f.T("mines.reveals-latent"), `<span class="kz-mines-show">`+htmlEscape(settles)+`</span>`))
		}
		rows.WriteString(cell(f.T("mines.reveals-score"), `<span class="kz-mines-show kz-mines-score">`+htmlEscape(score)+`</span>`) + `</tr>`)
	}
	if rows.Len() == 0 {
		return ""
	}
	latentHead := ""
	if latent {
		latentHead = `<th scope="col">` + htmlEscape(f.T("mines.reveals-latent")) + `</th>`
	}
	return tag("p", "kz-note", f.T("mines.reveals")) + `<div class="kz-history"><table class="kz-table kz-mines-reveals"><thead><tr><th scope="col">` +
		htmlEscape(f.T("mines.reveals-cell")) + `</th><th scope="col">` + htmlEscape(f.T("mines.reveals-mine")) + `</th><th scope="col">` +
		htmlEscape(f.T("mines.reveals-shows")) + `</th><th scope="col">` + htmlEscape(f.T("mines.reveals-next")) + `</th>` + latentHead + `<th scope="col">` +
		htmlEscape(f.T("mines.reveals-score")) + `</th></tr></thead><tbody>` +
		rows.String() + `</tbody></table></div>` + tag("p", "kz-note", f.T("mines.reveals-score-note"))
}

// proofText says which numbers prove a certain move, and marks them on
// the board; for a guess that is a forced 50/50, it says so.
func (w *minesWidget) proofText(b *minesBoard, a *minesAnalysis, mv mines.Move) string {
	f := w.f
	if mv.Why == mines.WhyForced {
		return tag("p", "kz-mines-forced", f.T("mines.forced-5050"))
	}
	if mv.Why == mines.WhyLowestRisk && minesPercent(mv.Prob) == "50" {
		for _, p := range a.Dead {
			if p == mv.Point {
				return tag("p", "kz-mines-forced", f.T("mines.forced-5050"))
			}
		}
	}
	if mv.Why != mines.WhySafe && mv.Why != mines.WhyMine {
		return ""
	}
	if len(a.Proof) == 0 {
		if a.ProofKind == mines.ProofCount {
			// No number on the board: the count alone (all safe, or all mines).
			return tag("p", "kz-mines-proof-note", f.T("mines.proof-count-only"))
		}
		return ""
	}
	cells := pointsIndex(a.Proof, a.Width)
	b.mark("kz-mines-proof", cells)
	var names []string
	for _, i := range cells[:min(len(cells), 5)] {
		names = append(names, w.cellNameOf(i, a.Width))
	}
	list := strings.Join(names, f.T("mines.sep"))
	if len(cells) > 5 {
		list = f.T("mines.proof-more", list, len(cells)-5)
	}
	// One number alone is "the number at …", settling it at once, not
	// "the numbers at …, one after another" (a local proof's usual case).
	one := len(cells) == 1
	key := "mines.proof-together"
	switch {
	case a.ProofKind == mines.ProofLocal && one:
		key = "mines.proof-local-one"
	case a.ProofKind == mines.ProofLocal:
		key = "mines.proof-local"
	case a.ProofKind == mines.ProofCount && one:
		key = "mines.proof-count-one"
	case a.ProofKind == mines.ProofCount:
		key = "mines.proof-count"
	}
	return tag("p", "kz-mines-proof-note", f.T(key, list))
}

// ---- Auto-play

func (m *minesPlay) startAuto() {
	m.auto = true
	m.autoGen++
	m.autoFollow, m.autoAt = true, m.board.scrollAt()
	m.showAuto()
	gen := m.autoGen
	m.f.Go(func() { m.autoLoop(gen) })
}

// showAuto shows whether Auto-play is on, and tells the frame, so that a
// change of language lets it play on.
func (m *minesPlay) showAuto() {
	m.f.Running("mines.auto", m.auto)
	if m.auto {
		m.autoBtn.SetTextContent(m.f.T("mines.pause"))
		m.autoBtn.SetAttribute("aria-pressed", "true")
	} else {
		m.autoBtn.SetTextContent(m.f.T("mines.autoplay"))
		m.autoBtn.SetAttribute("aria-pressed", "false")
	}
}

func (m *minesPlay) stopAuto() {
	if m.auto {
		m.auto = false
		m.autoGen++
		m.showAuto()
	}
	// A move not yet said stays unsaid: the game's end, or the pause,
	// is what the reader hears now.
	m.autoPending = ""
	if m.autoSayTimer != nil {
		m.autoSayTimer.Stop()
		m.autoSayTimer = nil
	}
}

// autoLoop lets the engine play one move at a time, at the chosen pace,
// until the game ends or the reader pauses.
func (m *minesPlay) autoLoop(gen int) {
	w, f := m.w, m.f
	m.waitForDeal()
	for m.auto && m.autoGen == gen {
		g := w.state.Game
		if g == nil || g.Status != string(mines.Playing) {
			break
		}
		m.moves.Lock()
		if m.autoGen != gen {
			m.moves.Unlock()
			return
		}
		g = w.state.Game
		var res struct {
			minesGame
			minesPlayed
		}
		err := f.Call("mines-move", "mines.autoplay", map[string]any{"state": g.State, "steps": 1}, &res)
		if m.autoGen != gen {
			// Paused while the engine chose this move: the reader saw
			// Pause take effect, so the move is dropped (the game is the
			// page's state, so nothing else needs undoing).
			m.moves.Unlock()
			return
		}
		if err != nil {
			m.moves.Unlock()
			w.f.ShowError(err)
			break
		}
		last := -1
		if n := len(res.Played); n > 0 {
			last = res.Played[n-1].Y*g.Width + res.Played[n-1].X
		}
		res.minesGame.AutoMoves, res.minesGame.LastAuto = len(res.Played), true
		if n := len(res.Played); n > 0 && res.Started && !g.Started {
			first := res.Played[0].Y*g.Width + res.Played[0].X
			res.minesGame.First = &first
		}
		m.apply(&res.minesGame)
		for _, p := range res.Played {
			m.showAutoMove(p.Move)
		}
		if last >= 0 {
			m.board.mark("kz-mines-last", []int{last})
			m.followAuto(last)
		}
		m.moves.Unlock()
		time.Sleep(time.Duration(max(w.state.Settings.Pace, 30)) * time.Millisecond)
	}
	if m.autoGen == gen {
		m.auto = false
		m.showAuto()
	}
}

// followAuto keeps Auto-play's last move, cell i, in the board's view:
// on a board larger than its box (100×100) the moves soon left it, and
// the box stayed where it was. A reader who scrolls the box while
// Auto-play runs keeps it where they put it, until Auto-play starts again.
func (m *minesPlay) followAuto(i int) {
	if !m.autoFollow {
		return
	}
	if m.board.scrollAt() != m.autoAt {
		m.autoFollow = false // the reader scrolled the board
		return
	}
	m.board.showCell(i)
	m.autoAt = m.board.scrollAt()
}

// showAutoMove labels Auto-play's move: a guess with its risk, a certain
// move as certain.
func (m *minesPlay) showAutoMove(mv mines.Move) {
	at := m.w.cellName(mv.X, mv.Y)
	var text string
	switch mv.Why {
	case mines.WhySafe:
		text = m.f.T("mines.auto-safe", at)
	case mines.WhyMine:
		text = m.f.T("mines.auto-mine", at)
	case mines.WhyFirst:
		text = m.f.T("mines.auto-first", at)
	default:
		text = m.f.T("mines.auto-guess", at, m.w.percentText(mv.Prob))
	}
	guess := mv.Why != mines.WhySafe && mv.Why != mines.WhyMine && mv.Why != mines.WhyFirst
	m.autoNote.SetTextContent(text)
	toggleClass(m.autoNote, "kz-mines-auto-guess", guess)
	if m.auto { // the move that ended the game is not said: the end is
		m.sayAutoMove(text, guess)
	}
}

// minesAutoSayEvery is the least time between two of Auto-play's moves
// said to a screen reader: about the time one sentence takes to speak.
const minesAutoSayEvery = 3 * time.Second

// sayAutoMove says one of Auto-play's moves on the widget's live line.
// The note under the board shows every move, but a live line changed at
// every move (16 a second at the fast pace) queued sentences the screen
// reader spoke for minutes after the game was over: a move is said at
// most once every minesAutoSayEvery, the latest one when the wait is
// over, and a guess (the move at a risk) before any certain move.
func (m *minesPlay) sayAutoMove(text string, guess bool) {
	if m.autoPending != "" && m.autoPendingGuess && !guess {
		return // the guess waiting is said first
	}
	m.autoPending, m.autoPendingGuess = text, guess
	if m.autoSayTimer != nil {
		return
	}
	wait := minesAutoSayEvery - time.Since(m.autoSaidAt)
	if wait <= 0 {
		m.sayAutoPending()
		return
	}
	m.autoSayTimer = m.f.After(wait, func() {
		m.autoSayTimer = nil
		m.sayAutoPending()
	})
}

func (m *minesPlay) sayAutoPending() {
	if m.autoPending == "" || !m.auto {
		return
	}
	m.f.Say(m.autoPending)
	m.autoPending, m.autoSaidAt = "", time.Now()
}

// ---- Sentences shared with the analyser

// legend explains the heat map's colours: the ramp from safe to mine, and
// the marks on certain cells.
func (w *minesWidget) legend() dom.Element {
	box := el("div")
	w.fill(box, `<div class="kz-mines-legend" aria-hidden="true"><span class="kz-mines-legend-item">@mines.legend<span class="kz-mines-ramp"><span>0%</span><span>100%</span></span></span>`+
		`<span class="kz-mines-legend-item"><span class="kz-mines-key kz-mines-key-safe">✓</span>@mines.legend-safe</span>`+
		`<span class="kz-mines-legend-item"><span class="kz-mines-key kz-mines-key-sure">!</span>@mines.legend-mine</span></div>`, nil)
	return box.QuerySelector(".kz-mines-legend")
}

// moveSentence says what a move is and why, in one sentence.
func (w *minesWidget) moveSentence(mv mines.Move, rule string, safest float64, weighed bool) string {
	at := w.cellName(mv.X, mv.Y)
	switch mv.Why {
	case mines.WhySafe:
		return w.f.T("mines.why-safe", at)
	case mines.WhyMine:
		return w.f.T("mines.why-mine", at)
	case mines.WhyFirst:
		// Under the opening and no-guess rules every first click opens
		// an area, so "the likeliest to open one" would be no reason:
		// the square is where the engine wins most (see Game.FirstMove).
		switch rule {
		case string(mines.RuleOpening):
			return w.f.T("mines.why-first-opening", at)
		case string(mines.RuleNoGuess):
			return w.f.T("mines.why-first-noguess", at)
		}
		return w.f.T("mines.why-first", at, w.f.T("mines.rule-"+rule))
	case mines.WhyEstimate:
		return w.f.T("mines.why-estimate", at, w.percentText(mv.Prob))
	case mines.WhyEndgame:
		// Not always the lowest risk: the search weighs what each square
		// would reveal, to the end of the game.
		return w.f.T("mines.why-endgame", at, w.percentText(mv.Prob))
	case mines.WhyForced:
		// Guessed before safer squares: it must be guessed anyway.
		return w.f.T("mines.why-forced", at, w.percentText(mv.Prob))
	}
	if !math.IsNaN(safest) && minesPercent(safest) != minesPercent(mv.Prob) {
		// Not "the lowest on the board": the look-ahead took a guess a
		// little riskier for what it could reveal, or the safer squares
		// are dead (nothing is weighed then, and dead squares are left
		// until last).
		if weighed {
			return w.f.T("mines.why-weighed", at, w.percentText(mv.Prob), w.percentText(safest))
		}
		return w.f.T("mines.why-live", at, w.percentText(mv.Prob), w.percentText(safest))
	}
	return w.f.T("mines.why-lowest", at, w.percentText(mv.Prob))
}

// safestOf is the lowest chance of a mine among the hidden squares that
// may be safe (NaN marks a revealed square; 1 a flag or a certain mine).
func safestOf(prob []float64) float64 {
	safest := math.NaN()
	for _, p := range prob {
		if p < 1 && !(p >= safest) {
			safest = p
		}
	}
	return safest
}

// whyDetails explains an analysis around a move: the alternatives with
// their risks (and which would tell nothing), the certain cells and the
// count of solutions.
func (w *minesWidget) whyDetails(a *minesAnalysis, mv mines.Move, withFacts bool) string {
	f := w.f
	width := a.Width
	prob := probOf(a.Prob, a.Width, a.Height)
	dead := map[int]bool{}
	for _, p := range a.Dead {
		dead[p.Y*width+p.X] = true
	}
	sure := map[int]bool{}
	for _, p := range a.Mines {
		sure[p.Y*width+p.X] = true
	}
	best := mv.Y*width + mv.X
	// The other cells worth considering: the least risky ones.
	var others []int
	for i, p := range prob {
		if !math.IsNaN(p) && p < 1 && i != best && !sure[i] {
			others = append(others, i)
		}
	}
	slices.SortStableFunc(others, func(x, y int) int {
		switch {
		case prob[x] < prob[y]:
			return -1
		case prob[x] > prob[y]:
			return 1
		}
		return 0
	})
	var b strings.Builder
	add := func(i int, chosen bool) {
		text := f.T("mines.alt", w.cellNameOf(i, width), w.percentText(prob[i]))
		if dead[i] {
			text = w.join(text, f.T("mines.alt-dead"))
		}
		class := ""
		if chosen {
			class = "kz-mines-chosen"
		}
		b.WriteString(tag("li", class, text))
	}
	// An analysis that could not count has no chances to list.
	if !math.IsNaN(prob[best]) || len(others) > 0 {
		b.WriteString(tag("p", "kz-note", f.T("mines.alts")) + `<ul class="kz-mines-alts">`)
		if !math.IsNaN(prob[best]) {
			add(best, true)
		}
		for _, i := range others[:min(len(others), 4)] {
			add(i, false)
		}
		b.WriteString(`</ul>`)
	}
	if mv.Why == mines.WhyLowestRisk && len(others) > 0 && minesPercent(prob[others[0]]) == minesPercent(mv.Prob) {
		b.WriteString(tag("p", "kz-note", f.T("mines.tie")))
	}
	if withFacts {
		facts := []string{
			w.solutionsFact(a),
			f.T("mines.fact-safe", len(a.Safe)),
			f.T("mines.fact-mines", len(a.Mines)),
			f.T("mines.fact-left", a.MinesLeft),
		}
		if a.FloatProb != nil && a.Floating > 0 {
			facts = append(facts, f.T("mines.fact-floating", a.Floating, w.percentText(*a.FloatProb)))
		}
		b.WriteString(tag("p", "kz-note kz-mines-facts", strings.Join(facts, f.T("mines.sep"))))
	}
	if !a.Complete {
		b.WriteString(tag("p", "kz-note", w.incompleteText(a.Incomplete)))
	}
	return b.String()
}

// incompleteText says why an analysis has no chances: it ran out of time,
// or the position was too open to count at all (engine/mines.Incomplete).
func (w *minesWidget) incompleteText(why string) string {
	if why == string(mines.IncompleteTooWide) {
		return w.f.T("mines.incomplete-wide")
	}
	return w.f.T("mines.incomplete")
}

// solutionsFact is the line of the facts that counts the arrangements of
// the mines, or says they were not counted.
func (w *minesWidget) solutionsFact(a *minesAnalysis) string {
	if strings.TrimSpace(a.Solutions) == "" {
		return w.f.T("mines.fact-solutions-unknown")
	}
	return w.f.T("mines.fact-solutions", w.solutionsText(a.Solutions, a.SolutionsExact))
}

// tag writes an element holding text, as markup.
func tag(name, class, text string) string {
	return "<" + name + ` class="` + class + `">` + htmlEscape(text) + "</" + name + ">"
}

// cellReadout describes a cell in a sentence: where it is, what it shows
// and, on a heat map, its chance of being a mine.
func (w *minesWidget) cellReadout(b *minesBoard, i int) string {
	text := w.f.T("mines.readout", w.cellNameOf(i, b.w), b.label[i])
	return text
}
