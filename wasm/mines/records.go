//go:build js && wasm

package mines

import (
	"strconv"
	"strings"
	"syscall/js"

	"kibitz/engine/mines"
	"kibitz/wasm/i18n"
)

// What puzzle-site players expect around a game: its board number and a
// replay of it, its statistics (3BV, 3BV/s, clicks, efficiency), and the
// best times and history of each level, kept in the browser.

// minesRecord is one level's best times, one for each first-click rule
// (as speedrunning sites keep them: a no-guess board is another race than
// a safe-first-square one), and its recent games, of every rule.
type minesRecord struct {
	Best map[string]int64 `json:"best,omitempty"` // by rule; none: no game won yet (without Auto-play)
	// BestMs is the one best time of a record saved before the rules were
	// kept apart. migrate gives it to its rule when a game in the history
	// shows which; else it moves to UnknownRuleMs, said as such.
	BestMs        int64           `json:"bestMs,omitempty"`
	UnknownRuleMs int64           `json:"unknownRuleMs,omitempty"`
	History       []minesFinished `json:"history"` // newest first
}

// migrate splits a record saved with one best time for the level into
// one per rule: each rule's best is its fastest win in the history, and
// the old best, when no game in the history has its time, is kept as a
// best whose rule is not known (it was set more than 20 games ago).
func (r *minesRecord) migrate() {
	if r.BestMs == 0 {
		return
	}
	known := false
	for _, p := range r.History {
		if !p.Won || p.Auto || p.Rule == "" {
			continue
		}
		if r.Best == nil {
			r.Best = map[string]int64{}
		}
		if b := r.Best[p.Rule]; b == 0 || p.Ms < b {
			r.Best[p.Rule] = p.Ms
		}
		known = known || p.Ms == r.BestMs
	}
	if !known {
		r.UnknownRuleMs = r.BestMs
	}
	r.BestMs = 0
}

// minesFinished is one finished game, for the history.
type minesFinished struct {
	At       int64  `json:"at"` // when it ended, Unix milliseconds
	Ms       int64  `json:"ms"`
	Won      bool   `json:"won"`
	Auto     bool   `json:"auto,omitempty"` // Auto-play made moves
	BBBV     int    `json:"bbbv"`
	BBBVDone int    `json:"bbbvDone"`
	Clicks   int    `json:"clicks"`
	Seed     uint64 `json:"seed"`
	Rule     string `json:"rule"`
}

// minesHistoryLength is how many games each level keeps.
const minesHistoryLength = 20

// recordKey names the level a game counts for: its level, or its size
// for a custom game; "" for a game from a link, which is not recorded.
func recordKey(g *minesGame) string {
	switch {
	case g.Level == minesLinkLevel:
		return ""
	case g.Level != "" && g.Level != "custom":
		if _, ok := mines.LevelByID(g.Level); ok {
			return g.Level
		}
	}
	return strconv.Itoa(g.Width) + "x" + strconv.Itoa(g.Height) + "x" + strconv.Itoa(g.Mines)
}

// record adds a finished game to its level's history, and its time to
// the best when it was won without Auto-play's help.
func (w *minesWidget) record(g *minesGame) {
	key := recordKey(g)
	if key == "" || !g.Started {
		return
	}
	if w.state.Records == nil {
		w.state.Records = map[string]*minesRecord{}
	}
	r := w.state.Records[key]
	if r == nil {
		r = &minesRecord{}
		w.state.Records[key] = r
	}
	r.migrate()
	p := minesFinished{At: int64(js.Global().Get("Date").Call("now").Float()), Ms: g.ElapsedMs, Won: g.Status == string(mines.Won),
		Auto: g.AutoMoves > 0, BBBV: g.BBBV, BBBVDone: g.BBBVDone, Clicks: g.Clicks, Seed: g.seed(), Rule: g.Rule}
	r.History = append([]minesFinished{p}, r.History[:min(len(r.History), minesHistoryLength-1)]...)
	if p.Won && !p.Auto {
		if r.Best == nil {
			r.Best = map[string]int64{}
		}
		if b := r.Best[p.Rule]; b == 0 || p.Ms < b {
			r.Best[p.Rule] = p.Ms
		}
	}
}

