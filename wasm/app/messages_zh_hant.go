package app

// traditionalChinese holds the site page's strings in Traditional Chinese.
var traditionalChinese = map[string]string{
	"app.games":     "遊戲",
	"app.choose":    "選一個遊戲",
	"app.play":      "開始玩",
	"app.play-game": "開始玩{1}",
	"app.all-games": "所有遊戲",
}
