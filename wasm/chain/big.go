//go:build js && wasm

package chain

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
)

// Big rows. The engine's solver builds one table per game for the longest
// row it has been asked about: 2 MB and under a second up to 64 cells, but
// 18 MB and 8 seconds in desktop Chromium for a row of 80, several times
// that on a slow phone. Past bigCells the widget first states what the
// table will keep in this tab's memory (chain.footprint), and builds it
// only when the reader agrees, with progress and Stop; every call after it
// is a lookup.

// bigCells is the longest row solved without asking first.
const bigCells = 64

// How long a build takes, said in the question: measured in Chromium on
// the 2-core CI machine (README, "Past the old limit of 64 cells"), the
// engine builds 2.2 to 2.5 million positions a second in either game (80
// cells: 18 million positions in 8.0 s direct, 8.2 s reverse), so the
// question says the slower rate's time, "about". A slow phone runs
// WebAssembly several times slower: the question says so as an upper
// bound, at slowPhone times that.
const (
	buildRate = 2_200_000 // positions a second, desktop Chromium
	slowPhone = 6
)

// buildTime is what the question says of a build of positions: about so
// many seconds here, and up to so long on a slow phone.
func buildTime(f *frame.Frame, positions int64) string {
	secs := float64(positions) / buildRate
	about := max(1, int(math.Round(secs)))
	return f.T("chain.big-time", about, slowDuration(f, secs*slowPhone))
}

// slowDuration writes the slow phone's bound, rounded up: to 5 seconds
// under a minute and a half, to whole minutes past it.
func slowDuration(f *frame.Frame, secs float64) string {
	if secs < 90 {
		return f.T("chain.seconds", 5*int(math.Ceil(secs/5)))
	}
	return f.T("chain.minutes", int(math.Ceil(secs/60)))
}

// chainFootprint is chain.footprint's answer.
type chainFootprint struct {
	Cells       int   `json:"cells"`
	Positions   int64 `json:"positions"`
	MemoryBytes int   `json:"memoryBytes"`
	Held        struct {
		Direct  bool `json:"direct"`
		Reverse bool `json:"reverse"`
	} `json:"held"`
}

// bigAsk is a question, then a build, in one box. Each box (Play's, the
// analyser's result, the table's) has at most one; a newer one in the
// same box replaces it, and one box's never touches another's.
type bigAsk struct {
	box       dom.Element
	answer    chan bool
	cancel    context.CancelFunc // while the table builds: Stop
	dismissed bool               // replaced, or the widget moved on: leave the box alone
}

// The boxes' ids that the widget dismisses by name (the analyser's
// result box, kz-chain-result, is only ever replaced by a newer question).
const (
	playBigBox  = "kz-chain-big-box"
	tableBigBox = "kz-chain-table-big"
)

// ready makes sure the engine's solvers of the games given (false for the
// direct game, true for the reverse) hold the row of position. A row past
// bigCells that they do not hold yet is asked about in box, then built
// there with a progress bar. ready reports whether the caller may go on:
// false when the reader said no, stopped the build, another question took
// the box, or the build failed (the reason is said in box).
//
// quiet: the widget asks of its own, built again over a question the
// reader had not answered (a change of language, a reload), not because
// the reader just did something here; see ask.
func (w *chainWidget) ready(box dom.Element, quiet bool, position string, games ...bool) bool {
	// The control that asked gets the focus back when the question or
	// the build goes with the button that had it.
	from := w.f.Focused()
	defer func() {
		if from != nil && from.Underlying().Get("isConnected").Bool() && w.f.FocusLost() {
			focus(from)
		}
	}()
	key := keyOf(w.f, box, position, games)
	if b := w.adopt(key); b != nil {
		return w.follow(box, b) // the reader said yes before the widget was built again
	}
	build, fp, ok := w.ask(box, quiet, position, games...)
	if !ok || len(build) == 0 {
		return ok
	}
	return w.follow(box, w.startBuild(key, build, fp.Positions))
}

