//go:build js && wasm

package ui

import (
	_ "embed"

	"kibitz/wasm/frame"
)

var (
	//go:embed chain.css
	chainStyle string
)

// Register registers the widgets still in this package: the chain game
// and the site's page.
func Register() {
	frame.Register(frame.Game{Name: "chain", New: func() frame.Widget { return &chainWidget{} }, Style: chainStyle})
	frame.RegisterPage("app", func() frame.Widget { return &appWidget{} })
}
