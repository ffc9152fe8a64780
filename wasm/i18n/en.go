package i18n

func init() {
	add(English, map[string]string{
		"common.cancel":   "Cancel",
		"common.working":  "Thinking…",
		"common.progress": "Thinking… {1}%",
		"common.dismiss":  "Dismiss",
		"error.internal":  "Something went wrong inside Kibitz: {1}",
		"error.cancelled": "Cancelled.",
		"error.crashed":   "The engine crashed and has been restarted. Your game is safe; try again.",
		"error.too-large": "Too large: these rules allow {1} codes, and the limit is {2}.",
		"where.row":       "row {1}",
		"where.rows":      "rows {1}",
		"where.pos":       "position {1}",
		"where.sep":       ", ",
	})
}
