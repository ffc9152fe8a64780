//go:build js && wasm

package chain

import (
	"strconv"
	"strings"
	"time"

	"kibitz/engine/chain"
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
)

// The chain game's widget: two modes.
//
//   - Play: a row of objects against the perfect computer (chain.move),
//     with a hint that shows every move's value (chain.solve).
//   - Analyse: solve any position (its value, the principal line, every
//     move), and the table of the starting rows' values for N = 1..80,
//     computed in the page (chain.table) with a progress bar.
//
// Rows past 64 cells take a table of megabytes that builds for seconds
// to minutes: the widget states its memory and asks first (big.go).
//
// Every rule and every value is the engine's; the widget draws and asks.
// It uses engine/chain only to read a row and to check that a click is a
// legal move before it is played.

type chainSettings struct {
	N        int  `json:"n"`
	Reverse  bool `json:"reverse"`
	Single   bool `json:"single"`   // the first move takes one object
	CPUFirst bool `json:"cpuFirst"` // the computer moves first
}

// chainGame is a game in progress as the widget keeps it.
type chainGame struct {
	chainSettings
	Row    string         `json:"row"`   // the row now, X and .
	Moves  int            `json:"moves"` // moves played
	Log    []chainLogItem `json:"log"`
	Winner string         `json:"winner,omitempty"` // "you" or "cpu" once over
	// Redo is the line Undo took back, in the order it was played: Redo
	// plays it again, a round (the reader's move and the computer's
	// answer) at a time; a new move of the reader's clears it.
	Redo []chainLogItem `json:"redo,omitempty"`
	// Hinted: the reader asked for the hint of this turn; a widget built
	// again (a reload, a change of language) shows it again.
	Hinted bool `json:"hinted,omitempty"`
	// Waiting: the computer's move waits for the table of a big row,
	// which the reader would rather not build now (Not now, or Stop in
	// its build); a widget built again waits too, with its button to go
	// on, and does not ask again.
	Waiting bool `json:"waiting,omitempty"`
}

type chainLogItem struct {
	Who  string `json:"who"` // "you" or "cpu"
	Take []int  `json:"take"`
}

type chainTableRow struct {
	N       int  `json:"n"`
	Direct  *int `json:"direct"`
	Reverse *int `json:"reverse"`
}

// chainState is everything the widget saves.
type chainState struct {
	Version  int             `json:"v"`
	Mode     string          `json:"mode"`
	Settings chainSettings   `json:"settings"`
	Game     *chainGame      `json:"game,omitempty"`
	Position string          `json:"position"` // the analyser's position text
	Typed    bool            `json:"typed"`    // the reader chose the position (else it follows the game's N)
	AnRev    bool            `json:"anReverse"`
	AnSingle bool            `json:"anSingle"`
	Table    []chainTableRow `json:"table,omitempty"`
	// Folded: the reader closed Play's "Game settings". They are open on
	// a first visit, where they say what can be chosen and who wins the
	// game chosen, and stay as the reader left them across games, a
	// reload and a change of language.
	Folded bool `json:"settingsFolded,omitempty"`
	// NText is Play's number of objects as typed when it is no good
	// number (kept, and said to be wrong, when the widget is built
	// again); nil when the field shows Settings.N.
	NText *string `json:"nText,omitempty"`
	// Solved: the analyser shows the answer to its form as saved, or
	// what is wrong with its position; a widget built again (a reload, a
	// change of language) solves it again, and says it anew.
	Solved bool `json:"solved,omitempty"`
	// TableStopped: the reader stopped the table (Stop, or Not now to its
	// big rows), and the note under it says where it stopped; a widget
	// built again says it again, in its language.
	TableStopped bool `json:"tableStopped,omitempty"`
	// Declined: the reader answered the question about the table of the
	// analyser's row Not now, and its answer without the table is shown
	// (analyse.go, withoutTable); a widget built again shows it again
	// without asking.
	Declined bool `json:"declined,omitempty"`
	// BigStopped: a big row's table whose build the reader stopped, by
	// the id of the box that said so ("Stopped: the table was not
	// finished…"); a widget built again says it again there, in its
	// language, while the box would still show it (see big.go,
	// sayStopped).
	BigStopped map[string]chainBigStop `json:"bigStopped,omitempty"`
}

// chainBigStop is a stopped build: the row it was for, and the games
// whose table it finished before the stop (kept by the engine).
type chainBigStop struct {
	Position string `json:"position"`
	Built    []bool `json:"built,omitempty"`
}

const chainStateVersion = 1

// chainMaxN is the longest row the widget offers: the exact solver's
// range. Past bigCells the widget asks first (see big.go).
const chainMaxN = 80

var chainModes = []string{"play", "analyse"}

// The engine's answers.
type chainMoveOut struct {
	Take []int  `json:"take"`
	Text string `json:"text"`
	Row  string `json:"row"`
}

type chainSolved struct {
	Value  int    `json:"value"`
	Winner string `json:"winner"`
	Row    string `json:"row"`
	Moves  []struct {
		Move  chainMoveOut `json:"move"`
		Value int          `json:"value"`
	} `json:"moves"`
	Line              []chainMoveOut `json:"line"`
	PositionsSearched int64          `json:"positionsSearched"`
	Ms                float64        `json:"ms"`
	Grundy            *int           `json:"grundy"`
	LostToRule        bool           `json:"lostToRule"` // as chainOutcome's
}

type chainReply struct {
	Move     chainMoveOut `json:"move"`
	Value    int          `json:"value"`
	GameOver bool         `json:"gameOver"`
}

