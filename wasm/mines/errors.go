//go:build js && wasm

package mines

import (
	"strings"
	"unicode/utf8"

	"kibitz/wasm/frame"
	"kibitz/wasm/i18n"
)

// Minesweeper errors in the reader's language. The engine's errors carry
// a reason, the line and column of a fault in .mine text, and the cells
// that cannot all hold; the sentences are the widget's own (mines.reason.*),
// since the shared reason.conflict speaks of history rows.

// describe writes err as sentences in the reader's language.
func (w *minesWidget) describe(err error) string { return w.f.Describe(err) }

// sentences is the frame's Sentences for Minesweeper: where (the line and
// column of a fault in .mine text), then what is wrong.
func (w *minesWidget) sentences(ce *frame.CallError) (string, bool) {
	f := w.f
	if ce.Code != "bad-input" {
		return "", false
	}
	if ce.Reason == "flags-around" && len(ce.Cells) == 1 {
		return w.flagsAround(ce), true
	}
	if ce.Reason == "too-few-around" && len(ce.Cells) == 1 && ce.Room != nil {
		at := ce.Cells[0]
		return w.f.T("mines.reason.too-few-around", ce.Want, w.cellName(at.X, at.Y), *ce.Room), true
	}
	key := "mines.reason." + ce.Reason
	switch ce.Reason {
	case "mine-count":
		if ce.Left != nil && ce.Want > *ce.Left {
			key += "-more"
		} else {
			key += "-fewer"
		}
	case "game-mines":
		if ce.Want < 1 {
			key = "mines.reason.game-no-room" // a board of one square
		}
	case "conflict":
		if len(ce.Cells) == 1 {
			key += "-one"
		}
	}
	if !i18n.Has(i18n.English, key) {
		return "", false
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
	sentence := f.T(key, f.Quote(ce.Value), ce.Want, left, cellsIn)
	if len(ce.Flags) > 0 {
		switch ce.Reason {
		case "conflict":
			sentence = w.join(sentence, f.T("mines.reason.conflict-flags"))
		case "mine-count":
			sentence = w.join(sentence, f.T("mines.reason.mine-count-flags", len(ce.Flags)))
		}
	}
	switch {
	case ce.Line != nil && ce.Col != nil:
		return f.T("mines.where-col", *ce.Line+1, *ce.Col+1, sentence), true
	case ce.Line != nil:
		return f.T("mines.where-line", *ce.Line+1, sentence), true
	}
	return sentence, true
}

// flagsAround says which number has more flags around it than it shows,
// where, and, when the board has more flags than mines as well, that too:
// the same wrong flag is the likely cause of both.
func (w *minesWidget) flagsAround(ce *frame.CallError) string {
	f := w.f
	at := ce.Cells[0]
	sentence := f.T("mines.reason.flags-around", ce.Want, w.cellName(at.X, at.Y), len(ce.Flags))
	if ce.Left != nil && *ce.Left < 0 {
		sentence = w.join(sentence, f.T("mines.reason.flags-around-extra", -*ce.Left))
	}
	return sentence
}