// ask asks, in box, whether to build the tables a row past bigCells needs
// and the solvers do not hold yet. It returns the games to build (none
// when nothing needs asking) and whether the caller may go on.
//
// The question takes the focus, and is scrolled into view, when the
// reader is in the widget (it follows what they did there) or nowhere
// (the control that had the focus went). A question asked again of the
// widget's own (quiet) moves neither the page nor a focus that is
// anywhere, in the widget (its language menu, built again) or out of it:
// it takes the focus only from nowhere, without scrolling.
func (w *chainWidget) ask(box dom.Element, quiet bool, position string, games ...bool) (build []bool, fp chainFootprint, ok bool) {
	f := w.f
	// Not in a lane: nothing supersedes or stops the question's own
	// lookup but the widget going.
	if err := f.Engine.Call(f.Context(), "chain.footprint", map[string]any{"position": position}, &fp, nil); err != nil {
		if ce, isCall := err.(*frame.CallError); isCall && (ce.Code == "bad-input" || ce.Code == "too-large") {
			return nil, fp, true // the call that follows says what is wrong with the position
		}
		if f.Context().Err() == nil {
			replace(box)
			f.ShowErrorIn(box, err)
		}
		return nil, fp, false
	}
	for _, reverse := range games {
		held := fp.Held.Direct
		if reverse {
			held = fp.Held.Reverse
		}
		if !held {
			build = append(build, reverse)
		}
	}
	if fp.Cells <= bigCells || len(build) == 0 {
		return nil, fp, true
	}
	ask := w.takeBox(box)
	defer w.leaveBox(ask)

	// The question: the memory first, in the reader's units.
	mb := strconv.FormatFloat(float64(fp.MemoryBytes*len(build))/1e6, 'f', 1, 64)
	took := buildTime(f, fp.Positions*int64(len(build)))
	text := f.T("chain.big-ask", fp.Cells, fp.Positions, mb, took)
	if len(build) == 2 {
		text = f.T("chain.big-ask-both", fp.Cells, fp.Positions, mb, took)
	}
	box.SetInnerHTML(`<div class="kz-confirm kz-chain-big" role="alertdialog" aria-label="` + htmlEscape(f.T("chain.big-title")) + `">` +
		`<p class="kz-chain-big-text" data-bytes="` + strconv.Itoa(fp.MemoryBytes*len(build)) + `">` + htmlEscape(text) + `</p>` +
		`<button type="button" class="kz-primary" data-on-click="chain.big-yes">` + htmlEscape(f.T("chain.big-yes")) + `</button>` +
		`<button type="button" data-cancel data-on-click="chain.big-no">` + htmlEscape(f.T("chain.big-no")) + `</button></div>`)
	yesBtn := box.QuerySelector("[data-on-click='chain.big-yes']")
	switch {
	case f.FocusLost():
		if !quiet {
			inView(box)
		}
		yesBtn.Underlying().Call("focus", map[string]any{"preventScroll": quiet})
	case !quiet && f.Focused() != nil:
		inView(box)
		focus(yesBtn)
	}
	if w.bigShown != nil {
		w.bigShown()
	}
	yes := false
	select {
	case yes = <-ask.answer:
	case <-f.Context().Done():
	}
	return build, fp, yes && !ask.dismissed
}

// A build runs apart from the box that shows it. A change of language
// builds the widget again, and the old widget's life ends: a build that
// ended with it was dropped by the engine (a stopped build keeps nothing),
// and the new widget asked the reader again, who had said yes, and built
// from nothing. Now the build goes on in the engine, and the widget built
// again takes it up where it is, in the same box (adopt). A widget that
// goes for good stops its build.
type bigBuild struct {
	owner     *frame.Frame // the frame whose box shows the build
	position  string       // the row it builds for
	positions int64        // of each table, for the progress note
	cancel    context.CancelFunc
	done      chan struct{} // closed when the build has ended, with err
	err       error
	fraction  float64       // of the whole build, so far
	built     []bool        // the games whose table is done (false direct, true reverse), kept by the engine
	show      func(float64) // the owner's progress bar
}

// bigKey names a build: the engine that builds, the box that shows it,
// and what it was asked for.
type bigKey struct {
	engine        *frame.Engine
	box, position string
	games         string
}

// bigBuilds are the builds under way.
var bigBuilds = map[bigKey]*bigBuild{}

func keyOf(f *frame.Frame, box dom.Element, position string, games []bool) bigKey {
	return bigKey{f.Engine, box.GetAttribute("id"), position, fmt.Sprint(games)}
}

// adopt takes up the build of the same box and row that the widget this
// one replaces left under way, or returns nil.
func (w *chainWidget) adopt(key bigKey) *bigBuild {
	b := bigBuilds[key]
	if b == nil || b.owner.Context().Err() == nil || !b.owner.HandedOver() {
		return nil
	}
	b.owner = w.f
	return b
}

