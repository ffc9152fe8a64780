//go:build js && wasm

package ui

import (
	"fmt"
	"strings"

	"honnef.co/go/js/dom/v2"
)

// A small element builder, so a widget's markup reads as a tree:
//
//	el("button", cls("primary"), attr("type", "submit"), on("click", "go"), "Go")
//
// Arguments are applied in order: a string becomes a text node, a dom.Node
// is appended, a prop sets something on the element, a slice of nodes is
// appended in order, and nil is skipped.

// prop sets something on an element.
type prop func(dom.Element)

func el(tag string, args ...any) dom.Element {
	return build(doc.CreateElement(tag), args...)
}

const svgNS = "http://www.w3.org/2000/svg"

// svg builds an element in the SVG namespace, for charts.
func svg(tag string, args ...any) dom.Element {
	return build(doc.CreateElementNS(svgNS, tag), args...)
}

// build applies args to e (see el) and returns e.
func build(e dom.Element, args ...any) dom.Element {
	for _, a := range args {
		switch a := a.(type) {
		case nil:
		case string:
			e.AppendChild(doc.CreateTextNode(a))
		case prop:
			a(e)
		case dom.Node:
			e.AppendChild(a)
		case []dom.Element:
			for _, c := range a {
				e.AppendChild(c)
			}
		default:
			panic(fmt.Sprintf("ui: el cannot use %T", a))
		}
	}
	return e
}

func attr(name, value string) prop { return func(e dom.Element) { e.SetAttribute(name, value) } }

// attrIf sets a boolean attribute (disabled, hidden, checked) when on.
func attrIf(on bool, name string) prop {
	return func(e dom.Element) {
		if on {
			e.SetAttribute(name, "")
		}
	}
}

func cls(names string) prop { return attr("class", names) }

// on asks the frame to call the handler named name on event typ.
func on(typ, name string) prop { return attr("data-on-"+typ, name) }

// data sets a data-* attribute, which handlers read back from the target.
func data(key, value string) prop { return attr("data-"+key, value) }

// replace swaps all of e's children for the given ones.
func replace(e dom.Element, children ...any) {
	e.SetInnerHTML("")
	build(e, children...)
}

// inputValue and setInputValue read and write a form control's value.
func inputValue(e dom.Element) string { return e.Underlying().Get("value").String() }

func setInputValue(e dom.Element, v string) { e.Underlying().Set("value", v) }

func checked(e dom.Element) bool { return e.Underlying().Get("checked").Bool() }

func setChecked(e dom.Element, v bool) { e.Underlying().Set("checked", v) }

func setHidden(e dom.Element, hidden bool) {
	if hidden {
		e.SetAttribute("hidden", "")
	} else {
		e.RemoveAttribute("hidden")
	}
}

func setDisabled(e dom.Element, disabled bool) { e.Underlying().Set("disabled", disabled) }

func focus(e dom.Element) { e.Underlying().Call("focus") }

// scrollTabIntoView scrolls a tab bar sideways so tab is in view. Unlike
// scrollIntoView it never scrolls the page: a widget low in a blog post
// must not pull the reader down to it.
func scrollTabIntoView(tab dom.Element) {
	t := tab.Underlying()
	bar := t.Get("parentElement")
	left, width := t.Get("offsetLeft").Float(), t.Get("offsetWidth").Float()
	scroll, visible := bar.Get("scrollLeft").Float(), bar.Get("clientWidth").Float()
	switch {
	case left < scroll:
		bar.Set("scrollLeft", left)
	case left+width > scroll+visible:
		bar.Set("scrollLeft", left+width-visible)
	}
}

// tabKey is where a tab list's keys move: the arrows to the next or
// previous tab (wrapping round), Home and End to the first and last. It
// returns the index of the tab to select from tab i of n, and false for
// any other key.
func tabKey(ev dom.Event, i, n int) (int, bool) {
	switch ev.Underlying().Get("key").String() {
	case "ArrowRight":
		return (i + 1) % n, true
	case "ArrowLeft":
		return (i + n - 1) % n, true
	case "Home":
		return 0, true
	case "End":
		return n - 1, true
	}
	return i, false
}

// htmlEscape makes text safe in markup, in an attribute or not.
func htmlEscape(text string) string {
	if !strings.ContainsAny(text, `&<>"`) {
		return text
	}
	var b strings.Builder
	for _, r := range text {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
