//go:build js && wasm

package ui

import (
	"fmt"
	"math"
	"strings"

	"honnef.co/go/js/dom/v2"

	"kibitz/wasm/i18n"
)

// Charts are plain SVG drawn to a fixed viewBox and scaled by CSS, so they
// fit a 320 px phone and a wide screen alike. Each has a text alternative.

// bar is one bar of a bar chart.
type bar struct {
	label string
	value int
	mark  bool // drawn in the accent colour (the winning answer)
}

// barChart draws bars with their values above and labels below. title is
// the chart's accessible name; the bars are also listed as text.
func barChart(title string, bars []bar) dom.Element {
	const width, top, left = 600.0, 22.0, 8.0
	// Many bars get slanted labels, which need room below.
	slanted := len(bars) > 9
	height, bottom := 220.0, 34.0
	if slanted {
		height, bottom = 250.0, 64.0
	}
	maxValue := 1
	for _, b := range bars {
		maxValue = max(maxValue, b.value)
	}
	slot := (width - 2*left) / float64(max(len(bars), 1))
	barWidth := math.Min(slot*0.8, 60)
	chart := svg("svg", attr("viewBox", fmt.Sprintf("0 0 %g %g", width, height)), cls("kz-chart kz-chart-bars"),
		attr("role", "img"), attr("aria-label", title), attr("preserveAspectRatio", "xMidYMid meet"))
	chart.AppendChild(svg("title", title))
	labelSize := math.Min(14, slot*0.32)
	for i, b := range bars {
		h := (height - top - bottom) * float64(b.value) / float64(maxValue)
		x := left + slot*float64(i) + (slot-barWidth)/2
		y := height - bottom - h
		barClass := "kz-bar"
		if b.mark {
			barClass += " kz-bar-mark"
		}
		chart.AppendChild(svg("rect", cls(barClass), attr("x", f1(x)), attr("y", f1(y)), attr("width", f1(barWidth)), attr("height", f1(math.Max(h, 1)))))
		chart.AppendChild(svg("text", cls("kz-bar-value"), attr("x", f1(x+barWidth/2)), attr("y", f1(y-5)),
			attr("text-anchor", "middle"), attr("font-size", f1(labelSize)), i18n.Number(int64(b.value))))
		if slanted {
			lx, ly := x+barWidth/2+4, height-bottom+12
			chart.AppendChild(svg("text", cls("kz-bar-label"), attr("x", f1(lx)), attr("y", f1(ly)), attr("text-anchor", "end"),
				attr("transform", fmt.Sprintf("rotate(-45 %s %s)", f1(lx), f1(ly))), attr("font-size", "13"), b.label))
		} else {
			chart.AppendChild(svg("text", cls("kz-bar-label"), attr("x", f1(x+barWidth/2)), attr("y", f1(height-bottom+16)),
				attr("text-anchor", "middle"), attr("font-size", f1(labelSize)), b.label))
		}
	}
	var text []string
	for _, b := range bars {
		text = append(text, b.label+": "+i18n.Number(int64(b.value)))
	}
	return el("figure", cls("kz-figure"), chart, barList(bars, maxValue),
		el("figcaption", cls("kz-sr"), title+". "+strings.Join(text, "; ")))
}

// barList draws the same bars across the page, one row each, for narrow
// widgets (the stylesheet shows it instead of the SVG below 480 px): there
// the SVG would shrink its labels past reading. Screen readers skip it and
// read the figure's caption.
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
			el("span", cls("kz-barlist-track"), el("span", cls(fill), attr("style", width))),
			el("span", cls("kz-barlist-value"), i18n.Number(int64(b.value)))))
	}
	return list
}

// countChart plots how many codes remain after each turn, on a log scale
// (the counts fall by orders of magnitude).
func countChart(title string, labels []string, counts []int) dom.Element {
	const width, height, top, bottom, left, right = 600.0, 200.0, 16.0, 28.0, 56.0, 16.0
	chart := svg("svg", attr("viewBox", fmt.Sprintf("0 0 %g %g", width, height)), cls("kz-chart"),
		attr("role", "img"), attr("aria-label", title), attr("preserveAspectRatio", "xMidYMid meet"))
	chart.AppendChild(svg("title", title))
	if len(counts) == 0 {
		return el("figure", cls("kz-figure"), chart)
	}
	maxCount := 1
	for _, c := range counts {
		maxCount = max(maxCount, c)
	}
	top10 := math.Ceil(math.Log10(float64(maxCount)))
	if top10 < 1 {
		top10 = 1
	}
	yOf := func(c int) float64 {
		v := math.Log10(math.Max(float64(c), 1))
		return height - bottom - (height-top-bottom)*v/top10
	}
	xOf := func(i int) float64 {
		if len(counts) == 1 {
			return left
		}
		return left + (width-left-right)*float64(i)/float64(len(counts)-1)
	}
	labelEvery := 1.0 // powers of ten to label: every other one past 10,000
	if top10 > 4 {
		labelEvery = 2
	}
	for p := 0.0; p <= top10; p++ { // gridlines at powers of ten
		y := yOf(int(math.Pow(10, p)))
		chart.AppendChild(svg("line", cls("kz-grid-line"), attr("x1", f1(left)), attr("x2", f1(width-right)), attr("y1", f1(y)), attr("y2", f1(y))))
		if math.Mod(p, labelEvery) != 0 {
			continue
		}
		chart.AppendChild(svg("text", cls("kz-axis"), attr("x", f1(left-6)), attr("y", f1(y+4)), attr("text-anchor", "end"), attr("font-size", "12"), compactNumber(int(math.Pow(10, p)))))
	}
	var points []string
	for i, c := range counts {
		points = append(points, fmt.Sprintf("%s,%s", f1(xOf(i)), f1(yOf(c))))
	}
	chart.AppendChild(svg("polyline", cls("kz-line"), attr("points", strings.Join(points, " "))))
	for i, c := range counts {
		chart.AppendChild(svg("circle", cls("kz-dot"), attr("cx", f1(xOf(i))), attr("cy", f1(yOf(c))), attr("r", "4")))
		if len(counts) <= 14 {
			chart.AppendChild(svg("text", cls("kz-axis"), attr("x", f1(xOf(i))), attr("y", f1(height-bottom+18)), attr("text-anchor", "middle"), attr("font-size", "12"), labels[i]))
		}
	}
	var text []string
	for i, c := range counts {
		text = append(text, labels[i]+": "+i18n.Number(int64(c)))
	}
	return el("figure", cls("kz-figure"), chart, el("figcaption", cls("kz-sr"), title+". "+strings.Join(text, "; ")))
}

func compactNumber(n int) string {
	switch {
	case n >= 1_000_000:
		return fmt.Sprintf("%dM", n/1_000_000)
	case n >= 1000:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprint(n)
}

func f1(x float64) string { return fmt.Sprintf("%.1f", x) }
