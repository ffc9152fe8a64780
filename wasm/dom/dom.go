//go:build js && wasm

// Package dom is the part of the browser's DOM the widgets use: nodes,
// elements, events and the document, as one thin wrapper over syscall/js.
//
// It replaces honnef.co/go/js/dom/v2, which wraps every element and event
// type the web has (HTMLVideoElement, WheelEvent, ...). Its wrap functions
// switch over all of them, so the linker kept every method of each: 3,558
// functions and 1.1 MB of the module's code, for the two dozen methods the
// widgets call. Here a node of any kind is one type, and anything else is
// reached through Underlying.
//
// As in dom/v2, a method that finds nothing (QuerySelector, Closest,
// ParentElement, ...) returns a nil interface, never a wrapper of null.
package dom

import (
	"fmt"
	"syscall/js"
)

// Node is any node of the document: an element, a text node, a shadow
// root.
type Node interface {
	Underlying() js.Value
	AppendChild(child Node)
	RemoveChild(child Node)
	InsertBefore(child, before Node)
	ReplaceChild(newChild, oldChild Node)
	Contains(other Node) bool
	TextContent() string
	SetTextContent(text string)
	SetInnerHTML(html string)
	ParentNode() Node
	ParentElement() Element
	FirstChild() Node
	NextSibling() Node
	QuerySelector(selectors string) Element
	QuerySelectorAll(selectors string) []Element
}

// Element is an element node.
type Element interface {
	Node
	GetAttribute(name string) string
	SetAttribute(name, value string)
	RemoveAttribute(name string)
	HasAttribute(name string) bool
	Class() *TokenList
	Closest(selectors string) Element
	NextElementSibling() Element
	Focus()
}

// DocumentFragment is a fragment, such as a widget's shadow root.
type DocumentFragment interface{ Node }

// Document is the page's document.
type Document interface {
	Node
	CreateElement(tag string) Element
	CreateElementNS(namespace, tag string) Element
	CreateTextNode(text string) Node
	DocumentElement() Element
}

// Event is a DOM event.
type Event interface {
	Underlying() js.Value
	Type() string
	Target() Element
	PreventDefault()
}

// node is every kind of node: the methods a kind lacks are never called
// on it (the interfaces above say which apply).
type node struct{ v js.Value }

// wrap is v as a node, or nil for null and undefined.
func wrap(v js.Value) *node {
	if v.IsNull() || v.IsUndefined() {
		return nil
	}
	return &node{v}
}

// The getters return a nil interface, not a nil *node inside one, when
// nothing is there.

func nodeOf(v js.Value) Node {
	if n := wrap(v); n != nil {
		return n
	}
	return nil
}

func elementOf(v js.Value) Element {
	if n := wrap(v); n != nil {
		return n
	}
	return nil
}

// WrapElement wraps a JS element (nil for null).
func WrapElement(v js.Value) Element { return elementOf(v) }

// WrapDocumentFragment wraps a JS document fragment or shadow root.
func WrapDocumentFragment(v js.Value) DocumentFragment {
	if n := wrap(v); n != nil {
		return n
	}
	return nil
}

// WrapEvent wraps a JS event.
func WrapEvent(v js.Value) Event { return event{v} }

// Window is the global window.
type Window struct{ v js.Value }

// GetWindow returns the global window.
func GetWindow() Window { return Window{js.Global()} }

// Document is the window's document.
func (w Window) Document() Document { return &node{w.v.Get("document")} }

func (n *node) Underlying() js.Value { return n.v }

func (n *node) AppendChild(child Node) { n.v.Call("appendChild", child.Underlying()) }
func (n *node) RemoveChild(child Node) { n.v.Call("removeChild", child.Underlying()) }
func (n *node) InsertBefore(child, before Node) {
	ref := js.Null()
	if before != nil {
		ref = before.Underlying()
	}
	n.v.Call("insertBefore", child.Underlying(), ref)
}
func (n *node) ReplaceChild(newChild, oldChild Node) {
	n.v.Call("replaceChild", newChild.Underlying(), oldChild.Underlying())
}
func (n *node) Contains(other Node) bool {
	return other != nil && n.v.Call("contains", other.Underlying()).Bool()
}

