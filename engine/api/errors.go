package api

import (
	"context"
	"errors"
)

// Error codes. The browser client adds engine-crashed (the worker died) to
// these.
const (
	CodeBadInput  = "bad-input" // the caller's input is wrong; the message says where
	CodeTooLarge  = "too-large" // the input is valid but too big to compute
	CodeCancelled = "cancelled" // the caller cancelled the call
	CodeInternal  = "internal"  // a bug: the engine failed; the next call still works
)

// Error is what a failed call returns, in JSON as in Go. Field, Row and Pos
// locate the fault (Row and Pos are 0-based; absent when they do not apply),
// Reason is a language-independent key front ends translate, and Rows lists
// the history rows that conflict.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
	Row     *int   `json:"row,omitempty"`
	Pos     *int   `json:"pos,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Rows    []int  `json:"rows,omitempty"`
	Value   string `json:"value,omitempty"`  // the input at fault, as given
	Symbol  string `json:"symbol,omitempty"` // the symbol at fault
	Other   *int   `json:"other,omitempty"`  // the other position of a repeated symbol (0-based)
	Want    int    `json:"want,omitempty"`   // what was expected: a code's length, the largest count
	Size    int64  `json:"size,omitempty"`
	Limit   int64  `json:"limit,omitempty"`
	Stack   string `json:"stack,omitempty"` // internal errors only, for bug reports

	// Minesweeper: Line and Col (0-based) locate a fault in .mine text;
	// Cells are numbers that cannot all hold, Flags the flags they count;
	// Left is the mines left after the flags; Room, the squares around a
	// number that could hold a mine, when they are fewer than it shows.
	Line *int `json:"line,omitempty"`
	Col  *int `json:"col,omitempty"`
	// Len is how many characters from Col the fault spans (guess.parse's
	// "3A0X" is 4), so a caller can select it without reading the line
	// again.
	Len   *int   `json:"len,omitempty"`
	Cells []Cell `json:"cells,omitempty"`
	Flags []Cell `json:"flags,omitempty"`
	Left  *int   `json:"left,omitempty"`
	Room  *int   `json:"room,omitempty"`
}

// Cell is a board cell an error names, 0-based.
type Cell struct {
	X int `json:"x"`
	Y int `json:"y"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// gameErrors are the games' error mappers, each registered by its game's
// file: one turns its engine package's errors into *Error and returns nil
// for any other error.
var gameErrors []func(error) *Error

func registerErrors(mapper func(error) *Error) { gameErrors = append(gameErrors, mapper) }

// AsError turns any error from the engine into an *Error.
func AsError(err error) *Error {
	var apiErr *Error
	if errors.As(err, &apiErr) {
		return apiErr
	}
	for _, mapper := range gameErrors {
		if e := mapper(err); e != nil {
			return e
		}
	}
	switch {
	case errors.Is(err, context.Canceled):
		return &Error{Code: CodeCancelled, Message: "the call was cancelled"}
	case errors.Is(err, context.DeadlineExceeded):
		return &Error{Code: CodeCancelled, Message: "the call ran out of time"}
	}
	return &Error{Code: CodeInternal, Message: err.Error()}
}

// badInput builds a bad-input error about one parameter.
func badInput(field, reason, message string) *Error {
	return &Error{Code: CodeBadInput, Field: field, Reason: reason, Message: message}
}
