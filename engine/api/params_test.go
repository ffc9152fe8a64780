package api

import (
	"encoding/base64"
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Every numeric parameter of every method, with its place in the
// parameters. decode reads them all the same way; the table is here so
// that a field whose type makes it special (an unsigned seed, a field in a
// list) is tried by name.
var numericFields = []struct {
	method, path string
	unsigned     bool
}{
	{"guess.candidates", "limit", false},
	{"guess.candidates", "history[0].a", false},
	{"guess.candidates", "history[0].b", false},
	{"guess.score", "rules.length", false},
	{"guess.suggest", "budgetMs", false},
	{"guess.suggest", "seed", true},
	{"guess.tree", "depth", false},
	{"guess.host.new", "seed", true},
	{"mines.analyze", "budgetMs", false},
	{"mines.new", "width", false},
	{"mines.new", "height", false},
	{"mines.new", "mines", false},
	{"mines.new", "seed", true},
	{"mines.reveal", "x", false},
	{"mines.flag", "y", false},
	{"mines.hint", "budgetMs", false},
	{"mines.autoplay", "steps", false},
	{"mines.autoplay", "budgetMs", false},
	{"chain.solve", "n", false},
	{"chain.outcome", "n", false},
	{"chain.move", "n", false},
	{"chain.table", "from", false},
	{"chain.table", "to", false},
	{"chain.grundy", "from", false},
	{"chain.grundy", "to", false},
}

// paramsWith builds parameters holding value at path ("rules.length",
// "history[0].a").
func paramsWith(path, value string) string {
	switch {
	case strings.HasPrefix(path, "history[0]."):
		return `{"preset":"science-3","history":[{"guess":"123","` + strings.TrimPrefix(path, "history[0].") + `":` + value + `}]}`
	case strings.HasPrefix(path, "rules."):
		return `{"rules":{"alphabet":"0123456789","` + strings.TrimPrefix(path, "rules.") + `":` + value + `},"secret":"12","guess":"21"}`
	}
	return `{"` + path + `":` + value + `}`
}

func TestNumbersMustFitTheirField(t *testing.T) {
	for _, f := range numericFields {
		unit := ""
		if strings.HasSuffix(f.path, "Ms") {
			unit = " of milliseconds"
		}
		cases := []struct{ value, message string }{
			{"15.5", f.path + " must be a whole number" + unit + "; got 15.5"},
			{"-0.25", f.path + " must be a whole number" + unit + "; got -0.25"},
			{"1e-7", f.path + " must be a whole number" + unit + "; got 1e-7"},
			{"1e30", f.path + " is too large; got 1e30"},
			{"18446744073709551616", f.path + " is too large; got 18446744073709551616"}, // 2^64
			{"1e999999999", f.path + " is too large; got 1e999999999"},
			{"1e3", f.path + " must be written as a plain whole number, such as 1000; got 1e3"},
			{`"7"`, f.path + ` must be a whole number; got the text "7"`},
			// A long text is shortened by whole characters, never mid-way
			// through one (which would print as \xe4).
			{`"` + strings.Repeat("中", 41) + `"`, f.path + ` must be a whole number; got the text "` + strings.Repeat("中", 37) + `..."`},
			{"true", f.path + " must be a whole number; got true"},
			{"[1]", f.path + " must be a whole number; got a list"},
		}
		if f.unsigned {
			cases = append(cases, struct{ value, message string }{"-1", f.path + " must not be negative; got -1"})
		} else {
			cases = append(cases, struct{ value, message string }{"-1e30", f.path + " is too small; got -1e30"})
		}
		for _, c := range cases {
			params := paramsWith(f.path, c.value)
			e := wantError(t, f.method, params, CodeBadInput, f.path)
			if e.Message != c.message || e.Reason != "bad-value" {
				t.Errorf("%s %s:\n got %q (%s)\nwant %q", f.method, params, e.Message, e.Reason, c.message)
			}
			if want := strings.Trim(c.value, `"`); strings.HasPrefix(c.value, "[") && e.Value != "" || !strings.HasPrefix(c.value, "[") && e.Value != want {
				t.Errorf("%s %s: the value as given is %q, not %q", f.method, params, want, e.Value)
			}
		}
	}
}

// A budget in range for an int but whose Duration would overflow (and
// could wrap back into the allowed range) is refused, not misread.
func TestHugeBudgetsAreRefused(t *testing.T) {
	// 18446744073720 ms is 2^64 ns + 10.45 ms: wrapped, it looked like
	// a budget of 10 ms.
	for _, ms := range []string{"18446744073720", "9223372036854", "9223372036854775807"} {
		wantError(t, "guess.suggest", `{"preset":"science-3","budgetMs":`+ms+`}`, CodeBadInput, "budgetMs")
		wantError(t, "mines.analyze", `{"board":"3x2x2\nHHH\n121\n","budgetMs":`+ms+`}`, CodeBadInput, "budgetMs")
	}
}

// chain.grundy's range ends where it says, even at the largest int.
func TestGrundyRangeAtTheLargestInt(t *testing.T) {
	from, to := strconv.Itoa(math.MaxInt-2), strconv.Itoa(math.MaxInt)
	got := mustCall(t, "chain.grundy", `{"from":`+from+`,"to":`+to+`}`)
	if seq := got["sequence"].([]any); len(seq) != 3 {
		t.Fatalf("3 values from %s to %s, got %d", from, to, len(seq))
	}
}

func TestParamsMustBeAnObject(t *testing.T) {
	for _, c := range []struct{ params, got string }{
		{`5`, "got 5"},
		{`"1234"`, `got the text "1234"`},
		{`[1, 2]`, "got a list"},
		{`true`, "got true"},
	} {
		for _, method := range []string{"guess.score", "mines.new", "chain.solve"} {
			e := wantError(t, method, c.params, CodeBadInput, "params")
			if want := "the parameters must be a JSON object of named values; " + c.got; e.Message != want {
				t.Errorf("%s %s: got %q, want %q", method, c.params, e.Message, want)
			}
		}
	}
	// No parameters, or null, are an empty object.
	for _, params := range []string{``, `null`, ` `} {
		mustCall(t, "mines.levels", params)
	}
	e := wantError(t, "guess.score", `{"secret":"1234","guess":"1243"} {"secret":"1234"}`, CodeBadInput, "params")
	if !strings.Contains(e.Message, "one JSON object") {
		t.Errorf("trailing data: %q", e.Message)
	}
}

func TestDeeplyNestedParams(t *testing.T) {
	nested := func(depth int) string {
		return strings.Repeat(`{"a":`, depth) + `{}` + strings.Repeat(`}`, depth)
	}
	// As deep as a page's 3,000-3,500, the parameters are read and the
	// first unknown field is named.
	for _, depth := range []int{3000, 3500} {
		e := wantError(t, "guess.score", nested(depth), CodeBadInput, "a")
		if e.Reason != "unknown-field" {
			t.Errorf("%d deep: %+v", depth, e)
		}
	}
	// Deeper than encoding/json reads, it says so.
	e := wantError(t, "guess.score", `{"rules":`+nested(20000)+`}`, CodeBadInput, "params")
	if !strings.Contains(e.Message, "nested too deeply") {
		t.Errorf("20,000 deep: %q", e.Message)
	}
	// A type error deep inside a list is named with its whole path.
	deepList := `{"history":` + strings.Repeat(`[`, 2000) + strings.Repeat(`]`, 2000) + `}`
	e = wantError(t, "guess.candidates", deepList, CodeBadInput, "history[0]")
	if e.Message != "history[0] must be an object; got a list" {
		t.Errorf("a list in a list: %q", e.Message)
	}
}

// newStates starts one game of each kind with a sealed state.
func newStates(t *testing.T) (host, minesGame string) {
	t.Helper()
	host = mustCall(t, "guess.host.new", `{"preset":"science-3","kind":"fair","seed":3}`)["state"].(string)
	minesGame = mustCall(t, "mines.new", `{"level":"beginner","seed":3}`)["state"].(string)
	return host, minesGame
}

func TestAStateFromAnotherGameIsNamed(t *testing.T) {
	host, minesGame := newStates(t)
	hostNotMines := "this state is a number-guessing host game, for the guess.host methods, not a Minesweeper game"
	minesNotHost := "this state is a Minesweeper game, for the mines methods, not a number-guessing host game"
	for _, c := range []struct{ method, params, message string }{
		{"guess.host.answer", `{"state":"` + minesGame + `","guess":"123"}`, minesNotHost},
		{"guess.host.reveal", `{"state":"` + minesGame + `"}`, minesNotHost},
		{"mines.reveal", `{"state":"` + host + `","x":1,"y":1}`, hostNotMines},
		{"mines.flag", `{"state":"` + host + `","x":1,"y":1}`, hostNotMines},
		{"mines.hint", `{"state":"` + host + `"}`, hostNotMines},
		{"mines.autoplay", `{"state":"` + host + `"}`, hostNotMines},
		{"chain.solve", `{"state":"` + minesGame + `","n":3}`, "this method takes no game state, and this state is a Minesweeper game, for the mines methods"},
		{"chain.move", `{"state":"` + host + `","n":3}`, "this method takes no game state, and this state is a number-guessing host game, for the guess.host methods"},
		{"guess.score", `{"state":"` + minesGame + `","secret":"1234","guess":"1243"}`, "this method takes no game state, and this state is a Minesweeper game, for the mines methods"},
	} {
		e := wantError(t, c.method, c.params, CodeBadInput, "state")
		if e.Reason != "bad-state" || e.Message != c.message {
			t.Errorf("%s: got %q (%s), want %q", c.method, e.Message, e.Reason, c.message)
		}
	}
	// A state given as a chain position.
	for _, method := range []string{"chain.solve", "chain.outcome", "chain.move", "chain.grundy"} {
		e := wantError(t, method, `{"position":"`+minesGame+`"}`, CodeBadInput, "position")
		if want := "this is the state of a Minesweeper game, for the mines methods, not a chain position"; e.Reason != "bad-state" || e.Message != want {
			t.Errorf("%s: got %q (%s), want %q", method, e.Message, e.Reason, want)
		}
	}
	// Each still works where it belongs.
	mustCall(t, "guess.host.answer", `{"state":"`+host+`","guess":"123"}`)
	mustCall(t, "mines.reveal", `{"state":"`+minesGame+`","x":4,"y":4}`)
}

func TestAMissingStateIsNamed(t *testing.T) {
	for _, c := range []struct{ method, params, use string }{
		{"guess.host.answer", `{"guess":"123"}`, "the guess.host methods"},
		{"guess.host.reveal", `{}`, "the guess.host methods"},
		{"guess.host.reveal", `{"state":""}`, "the guess.host methods"},
		{"guess.host.reveal", `{"state":null}`, "the guess.host methods"},
		{"mines.reveal", `{"x":1,"y":1}`, "the mines methods"},
		{"mines.flag", `{"state":"  ","x":1,"y":1}`, "the mines methods"},
		{"mines.hint", `{}`, "the mines methods"},
		{"mines.autoplay", `{}`, "the mines methods"},
	} {
		e := wantError(t, c.method, c.params, CodeBadInput, "state")
		if want := "state is missing: give the state " + c.use + " returned"; e.Reason != "bad-state" || e.Message != want {
			t.Errorf("%s %s: got %q (%s), want %q", c.method, c.params, e.Message, e.Reason, want)
		}
	}
	// A state that is not a string is a type error that names it.
	e := wantError(t, "mines.hint", `{"state":{"v":1}}`, CodeBadInput, "state")
	if e.Message != "state must be a string; got an object" {
		t.Errorf("an object as state: %q", e.Message)
	}
}

func TestADamagedStateIsStillDamaged(t *testing.T) {
	host, minesGame := newStates(t)
	for _, c := range []struct{ method, state string }{
		{"guess.host.reveal", host[:len(host)-3] + "AAA"},
		{"mines.hint", minesGame[:len(minesGame)-3] + "AAA"},
		{"mines.hint", "not a state"},
		{"guess.host.reveal", sealRaw(t, `{"game":"chess","board":"x"}`)},
		{"guess.host.reveal", sealRaw(t, `[1,2,3]`)},
		{"mines.hint", sealRaw(t, `{"unknown":true}`)},
	} {
		e := wantError(t, c.method, `{"state":"`+c.state+`"}`, CodeBadInput, "state")
		if e.Reason != "bad-state" || !strings.Contains(e.Message, "damaged") {
			t.Errorf("%s: got %q (%s)", c.method, e.Message, e.Reason)
		}
	}
}

// States sealed before they named their game are told by their fields:
// they keep working, and a wrong one is still named.
func TestStatesSealedWithoutAGameName(t *testing.T) {
	host, minesGame := newStates(t)
	oldHost, oldMines := sealRaw(t, withoutGame(t, host)), sealRaw(t, withoutGame(t, minesGame))
	mustCall(t, "guess.host.answer", `{"state":"`+oldHost+`","guess":"123"}`)
	mustCall(t, "mines.reveal", `{"state":"`+oldMines+`","x":4,"y":4}`)
	e := wantError(t, "mines.hint", `{"state":"`+oldHost+`"}`, CodeBadInput, "state")
	if !strings.Contains(e.Message, "is a number-guessing host game") {
		t.Errorf("an old host state given to mines: %q", e.Message)
	}
	e = wantError(t, "guess.host.reveal", `{"state":"`+oldMines+`"}`, CodeBadInput, "state")
	if !strings.Contains(e.Message, "is a Minesweeper game") {
		t.Errorf("an old mines state given to the host: %q", e.Message)
	}
}

// sealRaw seals JSON text as it is, as an older engine sealed states.
func sealRaw(t *testing.T, plain string) string {
	t.Helper()
	aead := sealAEAD()
	nonce := make([]byte, aead.NonceSize())
	return base64.RawURLEncoding.EncodeToString(aead.Seal(nonce, nonce, []byte(plain), nil))
}

// withoutGame opens a state and returns its JSON without the game's name.
func withoutGame(t *testing.T, state string) string {
	t.Helper()
	plain, _, err := openState(state)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(plain, &fields); err != nil || fields["game"] == nil {
		t.Fatalf("a new state names its game: %s", plain)
	}
	delete(fields, "game")
	out, _ := json.Marshal(fields)
	return string(out)
}

// fuzzTarget has a field of every kind decode meets.
type fuzzTarget struct {
	N    int     `json:"n"`
	P    *int    `json:"p"`
	U    uint64  `json:"u"`
	S    string  `json:"s"`
	B    bool    `json:"b"`
	F    float64 `json:"f"`
	Rows []struct {
		A *int   `json:"a"`
		G string `json:"g"`
	} `json:"rows"`
	Sub *struct {
		L int8 `json:"l"`
	} `json:"sub"`
	M [][]int `json:"m"`
}

var pathStep = regexp.MustCompile(`^(?:\.?([^.\[\]]+)|\[(\d+)\])`)

// resolve follows a path such as "rows[2].a" into a generic JSON value.
func resolve(v any, path string) (any, bool) {
	for path != "" {
		m := pathStep.FindStringSubmatch(path)
		if m == nil {
			return nil, false
		}
		path = path[len(m[0]):]
		if m[1] != "" {
			obj, ok := v.(map[string]any)
			if !ok {
				return nil, false
			}
			if v, ok = obj[m[1]]; !ok {
				return nil, false
			}
			continue
		}
		list, ok := v.([]any)
		i, _ := strconv.Atoi(m[2])
		if !ok || i >= len(list) {
			return nil, false
		}
		v = list[i]
	}
	return v, true
}

// FuzzDecode: decode never panics, and a value it says is at fault is at
// the path it names, as given.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{
		`{"n":15.5}`, `{"u":-1}`, `{"rows":[{"a":1},{"g":"x","a":1e30}]}`, `{"sub":{"l":1000}}`,
		`{"m":[[1],[2,3.5]]}`, `{"s":5}`, `{"b":"yes"}`, `5`, `[{}]`, `{"N":1e3}`, `{"rows":[[]]}`,
		`{"p":null,"f":1e400}`, `{"n":1}{}`, `{"x":1}`, `{"m":[[` + strings.Repeat("[", 50) + `]]}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, params []byte) {
		var target fuzzTarget
		err := decode(params, &target)
		var generic any
		d := json.NewDecoder(strings.NewReader(string(params)))
		d.UseNumber()
		if d.Decode(&generic) != nil {
			return
		}
		// The property is checked on the text as encoding/json writes the
		// value back, which has no repeated keys to make a path ambiguous.
		canonical, merr := json.Marshal(generic)
		if merr != nil {
			return
		}
		err = decode(canonical, &target)
		e, ok := err.(*Error)
		if err == nil || !ok || e.Reason != "bad-value" || e.Field == "params" {
			return
		}
		v, found := resolve(generic, e.Field)
		if !found {
			t.Fatalf("%s: the error names %q, which is not there (%s)", canonical, e.Field, e.Message)
		}
		switch v := v.(type) {
		case json.Number:
			if e.Value != v.String() {
				t.Fatalf("%s: at %s is %s, the error says %q", canonical, e.Field, v, e.Value)
			}
		case string:
			if e.Value != v {
				t.Fatalf("%s: at %s is %q, the error says %q", canonical, e.Field, v, e.Value)
			}
		case map[string]any, []any:
			if e.Value != "" {
				t.Fatalf("%s: at %s is a container, the error says %q", canonical, e.Field, e.Value)
			}
		}
		if !strings.HasPrefix(e.Message, e.Field+" ") {
			t.Fatalf("%s: the message must start with the field: %q", canonical, e.Message)
		}
	})
}

// The decoded numbers are exactly the ones given (nothing rounded).
func TestWholeNumbersAreKept(t *testing.T) {
	var in fuzzTarget
	if err := decode([]byte(`{"n":-9223372036854775808,"u":18446744073709551615,"sub":{"l":-128}}`), &in); err != nil {
		t.Fatal(err)
	}
	if in.N != math.MinInt64 || in.U != math.MaxUint64 || in.Sub.L != -128 {
		t.Fatalf("got %+v", in)
	}
	e := decode([]byte(`{"sub":{"l":128}}`), &in).(*Error)
	if e.Message != "sub.l is too large; got 128" {
		t.Fatalf("int8: %q", e.Message)
	}
}