// startBuild builds the tables of key's row for the games given, one after
// the other, in the engine.
func (w *chainWidget) startBuild(key bigKey, games []bool, positions int64) *bigBuild {
	ctx, cancel := context.WithCancel(context.Background())
	b := &bigBuild{owner: w.f, position: key.position, positions: positions, cancel: cancel, done: make(chan struct{})}
	bigBuilds[key] = b
	engine := w.f.Engine
	go func() {
		defer func() {
			if bigBuilds[key] == b { // not a newer build of the same row
				delete(bigBuilds, key)
			}
			cancel()
			close(b.done)
		}()
		for i, reverse := range games {
			b.err = engine.Call(ctx, "chain.solve", map[string]any{"position": key.position, "reverse": reverse, "firstMoveSingle": false}, nil,
				func(d, t float64, _ string) {
					if t > 0 {
						b.fraction = (float64(i) + d/t) / float64(len(games))
						if b.show != nil {
							b.show(b.fraction)
						}
					}
				})
			if b.err != nil {
				return
			}
			b.built = append(b.built, reverse)
		}
	}()
	return b
}

// follow shows build b in box, with a progress bar and Stop, until it
// ends. The focus, lost with the question's button, goes to Stop.
func (w *chainWidget) follow(box dom.Element, b *bigBuild) bool {
	f := w.f
	ask := w.takeBox(box)
	defer w.leaveBox(ask)
	ask.cancel = b.cancel
	box.SetInnerHTML(`<div class="kz-row kz-chain-progress-row kz-chain-big-progress"><progress max="1" value="0" aria-label="` + htmlEscape(f.T("chain.big-building")) + `"></progress>` +
		`<span class="kz-note"></span><button type="button" class="kz-link" data-on-click="chain.big-stop">` + htmlEscape(f.T("common.stop")) + `</button></div>`)
	bar, note := box.QuerySelector("progress"), box.QuerySelector(".kz-note")
	b.show = func(fraction float64) {
		bar.SetAttribute("value", strconv.FormatFloat(fraction, 'f', 3, 64))
		note.SetTextContent(f.T("chain.big-progress", b.positions, int(100*fraction)))
	}
	b.show(b.fraction)
	if f.FocusLost() {
		focus(box.QuerySelector("[data-on-click='chain.big-stop']"))
	}
	if w.bigShown != nil {
		w.bigShown()
	}
	select {
	case <-b.done:
	case <-f.Context().Done():
	}
	if f.Context().Err() != nil {
		// The widget has gone: built again, it takes the build up;
		// gone for good, it stops it.
		if b.owner == f {
			b.show = nil
			if !f.HandedOver() {
				b.cancel()
			}
		}
		return false
	}
	if ask.dismissed {
		return false
	}
	if b.err != nil {
		if ce, ok := b.err.(*frame.CallError); ok && ce.Code == "cancelled" {
			// Kept, so a widget built again says it again.
			w.stoppedIn(box, &chainBigStop{Position: b.position, Built: b.built})
			box.SetInnerHTML(`<p class="kz-note kz-chain-big-stopped">` + htmlEscape(stoppedText(f, b.built)) + `</p>`)
		} else {
			replace(box)
			f.ShowErrorIn(box, b.err)
		}
		return false
	}
	replace(box)
	return true
}

// stoppedText says what a stopped build leaves: nothing of the table it
// was building, but every table it had finished before (the direct one,
// when it was building both), which the engine keeps.
func stoppedText(f *frame.Frame, built []bool) string {
	if len(built) == 0 {
		return f.T("chain.big-stopped")
	}
	kind := func(reverse bool) string { return f.T(chainPick(reverse, "chain.kind-reverse", "chain.kind-direct")) }
	return f.T("chain.big-stopped-part", kind(built[0]), kind(!built[0]))
}

// stoppedIn records, for the box given, the build the reader stopped
// there, or with nil that the box says nothing of one any more.
func (w *chainWidget) stoppedIn(box dom.Element, stop *chainBigStop) {
	id := box.GetAttribute("id")
	st := &w.state
	if stop == nil {
		if _, ok := st.BigStopped[id]; !ok {
			return
		}
		delete(st.BigStopped, id)
	} else {
		if st.BigStopped == nil {
			st.BigStopped = map[string]chainBigStop{}
		}
		st.BigStopped[id] = *stop
	}
	w.save()
}

