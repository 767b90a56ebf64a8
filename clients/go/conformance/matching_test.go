package conformance

import (
	"strings"
	"testing"
)

// mustJSON decodes a literal the way the runner decodes vectors and responses (numbers kept exact).
func mustJSON(t *testing.T, text string) any {
	t.Helper()
	var value any
	if err := decode([]byte(text), &value); err != nil {
		t.Fatalf("bad literal %s: %v", text, err)
	}
	return value
}

func TestMatchResponseLiteralPairs(t *testing.T) {
	cases := []struct {
		name, expected, actual string
		unordered              []string
		difference             string // "" = match; else a prefix of the reported difference
	}{
		{"subset ignores other keys", `{"legal": false}`, `{"legal": false, "reason": "X"}`, nil, ""},
		{"nested subset", `{"a": {"b": 1}}`, `{"a": {"b": 1, "c": 2}}`, nil, ""},
		{"missing key", `{"next": {}}`, `{"legal": true}`, nil, "response.next: missing"},
		{"expected null is not an absent field", `{"next": null}`, `{}`, nil, "response.next: missing"},
		{"int64 number matches string", `{"n": 20000}`, `{"n": "20000"}`, nil, ""},
		{"int64 string matches number", `{"n": "20000"}`, `{"n": 20000}`, nil, ""},
		{"int64 beyond 2^53 exact", `{"n": 9007199254740993}`, `{"n": "9007199254740993"}`, nil, ""},
		{"int64 beyond 2^53 differs", `{"n": 9007199254740993}`, `{"n": "9007199254740992"}`, nil, "response.n: expected"},
		{"integral float matches string", `{"n": 3.0}`, `{"n": "3"}`, nil, ""},
		{"fraction never matches string", `{"n": 3.5}`, `{"n": "3"}`, nil, "response.n"},
		{"non-decimal string", `{"n": 3}`, `{"n": "3.0"}`, nil, "response.n"},
		{"numbers by value", `{"n": 1}`, `{"n": 1.0}`, nil, ""},
		{"true is not 1", `{"b": true}`, `{"b": 1}`, nil, "response.b: expected true, got 1"},
		{"string is not bool", `{"b": "true"}`, `{"b": true}`, nil, "response.b"},
		{"enum names", `{"r": "SAM_REASON_UNSPECIFIED"}`, `{"r": "SAM_REASON_TOO_LOW"}`, nil, "response.r: expected \"SAM_REASON_UNSPECIFIED\""},
		{"list in order", `{"l": [1, 2]}`, `{"l": [1, 2]}`, nil, ""},
		{"list out of order", `{"l": [2, 1]}`, `{"l": [1, 2]}`, nil, "response.l[0]: expected 2, got 1"},
		{"list length", `{"l": [1]}`, `{"l": [1, 2]}`, nil, "response.l: expected 1 elements, got 2"},
		{"empty list", `{"l": []}`, `{"l": []}`, nil, ""},
		{"object vs list", `{"l": {}}`, `{"l": []}`, nil, "response.l: expected an object"},
		{"list vs scalar", `{"l": [1]}`, `{"l": 1}`, nil, "response.l: expected a list"},
		{"unordered", `{"l": [2, 1]}`, `{"l": [1, 2]}`, []string{"l"}, ""},
		{"unordered needs distinct elements", `{"l": [1, 1]}`, `{"l": [1, 2]}`, []string{"l"}, "response.l: expected element 1 has no distinct"},
		{"unordered no fit", `{"l": [3, 1]}`, `{"l": [1, 2]}`, []string{"l"}, "response.l: expected element 3 matches no element (same index: response.l[0]"},
		{"unordered path leaves indices out", `{"pots": [{"winners": [2, 1]}]}`, `{"pots": [{"winners": [1, 2]}]}`, []string{"pots.winners"}, ""},
		{"unordered applies to that path only", `{"pots": [{"winners": [2, 1]}]}`, `{"pots": [{"winners": [1, 2]}]}`, []string{"winners"}, "response.pots[0].winners[0]"},
		{
			// Greedy pairing would give {"a":1} the first element and leave {"a":1,"b":2} nothing.
			"unordered finds a pairing greedy misses",
			`{"m": [{"a": 1}, {"a": 1, "b": 2}]}`, `{"m": [{"a": 1, "b": 2}, {"a": 1, "b": 3}]}`, []string{"m"}, "",
		},
		{"null matches null", `{"x": null}`, `{"x": null}`, nil, ""},
		{"null actual fails a value", `{"x": 1}`, `{"x": null}`, nil, "response.x: expected 1, got null"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := MatchResponse(mustJSON(t, c.expected), mustJSON(t, c.actual), c.unordered)
			if c.difference == "" && got != "" {
				t.Errorf("expected a match, got %q", got)
			}
			if c.difference != "" && !strings.HasPrefix(got, c.difference) {
				t.Errorf("difference %q does not start with %q", got, c.difference)
			}
		})
	}
}

func TestMatchError(t *testing.T) {
	hands, fee := Violation{"hands", "WRONG_HAND_COUNT"}, Violation{"house_rules.fee_bps", "OUT_OF_RANGE"}
	actual := ActualError{Code: "INVALID_ARGUMENT", Message: "bad", FieldViolations: []Violation{hands, fee}}
	cases := []struct {
		name       string
		expected   ExpectedError
		difference string
	}{
		{"code only", ExpectedError{Code: "INVALID_ARGUMENT"}, ""},
		{"same set, other order", ExpectedError{"INVALID_ARGUMENT", []Violation{fee, hands}}, ""},
		{"wrong code", ExpectedError{Code: "INTERNAL"}, "error.code: expected INTERNAL, got INVALID_ARGUMENT (bad)"},
		{"fewer", ExpectedError{"INVALID_ARGUMENT", []Violation{hands}}, `error.fieldViolations: unexpected ["house_rules.fee_bps OUT_OF_RANGE"] (got ["hands WRONG_HAND_COUNT","house_rules.fee_bps OUT_OF_RANGE"])`},
		{"more", ExpectedError{"INVALID_ARGUMENT", []Violation{hands, {"x", "TOO_MANY"}, fee}}, `error.fieldViolations: missing ["x TOO_MANY"]`},
		{"another reason", ExpectedError{"INVALID_ARGUMENT", []Violation{hands, {fee.Field, "INVALID_VALUE"}}}, `error.fieldViolations: missing ["house_rules.fee_bps INVALID_VALUE"], unexpected ["house_rules.fee_bps OUT_OF_RANGE"]`},
		{"empty list means none", ExpectedError{"INVALID_ARGUMENT", []Violation{}}, "error.fieldViolations: unexpected"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := MatchError(c.expected, actual)
			if (c.difference == "") != (got == "") || !strings.HasPrefix(got, c.difference) {
				t.Errorf("MatchError = %q, want prefix %q", got, c.difference)
			}
		})
	}
	if got := MatchError(ExpectedError{"INVALID_ARGUMENT", []Violation{}}, ActualError{Code: "INVALID_ARGUMENT"}); got != "" {
		t.Errorf("no violations expected and none given: %q", got)
	}
}
