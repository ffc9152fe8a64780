//go:build js && wasm

package frame

import (
	"fmt"

	"github.com/hack-pad/safejs"

	"kibitz/wasm/bridge"
	"kibitz/wasm/dom"
)

// Tab bars that do not fit say so. Every tab bar (.kz-tabs, role=tablist)
// of every widget stays on one line and scrolls sideways when it is wider
// than the widget (a phone, a long language); the frame wraps each one in
// a .kz-tabbar with an arrow at either end, over a fade, shown only on the
// side where more tabs wait. The arrows scroll to the next tab, and
// whatever scrolls a bar (an arrow, ScrollTabIntoView) stops at a tab's
// edge beside the arrow, so no tab in view is cut mid-word.
//
// The arrows are for the pointer: they are left out of the Tab order and
// hidden from screen readers, which reach every tab by the tab list's own
// keys (TabKey) and scroll the chosen one into view.

// tabArrowWidth is the room an arrow takes at the end of a bar, in CSS
// pixels: .kz-tabs-arrow's width in style.css.
const tabArrowWidth = 36

// tabBars is what watchTabBars keeps to let go of at unmount.
type tabBars struct {
	onScroll  safejs.Value // the shadow root's capturing scroll listener
	release   []func()
	observer  safejs.Value // the ResizeObserver on every bar
	hasScroll bool
}

