//go:build js && wasm

package chain

import (
	"context"
	"strconv"
	"strings"

	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
)

// Big rows. The engine's solver builds one table per game for the longest
// row it has been asked about: 2 MB and a few seconds up to 64 cells, but
// 18 MB and up to a minute or two in a slow browser for a row of 80. Past
// bigCells the widget first states what the table will keep in this tab's
// memory (chain.footprint), and builds it only when the reader agrees,
// with progress and Stop; every call after it is a lookup.

// bigCells is the longest row solved without asking first.
const bigCells = 64

// shortBuild is the most positions a table has that the question calls
// a matter of seconds: 4 cells past the limit.
const shortBuild = 4_000_000

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

// bigAsk is the question on screen, if one is: its answer goes to answer.
type bigAsk struct {
	answer    chan bool
	cancel    context.CancelFunc // while the table builds: Stop
	dismissed bool               // the widget moved on (a new game): say nothing
}

// ready makes sure the engine's solvers of the games given (false for the
// direct game, true for the reverse) hold the row of position. A row past
// bigCells that they do not hold yet is asked about in box, then built
// there with a progress bar. ready reports whether the caller may go on:
// false when the reader said no, stopped the build, or it failed (the
// reason is said in box).
func (w *chainWidget) ready(box dom.Element, position string, games ...bool) bool {
	games, fp, ok := w.ask(box, position, games...)
	if !ok || len(games) == 0 {
		return ok
	}
	return w.build(box, position, games, fp)
}

// ask asks, in box, whether to build the tables a row past bigCells needs
// and the solvers do not hold yet. It returns the games to build (none
// when nothing needs asking) and whether the caller may go on.
func (w *chainWidget) ask(box dom.Element, position string, games ...bool) (build []bool, fp chainFootprint, ok bool) {
	f := w.f
	if err := f.Call("chain-footprint", "chain.footprint", map[string]any{"position": position}, &fp); err != nil {
		return nil, fp, true // the call that follows says what is wrong with the position
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
	if w.big != nil && w.big.cancel == nil {
		w.dismissBig() // a newer question replaces the one on screen
	}
	ask := &bigAsk{answer: make(chan bool, 1)}
	w.big = ask
	defer func() {
		if w.big == ask {
			w.big = nil
		}
	}()

	// The question: the memory first, in the reader's units.
	mb := strconv.FormatFloat(float64(fp.MemoryBytes*len(build))/1e6, 'f', 1, 64)
	// How long, roughly: in Chromium on a 2-core desktop a table builds at
	// 0.7 (reverse) to 1.8 (direct) million positions a second.
	took := f.T(chainPick(fp.Positions < shortBuild, "chain.big-time-short", "chain.big-time-long"))
	text := f.T("chain.big-ask", fp.Cells, fp.Positions, mb, took)
	if len(build) == 2 {
		text = f.T("chain.big-ask-both", fp.Cells, fp.Positions, mb)
	}
	box.SetInnerHTML(`<div class="kz-confirm kz-chain-big" role="alertdialog" aria-label="` + htmlEscape(f.T("chain.big-title")) + `">` +
		`<p class="kz-chain-big-text" data-bytes="` + strconv.Itoa(fp.MemoryBytes*len(build)) + `">` + htmlEscape(text) + `</p>` +
		`<button type="button" class="kz-primary" data-on-click="chain.big-yes">` + htmlEscape(f.T("chain.big-yes")) + `</button>` +
		`<button type="button" data-on-click="chain.big-no">` + htmlEscape(f.T("chain.big-no")) + `</button></div>`)
	inView(box)
	focus(box.QuerySelector("[data-on-click='chain.big-yes']"))
	if w.bigShown != nil {
		w.bigShown()
	}
	yes := <-ask.answer
	if w.big == ask {
		replace(box)
	}
	return build, fp, yes
}

// build builds the tables of position's row for the games given, one after
// the other, with a progress bar and Stop in box.
func (w *chainWidget) build(box dom.Element, position string, games []bool, fp chainFootprint) bool {
	f := w.f
	ask := &bigAsk{answer: make(chan bool, 1)}
	w.big = ask
	defer func() {
		if w.big == ask {
			w.big = nil
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ask.cancel = cancel
	box.SetInnerHTML(`<div class="kz-row kz-chain-progress-row kz-chain-big-progress"><progress max="1" value="0" aria-label="` + htmlEscape(f.T("chain.big-building")) + `"></progress>` +
		`<span class="kz-note"></span><button type="button" class="kz-link" data-on-click="chain.big-stop">` + htmlEscape(f.T("common.stop")) + `</button></div>`)
	bar, note := box.QuerySelector("progress"), box.QuerySelector(".kz-note")
	show := func(fraction float64) {
		bar.SetAttribute("value", strconv.FormatFloat(fraction, 'f', 3, 64))
		note.SetTextContent(f.T("chain.big-progress", fp.Positions, int(100*fraction)))
	}
	show(0)
	for i, reverse := range games {
		err := f.Engine.Call(ctx, "chain.solve", map[string]any{"position": position, "reverse": reverse, "firstMoveSingle": false}, nil,
			func(d, t float64, _ string) {
				if t > 0 {
					show((float64(i) + d/t) / float64(len(games)))
				}
			})
		if err != nil {
			if ce, ok := err.(*frame.CallError); ok && ce.Code == "cancelled" {
				if ask.dismissed {
					return false
				}
				box.SetInnerHTML(`<p class="kz-note kz-chain-big-stopped">` + htmlEscape(f.T("chain.big-stopped")) + `</p>`)
			} else {
				replace(box)
				f.ShowErrorIn(box, err)
			}
			return false
		}
	}
	replace(box)
	return true
}

// dismissBig answers the question on screen no, or stops its build.
func (w *chainWidget) dismissBig() {
	switch {
	case w.big == nil:
	case w.big.cancel != nil:
		w.big.dismissed = true
		w.big.cancel()
	default:
		select {
		case w.big.answer <- false:
		default:
		}
	}
}

// handleBig wires the question's buttons.
func (w *chainWidget) handleBig() {
	answer := func(yes bool) {
		if w.big != nil && w.big.cancel == nil {
			select {
			case w.big.answer <- yes:
			default:
			}
		}
	}
	w.f.Handle("chain.big-yes", func(dom.Event, dom.Element) { answer(true) })
	w.f.Handle("chain.big-no", func(dom.Event, dom.Element) { answer(false) })
	w.f.Handle("chain.big-stop", func(dom.Event, dom.Element) {
		if w.big != nil && w.big.cancel != nil {
			w.big.cancel()
		}
	})
}

// fullRowText is the row of n objects, as the widget writes positions.
func fullRowText(n int) string { return strings.Repeat("X", n) }
