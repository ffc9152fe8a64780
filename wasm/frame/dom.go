//go:build js && wasm

package frame

import (
	"fmt"
	"strings"

	"github.com/hack-pad/safejs"

	"kibitz/wasm/dom"
)

// A small element builder, so a widget's markup reads as a tree:
//
//	El("button", Cls("primary"), Attr("type", "submit"), On("click", "go"), "Go")
//
// Arguments are applied in order: a string becomes a text node, a dom.Node
// is appended, a Prop sets something on the element, a slice of nodes is
// appended in order, and nil is skipped. Each widget package gives these
// helpers short local names (el, cls, attr, ...) in its markup.go, so its
// markup stays as readable as a tree.

// Prop sets something on an element.
type Prop func(dom.Element)

// El creates a tag element and applies args to it.
func El(tag string, args ...any) dom.Element {
	return Build(doc.CreateElement(tag), args...)
}

const svgNS = "http://www.w3.org/2000/svg"

// SVG builds an element in the SVG namespace, for charts.
func SVG(tag string, args ...any) dom.Element {
	return Build(doc.CreateElementNS(svgNS, tag), args...)
}

// Build applies args to e (see El) and returns e.
func Build(e dom.Element, args ...any) dom.Element {
	for _, a := range args {
		switch a := a.(type) {
		case nil:
		case string:
			e.AppendChild(doc.CreateTextNode(a))
		case Prop:
			a(e)
		case dom.Node:
			e.AppendChild(a)
		case []dom.Element:
			for _, c := range a {
				e.AppendChild(c)
			}
		default:
			panic(fmt.Sprintf("frame: El cannot use %T", a))
		}
	}
	return e
}

// Attr sets an attribute.
func Attr(name, value string) Prop { return func(e dom.Element) { e.SetAttribute(name, value) } }

// Style sets an element's inline declarations through the CSSOM
// (element.style.cssText), not its style attribute: a page whose
// Content-Security-Policy forbids inline styles (style-src without
// 'unsafe-inline') refuses the attribute but not the CSSOM.
func Style(css string) Prop { return func(e dom.Element) { SetStyle(e, css) } }

// SetStyle replaces an element's inline declarations (see Style).
func SetStyle(e dom.Element, css string) {
	if style, err := safejs.Safe(e.Underlying()).Get("style"); err == nil {
		_ = style.Set("cssText", css)
	}
}

// AttrIf sets a boolean attribute (disabled, hidden, checked) when on.
func AttrIf(on bool, name string) Prop {
	return func(e dom.Element) {
		if on {
			e.SetAttribute(name, "")
		}
	}
}

// Cls sets the class attribute.
func Cls(names string) Prop { return Attr("class", names) }

// On asks the frame to call the handler named name on event typ.
func On(typ, name string) Prop { return Attr("data-on-"+typ, name) }

// Data sets a data-* attribute, which handlers read back from the target.
func Data(key, value string) Prop { return Attr("data-"+key, value) }

// Replace swaps all of e's children for the given ones.
func Replace(e dom.Element, children ...any) {
	e.SetInnerHTML("")
	Build(e, children...)
}

// InputValue and SetInputValue read and write a form control's value.
func InputValue(e dom.Element) string { return e.Underlying().Get("value").String() }

func SetInputValue(e dom.Element, v string) { e.Underlying().Set("value", v) }

// Checked and SetChecked read and write a checkbox or radio button.
func Checked(e dom.Element) bool { return e.Underlying().Get("checked").Bool() }

func SetChecked(e dom.Element, v bool) { e.Underlying().Set("checked", v) }

// SetHidden shows or hides e.
func SetHidden(e dom.Element, hidden bool) {
	if hidden {
		e.SetAttribute("hidden", "")
	} else {
		e.RemoveAttribute("hidden")
	}
}

// SetText sets e's text, unless it says that already: a live region
// written again with the same words may be read out again.
func SetText(e dom.Element, text string) {
	if e.TextContent() != text {
		e.SetTextContent(text)
	}
}

// FieldError says what is wrong with field in note, the element beside it
// that its aria-describedby names, and marks the field invalid; "" clears
// both.
func FieldError(field, note dom.Element, text string) {
	note.SetTextContent(text)
	if text == "" {
		field.RemoveAttribute("aria-invalid")
	} else {
		field.SetAttribute("aria-invalid", "true")
	}
}

// MarkInvalid marks each of fields that bad holds invalid, described by
// the note with id noteID (one note for a group of fields, as a form's
// size fields), and clears the others.
func MarkInvalid(fields []dom.Element, bad map[dom.Element]bool, noteID string) {
	for _, in := range fields {
		if bad[in] {
			in.SetAttribute("aria-invalid", "true")
			in.SetAttribute("aria-describedby", noteID)
		} else {
			in.RemoveAttribute("aria-invalid")
			in.RemoveAttribute("aria-describedby")
		}
	}
}

// SetDisabled enables or disables a control.
func SetDisabled(e dom.Element, disabled bool) { e.Underlying().Set("disabled", disabled) }

// Focus moves the focus to e.
func Focus(e dom.Element) { e.Underlying().Call("focus") }

// ScrollTabIntoView scrolls a tab bar sideways so tab is in view, clear
// of the bar's arrows and with no tab cut at the start of the view (see
// tabs.go). Unlike scrollIntoView it never scrolls the page: a widget low
// in a blog post must not pull the reader down to it.
func ScrollTabIntoView(tab dom.Element) {
	list := tab.ParentElement()
	if list == nil {
		return
	}
	for i, t := range list.QuerySelectorAll("[role=tab]") {
		if t.Underlying().Equal(tab.Underlying()) {
			scrollTabBar(list, i, false)
			return
		}
	}
}

// TabKey is where a tab list's keys move: the arrows to the next or
// previous tab (wrapping round), Home and End to the first and last. It
// returns the index of the tab to select from tab i of n, and false for
// any other key.
func TabKey(ev dom.Event, i, n int) (int, bool) {
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

// An EditKey is what a key press asks of a widget's history.
type EditKey int

const (
	NoEdit  EditKey = iota
	UndoKey         // Ctrl+Z, ⌘Z
	RedoKey         // Ctrl+Shift+Z, ⌘⇧Z, Ctrl+Y
)

// EditKeyOf reads Undo and Redo off a keydown as every platform writes
// them: Ctrl or ⌘ with Z, with Shift for Redo, or Ctrl+Y (Windows' Redo;
// ⌘Y is the Mac's History). Alt with them is another shortcut.
func EditKeyOf(ev dom.Event) EditKey {
	e := ev.Underlying()
	ctrl := e.Get("ctrlKey").Bool()
	if e.Get("altKey").Bool() || !(ctrl || e.Get("metaKey").Bool()) {
		return NoEdit
	}
	shift := e.Get("shiftKey").Bool()
	switch e.Get("key").String() {
	case "z", "Z":
		if shift {
			return RedoKey
		}
		return UndoKey
	case "y", "Y":
		if ctrl && !shift {
			return RedoKey
		}
	}
	return NoEdit
}

// HTMLEscape makes text safe in markup, in an attribute or not.
func HTMLEscape(text string) string {
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

// ToggleClass adds the class name to e, or removes it.
func ToggleClass(e dom.Element, name string, on bool) {
	if on {
		e.Class().Add(name)
	} else {
		e.Class().Remove(name)
	}
}
