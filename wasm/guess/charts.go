//go:build js && wasm

package guess

import (
	"fmt"
	"math"
	"strings"

	"kibitz/wasm/dom"
	"kibitz/wasm/i18n"
)

// Charts keep their text in HTML, sized in CSS pixels like the rest of the
// widget, so a label is never smaller than 11 px whatever the widget's
// width (SVG text would shrink with its viewBox). Only the lines are SVG,
// stretched to the plot with strokes that do not scale. Each chart has a
// text alternative.

// bar is one bar of a bar chart.
type bar struct {
	label string
	value int
	mark  bool // drawn in the accent colour (the winning answer)
}

// maxColumns is the most bars drawn as columns; more are listed one per
// row, where every label has room.
const maxColumns = 8

// chartCaption is a chart's text alternative: its title, then each label
// with its value, punctuated as the widget's language is (full-width in
// Chinese and Japanese).
func (w *guessWidget) chartCaption(title string, labels []string, values []int) string {
	items := make([]string, len(labels))
	for i, label := range labels {
		items[i] = w.f.T("chart.item", label, i18n.Number(int64(values[i])))
	}
	return w.f.T("chart.caption", title, strings.Join(items, w.f.T("chart.sep")))
}

// barChart draws bars as columns, with their values above and labels
// below, on a wide widget; on a narrow one, or with many bars, as rows
// (the stylesheet chooses). title is the chart's title, over it and its
// accessible name, caption its text alternative (chartCaption).
func barChart(title, caption string, bars []bar) dom.Element {
	maxValue := 1
	for _, b := range bars {
		maxValue = max(maxValue, b.value)
	}
	cols := el("div", cls("kz-cols"), attr("aria-hidden", "true"))
	for _, b := range bars {
		fill := "kz-col-bar"
		if b.mark {
			fill += " kz-bar-mark"
		}
		height := fmt.Sprintf("height: %.1f%%", 100*float64(b.value)/float64(maxValue))
		cols.AppendChild(el("div", cls("kz-col"),
			el("span", cls("kz-col-track"),
				el("span", cls("kz-col-value"), i18n.Number(int64(b.value))),
				el("span", cls(fill), inlineStyle(height))),
			el("span", cls("kz-col-label"), b.label)))
	}
	// The title shows too: the bars alone did not say what they count.
	// Screen readers have it as the figure's name.
	fig := el("figure", cls("kz-figure kz-hist"), attr("aria-label", title),
		el("p", cls("kz-hist-title"), attr("aria-hidden", "true"), title), cols, barList(bars, maxValue),
		el("figcaption", cls("kz-sr"), caption))
	if len(bars) > maxColumns {
		fig.SetAttribute("data-many", "")
	}
	return fig
}

// barList draws the same bars across the page, one row each, for narrow
// widgets and for many bars. Screen readers skip it and read the
// figure's caption.
func barList(bars []bar, maxValue int) dom.Element {
	list := el("ol", cls("kz-barlist"), attr("aria-hidden", "true"))
	for _, b := range bars {
		fill := "kz-barlist-fill"
		if b.mark {
			fill += " kz-bar-mark"
		}
		width := fmt.Sprintf("width: %.1f%%", 100*float64(b.value)/float64(maxValue))
		list.AppendChild(el("li",
			el("span", cls("kz-barlist-label"), b.label),
			el("span", cls("kz-barlist-track"), el("span", cls(fill), inlineStyle(width))),
			el("span", cls("kz-barlist-value"), i18n.Number(int64(b.value)))))
	}
	return list
}

