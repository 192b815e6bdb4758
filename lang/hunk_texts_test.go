package lang

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/internal/benchdoc"
	"github.com/clada-dev/clada/source"
)

// A parse that defers hunk texts gives the document a plain parse gives,
// once each action's texts are loaded; until then, and again after
// DropTexts, a deferred hunk's old_text and new_text hold "" and nothing
// else of the document differs. Checked on every corpus answer, a big git
// diff, and diffs whose texts only a second reading can get right (CRLF
// kept, "\ No newline", corrected counts, a diff in a quoted reply).
func TestDeferredHunkTextsLoadAsParsed(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	inputs := map[string]string{}
	for _, c := range cases {
		inputs[c.Name] = string(c.Input)
	}
	_, _, inputs["gitdiff"] = benchdoc.GitDiff(300, 30)
	inputs["crlf and no newline"] = "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\n\\ No newline at end of file\n"
	inputs["recounted"] = "--- a/f\n+++ b/f\n@@ -1,1 +1,1 @@\n a\n-b\n+c\n d\n"
	inputs["placeholder"] = "--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n a\n-b\n+// ... existing code ...\n+c\n"
	inputs["new file with context"] = "diff --git a/n b/n\nnew file mode 100644\n--- /dev/null\n+++ b/n\n@@ -0,0 +1,2 @@\n x\n+y\n"
	inputs["quoted"] = "> ```diff\n> --- a/f\n> +++ b/f\n> @@ -1,2 +1,2 @@\n>  a\n> -b\n> +c\n> ```\n"
	deferred := 0
	for name, in := range inputs {
		plain := Parse(source.NewFile("in", []byte(in)))
		lazy := ParseWithOptions(source.NewFile("in", []byte(in)), ParseOptions{DeferHunkTexts: true})
		// Check reads a hunk's texts where they matter (a lazy placeholder)
		// and leaves them unloaded.
		if got, want := fmt.Sprint(Check(lazy)), fmt.Sprint(Check(plain)); got != want {
			t.Fatalf("%s: Check with deferred texts:\n%s\nparsed:\n%s", name, got, want)
		}
		pa, la := actionsOf(plain), actionsOf(lazy)
		if len(pa) != len(la) {
			t.Fatalf("%s: %d actions, deferred %d", name, len(pa), len(la))
		}
		for i, a := range la {
			if a.TextsDeferred() {
				deferred++
				for _, k := range []string{ParamOldText, ParamNewText, ParamNearLine} {
					if v, ok := a.Value(k); ok {
						t.Fatalf("%s: action %d holds %s %q before LoadTexts", name, i, k, v)
					}
				}
				if got, want := actionString(a.Written()), actionString(pa[i]); got != want {
					t.Fatalf("%s: action %d written:\n%s\nparsed:\n%s", name, i, got, want)
				}
				for _, p := range pa[i].Params {
					if v, ok := a.WrittenValue(p.Key); !ok || v != p.Value {
						t.Fatalf("%s: action %d: WrittenValue(%s) = %q, parsed %q", name, i, p.Key, v, p.Value)
					}
				}
				if _, ok := a.Value(ParamOldText); ok {
					t.Fatalf("%s: action %d: Written loaded the texts", name, i)
				}
				a.LoadTexts()
			}
			if got, want := actionString(a), actionString(pa[i]); got != want {
				t.Fatalf("%s: action %d loaded:\n%s\nparsed:\n%s", name, i, got, want)
			}
			if a.TextsDeferred() {
				a.DropTexts()
				if o, ok := a.Value(ParamOldText); ok {
					t.Fatalf("%s: action %d holds old_text %q after DropTexts", name, i, o)
				}
				a.LoadTexts()
				if got, want := actionString(a), actionString(pa[i]); got != want {
					t.Fatalf("%s: action %d loaded again:\n%s\nparsed:\n%s", name, i, got, want)
				}
			}
			if pa[i].TextsDeferred() {
				t.Fatalf("%s: a plain parse deferred action %d", name, i)
			}
		}
	}
	if deferred < 300 {
		t.Fatalf("only %d hunks were deferred", deferred)
	}
}

func actionsOf(d *Document) []*Action {
	var out []*Action
	for a := range d.Actions() {
		out = append(out, a)
	}
	return out
}

// actionString is everything of a an action's readers see.
func actionString(a *Action) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %v\n", a.Op, a.Range)
	for _, p := range a.Params {
		fmt.Fprintf(&b, "%s %v %v %v %d %q\n", p.Key, p.KeyRange, p.ValueRange, p.ContentRange, p.Form, p.Value)
	}
	for _, d := range a.Diags {
		fmt.Fprintf(&b, "%s %v %s\n", d.Code, d.Range, d.Message)
	}
	return b.String()
}

// hasPlaceholder says what Placeholders says of a text, on texts made of
// placeholder lines, near misses, code, and blanks (Unicode ones too).
func TestHasPlaceholderAgreesWithPlaceholders(t *testing.T) {
	lines := []string{"", "code();", "  // ... existing code ...", "\u00a0// ... rest unchanged ...", "# keep", "...", "… more …",
		"\t/* ... */\r", "x := 1 // ...", "{/* ... existing code ... */}", "-- ...", "\u2003… existing …", "}"}
	rng := rand.New(rand.NewPCG(7, 8))
	found := 0
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(5) {
			b.WriteString(lines[rng.IntN(len(lines))])
			if rng.IntN(4) > 0 {
				b.WriteByte('\n')
			}
		}
		text := b.String()
		want := len(Placeholders(text)) > 0
		if got := hasPlaceholder([]byte(text)); got != want {
			t.Fatalf("%q: hasPlaceholder %v, Placeholders %v", text, got, want)
		}
		if want {
			found++
		}
	}
	if found < 500 {
		t.Fatalf("only %d texts held a placeholder", found)
	}
}
