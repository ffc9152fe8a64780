package mines

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

func mustLink(t testing.TB, s string) *Link {
	t.Helper()
	l, err := ParseLink(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return l
}

// Layouts written by hand, bit by bit.
func TestParseLinkLayouts(t *testing.T) {
	// Expert with its 99 mines in the first 99 cells: 19 digits of five
	// mines (v = 11111), then 11110 (u) for cells 95-99; m stops there.
	expert := "?b=3&m=" + strings.Repeat("v", 19) + "u"
	// Beginner with mines at cells 0, 4, 5 and 80 (the last cell): 10001
	// (h), 10000 (g), fourteen empty digits, and 10000 (g) whose last four
	// bits are past the board.
	beginner := "https://davidnhill.github.io/JSMinesweeper/index.html?b=1&m=hg" + strings.Repeat("0", 14) + "g"
	for _, c := range []struct {
		link          string
		width, height int
		mines         []int
		params        string // what Params writes back, "" for the link's own b and m
	}{
		{expert, 30, 16, seq(99), "b=3&m=" + strings.Repeat("v", 19) + "u" + strings.Repeat("0", 76)},
		{beginner, 9, 9, []int{0, 4, 5, 80}, "b=99&m=hg" + strings.Repeat("0", 14) + "g"},
		// upper case, parameters in another order, llamasweeper's fragment
		{"https://llamasweeper.com/#/game/zini-explorer?m=HG" + strings.Repeat("0", 14) + "G&b=1&x=2", 9, 9, []int{0, 4, 5, 80}, ""},
		// 9×16 as JSMinesweeper writes it (916) and padded (0916); 16×9 is 1609
		{"b=916&m=8", 9, 16, []int{1}, "b=916&m=8" + strings.Repeat("0", 28)},
		{"  ?b=0916&m=8\n", 9, 16, []int{1}, "b=916&m=8" + strings.Repeat("0", 28)},
		{"b=1609&m=01", 16, 9, []int{9}, "b=1609&m=01" + strings.Repeat("0", 27)},
		// A link copied from HTML source, & written &amp;; a query before
		// the fragment and another inside it; a bare query with a fragment.
		{"https://davidnhill.github.io/JSMinesweeper/index.html?b=1&amp;m=hg" + strings.Repeat("0", 14) + "g", 9, 9, []int{0, 4, 5, 80}, "b=99&m=hg" + strings.Repeat("0", 14) + "g"},
		{"https://llamasweeper.com/?ref=x#/game/zini?b=1&m=hg" + strings.Repeat("0", 14) + "g", 9, 9, []int{0, 4, 5, 80}, "b=99&m=hg" + strings.Repeat("0", 14) + "g"},
		{"b=0201&m=g#top", 2, 1, []int{0}, "b=21&m=g"},
		{"b=100100&m=g", 100, 100, []int{0}, "b=100100&m=g" + strings.Repeat("0", 1999)},
		{"?b=0201&m=g", 2, 1, []int{0}, "b=21&m=g"},
		{"?b=0301&m=o", 3, 1, []int{0, 1}, "b=31&m=o"}, // 11000
		{"?b=0301&m=p", 3, 1, []int{0, 1}, "b=31&m=o"}, // 11001: the last 1 is past the board's three cells
	} {
		l := mustLink(t, c.link)
		if l.Board != nil || l.Layout == nil {
			t.Fatalf("%q: got %+v", c.link, l)
		}
		lay := l.Layout
		if lay.Width != c.width || lay.Height != c.height || lay.Mines != len(c.mines) {
			t.Errorf("%q: %dx%d with %d mines, want %dx%d with %d", c.link, lay.Width, lay.Height, lay.Mines, c.width, c.height, len(c.mines))
			continue
		}
		for k, p := range lay.Points() {
			if i := p.Y*lay.Width + p.X; i != c.mines[k] {
				t.Errorf("%q: mine %d at %d, want %d", c.link, k, i, c.mines[k])
			}
		}
		b, m := lay.Params()
		want := c.params
		if want == "" {
			want = "b=" + b + "&m=" + m
		}
		if got := "b=" + b + "&m=" + m; got != want {
			t.Errorf("%q: Params %q, want %q", c.link, got, want)
		}
		if back := mustLink(t, lay.Link()); back.Layout.Width != lay.Width || back.Layout.Height != lay.Height || !equalBools(back.Layout.Mine, lay.Mine) {
			t.Errorf("%q: %q does not read back", c.link, lay.Link())
		}
	}
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func equalBools(a, b []bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Positions written by hand. The header is base 62 (a = 0): ad is 3, aE
// 30, aq 16, aabL 99 (62 + 37). The cells' digit groups: 0 a-j, 1 k-q,
// 2 r-v, 3 wxyzA, 4 B-E, 5 F-H, 6 I-K, 7 L, 8 M, I N-Q, H R-Z and 0,
// F 1-8, O 9.
func TestParseLinkPositions(t *testing.T) {
	for _, c := range []struct {
		link, board string
		canonical   bool // Board.Link writes the same analysis= value
	}{
		// A flag JSMinesweeper took off its eight 1s: four 0s (e), one F (2), four 0s.
		{"adadaaabe2e", "3x3x1\n111\n1F1\n111\n", true},
		// The same mine found by the solver but not flagged (I, a run of one: O).
		{"adadaaabeOe", "3x3x1\n111\n1H1\n111\n", false},
		// An O flag is not taken off the numbers.
		{"adadaaabe9e", "3x3x1\n000\n0F0\n000\n", true},
		// Expert, all hidden: a run of 480 H is 4 8 0 in H's digits: V Z R.
		{"aEaqaabLVZR", "30x16x99\n" + strings.Repeat(strings.Repeat("H", 30)+"\n", 16), true},
		// Runs continue over digits of one group (k l = 1, 2 in base 7: 9
		// ones), and groups of one digit repeat it (LL: two 7s).
		{"adadaaaaklm", "3x3x0\n111\n111\n111\n", false},
		{"acabaaaaLL", "2x1x0\n77\n", false},
		// A run of no cells (a) is allowed; JSMinesweeper's reader needs one
		// before a first run of 7, 8 or O. A flag next to a 0 stays O.
		{"abacaaaba9b", "1x2x1\nF\n0\n", true},
		{"abacaaab2b", "1x2x1\nF\n1\n", true},
		// Full URL, other parameters, a fragment.
		{"https://davidnhill.github.io/JSMinesweeper/index.html?x=1&analysis=adadaaabe2e&y#top", "3x3x1\n111\n1F1\n111\n", false},
	} {
		link := c.link
		if !strings.Contains(link, "=") {
			link = "?analysis=" + link
		}
		l := mustLink(t, link)
		if l.Layout != nil || l.Board == nil {
			t.Fatalf("%q: got %+v", link, l)
		}
		if got := l.Board.Format(); got != c.board {
			t.Errorf("%q: got\n%s\nwant\n%s", link, got, c.board)
		}
		data, err := l.Board.AnalysisData()
		if err != nil {
			t.Fatal(err)
		}
		if c.canonical && data != c.link {
			t.Errorf("%q: AnalysisData writes %q", c.link, data)
		}
		if back := mustLink(t, "?analysis="+data).Board.Format(); back != c.board {
			t.Errorf("%q: %q reads back as\n%s", c.link, data, back)
		}
	}
	// Both kinds in one link.
	l := mustLink(t, "?analysis=adadaaabe2e&b=1&m=g")
	if l.Board == nil || l.Layout == nil || l.Layout.Mines != 1 {
		t.Fatalf("both: %+v", l)
	}
}

func TestParseLinkErrors(t *testing.T) {
	for _, c := range []struct {
		link   string
		reason Reason
		field  string
		col    int
	}{
		{"", ReasonEmpty, "link", -1},
		{" \n", ReasonEmpty, "link", -1},
		{"hello", ReasonBadLink, "link", -1},
		{"https://example.com/?x=1", ReasonBadLink, "link", -1},
		{"?b=3", ReasonBadLink, "m", -1},
		{"?m=00", ReasonBadLink, "b", -1},
		{"?b=3&m=0x", ReasonLinkDigit, "m", 8},
		{"?b=3&m=0é", ReasonLinkDigit, "m", 8},
		{"é?b=3&m=0é", ReasonLinkDigit, "m", 9},
		{"?b=3x&m=0", ReasonLinkDigit, "b", 4},
		{"?b=30&m=1", ReasonSizeRange, "b", 3},
		{"?b=101101&m=1", ReasonSizeRange, "b", 3},
		{"?b=4&m=1", ReasonSizeRange, "b", 3},
		{"?b=&m=1", ReasonSizeRange, "b", 3},
		{"?b=1234567&m=1", ReasonSizeRange, "b", 3},
		{"?b=1&m=", ReasonGameMines, "m", 7},
		// Columns stay right through &amp; and a fragment's query.
		{"?b=3&amp;m=0x", ReasonLinkDigit, "m", 12},
		{"https://a.b/?x=1#/g?b=3x&m=0", ReasonLinkDigit, "b", 23},
		// The query's parameter counts before the fragment's.
		{"?b=3x#?b=3&m=0", ReasonLinkDigit, "b", 4},
		{"?b=1&m=00", ReasonGameMines, "m", 7},
		{"?b=0202&m=v", ReasonGameMines, "m", 10},
		{"?b=1&m=" + strings.Repeat("0", 17) + "1", ReasonLinkLong, "m", 24},
		{"?analysis=", ReasonLinkShort, "analysis", 10},
		{"?analysis=adad", ReasonLinkShort, "analysis", 14},
		{"?analysis=ad-d", ReasonLinkDigit, "analysis", 12},
		{"?analysis=adadaaab", ReasonLinkShort, "analysis", 18},
		{"?analysis=adadaaabe2", ReasonLinkShort, "analysis", 20},
		{"?analysis=adadaaabe2eb", ReasonLinkLong, "analysis", 21},
		{"?analysis=adadaaabe2e-", ReasonLinkDigit, "analysis", 21},
		{"?analysis=adadaaabZZZZZZZZZZZZZZZZZZZZZZ", ReasonLinkLong, "analysis", 19},
		{"?analysis=aaadaaabe", ReasonSizeRange, "analysis", 10},
		{"?analysis=adbNaaabe", ReasonSizeRange, "analysis", 12},
		{"?analysis=ad$daaabe", ReasonLinkDigit, "analysis", 12},
		{"?analysis=adadaaa!e", ReasonLinkDigit, "analysis", 17},
		{"?analysis=adadaajaR", ReasonMineRange, "analysis", 14},
		{"?analysis=acabaaab2M", ReasonLinkNumber, "analysis", 19},
		{"?analysis=adadaaabe2e&b=3&m=x", ReasonLinkDigit, "m", 28},
	} {
		_, err := ParseLink(c.link)
		var in *InputError
		if !errors.As(err, &in) {
			t.Errorf("%q: want an InputError, got %v", c.link, err)
			continue
		}
		if in.Reason != c.reason || in.Field != c.field || in.Col != c.col || in.Line != -1 || in.Msg == "" {
			t.Errorf("%q: got %s in %s at col %d (%v), want %s in %s at %d", c.link, in.Reason, in.Field, in.Col, err, c.reason, c.field, c.col)
		}
	}
}

// A link typed with a CJK input method's full-width forms reads as the
// ASCII link; an error in it names the character the user typed, where
// it is.
func TestParseLinkFullWidth(t *testing.T) {
	for _, link := range []string{"?b=1&m=hg", "?analysis=adadaaabe2e", "https://llamasweeper.com/#/game/x?m=HG&b=1"} {
		want, typed := mustLink(t, link), mustLink(t, wide(link))
		if (want.Board == nil) != (typed.Board == nil) || (want.Layout == nil) != (typed.Layout == nil) ||
			want.Board != nil && typed.Board.Format() != want.Board.Format() ||
			want.Layout != nil && !equalBools(typed.Layout.Mine, want.Layout.Mine) {
			t.Errorf("%q reads differently from %q", wide(link), link)
		}
		if !IsLink(wide(link)) {
			t.Errorf("IsLink(%q) = false", wide(link))
		}
	}
	for _, c := range []struct {
		link   string
		reason Reason
		col    int
		value  string
	}{
		{"？ｂ＝３＆ｍ＝０ｘ", ReasonLinkDigit, 8, "ｘ"},
		{"？ｂ＝３０＆ｍ＝１", ReasonSizeRange, 3, "３０"},
		{"\u3000？ａｎａｌｙｓｉｓ＝ａａａｄａａａｂｅ", ReasonSizeRange, 11, "ａａ"},
	} {
		_, err := ParseLink(c.link)
		var in *InputError
		if !errors.As(err, &in) {
			t.Errorf("%q: want an InputError, got %v", c.link, err)
			continue
		}
		if in.Reason != c.reason || in.Col != c.col || in.Value != c.value {
			t.Errorf("%q: got %s at col %d, value %q (%v), want %s at %d, value %q", c.link, in.Reason, in.Col, in.Value, err, c.reason, c.col, c.value)
		}
	}
}

func TestIsLink(t *testing.T) {
	for text, want := range map[string]bool{
		"9x9x10\nHHH":                  false,
		"":                             false,
		"?b=1&m=0":                     true,
		"analysis=abc":                 true,
		"  https://example.com":        true,
		"HTTPS://DAVIDNHILL.GITHUB.IO": true,
		"www.example.com":              true,
		"hello":                        false,
		"b=916&m=8":                    true,
		"#/game/zini?m=HG&b=1":         true,
		"\uFEFF?b=1&m=0\r\n":           true,
		"davidnhill.github.io/JSMinesweeper/index.html?analysis=adadaaabe2e": true,
		"llamasweeper.com/#/game/x?b=1&m=0":                                  true,
		// An '=' that is no link's parameter is part of a board.
		"9x9x10\nHH=H":      false,
		"2x1x0\r00=":        false,
		"x=1":               false,
		"9x9x10 =":          false,
		"3x1x1\nb=H":        false,
		"1x1x0\nanalysis=a": false,
		"1x1x0 m=1":         false,
	} {
		if got := IsLink(text); got != want {
			t.Errorf("IsLink(%q) = %v", text, got)
		}
	}
}

// Text the box takes is read as the page reads it: a link if IsLink says
// so, else .mine text. An '=' in a board is then named as a board's fault,
// on its line and column, not as a link that lacks analysis=.
func TestEqualsInBoardIsABoardError(t *testing.T) {
	for _, c := range []struct {
		text      string
		reason    Reason
		line, col int
	}{
		{"2x2x1\nH=\nHH", ReasonBadChar, 1, 1},
		{"2x2x1\rHH\r=H", ReasonBadChar, 2, 0},
		{"2x2x1=\nHH\nHH", ReasonBadHeader, 0, 5},
		{"w=9", ReasonBadHeader, 0, 0},
	} {
		if IsLink(c.text) {
			t.Errorf("%q is taken for a link", c.text)
			continue
		}
		_, err := Parse(c.text)
		var in *InputError
		if !errors.As(err, &in) || in.Reason != c.reason || in.Line != c.line || in.Col != c.col {
			t.Errorf("%q: got %v, want %s at line %d col %d", c.text, err, c.reason, c.line, c.col)
		}
	}
}

func TestLinkRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		b := randomBoard(rng, 1+rng.IntN(30), 1+rng.IntN(30))
		link, err := b.Link()
		if err != nil {
			t.Fatal(err)
		}
		if back := mustLink(t, link).Board; back.Format() != b.Format() {
			t.Fatalf("%q reads back as\n%s\nnot\n%s", link, back.Format(), b.Format())
		}
		if !IsLink(link) || IsLink(b.Format()) || IsLink(strings.ReplaceAll(b.Format(), "\n", "\r")) {
			t.Fatalf("IsLink mistakes %q or the board's text for the other", link)
		}
		data, _ := b.AnalysisData()
		if !IsLink("analysis=" + data) {
			t.Fatalf("the bare query analysis=%s is not taken for a link", data)
		}
		w, h := 1+rng.IntN(100), 1+rng.IntN(100)
		if w*h < 2 {
			continue
		}
		mine := make([]bool, w*h)
		for _, i := range rng.Perm(w * h)[:1+rng.IntN(w*h-1)] {
			mine[i] = true
		}
		l, err := LayoutOf(w, h, mine)
		if err != nil {
			t.Fatal(err)
		}
		back := mustLink(t, l.Link()).Layout
		if back.Width != w || back.Height != h || back.Mines != l.Mines || !equalBools(back.Mine, mine) {
			t.Fatalf("%q does not read back", l.Link())
		}
	}
	big, _ := NewBoard(101, 2, 3)
	if _, err := big.Link(); err == nil {
		t.Error("a board 101 wide has no link")
	}
	if _, err := LayoutOf(2, 2, []bool{true, true, true, true}); err == nil {
		t.Error("a layout of mines only is no game")
	}
}

func FuzzParseLink(f *testing.F) {
	for _, seed := range []string{
		"?b=3&m=" + strings.Repeat("v", 19) + "u", "b=916&m=8", "https://llamasweeper.com/#/game/zini-explorer?m=HG&b=1",
		"?analysis=adadaaabe2e", "analysis=aEaqaabLVZR", "?analysis=acabaaab2M", "?analysis=adadaaabeOe&b=1&m=g", "?b=1&amp;m=hg#/x?b=2&m=0",
		"", "hello", "?b=100100&m=", "analysis=abacaaaba9b", "?analysis=bNbN", "？ｂ＝１＆ｍ＝ｈｇ", "?b=３x&m=0",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		l, err := ParseLink(text)
		if err != nil {
			var in *InputError
			if !errors.As(err, &in) || in.Msg == "" || in.Reason == "" || in.Field == "" {
				t.Fatalf("%q: error %T %v", text, err, err)
			}
			if in.Line != -1 || in.Col < -1 || in.Col > utf8.RuneCountInString(text) {
				t.Fatalf("%q: error at line %d col %d: %v", text, in.Line, in.Col, err)
			}
			return
		}
		if l.Board == nil && l.Layout == nil {
			t.Fatalf("%q: an empty link", text)
		}
		if b := l.Board; b != nil {
			if len(b.Cells) != b.Width*b.Height || b.Mines > len(b.Cells) || b.Width > MaxGameSide || b.Height > MaxGameSide {
				t.Fatalf("%q: inconsistent board %+v", text, b)
			}
			link, err := b.Link()
			if err != nil {
				t.Fatalf("%q: %v", text, err)
			}
			back, err := ParseLink(link)
			if err != nil || back.Board.Format() != b.Format() {
				t.Fatalf("%q: %q does not read back: %v", text, link, err)
			}
		}
		if lay := l.Layout; lay != nil {
			n := 0
			for _, m := range lay.Mine {
				if m {
					n++
				}
			}
			if len(lay.Mine) != lay.Width*lay.Height || n != lay.Mines || n < 1 || n >= len(lay.Mine) {
				t.Fatalf("%q: inconsistent layout %+v", text, lay)
			}
			back, err := ParseLink(lay.Link())
			if err != nil || !equalBools(back.Layout.Mine, lay.Mine) || back.Layout.Width != lay.Width {
				t.Fatalf("%q: %q does not read back: %v", text, lay.Link(), err)
			}
		}
	})
}
