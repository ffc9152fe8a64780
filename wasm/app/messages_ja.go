package app

// japanese holds the site page's strings in Japanese.
var japanese = map[string]string{
	"app.tagline": "ブラウザだけで動くゲームソルバー。",
	"app.games":   "ゲーム",
}
