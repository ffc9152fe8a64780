//go:build js && wasm

package app

import (
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
)

// The frame's element builder and DOM helpers, under the short names this
// package's markup reads with, as a tree (see frame.El). They are
// functions, not variables holding frame's: a call through a variable
// costs more code at each of the many call sites.

func el(tag string, args ...any) dom.Element { return frame.El(tag, args...) }

func attr(name, value string) frame.Prop { return frame.Attr(name, value) }

func cls(names string) frame.Prop { return frame.Cls(names) }

func on(typ, name string) frame.Prop { return frame.On(typ, name) }

func data(key, value string) frame.Prop { return frame.Data(key, value) }

func build(e dom.Element, args ...any) dom.Element { return frame.Build(e, args...) }

func setHidden(e dom.Element, hidden bool) { frame.SetHidden(e, hidden) }

func focus(e dom.Element) { frame.Focus(e) }

func scrollTabIntoView(tab dom.Element) { frame.ScrollTabIntoView(tab) }

func tabKey(ev dom.Event, i, n int) (int, bool) { return frame.TabKey(ev, i, n) }
