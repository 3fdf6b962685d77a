// Command walltime times the copy-on-write wall that supervisor.checks run behind (package
// internal/wall) on one project, and what reusing a check's result saves (package hookrt/checks).
// Each round runs every case once, in an order of its own (shuffled), so that whatever else the
// machine does affects them alike; it prints each case's median and its median paired ratio to
// the bare run of the same command in the same round.
//
//	go run ./scripts/walltime -project DIR [-runs N] [-check COMMAND]
//
// The cases, in DIR:
//
//	bare true      /bin/sh -c true, as a process of its own: the floor
//	wall true      the same behind the wall: its whole cost, its start (namespaces, layers) and
//	               what follows the start (the command, here next to nothing, and the
//	               namespace's end with its layers: the teardown) apart
//	wall writes    a command that writes 1,000 files into the project and removes one tracked
//	               file
//	fingerprint    the walk that decides whether the tree changed since a check's last run:
//	               what a reused result costs
//	bare check     COMMAND as a process of its own (with -check)
//	wall check     COMMAND behind the wall: with the fingerprint, what reuse saves
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/checks"
	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

func main() {
	os.Exit(run())
}

// sample is one case's measurements over the rounds.
type sample struct {
	name            string
	total, setup    []time.Duration
	teardown, ratio []float64
	base            string // the case its ratio is to
}

func run() int {
	project := flag.String("project", "", "the project `directory`")
	runs := flag.Int("runs", 15, "rounds")
	check := flag.String("check", "", "a check `command` to time bare and behind the wall")
	flag.Parse()
	if *project == "" {
		fmt.Fprintln(os.Stderr, "walltime: -project is required")
		return 2
	}
	dir, err := filepath.Abs(*project)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	home, _ := os.UserHomeDir()
	writes := "for i in $(seq 1 1000); do echo $i > walltime-out-$i.txt; done; rm -f \"$(git ls-files | head -n 1)\""
	type kase struct {
		name, base string
		do         func() (total, setup, teardown time.Duration, err error)
	}
	bare := func(cmd string) func() (time.Duration, time.Duration, time.Duration, error) {
		return func() (time.Duration, time.Duration, time.Duration, error) {
			c := exec.Command("/bin/sh", "-c", cmd)
			c.Dir = dir
			start := time.Now()
			err := c.Run()
			return time.Since(start), 0, 0, err
		}
	}
	walled := func(cmd string) func() (time.Duration, time.Duration, time.Duration, error) {
		return func() (time.Duration, time.Duration, time.Duration, error) {
			start := time.Now()
			res, err := wall.Run(context.Background(), wall.Spec{Project: dir, Dir: dir, Home: home, Command: cmd, Env: os.Environ(), Timeout: 10 * time.Minute})
			if err == nil && res.ExitCode != 0 && !strings.HasPrefix(cmd, "for i") {
				err = fmt.Errorf("%s: exit status %d: %s", cmd, res.ExitCode, res.Output)
			}
			total := time.Since(start)
			return total, res.Setup, total - res.Setup, err
		}
	}
	cases := []kase{
		{"bare true", "", bare("true")},
		{"wall true", "bare true", walled("true")},
		{"wall writes", "bare true", walled(writes)},
		{"fingerprint", "bare true", func() (time.Duration, time.Duration, time.Duration, error) {
			start := time.Now()
			t := checks.Fingerprint(dir, time.Now)
			if t.Sum == "" {
				return 0, 0, 0, fmt.Errorf("no fingerprint: %s", t.Why)
			}
			return time.Since(start), 0, 0, nil
		}},
	}
	if *check != "" {
		cases = append(cases, kase{"bare check", "", bare(*check)}, kase{"wall check", "bare check", walled(*check)})
	}
	samples := make([]*sample, len(cases))
	for i, c := range cases {
		samples[i] = &sample{name: c.name, base: c.base}
	}
	files := checks.Fingerprint(dir, time.Now).Files
	for range *runs {
		times := map[string]time.Duration{}
		for _, i := range rand.Perm(len(cases)) {
			total, setup, teardown, err := cases[i].do()
			if err != nil {
				fmt.Fprintf(os.Stderr, "walltime: %s: %v\n", cases[i].name, err)
				return 1
			}
			times[cases[i].name] = total
			s := samples[i]
			s.total = append(s.total, total)
			s.setup = append(s.setup, setup)
			s.teardown = append(s.teardown, float64(teardown))
		}
		for _, s := range samples {
			if s.base != "" {
				s.ratio = append(s.ratio, float64(times[s.name])/float64(times[s.base]))
			}
		}
	}
	fmt.Printf("project %s: %d files and directories (fingerprinted), %d rounds\n", dir, files, *runs)
	fmt.Printf("%-12s %10s %10s %10s %8s\n", "case", "median", "start", "after", "ratio")
	for _, s := range samples {
		ratio := "-"
		if len(s.ratio) > 0 {
			ratio = fmt.Sprintf("%.2f×", median(s.ratio))
		}
		setup, teardown := "-", "-"
		if median(s.teardown) > 0 {
			setup = ms(medianD(s.setup))
			teardown = ms(time.Duration(median(s.teardown)))
		}
		fmt.Printf("%-12s %10s %10s %10s %8s\n", s.name, ms(medianD(s.total)), setup, teardown, ratio)
	}
	return 0
}

func medianD(d []time.Duration) time.Duration {
	f := make([]float64, len(d))
	for i, v := range d {
		f[i] = float64(v)
	}
	return time.Duration(median(f))
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }
