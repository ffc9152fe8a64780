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
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"

	"kibitz/engine/progress"
)

// maxBudget bounds every budgetMs: a caller can ask for long thinking,
// not for a worker that never answers.
const maxBudget = 60 * time.Second

// randomSeed is a seed for a game the caller gave none.
func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

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
	// sort.Slice, not slices.SortFunc: a generic sort is compiled anew for
	// each element type, 19 KB of the module for a list read once.
	sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
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

// decode reads JSON parameters strictly: the parameters are one JSON
// object, an unknown field is reported (it is usually a typo), and a value
// of the wrong type names its field, with its place in lists
// ("history[2].a"), and says what was given. A number must fit its field:
// a fraction or a number too large for a whole-number field is bad input,
// never rounded or wrapped. A field given as null counts as absent, as JSON
// has it: a method that takes an absent field as "use the default" does
// the same with null. (NaN and Infinity are not JSON; kibitz.js rejects
// them before they could become null.)
func decode(params json.RawMessage, into any) error {
	d := json.NewDecoder(bytes.NewReader(params))
	d.DisallowUnknownFields()
	err := d.Decode(into)
	if err == nil {
		if _, more := d.Token(); more != io.EOF {
			return &Error{Code: CodeBadInput, Field: "params", Reason: "bad-value",
				Message: "the parameters must be one JSON object, with nothing after it"}
		}
		return nil
	}
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		return typeError(params, typeErr)
	case errors.As(err, &syntaxErr):
		if strings.Contains(err.Error(), "exceeded max depth") {
			return &Error{Code: CodeBadInput, Field: "params", Reason: "bad-value",
				Message: "the parameters are nested too deeply to be read (more than 10,000 levels)"}
		}
		return &Error{Code: CodeBadInput, Field: "params", Reason: "bad-value", Message: "the parameters are not valid JSON: " + err.Error()}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		if field == "state" {
			if e := strayState(params); e != nil {
				return e
			}
		}
		return &Error{Code: CodeBadInput, Field: field, Reason: "unknown-field", Message: fmt.Sprintf("unknown parameter %q", field)}
	}
	return &Error{Code: CodeBadInput, Field: "params", Reason: "bad-value", Message: "bad parameters: " + err.Error()}
}

// typeError says which value in the parameters does not fit its field, and
// how.
func typeError(params []byte, typeErr *json.UnmarshalTypeError) *Error {
	path, given := locate(params, typeErr.Offset)
	if path == "" {
		return &Error{Code: CodeBadInput, Field: "params", Reason: "bad-value", Value: given.text,
			Message: fmt.Sprintf("the parameters must be a JSON object of named values; got %s", given.describe())}
	}
	e := &Error{Code: CodeBadInput, Field: path, Reason: "bad-value", Value: given.text}
	t := typeErr.Type
	if given.kind != "number" || !isInteger(t) {
		e.Message = fmt.Sprintf("%s must be %s; got %s", path, describeType(t), given.describe())
		return e
	}
	unit := ""
	if strings.HasSuffix(path, "Ms") {
		unit = " of milliseconds"
	}
	n := readDecimal(given.text)
	unsigned := t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uintptr
	negative := n.negative && n.digits != ""
	switch {
	case n.exp < 0:
		e.Message = fmt.Sprintf("%s must be a whole number%s; got %s", path, unit, given.text)
	case negative && unsigned:
		e.Message = fmt.Sprintf("%s must not be negative; got %s", path, given.text)
	case fits(t, n):
		// A whole number in range that encoding/json still refused: it
		// is written with an exponent or a fraction of zeros (1e3, 4.0).
		e.Message = fmt.Sprintf("%s must be written as a plain whole number, such as 1000; got %s", path, given.text)
	case negative:
		e.Message = fmt.Sprintf("%s is too small; got %s", path, given.text)
	default:
		e.Message = fmt.Sprintf("%s is too large; got %s", path, given.text)
	}
	return e
}

// isInteger reports whether t is an integer type.
func isInteger(t reflect.Type) bool {
	return t.Kind() >= reflect.Int && t.Kind() <= reflect.Uintptr
}

// decimal is a JSON number read exactly: ±digits × 10^exp, with digits
// free of leading and trailing zeros ("" for zero). It is whole when exp
// is not negative. (math/big would read it too, for 60 KB of module.)
type decimal struct {
	negative bool
	digits   string
	exp      int
}

