package i18n

// 「コンピュータが当てる」とグラフ、各戦略の一行説明。
func init() {
	add(Japanese, map[string]string{
		"comp.picker":            "あなたの判定",
		"comp.picker-hint":       "判定を選んでください。このゲームでありうる判定だけを表示しています。矢印キーで移動、数字を直接入力（{1} は {2}）、Enter で送信します。",
		"comp.pick-first":        "先に判定を選んでください。",
		"comp.candidates-one":    "候補はあと 1 通りだけです。",
		"comp.only-code":         "残る候補は {1} だけなので、これが答えです。",
		"comp.thinking":          "考え中……",
		"strategy-doc.random":    "まだ答えでありうる数をランダムに選びます。",
		"strategy-doc.frequency": "各位置で最も多く現れる記号からなる候補を選びます。",
		"strategy-doc.super":     "判定ごとのグループを大きい順に並べたとき、最も小さくなる予想を選びます。",
		"strategy-doc.minimax":   "Knuth の方法：最悪の判定でも残る候補が最も少ない予想を選びます。",
		"strategy-doc.expected":  "平均して残る候補が最も少ない予想を選びます。",
		"strategy-doc.entropy":   "判定から得られる情報量（ビット）が最も多い予想を選びます。",
		"strategy-doc.parts":     "ありうる判定の種類が最も多い予想を選びます。",
		"strategy-doc.best":      "最強の手：候補が少なければ厳密に解き、多ければ先読みで探索します。",
		"strategy-doc.perfect":   "ゲーム全体を探索した、証明つきの最適な手です。小さなゲーム専用です。",
	})
}
