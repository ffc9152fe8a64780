package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strings"
	"sync"
	"time"

	"kibitz/engine/api"
)

// runBounds is the battery for the engine's promises on time (issue 15,
// section 4): every API method, on heavy inputs, through api.Call as the
// worker makes it, with a progress func and a context.
//
//	go run ./scripts/bench bounds                 # every case
//	go run ./scripts/bench bounds -only mines.    # cases whose name contains mines.
//	go run ./scripts/bench bounds -list           # the cases, and what each runs
//
// For each case it measures, each run in a process of its own (so no run
// inherits another's caches or heap):
//
//   - the wall time of a full call, against its budget × 1.25 + 0.3 s (a
//     method with no budget against a minute, the longest budget a caller
//     may ask for);
//   - for a call longer than 1 s, the longest stretch without a progress
//     report (from the start, between reports, and to the return), which
//     must stay within 250 ms;
//   - the time from a cancel to the call's return, cancelled at several
//     moments of the call, which must stay within 200 ms; the cancel
//     reaches the call as in the browser's worker, at the first progress
//     report 50 ms or more after the last one that yielded, so work that
//     reports rarely cancels late;
//   - the peak memory the process held, with the worker's soft limit of
//     1 GiB set as in the browser; past 4 GiB (all a wasm32 module can
//     have) the run counts as a crash.
//
// A measurement that breaks a bound is made again (-tries), and the best
// run counts: five agents or a browser share the machine, and a stall of
// the whole process is not the engine's. It prints a Markdown table and
// the worst figures, and exits non-zero when a case breaks a bound.
func runBounds(args []string) error {
	fs := flag.NewFlagSet("bounds", flag.ExitOnError)
	only := fs.String("only", "", "run only the cases whose name contains this")
	list := fs.Bool("list", false, "list the cases and exit")
	child := fs.String("child", "", "internal: run this one case in this process")
	cancelAfter := fs.Duration("cancel-after", 0, "internal: with -child, cancel the call after this long")
	cancels := fs.String("cancels", "20ms,300ms,1500ms", "moments to cancel each call at, when it lasts that long")
	tries := fs.Int("tries", 3, "runs of a measurement that breaks a bound before it counts (the best counts)")
	fs.Parse(args)

	cases := boundsCases()
	if *child != "" {
		for _, c := range cases {
			if c.name == *child {
				return childRun(c, *cancelAfter)
			}
		}
		return fmt.Errorf("no case %q", *child)
	}
	if *list {
		for _, c := range cases {
			fmt.Printf("%-32s %-18s budget %-6s %s\n", c.name, c.method, budgetText(c.budget), c.about)
		}
		return nil
	}
	var moments []time.Duration
	for _, s := range strings.Split(*cancels, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(s))
		if err != nil {
			return fmt.Errorf("-cancels: %v", err)
		}
		moments = append(moments, d)
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}

	// Every method must have a case, so a new method cannot slip past.
	covered := map[string]bool{}
	for _, c := range cases {
		covered[c.method] = true
	}
	for _, m := range api.Methods() {
		if !covered[m.Name] && !strings.HasPrefix(m.Name, "debug.") {
			return fmt.Errorf("the battery has no case for method %s", m.Name)
		}
	}

	fmt.Println("| case | method | budget | limit | wall | reports | longest gap | cancel → return (at) | peak MB | result | verdict |")
	fmt.Println("|---|---|---:|---:|---:|---:|---:|---|---:|---|---|")
	var worstOver, worstGap, worstCancel figure
	var violations []string
	for _, c := range cases {
		if *only != "" && !strings.Contains(c.name, *only) {
			continue
		}
		limit := c.limit()
		// A shared machine can stall any process for a moment: a run that
		// breaks a bound is made again, up to -tries times, and the best
		// run counts. A real defect breaks the bound every time.
		var full boundsRun
		var bad []string
		for try := 0; try < *tries; try++ {
			r := spawn(self, c, 0)
			if b := fullBreaks(r, limit); try == 0 || len(b) < len(bad) || len(b) == len(bad) && r.WallMs < full.WallMs {
				full, bad = r, b
			}
			if len(bad) == 0 {
				break
			}
		}
		if full.Crash == "" {
			worstOver.keep(full.WallMs-ms(limit), c.name)
			if full.WallMs > 1000 {
				worstGap.keep(full.MaxGapMs, c.name)
			}
		}
		var cancelCells []string
		for _, at := range moments {
			if full.Crash != "" || ms(at) >= full.WallMs {
				continue
			}
			var r boundsRun
			var cbad []string
			for try := 0; try < *tries; try++ {
				run := spawn(self, c, at)
				if b := cancelBreaks(run, at); try == 0 || len(b) < len(cbad) {
					r, cbad = run, b
				}
				if len(cbad) == 0 {
					break
				}
			}
			bad = append(bad, cbad...)
			switch {
			case r.Crash != "":
				cancelCells = append(cancelCells, fmt.Sprintf("crash (%v)", at))
			case r.CancelToReturnMs < 0:
				cancelCells = append(cancelCells, fmt.Sprintf("done first (%v)", at))
			default:
				worstCancel.keep(r.CancelToReturnMs, c.name)
				cancelCells = append(cancelCells, fmt.Sprintf("%.0f ms (%v)", r.CancelToReturnMs, at))
			}
		}
		if len(cancelCells) == 0 {
			cancelCells = []string{"—"}
		}
		verdict := "ok"
		if len(bad) > 0 {
			verdict = "**" + strings.Join(bad, "; ") + "**"
			violations = append(violations, c.name+": "+strings.Join(bad, "; "))
		}
		wall, gap := "crash", "—"
		if full.Crash == "" {
			wall = fmt.Sprintf("%.0f ms", full.WallMs)
			gap = fmt.Sprintf("%.0f ms", full.MaxGapMs)
		}
		fmt.Printf("| %s | %s | %s | %s | %s | %d | %s | %s | %.0f | %s | %s |\n",
			c.name, c.method, budgetText(c.budget), budgetText(limit), wall, full.Reports, gap,
			strings.Join(cancelCells, ", "), full.PeakMB, full.outcome(), verdict)
	}
	fmt.Println()
	fmt.Printf("worst budget overrun: %s (beyond budget × 1.25 + 0.3 s; negative is time to spare)\n", worstOver)
	fmt.Printf("worst progress gap in a call over 1 s: %s (bound 250 ms)\n", worstGap)
	fmt.Printf("worst cancel to return: %s (bound 200 ms)\n", worstCancel)
	if len(violations) > 0 {
		fmt.Printf("\n%d cases break a bound:\n", len(violations))
		for _, v := range violations {
			fmt.Println("  " + v)
		}
		return fmt.Errorf("%d cases break a bound", len(violations))
	}
	fmt.Println("\nevery case within its bounds")
	return nil
}

