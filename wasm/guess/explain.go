//go:build js && wasm

package guess

import (
	"fmt"
	"math"
	"strings"

	"kibitz/engine/guess"
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
	"kibitz/wasm/i18n"
)

// explanationView says why a guess is good: a few sentences and the
// histogram of the answers it can get.
func (w *guessWidget) explanationView(r guess.Rules, code string, e guess.Explanation) dom.Element {
	f := w.f
	lines := el("div", cls("kz-explain-text"))
	if e.Candidates == 1 {
		lines.AppendChild(el("p", f.T("comp.only-code", code)))
	} else {
		lines.AppendChild(el("p", f.T("explain.split", code, e.Candidates, e.Parts)))
		left := "explain.left"
		if e.IsCandidate {
			left = "explain.left-win"
		}
		lines.AppendChild(el("p", f.T(left, averageLeft(e), e.Worst)))
	}
	if e.Candidates > 1 {
		if e.IsCandidate {
			lines.AppendChild(el("p", f.T("explain.candidate")))
		} else {
			lines.AppendChild(el("p", f.T("explain.not-candidate")))
		}
	}
	if e.ExpectedGuesses > 0 && e.Candidates > 1 {
		lines.AppendChild(el("p", f.T("explain.finish", i18n.Decimal(e.ExpectedGuesses, 2))))
	}
	if e.Strategy != "" {
		how := f.T("strategy." + string(e.Strategy))
		if e.Method != "" && e.Method != string(e.Strategy) {
			method := e.Method // a new method shows untranslated rather than as a key
			if i18n.Has(i18n.English, "method."+e.Method) {
				method = f.T("method." + e.Method)
			}
			how += " · " + method
		}
		note := f.T("explain.how-simple", how)
		if e.Evaluated > 1 {
			note = f.T("explain.how", how, e.Evaluated)
		}
		if !e.Complete {
			note = frame.JoinSentences(note, f.T("explain.cut"))
		}
		lines.AppendChild(el("p", cls("kz-note"), note))
	}
	var bars []bar
	var labels []string
	var values []int
	for _, c := range e.Histogram {
		b := bar{label: w.shortFeedback(r, c.Feedback.A, c.Feedback.B), value: c.Count, mark: r.Won(c.Feedback)}
		bars = append(bars, b)
		labels, values = append(labels, b.label), append(values, b.value)
	}
	title := f.T("explain.chart", code, e.Candidates)
	return el("div", cls("kz-explain"), lines, barChart(title, w.chartCaption(title, labels, values), bars))
}

// averageLeft is how many codes are left on average after the answer to
// a guess, a win leaving none (the engine's Left; the message says so
// when the guess could be the secret). The worst case is the largest
// group either way (the win's group holds one code, and any other group
// at least one). The figure reads as a count: to two decimals under 10,
// one under 100, whole above ("1,119,515", not "1,119,515.0"), without
// trailing zeros ("2", "0.5").
func averageLeft(e guess.Explanation) string {
	x := e.Left
	var text string
	switch {
	case x >= 100:
		return i18n.Number(int64(math.Round(x)))
	case x >= 10:
		text = i18n.Decimal(x, 1)
	default:
		text = i18n.Decimal(x, 2)
	}
	return strings.TrimSuffix(strings.TrimRight(text, "0"), ".")
}

// countsView plots the codes remaining after each turn, starting from the
// whole space.
func (w *guessWidget) countsView(size int64, counts []int) dom.Element {
	labels := []string{w.f.T("chart.start")}
	values := []int{int(size)}
	for i, c := range counts {
		labels = append(labels, fmt.Sprint(i+1))
		values = append(values, c)
	}
	title := w.f.T("chart.counts")
	return el("div", cls("kz-counts"), el("h3", title), countChart(title, w.chartCaption(title, labels, values), labels, values, w.axisLabel))
}