func (n *node) TextContent() string        { return n.v.Get("textContent").String() }
func (n *node) SetTextContent(text string) { n.v.Set("textContent", text) }
func (n *node) SetInnerHTML(html string) {
	if html == "" {
		n.v.Call("replaceChildren") // no markup: nothing for Trusted Types to check
		return
	}
	SetHTML(n.v, html)
}
func (n *node) ParentNode() Node               { return nodeOf(n.v.Get("parentNode")) }
func (n *node) ParentElement() Element         { return elementOf(n.v.Get("parentElement")) }
func (n *node) FirstChild() Node               { return nodeOf(n.v.Get("firstChild")) }
func (n *node) NextSibling() Node              { return nodeOf(n.v.Get("nextSibling")) }
func (n *node) QuerySelector(s string) Element { return elementOf(n.v.Call("querySelector", s)) }

func (n *node) QuerySelectorAll(s string) []Element {
	list := n.v.Call("querySelectorAll", s)
	out := make([]Element, list.Length())
	for i := range out {
		out[i] = &node{list.Index(i)}
	}
	return out
}

// GetAttribute returns the attribute's value, or "" when it is absent.
func (n *node) GetAttribute(name string) string {
	v := n.v.Call("getAttribute", name)
	if v.IsNull() {
		return ""
	}
	return v.String()
}

func (n *node) SetAttribute(name, value string) { n.v.Call("setAttribute", name, value) }
func (n *node) RemoveAttribute(name string)     { n.v.Call("removeAttribute", name) }
func (n *node) HasAttribute(name string) bool   { return n.v.Call("hasAttribute", name).Bool() }
func (n *node) Closest(s string) Element        { return elementOf(n.v.Call("closest", s)) }
func (n *node) NextElementSibling() Element     { return elementOf(n.v.Get("nextElementSibling")) }
func (n *node) Focus()                          { n.v.Call("focus") }
func (n *node) Class() *TokenList               { return &TokenList{n.v.Get("classList")} }

func (n *node) CreateElement(tag string) Element { return &node{n.v.Call("createElement", tag)} }
func (n *node) CreateElementNS(namespace, tag string) Element {
	return &node{n.v.Call("createElementNS", namespace, tag)}
}
func (n *node) CreateTextNode(text string) Node { return &node{n.v.Call("createTextNode", text)} }
func (n *node) DocumentElement() Element        { return elementOf(n.v.Get("documentElement")) }

// TokenList is an element's class list.
type TokenList struct{ v js.Value }

func (t *TokenList) Add(tokens ...string) {
	for _, s := range tokens {
		t.v.Call("add", s)
	}
}

func (t *TokenList) Remove(tokens ...string) {
	for _, s := range tokens {
		t.v.Call("remove", s)
	}
}

func (t *TokenList) Contains(token string) bool { return t.v.Call("contains", token).Bool() }

type event struct{ v js.Value }

func (e event) Underlying() js.Value { return e.v }
func (e event) Type() string         { return e.v.Get("type").String() }
func (e event) Target() Element      { return elementOf(e.v.Get("target")) }
func (e event) PreventDefault()      { e.v.Call("preventDefault") }

// trustedHTML is the loader's kibitzHTML, looked up once: undefined where
// there is none (under Node).
var trustedHTML js.Value

// TrustedHTML returns the widgets' own markup in the form the page accepts
// for innerHTML and insertAdjacentHTML. On a page that enforces Trusted
// Types (require-trusted-types-for 'script') a plain string there throws,
// and a throw in a property set unwinds through Go's stack, which
// WebAssembly cannot, killing the widgets' Go. The loader's kibitzHTML
// passes the markup through its "kibitz" policy (the text in it is
// escaped where it is built); without one it is the string itself.
func TrustedHTML(html string) js.Value {
	if trustedHTML.IsUndefined() {
		trustedHTML = js.Global().Get("kibitzHTML")
	}
	if trustedHTML.Type() != js.TypeFunction {
		return js.ValueOf(html)
	}
	return trustedHTML.Invoke(html)
}

// SetHTML sets v's innerHTML to the widgets' own markup, through
// TrustedHTML. It sets it with Reflect.set, a call: should the page still
// refuse it, the refusal is an error logged to the console, where a plain
// property set would throw through Go's stack and kill the instance.
func SetHTML(v js.Value, html string) {
	defer func() {
		if refused := recover(); refused != nil {
			js.Global().Get("console").Call("error", "kibitz: the page refused the widget's markup:", fmt.Sprint(refused))
		}
	}()
	js.Global().Get("Reflect").Call("set", v, "innerHTML", TrustedHTML(html))
}

// AppendHTML adds the widgets' own markup at the end of n's children
// (insertAdjacentHTML "beforeend"), through TrustedHTML.
func AppendHTML(n Node, html string) {
	n.Underlying().Call("insertAdjacentHTML", "beforeend", TrustedHTML(html))
}
