// Package conformance replays the language-neutral vectors of tests/vectors against a live server, with the
// matching rules of tests/vectors/README.md (the same rules as the Python and TypeScript runners).
//
// JSON values here are what encoding/json decodes with UseNumber: map[string]any, []any, string, bool, nil
// and json.Number (never float64, so int64 values beyond 2^53 compare exactly).
package conformance

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"sort"
	"strings"
)

// proto3 JSON prints int64 as a decimal string; a vector may write the same value as a number.
var decimal = regexp.MustCompile(`^-?[0-9]+$`)

// Violation is one BadRequest field violation as a vector names it: its field path and its reason
// ("DUPLICATE_CARD").
type Violation struct {
	Field  string
	Reason string
}

func (v Violation) String() string { return v.Field + " " + v.Reason }

// ExpectedError is a case's expect.error. FieldViolations nil means "compare the code only"; an empty,
// non-nil list means the status must carry no violation.
type ExpectedError struct {
	Code            string
	FieldViolations []Violation
}

// ActualError is how a call failed: the canonical status code name, message and BadRequest violations.
type ActualError struct {
	Code            string
	Message         string
	FieldViolations []Violation
}

// MatchError compares the status code name, then the (field, reason) pairs as sets. It returns "" on a match,
// else the first difference.
func MatchError(expected ExpectedError, actual ActualError) string {
	if expected.Code != actual.Code {
		detail := ""
		if actual.Message != "" {
			detail = " (" + actual.Message + ")"
		}
		return fmt.Sprintf("error.code: expected %s, got %s%s", expected.Code, actual.Code, detail)
	}
	if expected.FieldViolations == nil {
		return ""
	}
	want, got := set(texts(expected.FieldViolations)), set(texts(actual.FieldViolations))
	missing, unexpected := minus(want, got), minus(got, want)
	if len(missing) == 0 && len(unexpected) == 0 {
		return ""
	}
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, "missing "+show(missing))
	}
	if len(unexpected) > 0 {
		parts = append(parts, "unexpected "+show(unexpected))
	}
	return fmt.Sprintf("error.fieldViolations: %s (got %s)", strings.Join(parts, ", "), show(sorted(got)))
}

func texts(violations []Violation) []string {
	out := make([]string, len(violations))
	for i, v := range violations {
		out[i] = v.String()
	}
	return out
}

// MatchResponse checks that expected is a subset of the actual response (proto3 JSON, default values
// emitted). Lists at the dotted paths in unordered (list indices left out: "moves", "pots.winners") may match
// in any order. It returns "" on a match, else the first difference with its path: "response.scores[0].tier:
// expected …, got …".
func MatchResponse(expected, actual any, unordered []string) string {
	return match(expected, actual, "response", "", set(unordered))
}

// where is the reported path, with indices; schema is the dotted field path without them.
func match(expected, actual any, where, schema string, unordered map[string]bool) string {
	switch want := expected.(type) {
	case map[string]any:
		got, ok := actual.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: expected an object, got %s", where, show(actual))
		}
		for _, key := range sortedKeys(want) {
			value, present := got[key]
			if !present {
				// "Every key it names must be present": an unset field cannot be expected, not even as null.
				return fmt.Sprintf("%s.%s: missing (expected %s)", where, key, show(want[key]))
			}
			child := key
			if schema != "" {
				child = schema + "." + key
			}
			if difference := match(want[key], value, where+"."+key, child, unordered); difference != "" {
				return difference
			}
		}
		return ""
	case []any:
		got, ok := actual.([]any)
		if !ok {
			return fmt.Sprintf("%s: expected a list, got %s", where, show(actual))
		}
		if len(want) != len(got) {
			return fmt.Sprintf("%s: expected %d elements, got %d: %s", where, len(want), len(got), show(got))
		}
		if unordered[schema] {
			return matchUnordered(want, got, where, schema, unordered)
		}
		for i := range want {
			if difference := match(want[i], got[i], fmt.Sprintf("%s[%d]", where, i), schema, unordered); difference != "" {
				return difference
			}
		}
		return ""
	}
	if ScalarsMatch(expected, actual) {
		return ""
	}
	return fmt.Sprintf("%s: expected %s, got %s", where, show(expected), show(actual))
}

