package chain

import "kibitz/wasm/i18n"

// messages are the chain game's strings in every language (messages_*.go);
// they join the catalog when wasm/games.go registers Game.
var messages = i18n.Catalog{
	i18n.English:            english,
	i18n.TraditionalChinese: traditionalChinese,
	i18n.SimplifiedChinese:  simplifiedChinese,
	i18n.Japanese:           japanese,
}
