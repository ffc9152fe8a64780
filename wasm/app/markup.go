//go:build js && wasm

package app

import "kibitz/wasm/frame"

// The frame's element builder and DOM helpers, under the short names this
// package's markup reads with, as a tree (see frame.El).
var (
	el                = frame.El
	attr              = frame.Attr
	cls               = frame.Cls
	on                = frame.On
	data              = frame.Data
	build             = frame.Build
	setHidden         = frame.SetHidden
	focus             = frame.Focus
	scrollTabIntoView = frame.ScrollTabIntoView
	tabKey            = frame.TabKey
)