type chainWidget struct {
	f      *frame.Frame
	state  chainState
	modes  *frame.Modes
	tabs   map[string]dom.Element
	panels map[string]dom.Element
	play   *chainPlay
	an     *chainAnalyser
	asks   map[string]*bigAsk // the big-row questions on screen, by their box's id (big.go)
	// bigShown is called when a big-row question or build starts.
	bigShown func()
}

func (w *chainWidget) Start(f *frame.Frame) {
	w.f = f
	f.Sentences = w.sentences
	w.state = chainState{Version: chainStateVersion, Mode: "play",
		Settings: chainSettings{N: 9, Single: true}, AnSingle: true}
	var saved chainState
	if f.Load(&saved) && saved.Version == chainStateVersion {
		w.state = saved
	}
	switch f.Options().Mode {
	case "play":
		w.state.Mode = "play"
	case "analyse", "analyze":
		w.state.Mode = "analyse"
	}
	if !f.Options().Nested {
		f.Body.AppendChild(f.Head(f.T("chain.title")))
	}
	f.Body.AppendChild(w.buildTabs())
	w.handleBig()
	w.play = newChainPlay(w, w.panels["play"])
	w.an = newChainAnalyser(w, w.panels["analyse"])
	w.sayStopped()
	w.selectMode(w.state.Mode, false)
}

func (w *chainWidget) save() { w.f.Save(w.state) }

func (w *chainWidget) buildTabs() dom.Element {
	f := w.f
	modes, box := f.BuildModes(frame.ModeSpec{Game: "chain", IDs: "kz-chain-", Label: f.T("chain.modes"), Names: chainModes,
		Title:  func(m string) string { return f.T("chain.mode-" + m) },
		HowTo:  func(m string) string { return f.T("chain.howto-" + m) },
		Select: func(m string) { w.selectMode(m, true) }})
	w.modes, w.tabs, w.panels = modes, modes.Tabs, modes.Panels
	return box
}

func (w *chainWidget) selectMode(mode string, save bool) {
	mode = w.modes.Show(mode)
	w.state.Mode = mode
	w.f.ClearMessage()
	if mode == "analyse" && w.an != nil {
		w.an.followGame()
	}
	if save {
		w.save()
	}
}

// valueText says what a signed move count means for the side it belongs
// to: "win in 7 moves", "loss in 8 moves".
func (w *chainWidget) valueText(v int) string {
	switch {
	case v == 1:
		return w.f.T("chain.win-1")
	case v > 0:
		return w.f.T("chain.win-n", v)
	case v == -1:
		return w.f.T("chain.loss-1")
	case v < 0:
		return w.f.T("chain.loss-n", -v)
	}
	return w.f.T("chain.over")
}

// signedText writes a value with its sign: +7, −8.
func signedText(v int) string {
	if v > 0 {
		return "+" + strconv.Itoa(v)
	}
	if v < 0 {
		return "−" + strconv.Itoa(-v)
	}
	return "0"
}

// takeText names the objects a move takes for people, 1-based: "5" or
// "5–6".
func takeText(take []int) string {
	parts := make([]string, len(take))
	for i, t := range take {
		parts[i] = strconv.Itoa(t + 1)
	}
	return strings.Join(parts, "–")
}

// sentences is the frame's Sentences for the chain game: its reasons for
// a bad position, and its limit, are the widget's own keys. A reason's
// sentence gets the character at fault, where it is, and the limit the
// position is past, if it is.
func (w *chainWidget) sentences(ce *frame.CallError) (string, bool) {
	if ce.Code == "bad-input" && ce.Field == "position" {
		key := "chain.reason-" + ce.Reason
		if w.f.T(key) != key {
			return w.f.T(key, w.f.Quote(ce.Symbol), frame.Position(ce.Pos), ce.Want), true
		}
	}
	if ce.Code == "too-large" {
		return w.f.T("chain.too-large", ce.Size, ce.Limit), true
	}
	return "", false
}

// gameOptions are a game selector's options: short enough to fit a
// phone's width, the games' names and, where the language's names alone
// say little (正規形, 逆形), the rule in a few words; the rule of the game
// chosen is said in full under the selector (sayGame).
func gameOptions(f *frame.Frame) string {
	return `<option value="direct">` + frame.HTMLEscape(f.T("chain.option-direct")) + `</option><option value="reverse">` + frame.HTMLEscape(f.T("chain.option-reverse")) + `</option>`
}

// sayGame writes, in about, what the game chosen is.
func sayGame(f *frame.Frame, about dom.Element, reverse bool) {
	about.SetTextContent(f.T(chainPick(reverse, "chain.about-reverse", "chain.about-direct")))
}

// rowOf reads a row the widget wrote itself (X and .).
func rowOf(text string) chain.Row {
	r, err := chain.Parse(text, "row")
	if err != nil {
		return nil
	}
	return r
}

// pause waits for an animation step; readers who asked for less motion
// get a short one.
func pause(ms int) {
	if frame.ReducedMotion() {
		ms /= 4
	}
	time.Sleep(time.Duration(ms) * time.Millisecond)
}

// inView scrolls the page the least that brings a message into view, so a
// message about a control is seen where the reader is: under a long row
// it may lie below the screen's edge.
func inView(e dom.Element) {
	e.Underlying().Call("scrollIntoView", map[string]any{"block": "nearest", "inline": "nearest"})
}

// chainPick is a if cond, else b.
func chainPick(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}