// A boundsCase is one call of the battery.
type boundsCase struct {
	name   string
	method string
	about  string
	budget time.Duration // the call's budget (budgetMs, or the method's own); 0: none
	// params builds the call's parameters; it may make calls of its own
	// first (a game to hint in), which are not measured.
	params func() (any, error)
}

// firstPart plans method's call for workers and returns its first part's
// parameters.
func firstPart(method string, params map[string]any, workers int) (any, error) {
	plan, err := call(method+".split", map[string]any{"params": params, "workers": workers})
	if err != nil {
		return nil, err
	}
	parts, _ := plan["parts"].([]any)
	if len(parts) == 0 {
		return nil, fmt.Errorf("%s.split made no parts", method)
	}
	return parts[0].(map[string]any)["params"], nil
}

// mergeOfParts plans method's call for workers, runs its parts, and
// returns the parameters of the merge of their results.
func mergeOfParts(method string, params map[string]any, workers int) (any, error) {
	plan, err := call(method+".split", map[string]any{"params": params, "workers": workers})
	if err != nil {
		return nil, err
	}
	var results []any
	for _, part := range plan["parts"].([]any) {
		p := part.(map[string]any)
		r, err := call(p["method"].(string), p["params"])
		if err != nil {
			return nil, err
		}
		results = append(results, r)
	}
	return map[string]any{"merge": plan["merge"], "results": results}, nil
}

// lookAheadHint is mines.hint's parameters in an expert game (seed 1 on)
// at the first hint that must guess among six or more cells, which its
// look-ahead weighs and a pool shares out.
func lookAheadHint() (map[string]any, error) {
	for seed := 1; seed < 50; seed++ {
		game, err := call("mines.new", map[string]any{"level": "expert", "seed": seed})
		if err != nil {
			return nil, err
		}
		state := game["state"]
		for range 200 {
			hint, err := call("mines.hint", map[string]any{"state": state})
			if err != nil {
				return nil, err
			}
			if cands, _ := hint["candidates"].([]any); len(cands) >= 6 && hint["winProb"] == nil {
				return map[string]any{"state": state}, nil
			}
			step, err := call("mines.autoplay", map[string]any{"state": state})
			if err != nil {
				return nil, err
			}
			if step["status"] != "playing" {
				break
			}
			state = step["state"]
		}
	}
	return nil, fmt.Errorf("no expert game of seeds 1–49 came to a hint that looks ahead")
}

// replayHint is mines.hint's parameters on the replayed 100×100 board
// with 2,000 mines, where the hint must guess and looks ahead.
func replayHint() (map[string]any, error) {
	game, reveals, err := replayReveals()
	if err != nil {
		return nil, err
	}
	s, err := gameAfter(game, reveals)
	return map[string]any{"state": s}, err
}

// noBudgetLimit bounds a call that takes no budget (an exact solver, a
// proof): the longest budget a caller may ask of any method.
const noBudgetLimit = 60 * time.Second

// limit is the time the case's call must return within.
func (c boundsCase) limit() time.Duration {
	if c.budget == 0 {
		return noBudgetLimit
	}
	return c.budget*5/4 + 300*time.Millisecond
}

