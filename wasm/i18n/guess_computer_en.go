package i18n

// "Computer guesses" and its charts, and the strategies' one-line
// descriptions (wasm/ui/guess_computer.go, guess_picker.go, charts.go).
func init() {
	add(English, map[string]string{
		"comp.picker":            "Your answer",
		"comp.picker-hint":       "Pick your answer: only the answers this game allows are shown. Arrow keys move; type the digits ({1} is {2}); Enter answers.",
		"comp.pick-first":        "Pick an answer first.",
		"comp.candidates-one":    "Only 1 code is still possible.",
		"comp.only-code":         "{1} is the only code left: it must be the secret.",
		"comp.thinking":          "thinking…",
		"strategy-doc.random":    "Plays a random code that could still be the secret.",
		"strategy-doc.frequency": "Plays the possible code whose symbols are the most common in their positions.",
		"strategy-doc.super":     "Picks the guess whose answer groups, largest first, are the smallest.",
		"strategy-doc.minimax":   "Knuth's rule: the guess whose worst answer leaves the fewest codes.",
		"strategy-doc.expected":  "The guess that leaves the fewest codes on average.",
		"strategy-doc.entropy":   "The guess whose answer tells the most, in bits.",
		"strategy-doc.parts":     "The guess with the most different possible answers.",
		"strategy-doc.best":      "The strongest play: solves exactly when few codes are left, and searches ahead otherwise.",
		"strategy-doc.perfect":   "Proven optimal play, searched over the whole game; only for small games.",
	})
}
