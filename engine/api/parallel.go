package api

import (
	"context"
	"encoding/json"
	"fmt"

	"kibitz/engine/progress"
)

// Parallel calls. A heavy method can be shared by a pool of workers
// (kibitz.js runs one per core, up to four). Its Split plans a call as
// parts, each an ordinary call of some method, which the pool runs on any
// worker, in any order, and again on a fresh worker when one crashed; its
// Merge turns the parts' results, in the plan's order, into the call's
// result: the same result the method gives run alone, which the tests
// check for every split method. The page reaches a split method through
// two methods beside its own:
//
//	NAME.split {params, workers} → {parts: [{method, params}], merge}
//	NAME.merge {merge, results: [part results, in order]} → NAME's result
//
// merge is whatever the plan needs to carry to the merge (JSON).
//
// A part's result may carry "bound", a positive number: what later parts
// need not beat (a value already reached, where less is better). The pool
// adds the least bound of the parts done so far to the params of each part
// it starts, as "bound"; the perfect search cuts off its guesses with it.
// The merged result must not depend on it.
type Split struct {
	Plan  func(ctx context.Context, params json.RawMessage, workers int) (*Plan, error)
	Merge func(ctx context.Context, merge json.RawMessage, results []json.RawMessage) (any, error)
}

// A Plan is how a call is shared.
type Plan struct {
	Parts []Part          `json:"parts"`
	Merge json.RawMessage `json:"merge"`
}

// A Part is one method call of a plan.
type Part struct {
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// add appends a part: method called with params, written as JSON.
func (p *Plan) add(method string, params any) error {
	text, err := json.Marshal(params)
	if err != nil {
		return err
	}
	p.Parts = append(p.Parts, Part{method, text})
	return nil
}

// partResults reads the parts' results for a merge, each as a T; what
// names T in the error a malformed result gets.
func partResults[T any](results []json.RawMessage, what string) ([]T, error) {
	out := make([]T, len(results))
	for i, text := range results {
		if err := json.Unmarshal(text, &out[i]); err != nil {
			return nil, badInput(fmt.Sprintf("results[%d]", i), "bad-value", "a part's result is not "+what+": "+err.Error())
		}
	}
	return out, nil
}

// maxWorkers bounds the workers a plan is made for.
const maxWorkers = 64

// registerSplit makes the method named splittable, adding NAME.split and
// NAME.merge to the table.
func registerSplit(name string, s Split) {
	if _, ok := methods[name]; !ok {
		panic("api: a split for a method that is not registered: " + name)
	}
	register(
		Method{name + ".split", "Plan " + name + " as parts a pool of workers can share: {params, workers} → {parts, merge}.",
			func(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
				var in struct {
					Params  json.RawMessage `json:"params"`
					Workers int             `json:"workers"`
				}
				if err := decode(params, &in); err != nil {
					return nil, err
				}
				if in.Workers < 1 || in.Workers > maxWorkers {
					return nil, badInput("workers", "bad-value", fmt.Sprintf("workers must be 1 to %d, not %d", maxWorkers, in.Workers))
				}
				if len(in.Params) == 0 || string(in.Params) == "null" {
					in.Params = json.RawMessage("{}")
				}
				return s.Plan(ctx, in.Params, in.Workers)
			}},
		Method{name + ".merge", "Merge the results of " + name + "'s parts into its result: {merge, results} → " + name + "'s result.",
			func(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
				var in struct {
					Merge   json.RawMessage   `json:"merge"`
					Results []json.RawMessage `json:"results"`
				}
				if err := decode(params, &in); err != nil {
					return nil, err
				}
				return s.Merge(ctx, in.Merge, in.Results)
			}},
	)
}