// matchUnordered pairs each expected element with its own actual element. Subset matching lets one actual
// element fit several expected ones, so a greedy pass could fail where a pairing exists: this finds a maximum
// bipartite matching with augmenting paths (lists here are small).
func matchUnordered(expected, actual []any, where, schema string, unordered map[string]bool) string {
	fits := make([][]int, len(expected))
	for i, want := range expected {
		for j, got := range actual {
			if match(want, got, where, schema, unordered) == "" {
				fits[i] = append(fits[i], j)
			}
		}
	}
	owner := make(map[int]int) // actual index -> expected index
	var assign func(i int, seen map[int]bool) bool
	assign = func(i int, seen map[int]bool) bool {
		for _, j := range fits[i] {
			if seen[j] {
				continue
			}
			seen[j] = true
			if previous, taken := owner[j]; !taken || assign(previous, seen) {
				owner[j] = i
				return true
			}
		}
		return false
	}
	for i := range expected {
		if assign(i, map[int]bool{}) {
			continue
		}
		if len(fits[i]) > 0 {
			return fmt.Sprintf("%s: expected element %s has no distinct element left to match", where, show(expected[i]))
		}
		// Name the difference against the element at the same index: usually the one the author meant.
		closest := match(expected[i], actual[i], fmt.Sprintf("%s[%d]", where, i), schema, unordered)
		return fmt.Sprintf("%s: expected element %s matches no element (same index: %s)", where, show(expected[i]), closest)
	}
	return ""
}

// ScalarsMatch compares two JSON scalars by value. Numbers compare exactly (1 equals 1.0); an integer number
// equals a decimal string of the same value either way round (20000 matches "20000"); true never equals 1.
func ScalarsMatch(expected, actual any) bool {
	switch want := expected.(type) {
	case nil:
		return actual == nil
	case bool:
		got, ok := actual.(bool)
		return ok && want == got
	case string:
		switch got := actual.(type) {
		case string:
			return want == got
		case json.Number:
			return decimalEquals(want, got)
		}
		return false
	case json.Number:
		switch got := actual.(type) {
		case json.Number:
			return numbersEqual(want, got)
		case string:
			return decimalEquals(got, want)
		}
		return false
	}
	return false
}

func numbersEqual(a, b json.Number) bool {
	x, okX := new(big.Rat).SetString(string(a))
	y, okY := new(big.Rat).SetString(string(b))
	return okX && okY && x.Cmp(y) == 0
}

// decimalEquals: text must be a plain decimal integer and number must have exactly that integer value.
func decimalEquals(text string, number json.Number) bool {
	if !decimal.MatchString(text) {
		return false
	}
	value, ok := new(big.Rat).SetString(string(number))
	if !ok || !value.IsInt() {
		return false
	}
	parsed, _ := new(big.Int).SetString(text, 10)
	return value.Num().Cmp(parsed) == 0
}

// show renders a value as compact JSON, cut short so that a failure line stays readable.
func show(value any) string {
	var buffer strings.Builder
	encoder := json.NewEncoder(&buffer)
	encoder.SetEscapeHTML(false) // "<" stays "<" in a failure line, as in the other runners
	if err := encoder.Encode(value); err != nil {
		return fmt.Sprint(value)
	}
	text := strings.TrimSuffix(buffer.String(), "\n")
	const limit = 200
	if runes := []rune(text); len(runes) > limit {
		return string(runes[:limit-1]) + "…"
	}
	return text
}

func set(items []string) map[string]bool {
	out := make(map[string]bool, len(items))
	for _, item := range items {
		out[item] = true
	}
	return out
}

func minus(a, b map[string]bool) []string {
	var out []string
	for item := range a {
		if !b[item] {
			out = append(out, item)
		}
	}
	sort.Strings(out)
	return out
}

func sorted(items map[string]bool) []string {
	return minus(items, nil)
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	return keys
}
