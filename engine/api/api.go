// Package api is the engine's one interface to the outside: a table of
// named methods, each taking JSON parameters and returning a JSON result.
//
// The browser worker only carries these calls across postMessage, and the
// native tests run exactly the same calls, so everything a page can ask of
// the engine is tested without a browser. Errors are values with a code a
// program can branch on (bad-input, too-large, cancelled, internal) and a
// message a person can act on, plus the field, row and position at fault.
package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"

	"kibitz/engine/progress"
)

// A Method is one call the engine offers.
type Method struct {
	Name string
	Doc  string // one line, for engine.methods()
	Run  func(ctx context.Context, params json.RawMessage, report progress.Func) (any, error)
}

var methods = map[string]Method{}

// register adds methods to the table; each game's file registers its own.
func register(list ...Method) {
	for _, m := range list {
		if _, dup := methods[m.Name]; dup {
			panic("api: method registered twice: " + m.Name)
		}
		methods[m.Name] = m
	}
}

// Methods lists every method, sorted by name.
func Methods() []Method {
	list := make([]Method, 0, len(methods))
	for _, m := range methods {
		list = append(list, m)
	}
	slices.SortFunc(list, func(a, b Method) int { return strings.Compare(a.Name, b.Name) })
	return list
}

// Call runs one method on JSON parameters and returns its JSON result. It
// never panics: a panic inside the method becomes an Error with code
// internal, so one bad call cannot take the engine down.
func Call(ctx context.Context, name string, params []byte, report progress.Func) (result []byte, err *Error) {
	defer func() {
		if p := recover(); p != nil {
			result, err = nil, &Error{Code: CodeInternal, Message: fmt.Sprintf("the engine failed inside %s: %v", name, p), Stack: string(debug.Stack())}
		}
	}()
	m, ok := methods[name]
	if !ok {
		return nil, &Error{Code: CodeBadInput, Field: "method", Message: fmt.Sprintf("there is no method %q; engine.methods() lists them", name)}
	}
	if len(bytes.TrimSpace(params)) == 0 || string(bytes.TrimSpace(params)) == "null" {
		params = []byte("{}")
	}
	value, runErr := m.Run(progress.NewContext(ctx, report), params, report)
	if runErr != nil {
		return nil, AsError(runErr)
	}
	out, marshalErr := json.Marshal(value)
	if marshalErr != nil {
		return nil, &Error{Code: CodeInternal, Message: "the engine could not encode its result: " + marshalErr.Error()}
	}
	return out, nil
}

// decode reads JSON parameters strictly: an unknown field is reported (it is
// usually a typo), and a type mismatch names the field.
func decode(params json.RawMessage, into any) error {
	d := json.NewDecoder(bytes.NewReader(params))
	d.DisallowUnknownFields()
	err := d.Decode(into)
	if err == nil {
		return nil
	}
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		return &Error{Code: CodeBadInput, Field: typeErr.Field, Reason: "bad-value",
			Message: fmt.Sprintf("%s: expected %s, got %s", typeErr.Field, describeType(typeErr.Type.String()), typeErr.Value)}
	case errors.As(err, &syntaxErr):
		return &Error{Code: CodeBadInput, Reason: "bad-value", Message: "the parameters are not valid JSON: " + err.Error()}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return &Error{Code: CodeBadInput, Field: field, Reason: "unknown-field", Message: fmt.Sprintf("unknown parameter %q", field)}
	}
	return &Error{Code: CodeBadInput, Reason: "bad-value", Message: "bad parameters: " + err.Error()}
}

func describeType(goType string) string {
	switch {
	case strings.Contains(goType, "int"), strings.Contains(goType, "float"):
		return "a number"
	case goType == "string":
		return "a string"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	}
	return "an object"
}
