//go:build js && wasm

package guess

import (
	"kibitz/wasm/dom"
	"kibitz/wasm/frame"
)

// The frame's element builder and DOM helpers, under the short names this
// package's markup reads with, as a tree (see frame.El). They are
// functions, not variables holding frame's: a call through a variable
// costs more code at each of the many call sites.

func el(tag string, args ...any) dom.Element { return frame.El(tag, args...) }

func svg(tag string, args ...any) dom.Element { return frame.SVG(tag, args...) }

func attr(name, value string) frame.Prop { return frame.Attr(name, value) }

func cls(names string) frame.Prop { return frame.Cls(names) }

func inlineStyle(css string) frame.Prop { return frame.Style(css) }

func setStyle(e dom.Element, css string) { frame.SetStyle(e, css) }

func on(typ, name string) frame.Prop { return frame.On(typ, name) }

func data(key, value string) frame.Prop { return frame.Data(key, value) }

func build(e dom.Element, args ...any) dom.Element { return frame.Build(e, args...) }

func replace(e dom.Element, children ...any) { frame.Replace(e, children...) }

func inputValue(e dom.Element) string { return frame.InputValue(e) }

func setInputValue(e dom.Element, v string) { frame.SetInputValue(e, v) }

func checked(e dom.Element) bool { return frame.Checked(e) }

func setChecked(e dom.Element, v bool) { frame.SetChecked(e, v) }

func setHidden(e dom.Element, hidden bool) { frame.SetHidden(e, hidden) }

func setDisabled(e dom.Element, disabled bool) { frame.SetDisabled(e, disabled) }

func focus(e dom.Element) { frame.Focus(e) }

func toggleClass(e dom.Element, name string, on bool) { frame.ToggleClass(e, name, on) }
