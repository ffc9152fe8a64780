package frame

import (
	"testing"

	"kibitz/wasm/i18n"
	"kibitz/wasm/i18n/i18ntest"
)

func TestMessages(t *testing.T) {
	i18ntest.Check(t, Messages)
	i18ntest.KeysUsed(t, Messages)
	i18ntest.Counted(t, Messages, []i18ntest.Count{
		{Key: "error.too-large", Args: func(n int) []any { return []any{n, 9} },
			One: "Too large: these rules allow 1 code, and the limit is 9.", Two: "Too large: these rules allow 2 codes, and the limit is 9."},
	})
	if got := Messages.T(i18n.English, "where.row", 3); got != "Row 3" {
		t.Errorf("where.row: %q", got)
	}
}
