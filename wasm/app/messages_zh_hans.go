package app

// simplifiedChinese holds the site page's strings in Simplified Chinese.
var simplifiedChinese = map[string]string{
	"app.games":     "游戏",
	"app.choose":    "选一个游戏",
	"app.play":      "开始玩",
	"app.play-game": "开始玩{1}",
	"app.all-games": "所有游戏",
}
