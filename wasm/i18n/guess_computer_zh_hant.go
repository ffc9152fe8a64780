package i18n

// 「電腦猜」與圖表，以及各策略的一句說明。
func init() {
	add(TraditionalChinese, map[string]string{
		"comp.picker":            "你的回答",
		"comp.picker-hint":       "選擇你的回答：只列出這個遊戲可能出現的結果。方向鍵移動；直接輸入數字（{1} 代表 {2}）；按 Enter 送出。",
		"comp.pick-first":        "請先選擇回答。",
		"comp.candidates-one":    "只剩 1 種可能。",
		"comp.only-code":         "只剩 {1} 一種可能：它一定是答案。",
		"comp.thinking":          "思考中……",
		"strategy-doc.random":    "隨機猜一個仍可能是答案的數。",
		"strategy-doc.frequency": "猜各位置上數字出現最頻繁的可能答案。",
		"strategy-doc.super":     "選分組由大到小排列後最小的猜測。",
		"strategy-doc.minimax":   "Knuth 的方法：最壞情況下剩下最少可能的猜測。",
		"strategy-doc.expected":  "平均剩下最少可能的猜測。",
		"strategy-doc.entropy":   "回答帶來最多資訊（位元）的猜測。",
		"strategy-doc.parts":     "可能的回答種類最多的猜測。",
		"strategy-doc.best":      "最強的下法：剩下不多時精確求解，否則向前搜尋。",
		"strategy-doc.perfect":   "搜尋整個遊戲、經證明最佳的下法；只適用於小型遊戲。",
	})
}
