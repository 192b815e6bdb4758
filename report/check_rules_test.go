package report

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var updateDocs = flag.Bool("update", false, "rewrite docs/check-codes.md from the rules table")

// Every code the grammars, lang and session can emit has a rule with a
// help text, and the table holds no code nothing emits: SARIF's rules and
// docs/check-codes.md come from it.
func TestRulesCoverEmittedCodes(t *testing.T) {
	emitted, unresolved := emittedCodes(t)
	if len(unresolved) > 0 {
		t.Errorf("a diagnostic code is passed in a form the scan cannot read (a literal or a constant); teach emittedCodes this form: %v", unresolved)
	}
	if len(emitted) < 50 {
		t.Fatalf("the scan found %d codes; it is not reading the sources", len(emitted))
	}
	var missing []string
	for code, where := range emitted {
		if _, ok := ruleByCode[code]; !ok {
			missing = append(missing, code+" (emitted at "+where+")")
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("code %s has no rule: add it with its help text to rules in report/check_rules.go", m)
	}
	seen := map[string]bool{}
	for _, r := range rules {
		if seen[r.Code] {
			t.Errorf("code %s is in the rules table twice", r.Code)
		}
		seen[r.Code] = true
		if _, ok := emitted[r.Code]; !ok {
			t.Errorf("rule %s: no code of that name is emitted any more; remove it", r.Code)
		}
		if !strings.HasSuffix(r.Help, ".") || r.Short() == r.Help {
			t.Errorf("rule %s: the help text is two sentences or more, each ending in a period (what it means, then how to fix it): %q", r.Code, r.Help)
		}
	}
}

// docs/check-codes.md is the rules table as a page; -update writes it.
func TestCheckCodesDoc(t *testing.T) {
	path := filepath.Join("..", "docs", "check-codes.md")
	got := CodesMarkdown()
	if *updateDocs {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./report -run TestCheckCodesDoc -update writes it)", err)
	}
	if string(want) != got {
		t.Errorf("docs/check-codes.md is not the rules table's; run go test ./report -run TestCheckCodesDoc -update")
	}
}

func TestRuleName(t *testing.T) {
	for code, want := range map[string]string{"UNKNOWN_ACTION": "UnknownAction", "V4A_BAD_CALL": "V4aBadCall", "WORKSPACE": "Workspace"} {
		if got := (Rule{Code: code}).Name(); got != want {
			t.Errorf("%s: Name = %q, want %q", code, got, want)
		}
	}
}
