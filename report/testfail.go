package report

import (
	"regexp"
	"strings"

	"github.com/clada-dev/clada/internal/lazyre"
)

// A test run that fails prints a long log whose head is passing tests and
// whose tail is a summary; the lines an LLM needs are the first failing
// test's. When a command's stream does not fit its share of --max-report,
// the report shows that test's lines in place of the head (boundCommand).
// Which test is first, and where its lines end, is read from the runner's
// own markers, top down, so the same log always gives the same excerpt:
//
//	go test   "--- FAIL: TestX" (from the test's "=== RUN   TestX" line, with -v)
//	pytest    the first "_____ test_x _____" header of the FAILURES section, else the first "FAILED " line
//	jest      the first "● Suite › test" line
//	mocha     the first "  1) " line after "N failing"
//	node:test the first "not ok " line (TAP), with its indented details, or "✖ " (spec)
//	cargo     the first "---- name stdout ----" line
//
// It runs to the next marker of a test or of the summary, at most
// failureMaxLines lines.

// failureMaxLines bounds one failing test's excerpt.
const failureMaxLines = 80

// failureRunner is one test runner's markers: start finds the first failing
// test's first line, next the line after its last.
type failureRunner struct {
	name  string
	start func(lines []string) int // -1 when there is none
	next  func() *regexp.Regexp
}

var (
	goFail       = lazyre.New(`^\s*--- FAIL: (\S+)`)
	goNext       = lazyre.New(`^\s*(=== (RUN|CONT|PAUSE|NAME)|--- (FAIL|PASS|SKIP):)|^(FAIL|ok|PASS)\b`)
	pyFailures   = lazyre.New(`^=+ FAILURES =+$`)
	pyHeader     = lazyre.New(`^_{3,} .+ _{3,}$`)
	pyNext       = lazyre.New(`^_{3,} .+ _{3,}$|^=+ .* =+$`)
	pyFailed     = lazyre.New(`^FAILED `)
	jestFail     = lazyre.New(`^\s*● .+`)
	jestNext     = lazyre.New(`^\s*● |^(Test Suites|Tests):`)
	mochaFailing = lazyre.New(`^\s*\d+ failing`)
	mochaItem    = lazyre.New(`^\s*\d+\) `)
	tapNotOK     = lazyre.New(`^\s*not ok \d+`)
	tapNext      = lazyre.New(`^\s*(not )?ok \d+|^# (tests|pass|fail) `)
	specFail     = lazyre.New(`^\s*✖ `)
	specNext     = lazyre.New(`^\s*(✔|✖|ℹ|﹣) `)
	cargoFail    = lazyre.New(`^---- .+ stdout ----$`)
	cargoNext    = lazyre.New(`^---- .+ stdout ----$|^failures:$|^test result:`)
)

// firstMatch is the index of the first line re matches from i on, -1 if none.
func firstMatch(lines []string, pattern func() *regexp.Regexp, i int) int {
	re := pattern()
	for ; i < len(lines); i++ {
		if re.MatchString(lines[i]) {
			return i
		}
	}
	return -1
}

// goTest names go test's runner, whose failure reaches back to its RUN line.
const goTest = "go test's \"--- FAIL\""

var failureRunners = []failureRunner{
	{goTest, func(lines []string) int {
		i := firstMatch(lines, goFail, 0)
		if i < 0 {
			return -1
		}
		// With -v the test's output is between its RUN line and its FAIL.
		name := goFail().FindStringSubmatch(lines[i])[1]
		for j := i - 1; j >= 0 && i-j < failureMaxLines; j-- {
			if strings.TrimSpace(lines[j]) == "=== RUN   "+name || strings.HasPrefix(lines[j], "=== RUN   "+name+" ") {
				return j
			}
		}
		return i
	}, goNext},
	{"pytest's FAILURES", func(lines []string) int {
		if f := firstMatch(lines, pyFailures, 0); f >= 0 {
			return firstMatch(lines, pyHeader, f+1)
		}
		return firstMatch(lines, pyFailed, 0)
	}, pyNext},
	{"cargo test's \"---- stdout ----\"", func(lines []string) int { return firstMatch(lines, cargoFail, 0) }, cargoNext},
	{"mocha's failing list", func(lines []string) int {
		if f := firstMatch(lines, mochaFailing, 0); f >= 0 {
			return firstMatch(lines, mochaItem, f+1)
		}
		return -1
	}, mochaItem},
	{"jest's \"●\"", func(lines []string) int { return firstMatch(lines, jestFail, 0) }, jestNext},
	{"TAP's \"not ok\"", func(lines []string) int { return firstMatch(lines, tapNotOK, 0) }, tapNext},
	{"node:test's \"✖\"", func(lines []string) int { return firstMatch(lines, specFail, 0) }, specNext},
}

// firstFailure finds the first failing test in a command's stream: its
// lines [start, end) (0-based line indexes of text) and the runner marker
// that found it; ok is false when no runner's marker is there. The runner
// whose test starts earliest wins, so a log is read top down whatever
// printed it.
func firstFailure(text string) (start, end int, runner string, ok bool) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	start = -1
	for _, r := range failureRunners {
		i := r.start(lines)
		if i < 0 || (start >= 0 && i >= start) {
			continue
		}
		start, runner = i, r.name
		from := i
		if r.name == goTest {
			// go test: from the test's RUN line through its FAIL line, and
			// what follows that (its log, a panic) up to the next marker.
			from = firstMatch(lines, goFail, i)
		}
		end = from + 1
		next := r.next()
		for end < len(lines) && end-start < failureMaxLines && !next.MatchString(lines[end]) {
			end++
		}
	}
	return start, end, runner, start >= 0
}
