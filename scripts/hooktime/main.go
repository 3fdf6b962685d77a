// Command hooktime times hook programs the way Claude Code runs them: one process per event,
// the event on stdin, stdout read to the end. The programs run interleaved, one round after
// another and in a shuffled order in each round, so that whatever else the machine does (and
// whichever program ran just before) affects them alike. It prints the median wall
// time of each program in milliseconds, one "name median" line each.
//
//	go run ./scripts/hooktime -event event.json -runs 300 floor=/path/floor ccc-hooks=/path/ccc-hooks,hook
//
// A program is NAME=PATH[,ARG...].
//
// Every run gets an event of its own (a "hooktime_run" counter field added at the start of the
// object), as Claude Code sends: ccc-hooks answers identical events arriving within seconds of
// each other once, and a repeated event would time that shortcut instead of the answer.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

type program struct {
	name  string
	argv  []string
	times []time.Duration
}

func main() {
	os.Exit(run())
}

func run() int {
	event := flag.String("event", "", "file holding the event sent on stdin")
	runs := flag.Int("runs", 300, "timed rounds")
	warmup := flag.Int("warmup", 20, "untimed rounds first")
	flag.Parse()
	input, err := os.ReadFile(*event)
	if err != nil || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: hooktime -event FILE [-runs N] NAME=PATH[,ARG...]...", err)
		return 2
	}
	var progs []*program
	for _, spec := range flag.Args() {
		name, cmd, ok := strings.Cut(spec, "=")
		if !ok {
			fmt.Fprintf(os.Stderr, "hooktime: %q: want NAME=PATH[,ARG...]\n", spec)
			return 2
		}
		progs = append(progs, &program{name: name, argv: strings.Split(cmd, ",")})
	}
	for round := range *warmup + *runs {
		for _, i := range rand.Perm(len(progs)) {
			p := progs[i]
			d, err := once(p.argv, numbered(input, round*len(progs)+i))
			if err != nil {
				fmt.Fprintf(os.Stderr, "hooktime: %s: %v\n", p.name, err)
				return 1
			}
			if round >= *warmup {
				p.times = append(p.times, d)
			}
		}
	}
	for _, p := range progs {
		fmt.Printf("%s %.3f\n", p.name, median(p.times).Seconds()*1000)
	}
	return 0
}

// once runs argv with input on stdin and returns the wall time until it exited.
func once(argv []string, input []byte) (time.Duration, error) {
	c := exec.Command(argv[0], argv[1:]...)
	c.Stdin = bytes.NewReader(input)
	c.Stdout = io.Discard
	start := time.Now()
	err := c.Run()
	return time.Since(start), err
}

// numbered returns the event object input with a "hooktime_run": n field added first.
func numbered(input []byte, n int) []byte {
	i := bytes.IndexByte(input, '{')
	if i < 0 {
		return input
	}
	field := fmt.Sprintf(`"hooktime_run":%d,`, n)
	return append(append(append([]byte{}, input[:i+1]...), field...), input[i+1:]...)
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
