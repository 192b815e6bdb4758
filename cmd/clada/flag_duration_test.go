package main

import (
	"bytes"
	"flag"
	"testing"
	"time"
)

func TestDurationFlag(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
		err  string
	}{
		{"5", 5 * time.Second, ""},
		{"0.5", 500 * time.Millisecond, ""},
		{"90s", 90 * time.Second, ""},
		{"1h30m", 90 * time.Minute, ""},
		{" 2m ", 2 * time.Minute, ""},
		{"5x", 30 * time.Second, `invalid value "5x" for flag -timeout: "5x" is not a duration: write seconds (5) or a Go duration (90s, 2m, 1h30m)`},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(new(bytes.Buffer))
		d := durationVar(fs, "timeout", 30*time.Second, "per-command timeout")
		err := fs.Parse([]string{"--timeout", tc.in})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if *d != tc.want || got != tc.err {
			t.Errorf("--timeout %q: %v, %q; want %v, %q", tc.in, *d, got, tc.want, tc.err)
		}
	}
	var help bytes.Buffer
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(&help)
	durationVar(fs, "timeout", 30*time.Second, "per-command timeout")
	fs.PrintDefaults()
	if want := "  -timeout duration\n    \tper-command timeout (a duration such as 90s or 2m; a bare number is seconds) (default 30s)\n"; help.String() != want {
		t.Errorf("help:\n%q\nwant\n%q", help.String(), want)
	}
}
