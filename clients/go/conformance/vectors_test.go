package conformance

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, dir, name, text string) {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

const good = `{"name": "%s", "service": "cardrules.v1.LiengService", "method": "ScoreLieng", "request": {"hands": []}, "expect": %s}`

func caseJSON(name, expect string) string {
	return strings.Replace(strings.Replace(good, "%s", name, 1), "%s", expect, 1)
}

func TestLoadReadsEveryJSONFileSortedAndRecursively(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "b/z.json", `{"cases": [`+caseJSON("second", `{"response": {}}`)+`]}`)
	write(t, dir, "a.json", `{"cases": [`+caseJSON("first", `{"error": {"code": "INVALID_ARGUMENT", "fieldViolations": []}}`)+`]}`)
	write(t, dir, "notes.txt", "not a vector")
	cases, broken, err := Load(dir)
	if err != nil || len(broken) != 0 || len(cases) != 2 {
		t.Fatalf("Load = %v, %v, %v", cases, broken, err)
	}
	if cases[0].Name != "first" || cases[1].File != "b/z.json" {
		t.Errorf("order or names wrong: %+v", cases)
	}
	if cases[0].Error == nil || cases[0].Error.FieldViolations == nil {
		t.Error(`"fieldViolations": [] must stay an empty, non-nil list (= no violation allowed)`)
	}
	if string(cases[1].Request) != `{"hands":[]}` {
		t.Errorf("request %s", cases[1].Request)
	}
}

func TestLoadReportsMalformedVectors(t *testing.T) {
	problems := []struct{ expect, problem string }{
		{`{"response": {}, "unorderd": []}`, `"expect" has unknown keys ["unorderd"]`},
		{`{"response": {}, "error": {"code": "INTERNAL"}}`, `exactly one of`},
		{`{}`, `exactly one of`},
		{`{"error": {"code": "OK"}}`, `other than OK`},
		{`{"error": {"code": "INVALID_ARGUMENT", "fields": []}}`, `"expect.error" has unknown keys ["fields"]`},
		{`{"error": {"code": "INTERNAL"}, "unordered": []}`, `only applies to "response"`},
		{`{"response": [], "unordered": []}`, `"expect.response" must be an object`},
		{`{"response": {}, "unordered": [1]}`, `"expect.unordered" must be a list`},
		{`{"error": {"code": "INTERNAL", "fieldViolations": "x"}}`, `must be a list of {"field": path, "reason": REASON} objects`},
		{`{"error": {"code": "INTERNAL", "fieldViolations": ["hands"]}}`, `must be a list of {"field"`},
		{`{"error": {"code": "INTERNAL", "fieldViolations": [{"field": "hands"}]}}`, `must be a list of {"field"`},
		{`{"error": {"code": "INTERNAL", "fieldViolations": [{"field": "hands", "reason": "R", "why": "x"}]}}`, `must be a list of {"field"`},
		{`"response"`, `"expect" must be an object`},
	}
	dir := t.TempDir()
	var entries []string
	for i, p := range problems {
		entries = append(entries, caseJSON(fmt.Sprintf("case %d", i), p.expect))
	}
	write(t, dir, "bad.json", `{"cases": [`+strings.Join(entries, ",")+`, 7, {"name": "no service"}]}`)
	write(t, dir, "not-json.json", `{"cases": [}`)
	write(t, dir, "trailing.json", `{"cases": []} ]`)
	write(t, dir, "no-cases.json", `{"case": []}`)
	cases, broken, err := Load(dir)
	if err != nil || len(cases) != 0 {
		t.Fatalf("Load = %v, %v", cases, err)
	}
	byName := map[string]string{}
	for _, b := range broken {
		byName[b.File+"|"+b.Name] = b.Problem
	}
	for i, p := range problems {
		if got := byName[fmt.Sprintf("bad.json|case %d", i)]; !strings.Contains(got, p.problem) {
			t.Errorf("expect %s: problem %q, want %q", p.expect, got, p.problem)
		}
	}
	for key, problem := range map[string]string{
		fmt.Sprintf("bad.json|cases[%d]", len(problems)): "a case must be an object",
		"bad.json|no service":                            `"service" must be a non-empty string`,
		"not-json.json|(file)":                           "not valid JSON",
		"trailing.json|(file)":                           "not valid JSON",
		"no-cases.json|(file)":                           `"cases" list`,
	} {
		if !strings.Contains(byName[key], problem) {
			t.Errorf("%s: problem %q, want %q (all: %v)", key, byName[key], problem, byName)
		}
	}
	if _, _, err := Load(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing directory is not an error")
	}
}