// sayStopped says again, in the widget built again (a change of
// language, a reload), the note of each build the reader had stopped,
// in the box that said it, while that box would still show it: the
// table's, while the table is stopped; the analyser's, while its
// position is the row stopped and no answer took the box; Play's, while
// the game is on that row and the reader to move. A question or a build
// asked again takes the box, and the note goes (takeBox).
func (w *chainWidget) sayStopped() {
	st := &w.state
	for id, stop := range st.BigStopped {
		box := w.f.Root().QuerySelector("#" + id)
		show := false
		switch id {
		case tableBigBox:
			show = st.TableStopped
		case w.an.result.GetAttribute("id"):
			show = !st.Solved && strings.TrimSpace(st.Position) == stop.Position
		case playBigBox:
			show = st.Game != nil && st.Game.Row == stop.Position && !w.play.cpuToMove()
		}
		if box == nil || !show {
			delete(st.BigStopped, id)
			continue
		}
		box.SetInnerHTML(`<p class="kz-note kz-chain-big-stopped">` + htmlEscape(stoppedText(w.f, stop.Built)) + `</p>`)
	}
}

// takeBox makes a new question or build the one of its box, replacing
// the one there (whose caller then goes no further).
func (w *chainWidget) takeBox(box dom.Element) *bigAsk {
	key := box.GetAttribute("id")
	w.stoppedIn(box, nil) // the note of a build stopped there goes
	w.replaceBig(key)
	ask := &bigAsk{box: box, answer: make(chan bool, 1)}
	w.asks[key] = ask
	return ask
}

// leaveBox ends ask: its box is cleared unless a newer one has taken it.
func (w *chainWidget) leaveBox(ask *bigAsk) {
	key := ask.box.GetAttribute("id")
	if w.asks[key] == ask {
		delete(w.asks, key)
		if !ask.dismissed && ask.cancel == nil {
			replace(ask.box) // the question, answered
		}
	}
}

// dismissBig answers the question in the box with the given id no, or
// stops its build, and clears the box: the widget has moved on (a new
// game, the table's Stop).
func (w *chainWidget) dismissBig(key string) {
	if _, ok := w.state.BigStopped[key]; ok {
		// The note of a build stopped there goes with it.
		delete(w.state.BigStopped, key)
		w.save()
		if box := w.f.Root().QuerySelector("#" + key); box != nil {
			replace(box)
		}
	}
	if ask := w.asks[key]; ask != nil {
		// The box is cleared first, while whatever waits on the question
		// still waits: clearing it blurs the question's button if it has
		// the focus, and a move that ran on then (Undo, New game) would
		// write into the box being cleared, which throws.
		replace(ask.box)
		w.replaceBig(key)
	}
}

// replaceBig ends the question or build in the box with the given id,
// leaving the box to whoever takes it next.
func (w *chainWidget) replaceBig(key string) {
	ask := w.asks[key]
	if ask == nil {
		return
	}
	ask.dismissed = true
	delete(w.asks, key)
	if ask.cancel != nil {
		ask.cancel()
		return
	}
	select {
	case ask.answer <- false:
	default:
	}
}

// handleBig wires the questions' buttons: each answers the question of
// its own box.
func (w *chainWidget) handleBig() {
	w.asks = map[string]*bigAsk{}
	of := func(t dom.Element) *bigAsk {
		if part := t.Closest(".kz-chain-big, .kz-chain-big-progress"); part != nil && part.ParentElement() != nil {
			return w.asks[part.ParentElement().GetAttribute("id")]
		}
		return nil
	}
	answer := func(t dom.Element, yes bool) {
		if ask := of(t); ask != nil && ask.cancel == nil {
			select {
			case ask.answer <- yes:
			default:
			}
		}
	}
	w.f.Handle("chain.big-yes", func(_ dom.Event, t dom.Element) { answer(t, true) })
	w.f.Handle("chain.big-no", func(_ dom.Event, t dom.Element) { answer(t, false) })
	w.f.Handle("chain.big-stop", func(_ dom.Event, t dom.Element) {
		if ask := of(t); ask != nil && ask.cancel != nil {
			ask.cancel()
		}
	})
}

// fullRowText is the row of n objects, as the widget writes positions.
func fullRowText(n int) string { return strings.Repeat("X", n) }
