package i18n

import "testing"

func TestChoiceByCount(t *testing.T) {
	for _, c := range []struct {
		msg  string
		args []string
		want string
	}{
		{"{1} {1:mine|mines}", []string{"1"}, "{1} mine"},
		{"{1} {1:mine|mines}", []string{"0"}, "{1} mines"},
		{"{1} {1:mine|mines}", []string{"1,001"}, "{1} mines"},
		{"{1} {1:mine|mines}", []string{"1.00"}, "{1} mines"},
		{"There {2:is 1 flag|are {2} flags}.", []string{"x", "1"}, "There is 1 flag."},
		{"There {2:is 1 flag|are {2} flags}.", []string{"x", "3"}, "There are {2} flags."},
		{"{1:one {2:a|b}|many {2:c|d}}", []string{"1", "5"}, "one b"},
		{"{1:one {2:a|b}|many {2:c|d}}", []string{"5", "1"}, "many c"},
		{"{3,1,4} and {1:x|y}", []string{"1"}, "{3,1,4} and x"},
		{"{9:x|y}", []string{"1"}, "{9:x|y}"},     // no ninth argument
		{"{1:x|y|z}", []string{"1"}, "{1:x|y|z}"}, // three forms
		{"{1:x|y", []string{"1"}, "{1:x|y"},       // never closed
	} {
		if got := choose(c.msg, c.args); got != c.want {
			t.Errorf("choose(%q, %q) = %q, want %q", c.msg, c.args, got, c.want)
		}
	}
}
