package app

// japanese holds the site page's strings in Japanese.
var japanese = map[string]string{
	"app.games":     "ゲーム",
	"app.choose":    "ゲームを選んでください",
	"app.play":      "遊ぶ",
	"app.play-game": "{1}を遊ぶ",
	"app.all-games": "すべてのゲーム",
}
