//go:build js && wasm

package ui

import (
	"errors"
	"strings"
	"unicode/utf8"

	"kibitz/wasm/i18n"
)

// Minesweeper errors in the reader's language. The engine's errors carry
// a reason, the line and column of a fault in .mine text, and the cells
// that cannot all hold; the sentences are the widget's own (mines.reason.*),
// since the shared reason.conflict speaks of history rows.

// describe writes err as sentences: where (the line and column of a fault
// in .mine text), then what is wrong.
func (w *minesWidget) describe(err error) string {
	f := w.f
	ce, ok := err.(*CallError)
	if !ok || ce.Code != "bad-input" {
		return f.Describe(err)
	}
	key := "mines.reason." + ce.Reason
	switch ce.Reason {
	case "mine-count":
		if ce.Left != nil && ce.Want > *ce.Left {
			key += "-more"
		} else {
			key += "-fewer"
		}
	case "conflict":
		if len(ce.Cells) == 1 {
			key += "-one"
		}
	}
	if !i18n.Has(i18n.English, key) {
		return f.Describe(err)
	}
	left := 0
	if ce.Left != nil {
		left = *ce.Left
		if ce.Reason == "too-many-flags" {
			left = -left
		}
	}
	cellsIn := 0
	if ce.Value != "" {
		cellsIn = utf8.RuneCountInString(strings.TrimSpace(ce.Value))
	}
	sentence := f.T(key, f.quote(ce.Value), ce.Want, left, cellsIn)
	if ce.Reason == "conflict" && len(ce.Flags) > 0 {
		sentence += " " + f.T("mines.reason.conflict-flags")
	}
	switch {
	case ce.Line != nil && ce.Col != nil:
		return f.T("mines.where-col", *ce.Line+1, *ce.Col+1, sentence)
	case ce.Line != nil:
		return f.T("mines.where-line", *ce.Line+1, sentence)
	}
	return sentence
}

// showError puts an error in the frame's message line; a superseded call
// shows nothing and a stopped one says so, as the frame does.
func (w *minesWidget) showError(err error) {
	f := w.f
	if err == nil || errors.Is(err, ErrSuperseded) || errors.Is(err, ErrStopped) {
		f.ShowError(err)
		return
	}
	f.message.SetInnerHTML("")
	f.message.AppendChild(el("span", w.describe(err)))
	f.message.AppendChild(el("button", attr("type", "button"), cls("kz-link"), on("click", "frame.dismiss"),
		attr("aria-label", f.T("common.dismiss")), "×"))
	f.message.Class().Add("kz-error")
}

// showErrorIn writes an error into place, beside what it is about.
func (w *minesWidget) showErrorIn(place interface {
	SetTextContent(string)
}, err error) {
	if err == nil || errors.Is(err, ErrSuperseded) {
		return
	}
	place.SetTextContent(w.describe(err))
}
