package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Logs of a failing run of each runner (go test, pytest and cargo test as
// they print them; jest, mocha and node:test's spec reporter as their
// documentation shows), and the first failing test's lines clada picks.
func TestFirstFailure(t *testing.T) {
	for _, tc := range []struct {
		name, log, want, runner string
	}{
		{"go test", `--- FAIL: TestTwo (0.00s)
    a_test.go:6: about to fail
    a_test.go:6: got 1, want 2
--- FAIL: TestThree (0.00s)
    a_test.go:7: three fails too
FAIL
FAIL	example.com/tf	0.003s
FAIL
`, `--- FAIL: TestTwo (0.00s)
    a_test.go:6: about to fail
    a_test.go:6: got 1, want 2`, `go test's "--- FAIL"`},
		{"go test -v", `=== RUN   TestOne
    a_test.go:5: fine
--- PASS: TestOne (0.00s)
=== RUN   TestTwo
    a_test.go:6: about to fail
    a_test.go:6: got 1, want 2
--- FAIL: TestTwo (0.00s)
=== RUN   TestThree
    a_test.go:7: three fails too
--- FAIL: TestThree (0.00s)
FAIL
`, `=== RUN   TestTwo
    a_test.go:6: about to fail
    a_test.go:6: got 1, want 2
--- FAIL: TestTwo (0.00s)`, `go test's "--- FAIL"`},
		{"go test panic", `--- FAIL: TestP (0.00s)
panic: boom [recovered]
	panic: boom

goroutine 7 [running]:
testing.tRunner.func1.2({0x51c0a0, 0x5a8d30})
FAIL	example.com/tf	0.004s
`, `--- FAIL: TestP (0.00s)
panic: boom [recovered]
	panic: boom

goroutine 7 [running]:
testing.tRunner.func1.2({0x51c0a0, 0x5a8d30})`, `go test's "--- FAIL"`},
		{"pytest", `============================= test session starts ==============================
collected 3 items

test_a.py .FF                                                            [100%]

=================================== FAILURES ===================================
___________________________________ test_two ___________________________________

    def test_two():
        x = {"a": 1}
>       assert x["a"] == 2
E       assert 1 == 2

test_a.py:6: AssertionError
__________________________________ test_three __________________________________

    def test_three():
>       raise ValueError("boom")
E       ValueError: boom

test_a.py:9: ValueError
=========================== short test summary info ============================
FAILED test_a.py::test_two - assert 1 == 2
FAILED test_a.py::test_three - ValueError: boom
========================= 2 failed, 1 passed in 0.03s ==========================
`, `___________________________________ test_two ___________________________________

    def test_two():
        x = {"a": 1}
>       assert x["a"] == 2
E       assert 1 == 2

test_a.py:6: AssertionError`, "pytest's FAILURES"},
		{"pytest --tb=no", `test_a.py .FF
FAILED test_a.py::test_two - assert 1 == 2
FAILED test_a.py::test_three - ValueError: boom
2 failed, 1 passed in 0.03s
`, `FAILED test_a.py::test_two - assert 1 == 2
FAILED test_a.py::test_three - ValueError: boom
2 failed, 1 passed in 0.03s`, "pytest's FAILURES"},
		{"cargo test", `running 3 tests
test tests::one ... ok
test tests::three ... FAILED
test tests::two ... FAILED

failures:

---- tests::three stdout ----

thread 'tests::three' panicked at src/main.rs:6:26:
boom

---- tests::two stdout ----
about to fail

failures:
    tests::three
    tests::two

test result: FAILED. 1 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.22s
`, `---- tests::three stdout ----

thread 'tests::three' panicked at src/main.rs:6:26:
boom
`, `cargo test's "---- stdout ----"`},
		{"node --test (TAP)", `TAP version 13
# Subtest: one
ok 1 - one
  ---
  duration_ms: 1.110588
  ...
# Subtest: two
not ok 2 - two
  ---
  error: |-
    Expected values to be strictly equal:

    1 !== 2

  code: 'ERR_ASSERTION'
  ...
# Subtest: three
not ok 3 - three
1..3
# tests 3
`, `not ok 2 - two
  ---
  error: |-
    Expected values to be strictly equal:

    1 !== 2

  code: 'ERR_ASSERTION'
  ...
# Subtest: three`, `TAP's "not ok"`},
		{"node --test (spec)", `✔ one (0.5ms)
✖ two (1.2ms)
  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:

  1 !== 2

✖ three (0.1ms)
ℹ tests 3
`, `✖ two (1.2ms)
  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:

  1 !== 2
`, `node:test's "✖"`},
		{"jest", `FAIL src/sum.test.js
  ● sum › adds 1 + 2 to equal 3

    expect(received).toBe(expected) // Object.is equality

    Expected: 3
    Received: 4

  ● sum › adds 2 + 2

    boom

Test Suites: 1 failed, 1 total
`, `  ● sum › adds 1 + 2 to equal 3

    expect(received).toBe(expected) // Object.is equality

    Expected: 3
    Received: 4
`, `jest's "●"`},
		{"mocha", `  sum
    ✓ adds
    1) subtracts

  1 passing (5ms)
  1 failing

  1) sum
       subtracts:
     AssertionError: expected 1 to equal 2
      at Context.<anonymous> (test/sum.js:8:12)
`, `  1) sum
       subtracts:
     AssertionError: expected 1 to equal 2
      at Context.<anonymous> (test/sum.js:8:12)`, "mocha's failing list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start, end, runner, ok := firstFailure(tc.log)
			if !ok {
				t.Fatal("no failing test found")
			}
			lines := strings.Split(strings.TrimSuffix(tc.log, "\n"), "\n")
			if d := cmp.Diff(tc.want, strings.Join(lines[start:end], "\n")); d != "" || runner != tc.runner {
				t.Errorf("runner %q, want %q; lines %d-%d (-want +got):\n%s", runner, tc.runner, start, end, d)
			}
		})
	}
	if _, _, _, ok := firstFailure("ok  \texample.com/m\t0.004s\nbuilding...\n"); ok {
		t.Error("a log without a failing test gave one")
	}
}

