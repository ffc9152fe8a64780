package guess

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

func mustRules(t testing.TB, id string) Rules {
	t.Helper()
	r, err := PresetRules(id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustCode(t testing.TB, r *Rules, s string) Code {
	t.Helper()
	c, err := r.ParseCode(s, "code")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The science-fair paper's worked examples (secret 247) and Numeron's
// (secret 765).
func TestScoreSeedExamples(t *testing.T) {
	sci := mustRules(t, "science-3")
	num := mustRules(t, "numeron")
	mm := mustRules(t, "mastermind")
	for _, tc := range []struct {
		rules         *Rules
		secret, guess string
		want          Feedback
	}{
		{&sci, "247", "345", Feedback{1, 0}},
		{&sci, "247", "247", Feedback{3, 0}},
		{&sci, "247", "284", Feedback{1, 1}},
		{&sci, "681", "123", Feedback{0, 1}},
		{&sci, "724", "123", Feedback{1, 0}},
		{&sci, "539", "123", Feedback{0, 1}},
		{&sci, "137", "123", Feedback{1, 1}},
		{&num, "765", "746", Feedback{1, 1}},
		{&num, "012", "210", Feedback{1, 2}},
		{&mm, "1122", "1212", Feedback{2, 2}},
		{&mm, "1111", "1112", Feedback{3, 0}},
		{&mm, "1234", "4321", Feedback{0, 4}},
		{&mm, "6543", "1122", Feedback{0, 0}},
		{&mm, "1123", "3111", Feedback{1, 2}},
	} {
		s, g := mustCode(t, tc.rules, tc.secret), mustCode(t, tc.rules, tc.guess)
		if got := tc.rules.Score(s, g); got != tc.want {
			t.Errorf("secret %s guess %s: got %v, want %v", tc.secret, tc.guess, got, tc.want)
		}
		if got := tc.rules.Score(g, s); got != tc.want {
			t.Errorf("scoring is not symmetric for %s/%s: %v", tc.secret, tc.guess, got)
		}
	}
}

// slowScore is the definition, written plainly.
func slowScore(r *Rules, secret, guess Code) Feedback {
	var f Feedback
	var cs, cg [16]int
	for i := 0; i < r.Length; i++ {
		if secret.Symbol(i) == guess.Symbol(i) {
			f.A++
		}
		cs[secret.Symbol(i)]++
		cg[guess.Symbol(i)]++
	}
	for s := range cs {
		f.B += min(cs[s], cg[s])
	}
	f.B -= f.A
	return f
}

func TestScoreMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, rules := range []Rules{
		{Length: 4, Alphabet: "0123456789"},
		{Length: 10, Alphabet: "0123456789"},
		{Length: 7, Alphabet: "0123456789ABCDEF"},
		{Length: 4, Alphabet: "123456", Repeats: true},
		{Length: 10, Alphabet: "0123456789ABCDEF", Repeats: true},
		{Length: 1, Alphabet: "ab", Repeats: true},
	} {
		if err := rules.Validate(); err != nil {
			t.Fatal(err)
		}
		for range 20000 {
			a, b := randomCode(rng, &rules), randomCode(rng, &rules)
			if got, want := rules.Score(a, b), slowScore(&rules, a, b); got != want {
				t.Fatalf("%+v: %s vs %s: got %v want %v", rules, rules.Format(a), rules.Format(b), got, want)
			}
		}
	}
}

func randomCode(rng *rand.Rand, r *Rules) Code {
	k := r.Symbols()
	var symbols []int
	if r.Repeats {
		for range r.Length {
			symbols = append(symbols, rng.IntN(k))
		}
	} else {
		symbols = rng.Perm(k)[:r.Length]
	}
	return MakeCode(symbols)
}

func TestAllCodes(t *testing.T) {
	for _, tc := range []struct {
		id   string
		size int
	}{{"1a2b-4", 5040}, {"numeron", 720}, {"science-3", 504}, {"mastermind", 1296}, {"1a2b-6", 151200}} {
		r := mustRules(t, tc.id)
		codes, err := r.AllCodes()
		if err != nil {
			t.Fatal(err)
		}
		if len(codes) != tc.size || r.Size() != int64(tc.size) {
			t.Errorf("%s: %d codes, size %d, want %d", tc.id, len(codes), r.Size(), tc.size)
		}
		if !slices.IsSorted(orderKeys(&r, codes)) {
			t.Errorf("%s: codes are not in lexicographic order", tc.id)
		}
		for _, c := range codes {
			if !r.Valid(c) {
				t.Fatalf("%s: invalid code %s", tc.id, r.Format(c))
			}
			back, err := r.ParseCode(r.Format(c), "code")
			if err != nil || back != c {
				t.Fatalf("%s: %s does not round-trip: %v %v", tc.id, r.Format(c), back, err)
			}
		}
	}
}

func orderKeys(r *Rules, codes []Code) []string {
	keys := make([]string, len(codes))
	for i, c := range codes {
		for p := 0; p < r.Length; p++ {
			keys[i] += string(rune('a' + c.Symbol(p)))
		}
	}
	return keys
}

func TestTenOfTenFitsAndMoreIsTooLarge(t *testing.T) {
	r := mustRules(t, "1a2b-10")
	if r.Size() != 3628800 {
		t.Fatalf("10 of 10: size %d", r.Size())
	}
	if err := r.CheckSize(); err != nil {
		t.Fatalf("10 of 10 must be allowed: %v", err)
	}
	big := Rules{Length: 9, Alphabet: "0123456789AB"}
	if err := big.Validate(); err != nil {
		t.Fatal(err)
	}
	var tooLarge *TooLargeError
	if _, err := big.AllCodes(); !errors.As(err, &tooLarge) || tooLarge.Size != 79833600 || tooLarge.Limit != MaxCodes {
		t.Fatalf("want a TooLargeError with size 79833600, got %v", err)
	}
	huge := Rules{Length: 10, Alphabet: "0123456789ABCDEF", Repeats: true}
	if err := huge.Validate(); err != nil {
		t.Fatal(err)
	}
	if huge.Size() != 1<<40 {
		t.Fatalf("16^10: got %d", huge.Size())
	}
}

func TestValidateRules(t *testing.T) {
	for _, tc := range []struct {
		rules  Rules
		field  string
		reason Reason
	}{
		{Rules{Length: 0, Alphabet: "0123"}, "length", ReasonLengthRange},
		{Rules{Length: 11, Alphabet: "0123456789AB"}, "length", ReasonLengthRange},
		{Rules{Length: 2, Alphabet: "0"}, "alphabet", ReasonAlphabetSize},
		{Rules{Length: 2, Alphabet: "0123456789ABCDEFG"}, "alphabet", ReasonAlphabetSize},
		{Rules{Length: 2, Alphabet: "0120"}, "alphabet", ReasonAlphabetDuplicate},
		{Rules{Length: 2, Alphabet: "01 2"}, "alphabet", ReasonAlphabetSpace},
		{Rules{Length: 5, Alphabet: "0123"}, "length", ReasonTooLongForAlphabet},
		{Rules{Length: 3, Alphabet: "0123", Terms: "moo"}, "terms", ReasonBadValue},
	} {
		err := tc.rules.Validate()
		var in *InputError
		if !errors.As(err, &in) || in.Field != tc.field || in.Reason != tc.reason {
			t.Errorf("%+v: got %v, want field %s reason %s", tc.rules, err, tc.field, tc.reason)
		}
	}
	ok := Rules{Length: 5, Alphabet: "0123", Repeats: true}
	if err := ok.Validate(); err != nil {
		t.Errorf("repeats allow a code longer than the alphabet: %v", err)
	}
}

func TestParseCodeErrors(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	for _, tc := range []struct {
		text   string
		pos    int
		reason Reason
	}{
		{"123", -1, ReasonCodeLength},
		{"12345", -1, ReasonCodeLength},
		{"1231", 3, ReasonRepeatedSymbol},
		{"12a4", 2, ReasonUnknownSymbol},
		{"", -1, ReasonCodeLength},
		// Past the code's length, what is wrong is the length, whatever
		// the symbols there: "01231" repeats 1 and "01234x" has an x,
		// but both are too long.
		{"01231", -1, ReasonCodeLength},
		{"01234x", -1, ReasonCodeLength},
		{"0a23", 1, ReasonUnknownSymbol}, // inside the length, the symbol
	} {
		_, err := r.ParseCode(tc.text, "guess")
		var in *InputError
		if !errors.As(err, &in) || in.Pos != tc.pos || in.Reason != tc.reason || in.Field != "guess" {
			t.Errorf("%q: got %v (%+v), want pos %d reason %s", tc.text, err, in, tc.pos, tc.reason)
		}
	}
	// Mastermind's symbols are 1 to 6: seven pegs typed for four were
	// refused as "7 is not a symbol", not as seven pegs.
	mastermind := mustRules(t, "mastermind")
	for _, text := range []string{"1234567", "12 34 56 7", "１２３４５６７"} {
		_, err := mastermind.ParseCode(text, "guess")
		var in *InputError
		if !errors.As(err, &in) || in.Reason != ReasonCodeLength || in.Want != 4 {
			t.Errorf("Mastermind %q: got %v, want the code's length (4)", text, err)
		}
	}
	if c, err := r.ParseCode(" 12 34 ", "guess"); err != nil || r.Format(c) != "1234" {
		t.Errorf("spaces should be ignored: %v %v", c, err)
	}
	letters := Rules{Length: 3, Alphabet: "ABCDEF"}
	if err := letters.Validate(); err != nil {
		t.Fatal(err)
	}
	if c, err := letters.ParseCode("abc", "guess"); err != nil || letters.Format(c) != "ABC" {
		t.Errorf("letters should match either case: %v", err)
	}
}

func TestFeedbackChecks(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	for _, tc := range []struct {
		f  Feedback
		ok bool
	}{
		{Feedback{0, 0}, true}, {Feedback{4, 0}, true}, {Feedback{0, 4}, true}, {Feedback{2, 2}, true},
		{Feedback{3, 1}, false}, {Feedback{3, 2}, false}, {Feedback{-1, 0}, false}, {Feedback{0, 5}, false},
	} {
		if got := r.Allows(tc.f); got != tc.ok {
			t.Errorf("%v: allowed %v, want %v", tc.f, got, tc.ok)
		}
	}
	ten := mustRules(t, "1a2b-10")
	if ten.Allows(Feedback{3, 6}) || !ten.Allows(Feedback{3, 7}) {
		t.Error("10 of 10: A+B must be 10")
	}
	// Every feedback that occurs must be allowed, and every allowed one
	// must occur, for each preset small enough to check exhaustively.
	for _, id := range []string{"1a2b-4", "science-3", "mastermind", "1a2b-3"} {
		r := mustRules(t, id)
		codes, _ := r.AllCodes()
		seen := map[Feedback]bool{}
		for _, c := range codes {
			seen[r.Score(c, codes[0])] = true
		}
		for a := 0; a <= r.Length; a++ {
			for b := 0; b <= r.Length; b++ {
				f := Feedback{a, b}
				if seen[f] && !r.Allows(f) {
					t.Errorf("%s: %v occurs but is rejected", id, f)
				}
				if !seen[f] && r.Allows(f) && r.Repeats {
					// With repeats every allowed feedback occurs
					// against some guess, not always the first.
					continue
				}
				if !seen[f] && r.Allows(f) {
					t.Errorf("%s: %v never occurs but is allowed", id, f)
				}
			}
		}
	}
}

func TestFilterAndCandidates(t *testing.T) {
	r := mustRules(t, "science-3")
	turns := []Turn{
		{mustCode(t, &r, "123"), Feedback{0, 1}},
		{mustCode(t, &r, "456"), Feedback{1, 1}},
	}
	got, err := r.Candidates(context.Background(), turns)
	if err != nil {
		t.Fatal(err)
	}
	all, _ := r.AllCodes()
	var want []Code
	for _, c := range all {
		if slowScore(&r, c, turns[0].Guess) == turns[0].Feedback && slowScore(&r, c, turns[1].Guess) == turns[1].Feedback {
			want = append(want, c)
		}
	}
	if !slices.Equal(got, want) || len(want) == 0 {
		t.Fatalf("got %d candidates, want %d", len(got), len(want))
	}
	for _, c := range got {
		if !r.Consistent(c, turns) {
			t.Fatalf("%s is not consistent", r.Format(c))
		}
	}
}

func TestContradictionNamesSmallestSet(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	turn := func(g string, a, b int) Turn { return Turn{mustCode(t, &r, g), Feedback{a, b}} }
	turns := []Turn{
		turn("0123", 1, 1),
		turn("4567", 0, 2),
		turn("8901", 0, 0), // with the next: 0 and 1 both absent and present
		turn("5678", 1, 0),
		turn("0189", 2, 0), // contradicts row 3 (8,9,0,1 absent)
	}
	_, err := r.Candidates(context.Background(), turns)
	var conflict *ConflictError
	if !errors.As(err, &conflict) {
		t.Fatalf("want a ConflictError, got %v", err)
	}
	if !slices.Equal(conflict.Rows, []int{2, 4}) {
		t.Fatalf("conflict rows %v, want [2 4]", conflict.Rows)
	}
	// The set really conflicts, and each single row of it is satisfiable.
	sub := []Turn{turns[2], turns[4]}
	if c, _ := r.SmallestConflict(context.Background(), sub); c == nil {
		t.Fatal("the reported rows do not conflict")
	}
	for _, row := range conflict.Rows {
		if c, _ := r.SmallestConflict(context.Background(), []Turn{turns[row]}); c != nil {
			t.Fatalf("row %d alone conflicts", row)
		}
	}
	// The deletion fallback agrees on size here.
	minimal, err := r.minimalConflict(context.Background(), turns)
	if err != nil || len(minimal.Rows) != 2 {
		t.Fatalf("deletion fallback: %v %v", minimal, err)
	}
	// A consistent history has no conflict.
	if c, _ := r.SmallestConflict(context.Background(), turns[:2]); c != nil {
		t.Fatalf("consistent history reported as conflict %v", c.Rows)
	}
}

// Random contradictory histories: the reported set conflicts, and no
// smaller set does.
func TestContradictionIsMinimum(t *testing.T) {
	r := mustRules(t, "science-3")
	rng := rand.New(rand.NewPCG(7, 7))
	all, _ := r.AllCodes()
	checked := 0
	for checked < 40 {
		var turns []Turn
		secret := all[rng.IntN(len(all))]
		for range 2 + rng.IntN(4) {
			g := all[rng.IntN(len(all))]
			turns = append(turns, Turn{g, r.Score(secret, g)})
		}
		// Corrupt one row into another possible feedback.
		i := rng.IntN(len(turns))
		f := turns[i].Feedback
		turns[i].Feedback = Feedback{A: (f.A + 1) % 3, B: f.B}
		if !r.Allows(turns[i].Feedback) {
			continue
		}
		c, err := r.SmallestConflict(context.Background(), turns)
		if err != nil {
			t.Fatal(err)
		}
		if c == nil {
			continue // still consistent with some secret
		}
		checked++
		sub := make([]Turn, 0, len(c.Rows))
		for _, row := range c.Rows {
			sub = append(sub, turns[row])
		}
		if n := countConsistent(&r, all, sub); n != 0 {
			t.Fatalf("reported rows %v are satisfiable by %d codes", c.Rows, n)
		}
		// No set of fewer rows conflicts.
		for mask := 1; mask < 1<<len(turns); mask++ {
			if popcount(mask) >= len(c.Rows) {
				continue
			}
			var s []Turn
			for j := range turns {
				if mask&(1<<j) != 0 {
					s = append(s, turns[j])
				}
			}
			if countConsistent(&r, all, s) == 0 {
				t.Fatalf("rows %b conflict with fewer rows than reported %v", mask, c.Rows)
			}
		}
	}
}

func countConsistent(r *Rules, all []Code, turns []Turn) int {
	n := 0
	for _, c := range all {
		if r.Consistent(c, turns) {
			n++
		}
	}
	return n
}

func popcount(x int) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func TestCancelledCandidates(t *testing.T) {
	r := mustRules(t, "1a2b-10")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Candidates(ctx, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("want context.Canceled, got %v", err)
	}
}

func TestImpliedB(t *testing.T) {
	for id, want := range map[string]bool{"1a2b-10": true, "1a2b-4": false, "mastermind": false} {
		if r := mustRules(t, id); r.ImpliedB() != want {
			t.Errorf("%s: ImpliedB() = %v, want %v", id, !want, want)
		}
	}
	r := Rules{Length: 3, Alphabet: "abc"}
	if err := r.Validate(); err != nil || !r.ImpliedB() {
		t.Errorf("3 of abc without repeats: B follows from A (%v)", err)
	}
}

// A turn after the one that guessed the secret cannot be: the game ended
// there. It agrees with the secret all the same (0123 answers 4567 with
// 0A0B), so without the check the history read as a game still going,
// with 0123 "still possible" and suggested again.
func TestNoTurnAfterTheWin(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	turn := func(g string, a, b int) Turn { return Turn{mustCode(t, &r, g), Feedback{a, b}} }
	_, err := NewPosition(context.Background(), &r, []Turn{turn("0123", 4, 0), turn("4567", 0, 0)})
	var in *InputError
	if !errors.As(err, &in) || in.Reason != ReasonAfterWin || in.Row != 1 || in.Other == nil || *in.Other != 0 || in.Field != "guess" || in.Value != "4567" {
		t.Fatalf("a turn after the win: got %#v (%v), want after-win at row 1 naming row 0", in, err)
	}
	if want := "row 2, guess: an earlier turn guessed the secret, so the game ended there: no turn can follow it"; err.Error() != want {
		t.Errorf("message %q, want %q", err.Error(), want)
	}
	// The first win is named, when several follow it.
	_, err = NewPosition(context.Background(), &r, []Turn{turn("4567", 0, 0), turn("0123", 4, 0), turn("0123", 4, 0), turn("0123", 4, 0)})
	if !errors.As(err, &in) || in.Reason != ReasonAfterWin || in.Row != 2 || *in.Other != 1 {
		t.Fatalf("several turns after the win: got %v", err)
	}
	// The win as the last turn is a game solved, not an error.
	p, err := NewPosition(context.Background(), &r, []Turn{turn("4567", 0, 0), turn("0123", 4, 0)})
	if err != nil || !p.Solved() {
		t.Fatalf("a win last: %v, solved %v", err, p != nil && p.Solved())
	}
}
