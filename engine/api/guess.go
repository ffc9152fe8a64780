//go:build !noguess

package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"kibitz/engine/guess"
	"kibitz/engine/progress"
)

func init() {
	register(
		Method{"guess.presets", "List the named games (1A2B, Numeron, Mastermind, ...) with their rules.", guessPresets},
		Method{"guess.score", "Score a guess against a secret: {secret, guess} → {a, b}.", guessScore},
		Method{"guess.candidates", "Count the secrets consistent with a history and list up to limit of them.", guessCandidates},
		Method{"guess.parse", "Read a history typed as text, one 'guess feedback' per line.", guessParse},
		Method{"guess.host.new", "Start a hosted game, fair (secret drawn and committed) or adversarial.", guessHostNew},
		Method{"guess.host.answer", "Answer a guess in a hosted game: {state, guess} → {a, b, won, state, method}.", guessHostAnswer},
		Method{"guess.host.reveal", "End a hosted game and reveal its secret, with the proof for a fair host; the state it returns is over and answers no more guesses.", guessHostReveal},
	)
	registerErrors(guessError)
	registerState(hostState)
}

// hostState is what a hosted game's sealed state is (see seal.go).
var hostState = stateGame{"guess-host", "kind", "a number-guessing host game", "the guess.host methods", reflect.TypeFor[guess.Host]()}

// guessError maps the errors of package guess; AsError calls it.
func guessError(err error) *Error {
	var input *guess.InputError
	var conflict *guess.ConflictError
	var tooLarge *guess.TooLargeError
	switch {
	case errors.As(err, &input):
		e := &Error{Code: CodeBadInput, Message: input.Error(), Field: input.Field, Reason: string(input.Reason),
			Value: input.Value, Symbol: input.Symbol, Other: input.Other, Want: input.Want}
		if input.Row >= 0 {
			e.Row = &input.Row
		}
		if input.Pos >= 0 {
			e.Pos = &input.Pos
		}
		if input.Len > 0 { // a fault in a line of text (guess.parse): its column there, and its length
			e.Col, e.Len = &input.Col, &input.Len
		}
		return e
	case errors.As(err, &conflict):
		return &Error{Code: CodeBadInput, Message: conflict.Error(), Field: "history", Reason: "conflict", Rows: conflict.Rows}
	case errors.As(err, &tooLarge):
		return &Error{Code: CodeTooLarge, Message: tooLarge.Error(), Size: tooLarge.Size, Limit: tooLarge.Limit}
	}
	return nil
}

// game selects the rules of a call: a preset id, or explicit rules. With
// neither, the game is 1A2B with 4 digits.
type game struct {
	Preset string       `json:"preset"`
	Rules  *guess.Rules `json:"rules"`
}

func (g game) rules() (guess.Rules, error) {
	switch {
	case g.Preset != "" && g.Rules != nil:
		return guess.Rules{}, badInput("preset", "bad-value", "give a preset or rules, not both")
	case g.Rules != nil:
		r := *g.Rules
		return r, r.Validate()
	case g.Preset != "":
		return guess.PresetRules(g.Preset)
	}
	return guess.PresetRules("1a2b-4")
}

// row is one history row as JSON. The feedback is a and b, or a text such
// as "1A2B". A disabled row is kept (so the page loses nothing) but
// ignored; row numbers in errors count every row.
type row struct {
	Guess    string `json:"guess"`
	A        *int   `json:"a"`
	B        *int   `json:"b"`
	Feedback string `json:"feedback"`
	Disabled bool   `json:"disabled"`
}

// history is the enabled turns of a list of rows, with the row each came
// from.
type history struct {
	turns []guess.Turn
	rows  []int
}