// levelName names a record's level for people.
func (w *minesWidget) levelName(key string) string {
	if l, ok := mines.LevelByID(key); ok {
		return w.f.T("mines.level-"+l.ID, l.Width, l.Height, l.Mines)
	}
	return w.f.T("mines.level-custom") + " " + strings.ReplaceAll(key, "x", "×")
}

// statsText gives a finished game's statistics in a line: 3BV, 3BV/s,
// clicks and efficiency (3BV over all the clicks, wasted ones included,
// the index of efficiency of Arbiter and minesweeper.online) for a win; the 3BV cleared for
// a loss. A win Auto-play helped has no 3BV/s or efficiency: its moves
// are not the player's clicks, and its pace is the one chosen (a click
// and Auto-play for the rest read "efficiency 2600%").
func (w *minesWidget) statsText(bbbv, done, clicks, autoMoves int, ms int64, won bool) string {
	f := w.f
	switch {
	case !won:
		return f.T("mines.stats-lost", done, bbbv, clicks)
	case autoMoves > 0:
		return f.T("mines.stats-auto", bbbv, clicks, autoMoves)
	}
	return f.T("mines.stats", bbbv, bbbvPerSecond(bbbv, ms), clicks, efficiency(bbbv, clicks))
}

// statsHTML writes the statistics line so that it breaks only between
// figures, never inside one ("efficiency" and its 84% stay together).
func statsHTML(text string) string {
	var b strings.Builder
	for text != "" {
		cut, sep := len(text), ""
		for _, s := range []string{" · ", "・"} {
			if i := strings.Index(text, s); i >= 0 && i < cut {
				cut, sep = i, s
			}
		}
		b.WriteString(`<span class="kz-mines-stat-item">` + htmlEscape(text[:cut]) + `</span>`)
		if sep == "" {
			break
		}
		b.WriteString(htmlEscape(sep))
		text = text[cut+len(sep):]
	}
	return b.String()
}

func bbbvPerSecond(bbbv int, ms int64) string {
	if ms <= 0 {
		return "–"
	}
	return i18n.Decimal(float64(bbbv)*1000/float64(ms), 2)
}

func efficiency(bbbv, clicks int) string {
	if clicks == 0 {
		return "–"
	}
	return strconv.Itoa(bbbv*100/clicks) + "\u2060%"
}

// showGameInfo shows the game's board number (with Replay this board)
// and, once it is over, its statistics.
func (m *minesPlay) showGameInfo() {
	f, g := m.f, m.w.state.Game
	if g == nil {
		return
	}
	seeded := g.Level != minesLinkLevel // board 0 too: the engine deals it
	// A game saved without its number (an older state) has its line's
	// place kept, unseen, and no replay: the next move brings the number.
	// A game saved already won or lost has no next move, so its number
	// stays unseen; that is better than a wrong "Board 0" whose Replay
	// dealt another board.
	known := g.Seed != nil
	if known {
		m.info.Class().Remove("kz-mines-pending")
	} else {
		m.info.Class().Add("kz-mines-pending")
	}
	setHidden(m.info, !seeded)
	if seeded {
		no := strconv.FormatUint(1<<53-1, 10) // the room of the number to come
		if known {
			no = strconv.FormatUint(*g.Seed, 10)
		}
		m.boardNo.SetTextContent(f.T("mines.board-no", no))
		// An unclicked board is its own replay. The button stays, disabled,
		// so that the board does not move at the first click.
		setDisabled(m.info.QuerySelector("[data-on-click='mines.replay']"), !g.Started || !known)
	}
	if g.Status == string(mines.Playing) || !g.Started {
		m.stats.SetTextContent("")
	} else {
		m.stats.SetInnerHTML(statsHTML(m.w.statsText(g.BBBV, g.BBBVDone, g.Clicks, g.AutoMoves, g.ElapsedMs, g.Status == string(mines.Won))))
	}
	m.showRecords()
}

