//go:build js && wasm

package guess

import "kibitz/wasm/dom"

// wonHeading is the one heading every mode shows when the secret is
// found, whoever found it.
func (w *guessWidget) wonHeading(guesses int) dom.Element {
	text := w.f.T("won.heading", guesses)
	if guesses == 1 {
		text = w.f.T("won.heading-one")
	}
	return el("h3", cls("kz-win"), text)
}
