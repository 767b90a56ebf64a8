package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Case is one vector case. File is relative to the vectors directory, with "/" separators.
type Case struct {
	File    string
	Name    string
	Service string
	Method  string
	Request json.RawMessage // kept raw: protojson parses it against the method's input type
	// Exactly one of Response and Error is set.
	Response  map[string]any
	Unordered []string
	Error     *ExpectedError
}

// Broken is a file or case that does not follow the vector format; it counts as one failed case, so one bad
// file cannot hide the results of the others.
type Broken struct {
	File    string
	Name    string // "(file)" for a whole file
	Problem string
}

var statusCodes = map[string]bool{
	"CANCELLED": true, "UNKNOWN": true, "INVALID_ARGUMENT": true, "DEADLINE_EXCEEDED": true,
	"NOT_FOUND": true, "ALREADY_EXISTS": true, "PERMISSION_DENIED": true, "RESOURCE_EXHAUSTED": true,
	"FAILED_PRECONDITION": true, "ABORTED": true, "OUT_OF_RANGE": true, "UNIMPLEMENTED": true,
	"INTERNAL": true, "UNAVAILABLE": true, "DATA_LOSS": true, "UNAUTHENTICATED": true,
}

// Load reads every *.json under dir (any depth) in sorted path order. The error is for a directory or file
// that cannot be read at all; malformed content comes back as Broken entries.
func Load(dir string) ([]Case, []Broken, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, nil, err
	}
	if !info.IsDir() {
		return nil, nil, fmt.Errorf("not a directory: %s", dir)
	}
	var paths []string
	err = filepath.WalkDir(dir, func(path string, entry fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if entry.Type().IsRegular() && strings.HasSuffix(entry.Name(), ".json") {
			paths = append(paths, path)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(paths)
	var cases []Case
	var broken []Broken
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		rel, _ := filepath.Rel(dir, path)
		fileCases, fileBroken := parseFile(filepath.ToSlash(rel), data)
		cases, broken = append(cases, fileCases...), append(broken, fileBroken...)
	}
	return cases, broken, nil
}

func parseFile(file string, data []byte) ([]Case, []Broken) {
	var document any
	if err := decode(data, &document); err != nil {
		return nil, []Broken{{file, "(file)", "not valid JSON: " + err.Error()}}
	}
	object, _ := document.(map[string]any)
	entries, ok := object["cases"].([]any)
	if !ok {
		return nil, []Broken{{file, "(file)", `expected an object with a "cases" list`}}
	}
	var cases []Case
	var broken []Broken
	for i, entry := range entries {
		c, name, problem := parseCase(file, entry)
		if problem != "" {
			if name == "" {
				name = fmt.Sprintf("cases[%d]", i)
			}
			broken = append(broken, Broken{file, name, problem})
			continue
		}
		cases = append(cases, c)
	}
	return cases, broken
}

// parseCase returns the case, or its name (if it has one) and why it is not a valid case.
func parseCase(file string, value any) (Case, string, string) {
	entry, ok := value.(map[string]any)
	if !ok {
		return Case{}, "", "a case must be an object"
	}
	name, _ := entry["name"].(string)
	for _, key := range []string{"name", "service", "method"} {
		if text, ok := entry[key].(string); !ok || text == "" {
			return Case{}, name, fmt.Sprintf("%q must be a non-empty string", key)
		}
	}
	if _, ok := entry["request"].(map[string]any); !ok {
		return Case{}, name, `"request" must be an object`
	}
	// Back to JSON text for protojson; json.Number keeps every number's exact digits.
	request, err := json.Marshal(entry["request"])
	if err != nil {
		return Case{}, name, "request: " + err.Error()
	}
	c := Case{File: file, Name: name, Service: entry["service"].(string), Method: entry["method"].(string),
		Request: request}
	if problem := parseExpect(&c, entry["expect"]); problem != "" {
		return Case{}, name, problem
	}
	return c, name, ""
}

// parseExpect rejects unknown keys: a misspelt "unordered" would silently make a case stricter, a misspelt
// "fieldViolations" silently weaker.
func parseExpect(c *Case, value any) string {
	expect, ok := value.(map[string]any)
	if !ok {
		return `"expect" must be an object`
	}
	if unknown := unknownKeys(expect, "response", "error", "unordered"); len(unknown) > 0 {
		return fmt.Sprintf(`"expect" has unknown keys %s`, show(unknown))
	}
	response, hasResponse := expect["response"]
	errorValue, hasError := expect["error"]
	if hasResponse == hasError {
		return `"expect" needs exactly one of "response" and "error"`
	}
	if hasResponse {
		if c.Response, ok = response.(map[string]any); !ok {
			return `"expect.response" must be an object`
		}
		if unordered, present := expect["unordered"]; present {
			if c.Unordered, ok = stringList(unordered); !ok {
				return `"expect.unordered" must be a list of dotted paths`
			}
		}
		return ""
	}
	if _, present := expect["unordered"]; present {
		return `"expect.unordered" only applies to "response"`
	}
	return parseError(c, errorValue)
}

func parseError(c *Case, value any) string {
	expected, ok := value.(map[string]any)
	if !ok {
		return `"expect.error" must be an object`
	}
	if unknown := unknownKeys(expected, "code", "fieldViolations"); len(unknown) > 0 {
		return fmt.Sprintf(`"expect.error" has unknown keys %s`, show(unknown))
	}
	code, _ := expected["code"].(string)
	if !statusCodes[code] {
		return fmt.Sprintf(`"expect.error.code" must be a gRPC status code name other than OK, not %s`,
			show(expected["code"]))
	}
	c.Error = &ExpectedError{Code: code}
	if violations, present := expected["fieldViolations"]; present {
		list, ok := violationList(violations)
		if !ok {
			return `"expect.error.fieldViolations" must be a list of {"field": path, "reason": REASON} objects`
		}
		c.Error.FieldViolations = list // non-nil even when empty: "no violation"
	}
	return ""
}

// decode parses JSON keeping numbers as json.Number, so int64 values are never rounded through float64.
func decode(data []byte, into any) error {
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	if err := decoder.Decode(into); err != nil {
		return err
	}
	if _, err := decoder.Token(); err != io.EOF {
		return fmt.Errorf("unexpected data after the JSON value")
	}
	return nil
}

// violationList reads [{"field": "hands[1]", "reason": "WRONG_CARD_COUNT"}, …]: exactly these two keys, each a
// non-empty string. The result is non-nil even when empty.
func violationList(value any) ([]Violation, bool) {
	items, ok := value.([]any)
	if !ok {
		return nil, false
	}
	out := make([]Violation, len(items))
	for i, item := range items {
		object, ok := item.(map[string]any)
		if !ok || len(object) != 2 {
			return nil, false
		}
		field, _ := object["field"].(string)
		reason, _ := object["reason"].(string)
		if field == "" || reason == "" {
			return nil, false
		}
		out[i] = Violation{Field: field, Reason: reason}
	}
	return out, true
}

func stringList(value any) ([]string, bool) {
	items, ok := value.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, len(items))
	for i, item := range items {
		if out[i], ok = item.(string); !ok {
			return nil, false
		}
	}
	return out, true
}

func unknownKeys(object map[string]any, allowed ...string) []string {
	var unknown []string
	for key := range object {
		if !set(allowed)[key] {
			unknown = append(unknown, key)
		}
	}
	sort.Strings(unknown)
	return unknown
}
