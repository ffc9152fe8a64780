package app

// traditionalChinese holds the site page's strings in Traditional Chinese.
var traditionalChinese = map[string]string{
	"app.tagline": "完全在瀏覽器裡執行的遊戲解題器。",
	"app.games":   "遊戲",
}