func budgetText(d time.Duration) string {
	if d == 0 {
		return "none"
	}
	return d.String()
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// figure is the worst value of a measure, with the case it came from.
type figure struct {
	value float64
	name  string
	set   bool
}

func (f *figure) keep(v float64, name string) {
	if !f.set || v > f.value {
		f.value, f.name, f.set = v, name, true
	}
}

func (f figure) String() string {
	if !f.set {
		return "none measured"
	}
	return fmt.Sprintf("%.0f ms (%s)", f.value, f.name)
}

// boundsRun is what a child process measures of one call.
type boundsRun struct {
	WallMs           float64 `json:"wallMs"`
	Reports          int     `json:"reports"`
	MaxGapMs         float64 `json:"maxGapMs"`
	CancelToReturnMs float64 `json:"cancelToReturnMs"` // -1: the call returned before the cancel
	Code             string  `json:"code"`             // the error's code; "" for a result
	Message          string  `json:"message"`
	PeakMB           float64 `json:"peakMB"`
	Summary          string  `json:"summary"` // a few fields of the result that say how it ended
	Crash            string  `json:"crash"`   // set by the parent when the child died
}

func (r boundsRun) outcome() string {
	switch {
	case r.Crash != "":
		return "crash"
	case r.Code != "":
		return r.Code
	}
	return r.Summary
}

// fullBreaks lists the bounds a full run breaks.
func fullBreaks(r boundsRun, limit time.Duration) []string {
	switch {
	case r.Crash != "":
		return []string{"crash: " + r.Crash}
	case r.Code == string(api.CodeInternal):
		return []string{"internal error: " + r.Message}
	}
	var bad []string
	if r.WallMs > ms(limit) {
		bad = append(bad, fmt.Sprintf("%.0f ms past its limit", r.WallMs-ms(limit)))
	}
	if r.WallMs > 1000 && r.MaxGapMs > 250 {
		bad = append(bad, fmt.Sprintf("%.0f ms without progress", r.MaxGapMs))
	}
	return bad
}

// cancelBreaks lists the bounds a run cancelled at a moment breaks.
func cancelBreaks(r boundsRun, at time.Duration) []string {
	switch {
	case r.Crash != "":
		return []string{fmt.Sprintf("crash when cancelled at %v: %s", at, r.Crash)}
	case r.CancelToReturnMs < 0:
		return nil
	}
	var bad []string
	if r.CancelToReturnMs > 200 {
		bad = append(bad, fmt.Sprintf("cancel at %v took %.0f ms", at, r.CancelToReturnMs))
	}
	// A call that answered just as the cancel came returns its answer: a
	// result, or the input's own fault (a row too long for the solver,
	// read in 40 ms while a cancel at 20 ms was on its way). Anything else
	// must be the cancel. A call that ignored the cancel shows in its time.
	answered := r.Code == "" || r.Code == string(api.CodeBadInput) || r.Code == string(api.CodeTooLarge)
	if r.Code != string(api.CodeCancelled) && !answered {
		bad = append(bad, fmt.Sprintf("cancel at %v gave %s: %s", at, r.Code, r.Message))
	}
	return bad
}

// spawn runs one case in a child process and reads its measurement.
func spawn(self string, c boundsCase, cancelAfter time.Duration) boundsRun {
	ctx, cancel := context.WithTimeout(context.Background(), noBudgetLimit+30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, self, "bounds", "-child", c.name, "-cancel-after", cancelAfter.String())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var r boundsRun
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		if ctx.Err() != nil {
			msg = "no answer within " + (noBudgetLimit + 30*time.Second).String()
		}
		r.Crash = fmt.Sprintf("%v %s", err, msg)
		return r
	}
	if err := json.Unmarshal(out, &r); err != nil {
		r.Crash = fmt.Sprintf("unreadable measurement %q", out)
	}
	return r
}

// memoryCeiling is all the memory a wasm32 module can have: a run that
// holds more would have crashed the worker.
const memoryCeiling = 4 << 30

// childRun makes the case's call once, measures it, and prints the
// measurement as JSON.
func childRun(c boundsCase, cancelAfter time.Duration) error {
	debug.SetMemoryLimit(1 << 30) // as the worker does (wasm/main.go)
	params, err := c.params()
	if err != nil {
		return fmt.Errorf("%s: setting up: %v", c.name, err)
	}
	raw, err := json.Marshal(params)
	if err != nil {
		return err
	}

	// The peak of the memory the process holds, sampled; past the ceiling
	// the run ends as a crash would.
	var peak uint64
	var peakMu sync.Mutex
	stopSampling := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			v := sample[0].Value.Uint64()
			peakMu.Lock()
			peak = max(peak, v)
			peakMu.Unlock()
			if v > memoryCeiling {
				fmt.Fprintf(os.Stderr, "out of memory: %d MB held, more than a wasm32 module can have\n", v>>20)
				os.Exit(3)
			}
			select {
			case <-stopSampling:
				return
			case <-tick.C:
			}
		}
	}()

	// The cancel reaches the call as it does in the browser's worker
	// (wasm/worker.go): the worker's Go code runs until it yields to the
	// event loop, which it does at a progress report at least 50 ms after
	// the one before; only then is the page's cancel message read and the
	// call's context cancelled. So a call cancels no sooner than its next
	// report lets the message in.
	const yieldEvery = 50 * time.Millisecond
	var mu sync.Mutex
	var reports []time.Time
	var cancelledAt, lastYield time.Time
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	report := func(done, total int64, note string) {
		now := time.Now()
		mu.Lock()
		defer mu.Unlock()
		reports = append(reports, now)
		if now.Sub(lastYield) < yieldEvery {
			return
		}
		lastYield = now
		if !cancelledAt.IsZero() {
			cancel() // the yield lets the cancel message in
		}
	}
	if cancelAfter > 0 {
		timer := time.AfterFunc(cancelAfter, func() {
			mu.Lock()
			cancelledAt = time.Now() // the page sends the cancel
			mu.Unlock()
		})
		defer timer.Stop()
	}
	lastYield = time.Now()
	start := time.Now()
	result, callErr := api.Call(ctx, c.method, raw, report)
	end := time.Now()
	close(stopSampling)
	<-sampled

	r := boundsRun{WallMs: ms(end.Sub(start)), CancelToReturnMs: -1, PeakMB: float64(peak) / (1 << 20)}
	mu.Lock()
	r.Reports = len(reports)
	last := start
	for _, t := range append(reports, end) {
		r.MaxGapMs = max(r.MaxGapMs, ms(t.Sub(last)))
		last = t
	}
	mu.Unlock()
	mu.Lock()
	if !cancelledAt.IsZero() {
		r.CancelToReturnMs = ms(end.Sub(cancelledAt))
	}
	mu.Unlock()
	if callErr != nil {
		r.Code, r.Message = string(callErr.Code), callErr.Message
	} else {
		r.Summary = summarize(result)
	}
	return json.NewEncoder(os.Stdout).Encode(r)
}

