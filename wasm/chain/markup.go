//go:build js && wasm

package chain

import "kibitz/wasm/frame"

// The frame's element builder and DOM helpers, under the short names this
// package's markup reads with, as a tree (see frame.El).
var (
	el            = frame.El
	attr          = frame.Attr
	cls           = frame.Cls
	on            = frame.On
	data          = frame.Data
	replace       = frame.Replace
	inputValue    = frame.InputValue
	setInputValue = frame.SetInputValue
	checked       = frame.Checked
	setChecked    = frame.SetChecked
	setHidden     = frame.SetHidden
	setDisabled   = frame.SetDisabled
	focus         = frame.Focus
	tabKey        = frame.TabKey
	htmlEscape    = frame.HTMLEscape
)
