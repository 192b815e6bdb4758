package command

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitArgv(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  string
	}{
		{in: "go test ./...", want: []string{"go", "test", "./..."}},
		{in: `echo "hello world" 'a $b' c\ d`, want: []string{"echo", "hello world", "a $b", "c d"}},
		{in: `printf "%s\n" "say \"hi\"" $HOME`, want: []string{"printf", `%s\n`, `say "hi"`, "$HOME"}},
		{in: `echo '' ""`, want: []string{"echo", "", ""}},
		{in: `echo "|" '>'`, want: []string{"echo", "|", ">"}},
		{in: "ls | wc -l", err: `"|" is shell syntax, but RUN without lang runs no shell`},
		{in: "make && make install", err: `"&&" is shell syntax`},
		{in: "echo 'oops", err: "a single quote is not closed"},
		{in: `echo "oops`, err: "a double quote is not closed"},
		{in: "  ", err: "the command is empty"},
		{in: "ls\npwd", err: "the command has several lines"},
	}
	for _, tc := range tests {
		got, err := splitArgv(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("splitArgv(%q) error = %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("splitArgv(%q): %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("splitArgv(%q) (-want +got):\n%s", tc.in, diff)
		}
		back, err := splitArgv(quoteArgv(got))
		if err != nil || !cmp.Equal(back, got) {
			t.Errorf("quoteArgv(%q) = %q reads back as %q, %v", got, quoteArgv(got), back, err)
		}
	}
}