// countChart plots how many codes remain after each turn, on a log scale
// (the counts fall by orders of magnitude). The axis runs from 1 to the
// first count, the game's size, which is labelled exactly; the powers of
// ten between get grid lines, labelled where there is room. caption is
// the chart's text alternative (chartCaption); axisLabel writes the label
// of the power of ten given.
func countChart(title, caption string, labels []string, counts []int, axisLabel func(power int) string) dom.Element {
	const plotHeight = 150.0 // CSS px, as in guess.css
	const lineHeight = 15.0  // room one axis label needs, in px
	plot := svg("svg", attr("viewBox", "0 0 1000 100"), attr("preserveAspectRatio", "none"), attr("aria-hidden", "true"))
	yAxis := el("div", cls("kz-yaxis"), attr("aria-hidden", "true"))
	xAxis := el("div", cls("kz-xaxis"), attr("aria-hidden", "true"))
	chart := el("div", cls("kz-chart kz-chart-counts"), attr("role", "img"), attr("aria-label", title),
		yAxis, el("div", cls("kz-plot"), plot), xAxis)
	if len(counts) == 0 {
		return el("figure", cls("kz-figure"), chart)
	}
	maxCount := 1
	for _, c := range counts {
		maxCount = max(maxCount, c)
	}
	top := math.Max(math.Log10(float64(maxCount)), 1)
	// y and x in percent of the plot, with a margin so dots are whole.
	yOf := func(v float64) float64 { return 6 + 88*(1-math.Log10(math.Max(v, 1))/top) }
	xOf := func(i int) float64 {
		if len(counts) == 1 {
			return 3
		}
		return 3 + 94*float64(i)/float64(len(counts)-1)
	}
	decadePx := 0.88 * plotHeight / top
	labelEvery := 1
	if decadePx < lineHeight {
		labelEvery = 2
	}
	for p := 0; float64(p) <= top; p++ {
		v := math.Pow(10, float64(p))
		y := yOf(v)
		plot.AppendChild(svg("line", cls("kz-grid-line"), attr("x1", "0"), attr("x2", "1000"), attr("y1", f1(y)), attr("y2", f1(y)), attr("vector-effect", "non-scaling-stroke")))
		if p%labelEvery != 0 || (math.Log10(float64(maxCount))-float64(p))*decadePx < lineHeight {
			continue // no room between this label and the top one
		}
		yAxis.AppendChild(el("span", inlineStyle("top: "+f1(y)+"%"), axisLabel(p)))
	}
	yTop := yOf(float64(maxCount))
	plot.AppendChild(svg("line", cls("kz-grid-line kz-grid-top"), attr("x1", "0"), attr("x2", "1000"), attr("y1", f1(yTop)), attr("y2", f1(yTop)), attr("vector-effect", "non-scaling-stroke")))
	yAxis.AppendChild(el("span", cls("kz-axis-top"), inlineStyle("top: "+f1(yTop)+"%"), i18n.Number(int64(maxCount))))
	// The labels are placed absolutely; an invisible copy of the widest
	// (the top one) gives the axis its width.
	yAxis.AppendChild(el("span", cls("kz-axis-sizer"), i18n.Number(int64(maxCount))))

	var points []string
	for i, c := range counts {
		points = append(points, fmt.Sprintf("%s,%s", f1(10*xOf(i)), f1(yOf(float64(c)))))
	}
	plot.AppendChild(svg("polyline", cls("kz-line"), attr("points", strings.Join(points, " ")), attr("vector-effect", "non-scaling-stroke")))
	for i, c := range counts {
		x, y := f1(10*xOf(i)), f1(yOf(float64(c)))
		// A zero-length line with round caps: a dot that stays round
		// however the plot is stretched.
		plot.AppendChild(svg("line", cls("kz-pt"), attr("x1", x), attr("x2", x), attr("y1", y), attr("y2", y), attr("vector-effect", "non-scaling-stroke")))
	}
	// Turn numbers: every step-th, and the last turn always, at most 5
	// steps on a narrow widget and 10 on a wide one; the stylesheet hides
	// the wide one's others on a narrow widget.
	n := len(counts) - 1
	wide, narrow := tickSteps(n)
	for i := range counts {
		if !tickAt(i, n, wide) {
			continue
		}
		class := "kz-tick"
		if !tickAt(i, n, narrow) {
			class += " kz-tick-wide"
		}
		switch {
		case i == 0:
			class += " kz-tick-first"
		case i == n:
			class += " kz-tick-last"
		}
		xAxis.AppendChild(el("span", cls(class), inlineStyle("left: "+f1(xOf(i))+"%"), labels[i]))
	}
	return el("figure", cls("kz-figure"), chart, el("figcaption", cls("kz-sr"), caption))
}

// tickSteps chooses the turns labelled on an axis of n turns: every
// wide-th on a wide widget (at most 10 steps), every narrow-th on a
// narrow one (at most 5), narrow a multiple of wide so that the narrow
// widget's labels are some of the wide one's. The narrow step was not a
// multiple: after 11 guesses a phone labelled "start" and 6 alone.
func tickSteps(n int) (wide, narrow int) {
	wide = max(1, (n+9)/10)
	narrow = max(1, (n+4)/5)
	narrow = (narrow + wide - 1) / wide * wide
	return wide, narrow
}

// tickAt says whether turn i of n is labelled with a step: the start,
// the last turn (the game so far ends there: it was left unlabelled
// after 7 guesses on a phone, or 11 on a wide widget), and every
// step-th turn but one too close to the last for both labels to show.
func tickAt(i, n, step int) bool {
	if i == 0 || i == n {
		return true
	}
	return i%step == 0 && n-i >= (step+1)/2
}

// axisLabel writes 10 to the power given as the codes-left axis labels
// it, short, in the language's own units: English counts in thousands
// and millions ("10k", "1M"), Chinese and Japanese in ten thousands
// ("1万", "100万"). The axis stops at the engine's largest game, a few
// million codes.
func (w *guessWidget) axisLabel(power int) string {
	if key := fmt.Sprintf("chart.axis-1e%d", power); power >= 3 && i18n.Has(i18n.English, key) {
		return w.f.T(key)
	}
	return fmt.Sprint(int(math.Pow(10, float64(power))))
}

func f1(x float64) string { return fmt.Sprintf("%.1f", x) }