func readHistory(r *guess.Rules, rows []row) (history, error) {
	var h history
	for i, x := range rows {
		if x.Disabled {
			continue
		}
		// The guess first: it is typed first, so its mistakes are the first
		// to name.
		if _, err := r.ParseCode(x.Guess, "guess"); err != nil {
			err.(*guess.InputError).Row = i
			return h, err
		}
		var f guess.Feedback
		switch {
		case x.Feedback != "" && (x.A != nil || x.B != nil):
			return h, &Error{Code: CodeBadInput, Field: "feedback", Row: &i, Reason: "bad-value", Message: fmt.Sprintf("row %d: give the feedback as a and b, or as text, not both", i+1)}
		case x.Feedback != "":
			parsed, err := r.ParseFeedback(x.Feedback)
			if err != nil {
				err.(*guess.InputError).Row = i
				return h, err
			}
			f = parsed
		case x.A == nil:
			return h, &Error{Code: CodeBadInput, Field: "a", Row: &i, Reason: "missing-feedback", Message: fmt.Sprintf("row %d: the feedback is missing", i+1)}
		default:
			f.A = *x.A
			if x.B != nil {
				f.B = *x.B
			} else if r.ImpliedB() {
				f.B = r.Length - f.A // every symbol is used: B is implied
			} else {
				return h, &Error{Code: CodeBadInput, Field: "b", Row: &i, Reason: "missing-b", Message: fmt.Sprintf("row %d: B is missing", i+1)}
			}
		}
		t, err := r.ParseTurn(x.Guess, f.A, f.B, i)
		if err != nil {
			return h, err
		}
		h.turns = append(h.turns, t)
		h.rows = append(h.rows, i)
	}
	return h, nil
}

// position replays a history; a conflict, or a turn after the win, names
// the rows as the caller numbered them, disabled ones included.
func (h history) position(ctx context.Context, r *guess.Rules) (*guess.Position, error) {
	p, err := guess.NewPosition(ctx, r, h.turns)
	if conflict, ok := err.(*guess.ConflictError); ok {
		mapped := make([]int, len(conflict.Rows))
		for i, t := range conflict.Rows {
			mapped[i] = h.rows[t]
		}
		return nil, &guess.ConflictError{Rows: mapped}
	}
	if input, ok := err.(*guess.InputError); ok && input.Reason == guess.ReasonAfterWin {
		mapped := *input
		won := h.rows[*input.Other]
		mapped.Row, mapped.Other = h.rows[input.Row], &won
		return nil, &mapped
	}
	return p, err
}

// played is the parameters of every call about a position: the game and
// its history.
type played struct {
	game
	History []row `json:"history"`
}

// opening validates the rules and the history, and reports whether no
// turn has been played yet (every row blank of turns, or switched off).
func (p played) opening() (guess.Rules, bool, error) {
	r, err := p.rules()
	if err != nil {
		return r, false, err
	}
	h, err := readHistory(&r, p.History)
	return r, err == nil && len(h.turns) == 0, err
}

// open validates the rules and replays the history.
func (p played) open(ctx context.Context) (*guess.Position, error) {
	r, err := p.rules()
	if err != nil {
		return nil, err
	}
	h, err := readHistory(&r, p.History)
	if err != nil {
		return nil, err
	}
	return h.position(ctx, &r)
}

func guessPresets(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	type preset struct {
		guess.Preset
		Size int64 `json:"size"`
	}
	var list []preset
	for _, p := range guess.Presets() {
		list = append(list, preset{p, p.Rules.Size()})
	}
	return list, decode(params, &struct{}{})
}

func guessScore(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		game
		Secret string `json:"secret"`
		Guess  string `json:"guess"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	r, err := in.rules()
	if err != nil {
		return nil, err
	}
	secret, err := r.ParseCode(in.Secret, "secret")
	if err != nil {
		return nil, err
	}
	g, err := r.ParseCode(in.Guess, "guess")
	if err != nil {
		return nil, err
	}
	f := r.Score(secret, g)
	return map[string]any{"a": f.A, "b": f.B, "won": r.Won(f)}, nil
}

func guessCandidates(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		played
		Limit *int `json:"limit"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	limit := 100
	if in.Limit != nil {
		limit = *in.Limit
	}
	if limit < 0 || limit > 10000 {
		return nil, badInput("limit", "bad-value", fmt.Sprintf("limit must be 0 to 10000, not %d", limit))
	}
	// Before any turn every code is possible: the count needs no listing
	// (3,628,800 codes for 10 of 10).
	if r, opening, err := in.opening(); err != nil {
		return nil, err
	} else if opening && limit == 0 {
		return map[string]any{"count": r.Size(), "candidates": []string{}, "truncated": true, "size": r.Size(), "solved": false}, nil
	}
	p, err := in.open(ctx)
	if err != nil {
		return nil, err
	}
	r := p.Rules
	listed := make([]string, 0, min(limit, len(p.Candidates)))
	for _, c := range p.Candidates[:min(limit, len(p.Candidates))] {
		listed = append(listed, r.Format(c))
	}
	return map[string]any{
		"count":      len(p.Candidates),
		"candidates": listed,
		"truncated":  len(listed) < len(p.Candidates),
		"size":       r.Size(),
		"solved":     p.Solved(),
	}, nil
}

