package guess

import (
	"strings"
	"testing"
)

// The English messages count right for a code of one symbol.
func TestMessagesCountOneSymbol(t *testing.T) {
	r := Rules{Length: 1, Alphabet: "0123456789", Repeats: true}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.ParseCode("12", "guess"); err == nil || !strings.HasSuffix(err.Error(), "a code has 1 symbol, not 2") {
		t.Errorf("ParseCode: got %v", err)
	}
	if _, err := r.ParseTurn("1", 1, 1, 0); err == nil || !strings.HasSuffix(err.Error(), "A+B is 2, more than the 1 symbol in a code") {
		t.Errorf("ParseTurn: got %v", err)
	}
	r4 := Rules{Length: 4, Alphabet: "0123456789"}
	if err := r4.Validate(); err != nil {
		t.Fatal(err)
	}
	if _, err := r4.ParseCode("12", "guess"); err == nil || !strings.HasSuffix(err.Error(), "a code has 4 symbols, not 2") {
		t.Errorf("ParseCode: got %v", err)
	}
}
