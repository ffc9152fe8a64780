// Package progress is the contract between a long engine computation and
// whoever runs it: the computation reports how far it has got, and learns
// through its context.Context whether to stop.
//
// A computation calls its Func often (every millisecond of work or so is
// right): the caller decides what to do with each report. A native test
// passes nil; the browser worker throttles the reports and uses them as the
// moments to yield to the event loop, which is how a cancel message gets in.
package progress

import "context"

// Func receives a report: done of total units of work, and a short note on
// the current phase ("scoring guesses", "searching depth 3"). total may be 0
// when it is unknown.
type Func func(done, total int64, note string)

// NoteParts is the note of a report that announces how a shared call will
// be split: total is the number of parts its plan will make, at most, and
// done is 0. A split method's plan sends it as soon as it knows, before its
// long work, so that a pool can start workers for the parts while the plan
// is still being made rather than after it. A runner passes it on at once,
// not throttled with the other reports.
const NoteParts = "parts ahead"

// Report calls f when it is not nil.
func (f Func) Report(done, total int64, note string) {
	if f != nil {
		f(done, total, note)
	}
}

type contextKey struct{}

// NewContext returns a copy of ctx that carries f, for work that reports
// from several calls deep (filtering a code space inside replaying a
// history inside an API call) without passing f through every signature.
func NewContext(ctx context.Context, f Func) context.Context {
	return context.WithValue(ctx, contextKey{}, f)
}

// FromContext returns the Func ctx carries, or nil; a nil Func's Report
// does nothing, so callers need not check.
func FromContext(ctx context.Context) Func {
	f, _ := ctx.Value(contextKey{}).(Func)
	return f
}