// summarize picks from a result the fields that say how a call ended.
func summarize(result []byte) string {
	var m map[string]any
	if json.Unmarshal(result, &m) != nil {
		return "ok"
	}
	var parts []string
	if a, ok := m["analysis"].(map[string]any); ok {
		m = a // a hint: how its analysis ended
	}
	for _, k := range []string{"complete", "incomplete", "verified", "status", "winner", "guess", "exact"} {
		if v, ok := m[k]; ok && v != nil {
			parts = append(parts, fmt.Sprintf("%s %v", k, v))
		}
	}
	if ex, ok := m["explanation"].(map[string]any); ok {
		if v, ok := ex["complete"]; ok {
			parts = append(parts, fmt.Sprintf("complete %v", v))
		}
	}
	if len(parts) == 0 {
		return "ok"
	}
	return strings.Join(parts, ", ")
}

// call makes a setup call and decodes its result.
func call(method string, params any) (map[string]any, error) {
	raw, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	out, callErr := api.Call(context.Background(), method, raw, nil)
	if callErr != nil {
		return nil, fmt.Errorf("%s: %s", method, callErr.Message)
	}
	var m map[string]any
	return m, json.Unmarshal(out, &m)
}

// gameAfter starts a game and reveals the given cells; it returns the
// game's state.
func gameAfter(game map[string]any, reveals [][2]int) (string, error) {
	g, err := call("mines.new", game)
	if err != nil {
		return "", err
	}
	state := g["state"].(string)
	for _, p := range reveals {
		if g["status"] != "playing" {
			break
		}
		if g, err = call("mines.reveal", map[string]any{"state": state, "x": p[0], "y": p[1]}); err != nil {
			return "", err
		}
		state = g["state"].(string)
	}
	return state, nil
}

// fixture reads a shared Minesweeper fixture.
func fixture(name string) (string, error) {
	b, err := os.ReadFile(filepath.Join(fixtureDir(), name))
	return string(b), err
}

func fixtureDir() string {
	if d := os.Getenv("KIBITZ_FIXTURES"); d != "" {
		return d
	}
	return "/work/shared/fixtures/mines"
}

