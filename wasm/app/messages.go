package app

import "kibitz/wasm/i18n"

// Messages are the site page's strings in every language (messages_*.go);
// they join the catalog when the page role registers the page.
var Messages = i18n.Catalog{
	i18n.English:            english,
	i18n.TraditionalChinese: traditionalChinese,
	i18n.SimplifiedChinese:  simplifiedChinese,
	i18n.Japanese:           japanese,
}