func guessParse(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		game
		Text string `json:"text"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	r, err := in.rules()
	if err != nil {
		return nil, err
	}
	turns, err := r.ParseHistory(in.Text)
	if err != nil {
		return nil, err
	}
	type parsed struct {
		Line  int    `json:"line"`
		Guess string `json:"guess"`
		A     int    `json:"a"`
		B     int    `json:"b"`
	}
	out := []parsed{}
	for _, t := range turns {
		out = append(out, parsed{t.Line, r.Format(t.Turn.Guess), t.Turn.Feedback.A, t.Turn.Feedback.B})
	}
	return map[string]any{"rows": out}, nil
}

func guessHostNew(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		game
		Kind guess.HostKind `json:"kind"`
		Seed *uint64        `json:"seed"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	r, err := in.rules()
	if err != nil {
		return nil, err
	}
	if in.Kind == "" {
		in.Kind = guess.HostFair
	}
	seed := randomSeed()
	if in.Seed != nil {
		seed = *in.Seed
	}
	h, err := guess.NewHost(r, in.Kind, seed)
	if err != nil {
		return nil, err
	}
	return hostResult(h, nil)
}

// hostResult is what every host call returns: the sealed state and what
// the player may see of it.
func hostResult(h *guess.Host, extra map[string]any) (map[string]any, error) {
	state, err := seal(h)
	if err != nil {
		return nil, err
	}
	out := map[string]any{
		"state":      state,
		"kind":       h.Kind,
		"rules":      h.Rules,
		"turns":      len(h.Turns),
		"won":        h.Won,
		"commitment": h.Commitment(),
	}
	for k, v := range extra {
		out[k] = v
	}
	return out, nil
}

func guessHostAnswer(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		State string `json:"state"`
		Guess string `json:"guess"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	var h guess.Host
	if err := unseal(in.State, &h); err != nil {
		return nil, err
	}
	// ctx carries the call's cancel and progress: the adversarial host's
	// perfect search reports through it, which is where a worker's Stop
	// gets in, and a cancelled search is the error "cancelled".
	f, err := h.Answer(ctx, in.Guess)
	if err != nil {
		return nil, err
	}
	extra := map[string]any{"a": f.A, "b": f.B}
	if m := h.LastMethod(); m != "" {
		extra["method"] = m // adversarial: "perfect" or "range"
	}
	return hostResult(&h, extra)
}

func guessHostReveal(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		State string `json:"state"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	var h guess.Host
	if err := unseal(in.State, &h); err != nil {
		return nil, err
	}
	secret, err := h.Reveal(ctx)
	if err != nil {
		return nil, err
	}
	turns, err := h.History(ctx)
	if err != nil {
		return nil, err
	}
	type answered struct {
		Guess string `json:"guess"`
		A     int    `json:"a"`
		B     int    `json:"b"`
	}
	history := []answered{}
	for _, t := range turns {
		history = append(history, answered{h.Rules.Format(t.Guess), t.Feedback.A, t.Feedback.B})
	}
	// The game ends here: the state given back is marked revealed, and
	// guess.host.answer refuses it, so the secret just shown cannot then
	// be "guessed" to win.
	state, err := seal(&h)
	if err != nil {
		return nil, err
	}
	return map[string]any{
		"state":      state,
		"secret":     secret,
		"salt":       h.Salt,
		"commitment": h.Commitment(),
		"kind":       h.Kind,
		"history":    history,
		"won":        h.Won,
	}, nil
}
