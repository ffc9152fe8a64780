package app

import (
	"testing"

	"kibitz/wasm/frame"
	"kibitz/wasm/i18n/i18ntest"
)

func TestMessages(t *testing.T) {
	i18ntest.Check(t, Messages)
	i18ntest.KeysUsed(t, Messages, frame.Messages)
}
