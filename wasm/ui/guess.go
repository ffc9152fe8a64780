//go:build js && wasm

package ui

import (
	"fmt"

	"honnef.co/go/js/dom/v2"
)

type guessWidget struct {
	f      *Frame
	secret dom.Element
	guess  dom.Element
	out    dom.Element
}

func (w *guessWidget) start(f *Frame) {
	w.f = f
	w.secret = el("input", attr("name", "secret"), attr("aria-label", "secret"))
	w.guess = el("input", attr("name", "guess"), attr("aria-label", "guess"))
	w.out = el("output", cls("kz-out"))
	f.Body.AppendChild(el("form", on("submit", "score"), w.secret, w.guess, el("button", "Score"), w.out))
	f.Handle("score", func(dom.Event, dom.Element) {
		go func() {
			var res struct{ A, B int }
			err := f.Call("guess.score", map[string]string{"secret": inputValue(w.secret), "guess": inputValue(w.guess)}, &res)
			if err != nil {
				f.ShowError(err)
				return
			}
			w.out.SetTextContent(fmt.Sprintf("%dA%dB", res.A, res.B))
		}()
	})
}
