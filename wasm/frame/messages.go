package frame

import "kibitz/wasm/i18n"

// Messages are the frame's own strings in every language (messages_*.go):
// the busy bar, Stop, copying, the language menu, the error sentences
// every widget shares, and "How to play", which more than one game uses.
// They join the catalog with the frame; widget packages' tests check
// their keys against them.
var Messages = i18n.Catalog{
	i18n.English:            english,
	i18n.TraditionalChinese: traditionalChinese,
	i18n.SimplifiedChinese:  simplifiedChinese,
	i18n.Japanese:           japanese,
}