// lattice is a board with a number on every other cell of every other
// row and every other cell hidden, the numbers those of a seeded layout
// with a mine in about half of the hidden cells: the widest frontier
// there is for its size.
func lattice(w, h int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 15))
	mine := make([]bool, w*h)
	number := func(x, y int) bool { return x%2 == 0 && y%2 == 0 }
	n := 0
	for y := range h {
		for x := range w {
			if !number(x, y) && rng.IntN(2) == 0 {
				mine[y*w+x] = true
				n++
			}
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%dx%dx%d\n", w, h, n)
	for y := range h {
		for x := range w {
			if !number(x, y) {
				sb.WriteByte('H')
				continue
			}
			k := 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if xx, yy := x+dx, y+dy; xx >= 0 && yy >= 0 && xx < w && yy < h && mine[yy*w+xx] {
						k++
					}
				}
			}
			sb.WriteByte(byte('0' + k))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// allHidden is a board of w×h hidden cells.
func allHidden(w, h, mines int) string {
	row := strings.Repeat("H", w) + "\n"
	return fmt.Sprintf("%dx%dx%d\n", w, h, mines) + strings.Repeat(row, h)
}

// replayReveals reads the shared 100×100 replay: its game and the safe
// cells it reveals.
func replayReveals() (map[string]any, [][2]int, error) {
	b, err := os.ReadFile(filepath.Join(fixtureDir(), "replay-100x100x2000-seed100.json"))
	if err != nil {
		return nil, nil, err
	}
	var r struct {
		Game    map[string]any `json:"game"`
		Reveals [][2]int       `json:"reveals"`
	}
	return r.Game, r.Reveals, json.Unmarshal(b, &r)
}

func boundsCases() []boundsCase {
	const d = 2 * time.Second // the default budgets of guess.suggest and the mines methods
	fixed := func(p any) func() (any, error) { return func() (any, error) { return p, nil } }
	board := func(text func() (string, error), budgetMs int) func() (any, error) {
		return func() (any, error) {
			t, err := text()
			if err != nil {
				return nil, err
			}
			p := map[string]any{"board": t}
			if budgetMs > 0 {
				p["budgetMs"] = budgetMs
			}
			return p, nil
		}
	}
	constant := func(s string) func() (string, error) { return func() (string, error) { return s, nil } }
	// A one-turn history of 10-digit 1A2B that leaves 667,485 secrets.
	tenDigits := []map[string]any{{"guess": "0123456789", "a": 2}}
	// A game of pegs with 2,985,984 codes, near the most the engine lists.
	bigPegs := map[string]any{"length": 6, "alphabet": "0123456789ab", "repeats": true}
	mastermindTurn := []map[string]any{{"guess": "1122", "a": 0, "b": 1}}
	cases := []boundsCase{
		// Guessing games.
		{name: "guess.presets", method: "guess.presets", params: fixed(map[string]any{})},
		{name: "guess.strategies", method: "guess.strategies", params: fixed(map[string]any{})},
		{name: "guess.objectives", method: "guess.objectives", params: fixed(map[string]any{})},
		{name: "guess.score", method: "guess.score", params: fixed(map[string]any{"preset": "1a2b-10", "secret": "0123456789", "guess": "9876543210"})},
		{name: "guess.parse 1a2b-10 2,000 lines", method: "guess.parse", params: fixed(map[string]any{"preset": "1a2b-10",
			"text": strings.Repeat("0123456789 2A8B\n", 2000)})},
		{name: "guess.candidates 1a2b-10 start", method: "guess.candidates", about: "every code listed: 3,628,800",
			params: fixed(map[string]any{"preset": "1a2b-10", "limit": 10000})},
		{name: "guess.candidates 1a2b-10 turn", method: "guess.candidates", params: fixed(map[string]any{"preset": "1a2b-10", "history": tenDigits})},
		{name: "guess.explain 1a2b-10 start", method: "guess.explain", params: fixed(map[string]any{"preset": "1a2b-10", "guess": "9876543210"})},
		{name: "guess.explain 1a2b-10 turn", method: "guess.explain", params: fixed(map[string]any{"preset": "1a2b-10", "history": tenDigits, "guess": "9876543210"})},
		{name: "guess.suggest best 1a2b-10 turn", method: "guess.suggest", budget: d,
			params: fixed(map[string]any{"preset": "1a2b-10", "history": tenDigits})},
		{name: "guess.suggest minimax 1a2b-10 turn", method: "guess.suggest", budget: d,
			params: fixed(map[string]any{"preset": "1a2b-10", "history": tenDigits, "strategy": "minimax"})},
		{name: "guess.suggest parts 1a2b-10 turn", method: "guess.suggest", budget: d,
			params: fixed(map[string]any{"preset": "1a2b-10", "history": tenDigits, "strategy": "parts"})},
		{name: "guess.suggest super 1a2b-10 turn", method: "guess.suggest", budget: d,
			params: fixed(map[string]any{"preset": "1a2b-10", "history": tenDigits, "strategy": "super"})},
		{name: "guess.suggest frequency 1a2b-10 turn", method: "guess.suggest", budget: d,
			params: fixed(map[string]any{"preset": "1a2b-10", "history": tenDigits, "strategy": "frequency"})},
		{name: "guess.suggest random 1a2b-10 turn", method: "guess.suggest", budget: d,
			params: fixed(map[string]any{"preset": "1a2b-10", "history": tenDigits, "strategy": "random"})},
		{name: "guess.suggest best 1a2b-8 turn", method: "guess.suggest", budget: d,
			params: fixed(map[string]any{"preset": "1a2b-8", "history": []map[string]any{{"guess": "01234567", "a": 1, "b": 5}}})},
		{name: "guess.suggest best 1a2b-10 two turns", method: "guess.suggest", budget: d,
			params: fixed(map[string]any{"preset": "1a2b-10", "history": append(tenDigits, map[string]any{"guess": "1032547698", "a": 2})})},
		{name: "guess.suggest expected mastermind start", method: "guess.suggest", budget: d,
			params: fixed(map[string]any{"preset": "mastermind", "strategy": "expected"})},
		{name: "guess.suggest perfect mastermind start", method: "guess.suggest", about: "a proof: no budget",
			params: fixed(map[string]any{"preset": "mastermind", "strategy": "perfect"})},
		{name: "guess.suggest best 1a2b-10 turn 10ms", method: "guess.suggest", budget: 10 * time.Millisecond,
			params: fixed(map[string]any{"preset": "1a2b-10", "history": tenDigits, "budgetMs": 10})},
		{name: "guess.suggest entropy 1a2b-10 start", method: "guess.suggest", budget: d,
			params: fixed(map[string]any{"preset": "1a2b-10", "strategy": "entropy"})},
		{name: "guess.suggest best mastermind turn", method: "guess.suggest", budget: d,
			params: fixed(map[string]any{"preset": "mastermind", "history": mastermindTurn})},
		{name: "guess.suggest best 6 of 12 repeats", method: "guess.suggest", budget: d, about: "2,985,984 codes",
			params: fixed(map[string]any{"rules": bigPegs, "history": []map[string]any{{"guess": "001122", "a": 1, "b": 1}}})},
		{name: "guess.suggest best 6 of 12 repeats 10ms", method: "guess.suggest", budget: 10 * time.Millisecond, about: "2,985,984 codes",
			params: fixed(map[string]any{"rules": bigPegs, "history": []map[string]any{{"guess": "001122", "a": 1, "b": 1}}, "budgetMs": 10})},
		{name: "guess.explain 6 of 12 repeats start", method: "guess.explain", params: fixed(map[string]any{"rules": bigPegs, "guess": "012345"})},
		{name: "guess.suggest perfect mastermind", method: "guess.suggest", about: "a proof: no budget",
			params: fixed(map[string]any{"preset": "mastermind", "history": mastermindTurn, "strategy": "perfect"})},
		{name: "guess.suggest perfect 1a2b-5", method: "guess.suggest", about: "a proof: no budget",
			params: fixed(map[string]any{"preset": "1a2b-5", "history": []map[string]any{{"guess": "01234", "a": 0, "b": 2}}, "strategy": "perfect"})},
		{name: "guess.tree mastermind", method: "guess.tree", about: "a proof: no budget",
			params: fixed(map[string]any{"preset": "mastermind", "history": mastermindTurn})},
		{name: "guess.perfect.check science-3 fewest-worst", method: "guess.perfect.check", about: "a proof: no budget",
			params: fixed(map[string]any{"preset": "science-3", "history": []map[string]any{{"guess": "123", "a": 0, "b": 1}}, "guess": "456", "objective": "fewest-worst"})},
		{name: "guess.tree mastermind start", method: "guess.tree", about: "a proof: no budget",
			params: fixed(map[string]any{"preset": "mastermind"})},
		{name: "guess.tree mastermind start fewest-worst", method: "guess.tree", about: "a proof: no budget",
			params: fixed(map[string]any{"preset": "mastermind", "objective": "fewest-worst"})},
		{name: "guess.tree 4 of 7 repeats", method: "guess.tree", about: "a proof: no budget",
			params: fixed(map[string]any{"rules": map[string]any{"length": 4, "alphabet": "1234567", "repeats": true},
				"history": mastermindTurn, "depth": 0, "text": true})},
		{name: "guess.tree mastermind fewest-worst", method: "guess.tree", about: "a proof: no budget",
			params: fixed(map[string]any{"preset": "mastermind", "history": mastermindTurn, "objective": "fewest-worst"})},
		{name: "guess.tree.split mastermind start", method: "guess.tree.split", about: "the least worst case, then the first guesses ranked",
			params: fixed(map[string]any{"params": map[string]any{"preset": "mastermind", "objective": "worst-then-average"}, "workers": 2})},
		{name: "guess.perfect.part mastermind start, first part", method: "guess.perfect.part", about: "a proof: no budget",
			params: func() (any, error) {
				return firstPart("guess.tree", map[string]any{"preset": "mastermind", "objective": "worst-then-average"}, 2)
			}},
		{name: "guess.tree.merge mastermind start", method: "guess.tree.merge",
			params: func() (any, error) {
				return mergeOfParts("guess.tree", map[string]any{"preset": "mastermind", "objective": "fewest-worst"}, 1)
			}},
		{name: "guess.tree 1a2b-4 worst-then-average", method: "guess.tree", about: "a proof: no budget",
			params: fixed(map[string]any{"preset": "1a2b-4", "history": []map[string]any{{"guess": "0123", "a": 0, "b": 1}}, "objective": "worst-then-average"})},
		{name: "guess.host.new", method: "guess.host.new", params: fixed(map[string]any{"preset": "1a2b-10", "kind": "adversarial", "seed": 1})},
		{name: "guess.host.answer adversarial 1a2b-10", method: "guess.host.answer", params: func() (any, error) {
			h, err := call("guess.host.new", map[string]any{"preset": "1a2b-10", "kind": "adversarial", "seed": 1})
			if err != nil {
				return nil, err
			}
			return map[string]any{"state": h["state"], "guess": "0123456789"}, nil
		}},
		{name: "guess.host.answer adversarial mastermind", method: "guess.host.answer", params: func() (any, error) {
			h, err := call("guess.host.new", map[string]any{"preset": "mastermind", "kind": "adversarial", "seed": 1})
			if err != nil {
				return nil, err
			}
			h, err = call("guess.host.answer", map[string]any{"state": h["state"], "guess": "1122"})
			if err != nil {
				return nil, err
			}
			return map[string]any{"state": h["state"], "guess": "1344"}, nil
		}},
		{name: "guess.host.reveal adversarial 1a2b-10", method: "guess.host.reveal", params: func() (any, error) {
			h, err := call("guess.host.new", map[string]any{"preset": "1a2b-10", "kind": "adversarial", "seed": 1})
			if err != nil {
				return nil, err
			}
			for _, g := range []string{"0123456789", "9876543210", "1032547698"} {
				if h, err = call("guess.host.answer", map[string]any{"state": h["state"], "guess": g}); err != nil {
					return nil, err
				}
			}
			return map[string]any{"state": h["state"]}, nil
		}},

		// The chain game.
		{name: "chain.footprint 80", method: "chain.footprint", about: "arithmetic: no budget", params: fixed(map[string]any{"n": 80})},
		{name: "chain.table.split 1..60", method: "chain.table.split", params: fixed(map[string]any{"params": map[string]any{"from": 1, "to": 60}, "workers": 2})},
		{name: "chain.table.merge 1..60", method: "chain.table.merge", about: "exact: no budget",
			params: func() (any, error) { return mergeOfParts("chain.table", map[string]any{"from": 1, "to": 60}, 2) }},
		{name: "chain.table 1..60", method: "chain.table", about: "exact: no budget", params: fixed(map[string]any{"from": 1, "to": 60})},
		{name: "chain.table 1..64", method: "chain.table", about: "exact: no budget", params: fixed(map[string]any{"from": 1, "to": 64})},
		{name: "chain.solve 60 direct", method: "chain.solve", about: "exact: no budget", params: fixed(map[string]any{"n": 60})},
		{name: "chain.solve 60 reverse", method: "chain.solve", about: "exact: no budget", params: fixed(map[string]any{"n": 60, "reverse": true})},
		{name: "chain.move 60 reverse", method: "chain.move", about: "exact: no budget", params: fixed(map[string]any{"n": 60, "reverse": true})},
		{name: "chain.move 60 direct", method: "chain.move", about: "exact: no budget", params: fixed(map[string]any{"n": 60})},
		{name: "chain.outcome 1,000,000 direct", method: "chain.outcome", params: fixed(map[string]any{"n": 1_000_000})},
		{name: "chain.outcome 1,000,000 reverse", method: "chain.outcome", params: fixed(map[string]any{"n": 1_000_000, "reverse": true})},
		{name: "chain.outcome 250,000 groups reverse", method: "chain.outcome", params: fixed(map[string]any{
			"position": strings.TrimSuffix(strings.Repeat("XXX.", 250_000), "."), "reverse": true})},
		{name: "chain.outcome 60 groups of 30 reverse", method: "chain.outcome", params: fixed(map[string]any{
			"position": strings.TrimSuffix(strings.Repeat(strings.Repeat("X", 30)+".", 60), "."), "reverse": true})},
		{name: "chain.grundy 0..99,999", method: "chain.grundy", params: fixed(map[string]any{"from": 0, "to": 99_999, "n": 1_000_000})},

		// Minesweeper.
		{name: "mines.levels", method: "mines.levels", params: fixed(map[string]any{})},
		{name: "mines.analyze lattice 16x16", method: "mines.analyze", budget: d, params: board(func() (string, error) { return fixture("lattice-16x16.mine") }, 0)},
		{name: "mines.analyze lattice 30x16", method: "mines.analyze", budget: d, params: board(constant(lattice(30, 16, 1)), 0)},
		{name: "mines.analyze lattice 40x40", method: "mines.analyze", budget: d, params: board(constant(lattice(40, 40, 1)), 0)},
		{name: "mines.analyze lattice 100x100", method: "mines.analyze", budget: d, params: board(func() (string, error) { return fixture("lattice-100x100.mine") }, 0)},
		{name: "mines.analyze lattice 100x100 10ms", method: "mines.analyze", budget: 10 * time.Millisecond, params: board(func() (string, error) { return fixture("lattice-100x100.mine") }, 10)},
		{name: "mines.analyze midgame 40x40", method: "mines.analyze", budget: d, params: board(func() (string, error) { return fixture("midgame-40x40x300.mine") }, 0)},
		{name: "mines.analyze all hidden 256x256", method: "mines.analyze", budget: d, params: board(constant(allHidden(256, 256, 13107)), 0)},
		{name: "mines.analyze all hidden 256x256 10ms", method: "mines.analyze", budget: 10 * time.Millisecond, params: board(constant(allHidden(256, 256, 13107)), 10)},
		{name: "mines.new noguess 100x100x2000", method: "mines.new", params: fixed(map[string]any{"width": 100, "height": 100, "mines": 2000, "rule": "noguess", "seed": 1})},
		{name: "mines.flag 100x100", method: "mines.flag", params: func() (any, error) {
			s, err := gameAfter(map[string]any{"width": 100, "height": 100, "mines": 2000, "rule": "opening", "seed": 1}, [][2]int{{50, 50}})
			return map[string]any{"state": s, "x": 0, "y": 0}, err
		}},
		// mines.new places no mine: the no-guess board is generated at the
		// first reveal, which is the call measured. Its budget is the
		// generator's, noGuessBudget (10 s).
		{name: "mines.reveal noguess 100x100x2000", method: "mines.reveal", budget: 10 * time.Second, about: "generates a no-guess board",
			params: func() (any, error) {
				s, err := gameAfter(map[string]any{"width": 100, "height": 100, "mines": 2000, "rule": "noguess", "seed": 1}, nil)
				return map[string]any{"state": s, "x": 50, "y": 50}, err
			}},
		{name: "mines.reveal noguess 100x100x1500", method: "mines.reveal", budget: 10 * time.Second, about: "generates a no-guess board",
			params: func() (any, error) {
				s, err := gameAfter(map[string]any{"width": 100, "height": 100, "mines": 1500, "rule": "noguess", "seed": 1}, nil)
				return map[string]any{"state": s, "x": 50, "y": 50}, err
			}},
		{name: "mines.reveal noguess 100x100x2500", method: "mines.reveal", budget: 10 * time.Second, about: "no no-guess board exists: the honest answer",
			params: func() (any, error) {
				s, err := gameAfter(map[string]any{"width": 100, "height": 100, "mines": 2500, "rule": "noguess", "seed": 1}, nil)
				return map[string]any{"state": s, "x": 50, "y": 50}, err
			}},
		{name: "mines.reveal noguess expert", method: "mines.reveal", budget: 10 * time.Second, about: "generates a no-guess board",
			params: func() (any, error) {
				s, err := gameAfter(map[string]any{"level": "expert", "rule": "noguess", "seed": 1}, nil)
				return map[string]any{"state": s, "x": 3, "y": 3}, err
			}},
		{name: "mines.hint 100x100x2000 first click", method: "mines.hint", budget: d, params: func() (any, error) {
			s, err := gameAfter(map[string]any{"width": 100, "height": 100, "mines": 2000, "rule": "opening", "seed": 1}, [][2]int{{50, 50}})
			return map[string]any{"state": s}, err
		}},
		{name: "mines.hint replay 100x100x2000", method: "mines.hint", budget: d, params: func() (any, error) {
			game, reveals, err := replayReveals()
			if err != nil {
				return nil, err
			}
			s, err := gameAfter(game, reveals)
			return map[string]any{"state": s}, err
		}},
		{name: "mines.hint replay 100x100x2000 10ms", method: "mines.hint", budget: 10 * time.Millisecond, params: func() (any, error) {
			game, reveals, err := replayReveals()
			if err != nil {
				return nil, err
			}
			s, err := gameAfter(game, reveals)
			return map[string]any{"state": s, "budgetMs": 10}, err
		}},
		{name: "mines.hint 100x100x1000 corners", method: "mines.hint", budget: d, about: "the README fixtures' board with eight openings", params: func() (any, error) {
			s, err := gameAfter(map[string]any{"width": 100, "height": 100, "mines": 1000, "rule": "opening", "seed": 3},
				[][2]int{{50, 50}, {0, 0}, {99, 0}, {0, 99}, {99, 99}, {25, 25}, {75, 75}, {25, 75}})
			return map[string]any{"state": s}, err
		}},
		{name: "mines.autoplay 100x100x2000 step", method: "mines.autoplay", budget: d, params: func() (any, error) {
			game, reveals, err := replayReveals()
			if err != nil {
				return nil, err
			}
			s, err := gameAfter(game, reveals)
			return map[string]any{"state": s}, err
		}},
		{name: "mines.autoplay 100x100x1000 step", method: "mines.autoplay", budget: d, params: func() (any, error) {
			s, err := gameAfter(map[string]any{"width": 100, "height": 100, "mines": 1000, "rule": "opening", "seed": 3},
				[][2]int{{50, 50}, {0, 0}, {99, 0}, {0, 99}, {99, 99}, {25, 25}, {75, 75}, {25, 75}})
			return map[string]any{"state": s}, err
		}},
		{name: "mines.autoplay 100x100x2000 30 steps", method: "mines.autoplay", budget: d, about: "the budget covers the call",
			params: func() (any, error) {
				s, err := gameAfter(map[string]any{"width": 100, "height": 100, "mines": 2000, "rule": "opening", "seed": 1}, [][2]int{{50, 50}})
				return map[string]any{"state": s, "steps": 30}, err
			}},
		{name: "mines.autoplay 100x100x1000 to the end", method: "mines.autoplay", budget: d, about: "the budget covers the call",
			params: func() (any, error) {
				s, err := gameAfter(map[string]any{"width": 100, "height": 100, "mines": 1000, "rule": "opening", "seed": 3}, nil)
				return map[string]any{"state": s, "steps": 0}, err
			}},
		{name: "mines.autoplay 100x100x2000 noguess to the end", method: "mines.autoplay", budget: d, about: "the budget covers the call",
			params: func() (any, error) {
				s, err := gameAfter(map[string]any{"width": 100, "height": 100, "mines": 2000, "rule": "noguess", "seed": 1}, [][2]int{{50, 50}})
				return map[string]any{"state": s, "steps": 0}, err
			}},
		{name: "mines.autoplay 100x100x2000 noguess to the end 300ms", method: "mines.autoplay", budget: 300 * time.Millisecond, about: "the budget covers the call",
			params: func() (any, error) {
				s, err := gameAfter(map[string]any{"width": 100, "height": 100, "mines": 2000, "rule": "noguess", "seed": 1}, [][2]int{{50, 50}})
				return map[string]any{"state": s, "steps": 0, "budgetMs": 300}, err
			}},
		{name: "mines.autoplay expert to the end", method: "mines.autoplay", budget: d, about: "the budget covers the call",
			params: func() (any, error) {
				s, err := gameAfter(map[string]any{"level": "expert", "rule": "opening", "seed": 1}, nil)
				return map[string]any{"state": s, "steps": 0}, err
			}},
		{name: "mines.hint.split replay 100x100x2000", method: "mines.hint.split", budget: d, about: "the plan weighs what is not worth sharing",
			params: func() (any, error) {
				p, err := replayHint()
				return map[string]any{"params": p, "workers": 2}, err
			}},
		{name: "mines.lookahead expert, first part", method: "mines.lookahead", budget: d,
			params: func() (any, error) {
				p, err := lookAheadHint()
				if err != nil {
					return nil, err
				}
				p["split"] = true
				return firstPart("mines.hint", p, 2)
			}},
		{name: "mines.hint.merge expert", method: "mines.hint.merge",
			params: func() (any, error) {
				p, err := lookAheadHint()
				if err != nil {
					return nil, err
				}
				p["split"] = true
				return mergeOfParts("mines.hint", p, 2)
			}},
		{name: "mines.bench expert 300 games", method: "mines.bench", about: "one worker's share of a bench",
			params: func() (any, error) { return map[string]any{"level": "expert", "games": 300, "seed": 1}, nil }},
		{name: "mines.bench.split 100,000 games", method: "mines.bench.split",
			params: func() (any, error) {
				return map[string]any{"params": map[string]any{"level": "expert", "games": 100000}, "workers": 64}, nil
			}},
		{name: "mines.bench.merge 256 parts", method: "mines.bench.merge",
			params: func() (any, error) {
				results := make([]map[string]any, 256)
				for i := range results {
					results[i] = map[string]any{"games": 390, "wins": 160, "guesses": 900, "moves": 60000, "ms": 1000}
				}
				return map[string]any{"merge": nil, "results": results}, nil
			}},
	}
	slices.SortStableFunc(cases, func(a, b boundsCase) int { return strings.Compare(a.method, b.method) })
	return cases
}
