// Command serialshare reads an execution trace dumped as text
// (`go tool trace -d=parsed trace.out`) on stdin and reports, within the
// user regions of one name (by default "parse", which lang's
// BenchmarkParseSHAM opens around each Parse), the share of wall time
// during which at most one of the parse's goroutines (the one in the
// region, those it started, and theirs; not the GC's workers nor the
// tracer's) was running or runnable: the serial share s of Amdahl's law,
// which predicts a speedup of 1/(s+(1-s)/n) on n
// cores. Measured at a GOMAXPROCS above the machine's cores, runnable
// goroutines show the parallelism the work offers even where the cores
// to run it are missing.
//
//	go test ./lang -run '^$' -bench 'ParseSHAM/5MB$' -benchtime 10x -cpu 8 -trace /tmp/t.out
//	go tool trace -d=parsed /tmp/t.out | go run ./scripts/serialshare
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strconv"
)

var (
	transition = regexp.MustCompile(`G=(-?\d+) StateTransition Time=(\d+) GoID=(\d+) (\w+)->(\w+)`)
	region     = regexp.MustCompile(`G=(-?\d+) Region(Begin|End) Time=(\d+) Task=\d+ Type="([^"]*)"`)
)

func main() {
	name := flag.String("region", "parse", "the user region to measure within")
	flag.Parse()
	active := map[int]bool{} // the parse's goroutines running or runnable
	ours := map[int]bool{}   // the parse's goroutines
	n := 0
	var open, last int64 = -1, 0
	var total, serial int64
	hist := map[int]int64{} // time at each count of active goroutines
	advance := func(t int64) {
		if open >= 0 && t > last {
			d := t - last
			total += d
			hist[min(n, 16)] += d
			if n <= 1 {
				serial += d
			}
		}
		last = t
	}
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := transition.FindStringSubmatch(line); m != nil {
			by, _ := strconv.Atoi(m[1])
			t, _ := strconv.ParseInt(m[2], 10, 64)
			g, _ := strconv.Atoi(m[3])
			advance(t)
			if m[4] == "NotExist" && ours[by] {
				ours[g] = true
			}
			on := ours[g] && (m[5] == "Running" || m[5] == "Runnable")
			if on != active[g] {
				active[g] = on
				if on {
					n++
				} else {
					n--
				}
			}
			continue
		}
		if m := region.FindStringSubmatch(line); m != nil && m[4] == *name {
			t, _ := strconv.ParseInt(m[3], 10, 64)
			g, _ := strconv.Atoi(m[1])
			advance(t)
			if !ours[g] {
				ours[g], active[g] = true, true // it is running: it opened the region
				n++
			}
			if m[2] == "Begin" {
				open = t
			} else {
				open = -1
			}
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "serialshare:", err)
		os.Exit(1)
	}
	if total == 0 {
		fmt.Fprintf(os.Stderr, "serialshare: no time inside regions %q\n", *name)
		os.Exit(1)
	}
	s := float64(serial) / float64(total)
	fmt.Printf("inside %q: %.1f ms, at most one goroutine running or runnable %.1f ms: serial share %.1f%%\n",
		*name, float64(total)/1e6, float64(serial)/1e6, 100*s)
	for k := 0; k <= 16; k++ {
		if hist[k] > 0 {
			fmt.Printf("  %2d active: %5.1f%%\n", k, 100*float64(hist[k])/float64(total))
		}
	}
	for _, c := range []int{2, 4, 8, 16} {
		fmt.Printf("  Amdahl speedup on %2d cores: %.2f\n", c, 1/(s+(1-s)/float64(c)))
	}
}