// readDecimal reads a number that encoding/json has already checked is
// valid JSON. An exponent too large to hold saturates, which keeps its
// sign: a fraction or a number too large, either way.
func readDecimal(text string) decimal {
	var n decimal
	if strings.HasPrefix(text, "-") {
		n.negative, text = true, text[1:]
	}
	mantissa, exponent, _ := strings.Cut(strings.ToLower(text), "e")
	whole, fraction, _ := strings.Cut(mantissa, ".")
	digits := whole + fraction
	n.exp = -len(fraction)
	if exponent != "" {
		e, err := strconv.Atoi(exponent)
		if err != nil { // beyond an int: saturate
			e = math.MaxInt32
			if strings.HasPrefix(exponent, "-") {
				e = math.MinInt32
			}
		}
		n.exp += max(min(e, math.MaxInt32), math.MinInt32)
	}
	digits = strings.TrimLeft(digits, "0")
	trimmed := strings.TrimRight(digits, "0")
	n.exp += len(digits) - len(trimmed)
	n.digits = trimmed
	if n.digits == "" {
		n.exp = 0
	}
	return n
}

// fits reports whether the whole number n is in the range of the integer
// type t, comparing decimal digits with the type's limit.
func fits(t reflect.Type, n decimal) bool {
	if n.digits == "" {
		return true
	}
	if len(n.digits)+n.exp > 20 { // past 2^64 (20 digits) for any type
		return false
	}
	value := n.digits + strings.Repeat("0", n.exp)
	bits := uint(t.Bits())
	var limit uint64 // the largest magnitude allowed
	switch {
	case t.Kind() >= reflect.Uint:
		if n.negative {
			return false
		}
		limit = math.MaxUint64 >> (64 - bits)
	case n.negative:
		limit = 1 << (bits - 1)
	default:
		limit = 1<<(bits-1) - 1
	}
	max := strconv.FormatUint(limit, 10)
	return len(value) < len(max) || len(value) == len(max) && value <= max
}

// describeType names what a field of type t takes.
func describeType(t reflect.Type) string {
	switch k := t.Kind(); {
	case isInteger(t):
		return "a whole number"
	case k == reflect.Float32 || k == reflect.Float64:
		return "a number"
	case k == reflect.String:
		return "a string"
	case k == reflect.Bool:
		return "true or false"
	case k == reflect.Slice || k == reflect.Array:
		return "a list"
	}
	return "an object"
}

// givenValue is the value at fault as the caller wrote it.
type givenValue struct {
	kind string // "number", "string", "bool", "null", "object", "list"
	text string // a scalar's text as given (a string unquoted); empty for an object or a list
}

func (g givenValue) describe() string {
	switch g.kind {
	case "string":
		text := g.text
		if rs := []rune(text); len(rs) > 40 {
			text = string(rs[:37]) + "..." // whole characters: a cut one would show as \xe4
		}
		return fmt.Sprintf("the text %q", text)
	case "object":
		return "an object"
	case "list":
		return "a list"
	case "":
		return "nothing"
	}
	return g.text
}

// locate finds the value encoding/json stopped at, offset bytes into the
// parameters (an UnmarshalTypeError's Offset: just after a scalar, or just
// after the bracket that opens an object or a list), and returns its path,
// such as "history[2].a" ("" for the parameters themselves), with the value
// as given. It reads the text again with the decoder's tokenizer, so it
// parses nothing by hand; it is only called on an error.
func locate(params []byte, offset int64) (string, givenValue) {
	d := json.NewDecoder(bytes.NewReader(params))
	d.UseNumber()
	// The path to the value being read: one step per open object or list.
	type step struct {
		list  bool
		index int    // a list's next index
		key   string // an object's current key
		inKey bool   // an object expects a key next
	}
	var stack []step
	path := func() string {
		var b strings.Builder
		for i, s := range stack {
			switch {
			case s.list:
				fmt.Fprintf(&b, "[%d]", s.index)
			case i > 0:
				b.WriteString("." + s.key)
			default:
				b.WriteString(s.key)
			}
		}
		return b.String()
	}
	// next moves the innermost object or list past a value it holds.
	next := func() {
		if n := len(stack); n > 0 {
			if stack[n-1].list {
				stack[n-1].index++
			} else {
				stack[n-1].inKey = true
			}
		}
	}
	for {
		tok, err := d.Token()
		if err != nil {
			return path(), givenValue{}
		}
		if n := len(stack); n > 0 && !stack[n-1].list && stack[n-1].inKey {
			if key, ok := tok.(string); ok {
				stack[n-1].key, stack[n-1].inKey = key, false
				continue
			}
		}
		if delim, ok := tok.(json.Delim); ok && (delim == '}' || delim == ']') {
			stack = stack[:len(stack)-1]
			next()
			continue
		}
		// tok starts a value, at the path the stack spells.
		if d.InputOffset() >= offset {
			var given givenValue
			switch v := tok.(type) {
			case json.Delim:
				given.kind = map[json.Delim]string{'{': "object", '[': "list"}[v]
			case json.Number:
				given = givenValue{"number", v.String()}
			case string:
				given = givenValue{"string", v}
			case bool:
				given = givenValue{"bool", fmt.Sprint(v)}
			case nil:
				given = givenValue{"null", "null"}
			}
			return path(), given
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, step{inKey: true})
		case json.Delim('['):
			stack = append(stack, step{list: true})
		default:
			next()
		}
	}
}