// replay deals the game's board again: its size, rule and board number.
func (m *minesPlay) replay() {
	g := m.w.state.Game
	if g == nil || g.Level == minesLinkLevel || g.Seed == nil {
		return
	}
	m.stopAuto()
	m.moves.Lock()
	defer m.moves.Unlock()
	p := map[string]any{"width": g.Width, "height": g.Height, "mines": g.Mines, "rule": g.Rule, "seed": *g.Seed}
	var next minesGame
	if err := m.f.Call("mines-move", "mines.new", p, &next); err != nil {
		m.f.ShowError(err)
		return
	}
	// The same layout comes only from the same first square: the line
	// under the board names it, and it is outlined (showGame).
	next.ReplayFrom = g.First
	m.deal(&next, g.Level)
	// The button disables itself on a board not yet clicked: the focus
	// goes to the board, where the replay is played, not to the page.
	m.board.moveCursor(m.board.cursor, true)
}

// showRecords writes the best time, under the game's rule, and the
// history of the level the game on screen counts for.
func (m *minesPlay) showRecords() {
	w, f, g := m.w, m.f, m.w.state.Game
	key := ""
	if g != nil {
		key = recordKey(g)
	}
	r := w.state.Records[key]
	if key == "" || r == nil || len(r.History) == 0 {
		setHidden(m.records, true)
		return
	}
	setHidden(m.records, false)
	r.migrate()
	name, rule := w.levelName(key), f.T("mines.rule-"+g.Rule)
	best := f.T("mines.best-none", name, rule)
	if ms := r.Best[g.Rule]; ms > 0 {
		best = f.T("mines.best", name, rule, clockText(ms))
	}
	date := js.Global().Get("Date")
	var b strings.Builder
	b.WriteString(tag("p", "kz-mines-best", best))
	if r.UnknownRuleMs > 0 {
		b.WriteString(tag("p", "kz-mines-best", f.T("mines.best-unknown-rule", name, clockText(r.UnknownRuleMs))))
	}
	b.WriteString(`<div class="kz-history"><table class="kz-table kz-mines-history"><caption class="kz-sr">` + htmlEscape(f.T("mines.records")) + `</caption><thead><tr>`)
	heads := []string{"when", "rule", "result", "time", "bbbv", "bbbvs", "clicks", "eff", "board"}
	for k, h := range heads {
		heads[k] = f.T("mines.hist-" + h)
		b.WriteString(`<th scope="col">` + htmlEscape(heads[k]) + `</th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	for _, p := range r.History {
		result := f.T("mines.hist-lost")
		if p.Won {
			result = f.T("mines.hist-won")
		}
		if p.Auto {
			result = w.join(result, f.T("mines.hist-auto"))
		}
		when := date.New(float64(p.At)).Call("toLocaleString", string(f.Lang), map[string]any{"dateStyle": "short", "timeStyle": "short"}).String()
		bbbv, perSec, eff := strconv.Itoa(p.BBBV), bbbvPerSecond(p.BBBV, p.Ms), efficiency(p.BBBV, p.Clicks)
		switch {
		case !p.Won:
			bbbv, perSec, eff = strconv.Itoa(p.BBBVDone)+"/"+strconv.Itoa(p.BBBV), "–", "–"
		case p.Auto:
			perSec, eff = "–", "–" // Auto-play's moves are not the player's clicks (statsText)
		}
		rule := "–"
		if p.Rule != "" {
			rule = f.T("mines.rule-" + p.Rule)
		}
		cells := []string{when, rule, result, clockText(p.Ms), bbbv, perSec, strconv.Itoa(p.Clicks), eff, strconv.FormatUint(p.Seed, 10)}
		b.WriteString(`<tr>`)
		for k, c := range cells {
			b.WriteString(`<td data-label="` + htmlEscape(heads[k]) + `">` + htmlEscape(c) + `</td>`)
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table></div>`)
	m.recordsBody.SetInnerHTML(b.String())
}

// seed is the game's board number, 0 when it is not known.
func (g *minesGame) seed() uint64 {
	if g.Seed == nil {
		return 0
	}
	return *g.Seed
}
