//go:build js && wasm

package mines

import (
	"math"
	"strconv"
	"strings"
	"time"

	"kibitz/engine/mines"
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
	"kibitz/wasm/i18n"
)

// The Minesweeper widget: two modes over one board view.
//
//   - Play: the engine deals a game (its mines sealed in a state the page
//     keeps) and answers every reveal, flag and chord; a heat map of the
//     exact mine probabilities, a hint that says why, and an auto-player.
//   - Analyse: edit any position (click, type, or paste .mine text) and
//     see its probabilities, certain cells, solutions and best move.
//
// Every rule (flood fill, chords, probabilities) is the engine's; the
// widget draws and asks.

type minesSettings struct {
	Level  string `json:"level"` // beginner, intermediate, expert or custom
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Mines  int    `json:"mines"`
	Rule   string `json:"rule"`
	Seed   string `json:"seed"` // empty: a new board each game
	Pace   int    `json:"pace"` // auto-play: milliseconds a move
}

// minesState is everything the widget saves.
type minesState struct {
	Version  int           `json:"v"`
	Mode     string        `json:"mode"`
	Settings minesSettings `json:"settings"`
	Heat     bool          `json:"heat"`
	Safe     bool          `json:"safe,omitempty"` // the safe-squares overlay: certain cells marked, without the heat map
	Game     *minesGame    `json:"game,omitempty"`
	Analyse  string        `json:"analyse"` // the analyser's position, as .mine text
	// AnalyseText is the analyser's text box as the reader left it, when
	// it is not the position: a link, or text with a mistake.
	AnalyseText string `json:"analyseText,omitempty"`
	// AnalyseSize is the analyser's size fields (width, height, mines) as
	// the reader left them, when they are in error: kept to correct.
	AnalyseSize []string `json:"analyseSize,omitempty"`
	// CustomSize is Play's custom size fields (width, height, mines) as
	// the reader left them, when one is no whole number (2.5, or empty):
	// the settings hold 0 for it, which is said to be wrong.
	CustomSize []string `json:"customSize,omitempty"`
	Brush      string   `json:"brush"`
	// Records: each level's best time and recent games (see records.go).
	Records map[string]*minesRecord `json:"records,omitempty"`
}

const minesStateVersion = 1

var minesModes = []string{"play", "analyse"}

type minesWidget struct {
	f      *frame.Frame
	state  minesState
	modes  *frame.Modes
	tabs   map[string]dom.Element
	panels map[string]dom.Element
	play   *minesPlay
	an     *minesAnalyser
	saving bool // a save is scheduled
}

func (w *minesWidget) Start(f *frame.Frame) {
	w.f = f
	f.Sentences = w.sentences
	w.state = minesState{Version: minesStateVersion, Mode: "play", Settings: minesSettings{Level: "beginner", Width: 9, Height: 9, Mines: 10, Rule: string(mines.RuleOpening), Pace: 250}, Brush: "1"}
	var saved minesState
	if f.Load(&saved) && saved.Version == minesStateVersion {
		w.state = saved
	}
	switch f.Options().Mode {
	case "play":
		w.state.Mode = "play"
	case "analyse", "analyze", "analyser", "analyzer":
		w.state.Mode = "analyse"
	}
	if _, ok := mines.LevelByID(f.Options().Preset); ok {
		w.state.Settings.Level = f.Options().Preset
	}
	if !f.Options().Nested {
		f.Body.AppendChild(f.Head(f.T("mines.title")))
	}
	f.Body.AppendChild(w.buildTabs())
	w.play = newMinesPlay(w, w.panels["play"])
	w.an = newMinesAnalyser(w, w.panels["analyse"])
	w.selectMode(w.state.Mode, false)
	// The clock runs between moves, and the state is saved at moves: the
	// time since the last one is written down when the reader may be
	// leaving (a reload, a closed or hidden page, a change of language).
	f.OnLeave(w.saveNow)
}

// save stores the state after a change: at once for a small board; for
// a big one (a 100×100 game is tens of kilobytes of JSON) once the browser
// has painted the move, and once for a burst of changes.
func (w *minesWidget) save() {
	if g := w.state.Game; g == nil || g.Width*g.Height <= 1000 {
		w.saveNow()
		return
	}
	if w.saving {
		return
	}
	w.saving = true
	w.f.Go(func() {
		time.Sleep(30 * time.Millisecond) // yields to the browser, which paints
		w.saving = false
		w.saveNow()
	})
}

func (w *minesWidget) saveNow() {
	if w.play != nil {
		w.play.keepTime()
	}
	w.f.Save(w.state)
}

func (w *minesWidget) buildTabs() dom.Element {
	f := w.f
	modes, box := f.BuildModes(frame.ModeSpec{Game: "mines", IDs: "kz-mines-", Label: f.T("mines.modes"), Names: minesModes,
		Title:  func(m string) string { return f.T("mines.mode-" + m) },
		HowTo:  func(m string) string { return f.T("mines.howto-" + m) },
		Select: func(m string) { w.selectMode(m, true) }})
	w.modes, w.tabs, w.panels = modes, modes.Tabs, modes.Panels
	return box
}

func (w *minesWidget) selectMode(mode string, save bool) {
	mode = w.modes.Show(mode)
	w.state.Mode = mode
	w.f.ClearMessage()
	if save {
		w.save()
	}
	if mode == "analyse" {
		w.an.shown()
	} else {
		w.play.shown()
	}
}

