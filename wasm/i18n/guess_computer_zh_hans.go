package i18n

// “电脑猜”与图表，以及各策略的一句说明。
func init() {
	add(SimplifiedChinese, map[string]string{
		"comp.picker":            "你的回答",
		"comp.picker-hint":       "选择你的回答：只列出这个游戏可能出现的结果。方向键移动；直接输入数字（{1} 代表 {2}）；按 Enter 提交。",
		"comp.pick-first":        "请先选择回答。",
		"comp.candidates-one":    "只剩 1 种可能。",
		"comp.only-code":         "只剩 {1} 一种可能：它一定是答案。",
		"comp.thinking":          "思考中……",
		"strategy-doc.random":    "随机猜一个仍可能是答案的数。",
		"strategy-doc.frequency": "猜各位置上数字出现最频繁的可能答案。",
		"strategy-doc.super":     "选分组由大到小排列后最小的猜测。",
		"strategy-doc.minimax":   "Knuth 的方法：最坏情况下剩下最少可能的猜测。",
		"strategy-doc.expected":  "平均剩下最少可能的猜测。",
		"strategy-doc.entropy":   "回答带来最多信息（比特）的猜测。",
		"strategy-doc.parts":     "可能的回答种类最多的猜测。",
		"strategy-doc.best":      "最强的下法：剩下不多时精确求解，否则向前搜索。",
		"strategy-doc.perfect":   "搜索整个游戏、经证明最优的下法；只适用于小型游戏。",
	})
}
