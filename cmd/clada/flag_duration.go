package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// durationFlag is a time.Duration flag that also takes a bare number as
// seconds (`--timeout 5`), the way people and scripts write timeouts, and
// says what it wants when it cannot read the value.
type durationFlag struct{ d *time.Duration }

// durationVar defines a duration flag on fs, as fs.Duration does.
func durationVar(fs *flag.FlagSet, name string, value time.Duration, usage string) *time.Duration {
	d := new(time.Duration)
	*d = value
	fs.Var(durationFlag{d}, name, usage+" (a `duration` such as 90s or 2m; a bare number is seconds)")
	return d
}

func (f durationFlag) String() string {
	if f.d == nil {
		return ""
	}
	return f.d.String()
}

func (f durationFlag) Set(s string) error {
	v := strings.TrimSpace(s)
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		*f.d = time.Duration(secs * float64(time.Second))
		return nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return fmt.Errorf("%q is not a duration: write seconds (5) or a Go duration (90s, 2m, 1h30m)", s)
	}
	*f.d = d
	return nil
}