// fill appends markup to parent: in tpl, @key (a message key: letters,
// digits, dots and dashes) becomes the message in the widget's language,
// escaped, and each <b data-slot="name"></b> is replaced by slots[name].
func (w *minesWidget) fill(parent dom.Element, tpl string, slots map[string]dom.Element) {
	var b strings.Builder
	for {
		i := strings.IndexByte(tpl, '@')
		if i < 0 {
			b.WriteString(tpl)
			break
		}
		b.WriteString(tpl[:i])
		j := i + 1
		for j < len(tpl) && (tpl[j] >= 'a' && tpl[j] <= 'z' || tpl[j] >= '0' && tpl[j] <= '9' || tpl[j] == '.' || tpl[j] == '-') {
			j++
		}
		b.WriteString(htmlEscape(w.f.T(tpl[i+1 : j])))
		tpl = tpl[j:]
	}
	dom.AppendHTML(parent, b.String())
	for name, e := range slots {
		if slot := parent.QuerySelector(`[data-slot="` + name + `"]`); slot != nil {
			slot.ParentNode().ReplaceChild(e, slot)
		}
	}
}

// cellName names a cell for people: "row 3, column 5" (1-based).
func (w *minesWidget) cellName(x, y int) string { return w.f.T("mines.at", y+1, x+1) }

func (w *minesWidget) cellNameOf(i, width int) string { return w.cellName(i%width, i/width) }

// percentText writes a probability as a percentage for sentences, held
// together: a word joiner keeps "13" and "%" on one line in every
// language.
func (w *minesWidget) percentText(p float64) string {
	return strings.ReplaceAll(w.f.T("mines.percent", minesPercent(p)), "%", "\u2060%")
}

// solutionsText writes the number of solutions shortly: grouped when
// small, "about 1.2 × 10⁴⁵" when not. The engine gives it as exact digits
// that can run to thousands, or, when a part of the board was counted in
// floating point, rounded as "2.9515e+20".
func (w *minesWidget) solutionsText(s string, exact bool) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "?"
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil && n < 1e15 {
		if !exact {
			return w.f.T("mines.about", i18n.Number(n))
		}
		return i18n.Number(n)
	}
	mantissa, power, ok := scientific(s)
	if !ok {
		return s
	}
	// Already approximate: "about 4.4 × 10¹⁷⁵³", the power raised.
	return w.f.T("mines.sci", i18n.Decimal(mantissa, 1), superscript(strconv.Itoa(power)))
}

// scientific reads a count written as digits ("19619725782651120") or as
// the engine's rounded "2.9515e+20", as a mantissa rounded to two
// significant digits (1.0 to 9.9) and its power of ten: 2.0 and 16, 3.0
// and 20. (The first two digits alone cut 1.96 to 1.9.)
func scientific(s string) (mantissa float64, power int, ok bool) {
	digits, power := s, len(s)-1
	if m, e, found := strings.Cut(s, "e+"); found {
		n, err := strconv.Atoi(e)
		if err != nil {
			return 0, 0, false
		}
		digits, power = strings.Replace(m, ".", "", 1), n
	}
	if digits == "" || digits[0] < '1' || digits[0] > '9' {
		return 0, 0, false
	}
	lead, err := strconv.ParseFloat(digits[:1]+"."+digits[1:min(len(digits), 17)], 64)
	if err != nil {
		return 0, 0, false
	}
	mantissa = math.Round(lead*10) / 10
	if mantissa >= 10 { // 9.96 is 1.0 × 10 to the next power
		mantissa, power = mantissa/10, power+1
	}
	return mantissa, power, true
}

// superscript writes a number's digits raised: 10 and "90" read 10⁹⁰.
func superscript(digits string) string {
	raised := [...]string{"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}
	var b strings.Builder
	for _, d := range digits {
		if d >= '0' && d <= '9' {
			b.WriteString(raised[d-'0'])
		} else {
			b.WriteRune(d)
		}
	}
	return b.String()
}

// join writes two sentences one after the other (frame.JoinSentences).
func (w *minesWidget) join(first, second string) string { return frame.JoinSentences(first, second) }

// minesAnalysis is mines.analyze's result (and a hint's analysis).
type minesAnalysis struct {
	Width          int             `json:"width"`
	Height         int             `json:"height"`
	TotalMines     int             `json:"totalMines"`
	MinesLeft      int             `json:"minesLeft"`
	Prob           frame.Floats    `json:"prob"`
	Safe           []mines.Point   `json:"safe"`
	Mines          []mines.Point   `json:"mines"`
	Dead           []mines.Point   `json:"dead"`
	Solutions      string          `json:"solutions"`
	SolutionsExact bool            `json:"solutionsExact"`
	Best           *mines.Move     `json:"best"`
	Proof          []mines.Point   `json:"proof"`     // the numbers that show a certain best move
	ProofKind      mines.ProofKind `json:"proofKind"` // how they show it
	Complete       bool            `json:"complete"`
	Incomplete     string          `json:"incomplete"`
	Frontier       int             `json:"frontier"`
	Floating       int             `json:"floating"`
	FloatProb      *float64        `json:"floatProb"`
	EngineMs       float64         `json:"engineMs"`
}