// A long failing go test -v log bounded to --max-report shows the first
// failing test's lines and the tail (the summary), not the passing head.
func TestBoundCommandFailingTest(t *testing.T) {
	var b strings.Builder
	for i := range 400 {
		fmt.Fprintf(&b, "=== RUN   TestPass%03d\n--- PASS: TestPass%03d (0.00s)\n", i, i)
	}
	b.WriteString("=== RUN   TestBroken\n    broken_test.go:12: got 1, want 2\n--- FAIL: TestBroken (0.00s)\n")
	for i := 400; i < 800; i++ {
		fmt.Fprintf(&b, "=== RUN   TestPass%03d\n--- PASS: TestPass%03d (0.00s)\n", i, i)
	}
	b.WriteString("FAIL\nFAIL\texample.com/m\t0.120s\nFAIL\n")
	log := b.String()
	got := boundCommand(log, 2000, execAdvice("stdout", ">", "out.txt"))
	want := `[clada cut 800 lines (1-800 of 1606), 20800 bytes, to fit --max-report; to see them: run the command again with stdout sent to a file (add > out.txt), then file_read_numbered path="out.txt" lines="1-800"]
[clada: the first failing test, lines 801-803 of 1606, found by go test's "--- FAIL"]
=== RUN   TestBroken
    broken_test.go:12: got 1, want 2
--- FAIL: TestBroken (0.00s)
[clada cut 774 lines (804-1577 of 1606), 20124 bytes, to fit --max-report; to see them: run the command again with stdout sent to a file (add > out.txt), then file_read_numbered path="out.txt" lines="804-1577"]
=== RUN   TestPass787
--- PASS: TestPass787 (0.00s)
=== RUN   TestPass788
--- PASS: TestPass788 (0.00s)
=== RUN   TestPass789
--- PASS: TestPass789 (0.00s)
=== RUN   TestPass790
--- PASS: TestPass790 (0.00s)
=== RUN   TestPass791
--- PASS: TestPass791 (0.00s)
=== RUN   TestPass792
--- PASS: TestPass792 (0.00s)
=== RUN   TestPass793
--- PASS: TestPass793 (0.00s)
=== RUN   TestPass794
--- PASS: TestPass794 (0.00s)
=== RUN   TestPass795
--- PASS: TestPass795 (0.00s)
=== RUN   TestPass796
--- PASS: TestPass796 (0.00s)
=== RUN   TestPass797
--- PASS: TestPass797 (0.00s)
=== RUN   TestPass798
--- PASS: TestPass798 (0.00s)
=== RUN   TestPass799
--- PASS: TestPass799 (0.00s)
FAIL
FAIL	example.com/m	0.120s
FAIL
`
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("bounded (-want +got):\n%s", d)
	}
	if len(got) > 2000 {
		t.Errorf("%d bytes, more than --max-report 2000", len(got))
	}
}
