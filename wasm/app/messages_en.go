package app

// english holds the site page's strings in English.
var english = map[string]string{
	"app.games":     "Games",
	"app.choose":    "Choose a game",
	"app.play":      "Play",
	"app.play-game": "Play {1}",
	"app.all-games": "All games",
}