// watchTabBars gives every tab bar the widget built its arrows and keeps
// them right as the bar scrolls or changes size (a tab shown, the window
// turned). A widget builds its tab bars in Start; this runs after it.
func (f *Frame) watchTabBars() error {
	lists := f.root.QuerySelectorAll(".kz-tabs")
	if len(lists) == 0 {
		return nil
	}
	for _, list := range lists {
		bar := El("div", Cls("kz-tabbar"))
		list.ParentNode().InsertBefore(bar, list)
		bar.AppendChild(list)
		bar.AppendChild(tabArrow("back", "‹"))
		bar.AppendChild(tabArrow("fwd", "›"))
	}
	f.Handle("frame.tabs-more", func(_ dom.Event, arrow dom.Element) {
		bar := arrow.Closest(".kz-tabbar")
		if bar == nil {
			return
		}
		list := bar.QuerySelector(".kz-tabs")
		if i := nextHiddenTab(list, arrow.GetAttribute("data-dir") == "fwd"); i >= 0 {
			scrollTabBar(list, i, true)
		}
	})

	// Scroll events do not bubble: one capturing listener on the shadow
	// root hears every bar's.
	shadow := safejs.Safe(f.root.Underlying())
	onScroll, release, err := bridge.ReleasableFunc(func(_ safejs.Value, args []safejs.Value) any {
		if len(args) == 0 {
			return nil
		}
		target := dom.WrapEvent(safejs.Unsafe(args[0])).Target()
		if target != nil && target.Class().Contains("kz-tabs") {
			showTabArrows(target)
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.tabBars.release = append(f.tabBars.release, release)
	if _, err := shadow.Call("addEventListener", "scroll", onScroll, true); err != nil {
		return err
	}
	f.tabBars.onScroll, f.tabBars.hasScroll = onScroll, true

	// A bar's size changes when it is first shown (a hidden tab panel, the
	// app's welcome) and with the window: a ResizeObserver hears both.
	ctor, err := bridge.Global().Get("ResizeObserver")
	if err != nil || ctor.IsUndefined() {
		for _, list := range lists {
			showTabArrows(list)
		}
		return nil // an old browser: the bar still scrolls, without its arrows
	}
	onResize, release, err := bridge.ReleasableFunc(func(_ safejs.Value, args []safejs.Value) any {
		if len(args) == 0 {
			return nil
		}
		n, _ := args[0].Length()
		for i := 0; i < n; i++ {
			entry, err := args[0].Index(i)
			if err != nil {
				continue
			}
			if target, err := entry.Get("target"); err == nil {
				list := dom.WrapElement(safejs.Unsafe(target))
				// A bar laid out anew (first shown, or narrower) keeps
				// the chosen tab in view.
				if tab := list.QuerySelector("[role=tab][aria-selected=true]"); tab != nil {
					ScrollTabIntoView(tab)
				}
				showTabArrows(list)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.tabBars.release = append(f.tabBars.release, release)
	observer, err := ctor.New(onResize)
	if err != nil {
		return err
	}
	f.tabBars.observer = observer
	for _, list := range lists {
		if _, err := observer.Call("observe", safejs.Safe(list.Underlying())); err != nil {
			return err
		}
	}
	return nil
}

// unwatchTabBars lets go of the listeners (unmounting).
func (f *Frame) unwatchTabBars() {
	if f.tabBars.hasScroll {
		_, _ = safejs.Safe(f.root.Underlying()).Call("removeEventListener", "scroll", f.tabBars.onScroll, true)
	}
	if !f.tabBars.observer.IsUndefined() && !f.tabBars.observer.IsNull() {
		_, _ = f.tabBars.observer.Call("disconnect")
	}
	for _, release := range f.tabBars.release {
		release()
	}
	f.tabBars = tabBars{}
}

func tabArrow(dir, glyph string) dom.Element {
	return El("button", Attr("type", "button"), Cls("kz-tabs-arrow"), Data("dir", dir), Attr("tabindex", "-1"),
		Attr("aria-hidden", "true"), On("click", "frame.tabs-more"), glyph)
}

// showTabArrows shows the arrow on each side of list where tabs are out
// of view. Each arrow's fade reaches from the bar's end to the nearest
// tab wholly in view, so a tab half in view is faded out under it, never
// shown cut mid-word.
func showTabArrows(list dom.Element) {
	bar := list.ParentElement()
	if bar == nil || !bar.Class().Contains("kz-tabbar") {
		return
	}
	l := list.Underlying()
	scroll, visible, total := l.Get("scrollLeft").Float(), l.Get("clientWidth").Float(), l.Get("scrollWidth").Float()
	back, fwd := scroll > 1, scroll+visible < total-1
	setFlag(bar, "data-more-back", back)
	setFlag(bar, "data-more-fwd", fwd)
	spans := tabSpans(list)
	backCover, fwdCover := float64(tabArrowWidth), float64(tabArrowWidth)
	if back {
		for _, s := range spans {
			if s.left >= scroll+tabArrowWidth-1 {
				backCover = max(backCover, s.left-scroll)
				break
			}
		}
	}
	if fwd {
		for i := len(spans) - 1; i >= 0; i-- {
			if s := spans[i]; s.right <= scroll+visible-tabArrowWidth+1 {
				fwdCover = max(fwdCover, scroll+visible-s.right)
				break
			}
		}
	}
	style := bar.Underlying().Get("style")
	style.Call("setProperty", "--kz-tabs-back", fmt.Sprintf("%.0fpx", backCover))
	style.Call("setProperty", "--kz-tabs-fwd", fmt.Sprintf("%.0fpx", fwdCover))
}

func setFlag(e dom.Element, name string, on bool) {
	if on {
		e.SetAttribute(name, "")
	} else {
		e.RemoveAttribute(name)
	}
}

// tabSpan is a tab's place along its bar, in CSS pixels.
type tabSpan struct{ left, right float64 }

func tabSpans(list dom.Element) []tabSpan {
	// Bounding rectangles, not offsetLeft and offsetWidth, which are
	// rounded: a tab a fraction of a pixel under an arrow counts as under.
	l := list.Underlying()
	origin := l.Call("getBoundingClientRect").Get("left").Float() - l.Get("scrollLeft").Float()
	var spans []tabSpan
	for _, tab := range list.QuerySelectorAll("[role=tab]") {
		r := tab.Underlying().Call("getBoundingClientRect")
		spans = append(spans, tabSpan{r.Get("left").Float() - origin, r.Get("right").Float() - origin})
	}
	return spans
}

// nextHiddenTab is the tab an arrow brings into view: the first not
// wholly in view after the visible ones (fwd), or the last before them.
func nextHiddenTab(list dom.Element, fwd bool) int {
	l := list.Underlying()
	scroll, visible := l.Get("scrollLeft").Float(), l.Get("clientWidth").Float()
	spans := tabSpans(list)
	if fwd {
		for i, s := range spans {
			if s.right > scroll+visible-arrowRoom(i < len(spans)-1)+1 {
				return i
			}
		}
		return -1
	}
	for i := len(spans) - 1; i >= 0; i-- {
		if s := spans[i]; s.left < scroll+arrowRoom(i > 0)-1 {
			return i
		}
	}
	return -1
}

// arrowRoom is the room an arrow takes on a side where tabs wait.
func arrowRoom(more bool) float64 {
	if more {
		return tabArrowWidth
	}
	return 0
}

// scrollTabBar scrolls list so tab i is wholly in view, clear of the
// arrows, and the tab at the start of the view begins at its edge: a tab
// to the right ends the view; one to the left begins it.
func scrollTabBar(list dom.Element, i int, smooth bool) {
	spans := tabSpans(list)
	if i < 0 || i >= len(spans) {
		return
	}
	l := list.Underlying()
	scroll, visible := l.Get("scrollLeft").Float(), l.Get("clientWidth").Float()
	last := len(spans) - 1
	target := scroll
	switch {
	case spans[i].left < scroll+arrowRoom(i > 0):
		target = spans[i].left - arrowRoom(i > 0)
	case spans[i].right > scroll+visible-arrowRoom(i < last):
		// The first tab that fits in the view with tab i at its end
		// begins it.
		k := i
		for k > 0 && spans[i].right-spans[k-1].left+arrowRoom(k-1 > 0)+arrowRoom(i < last) <= visible {
			k--
		}
		target = spans[k].left - arrowRoom(k > 0)
	default:
		return
	}
	// A view that shows the first tab's start, or the last tab's end,
	// goes on to the bar's own end, past its padding (the app's games sit
	// in a padded tray): no arrow is left for a sliver of padding.
	if target <= spans[0].left {
		target = 0
	}
	if target+visible >= spans[last].right {
		target = l.Get("scrollWidth").Float() // clamped below
	}
	target = max(0, min(target, l.Get("scrollWidth").Float()-visible))
	if !smooth || ReducedMotion() {
		l.Set("scrollLeft", target)
		return
	}
	opts := map[string]any{"left": target, "behavior": "smooth"}
	l.Call("scrollTo", opts)
}

// ReducedMotion reports whether the reader asked for less motion.
func ReducedMotion() bool {
	mq, err := bridge.Global().Call("matchMedia", "(prefers-reduced-motion: reduce)")
	if err != nil {
		return false
	}
	matches, err := mq.Get("matches")
	if err != nil {
		return false
	}
	on, _ := matches.Bool()
	return on
}
