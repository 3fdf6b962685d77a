// Command installtime times `ccc-hooks install` and `uninstall` on large settings files the way
// a person runs them: one whole process each, the file on disk. Beside them, in the same rounds,
// it times two baseline programs on the same file: one that reads the file and checks it with
// encoding/json.Valid (the least any program that understands the file costs), and one that also
// writes the bytes back safely (a temporary file in the same directory, fsync, rename), whose
// extra time is the cost of the write. It prints one line per file and step, the median wall
// time and the median CPU time (user + system) of the process in milliseconds:
//
//	FILE STEP WALL_MS CPU_MS
//
// Steps: valid, valid+write, install, reinstall (a no-op), uninstall.
//
//	installtime -runs 15 -ccc ./ccc-hooks -valid ./jsonvalid -write ./jsonwrite settings-5MB.json ...
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"
)

func main() { os.Exit(run()) }

func run() int {
	runs := flag.Int("runs", 15, "timed rounds per file")
	warmup := flag.Int("warmup", 2, "untimed rounds first")
	ccc := flag.String("ccc", "", "the ccc-hooks binary")
	valid := flag.String("valid", "", "the json.Valid baseline program")
	write := flag.String("write", "", "the json.Valid + safe write baseline program")
	flag.Parse()
	if *ccc == "" || *valid == "" || *write == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: installtime -ccc BIN -valid BIN -write BIN [-runs N] FILE...")
		return 2
	}
	for _, src := range flag.Args() {
		if err := timeFile(src, *ccc, *valid, *write, *warmup, *runs); err != nil {
			fmt.Fprintf(os.Stderr, "installtime: %s: %v\n", src, err)
			return 1
		}
	}
	return 0
}

// step is one timed command; {file} in argv stands for the settings file.
type step struct {
	name  string
	argv  []string
	times []time.Duration
	cpu   []time.Duration
}

func timeFile(src, ccc, valid, write string, warmup, runs int) error {
	original, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp(filepath.Dir(src), "installtime-")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(dir) }()
	file := filepath.Join(dir, "settings.json")
	steps := []*step{
		{name: "valid", argv: []string{valid, file}},
		{name: "valid+write", argv: []string{write, file}},
		{name: "install", argv: []string{ccc, "install", "--yes", "--file", file}},
		{name: "reinstall", argv: []string{ccc, "install", "--yes", "--file", file}},
		{name: "uninstall", argv: []string{ccc, "uninstall", "--yes", "--file", file}},
	}
	env := append(os.Environ(), "CCC_CONFIG_DIR="+filepath.Join(dir, "ccc"), "CLAUDE_CONFIG_DIR="+filepath.Join(dir, "claude"))
	for round := range warmup + runs {
		// Every round starts from the original bytes; the copy is not timed.
		if err := os.WriteFile(file, original, 0o644); err != nil {
			return err
		}
		for _, s := range steps {
			d, cpu, err := once(s.argv, env)
			if err != nil {
				return fmt.Errorf("%s: %w", s.name, err)
			}
			if round >= warmup {
				s.times = append(s.times, d)
				s.cpu = append(s.cpu, cpu)
			}
		}
		after, err := os.ReadFile(file)
		if err != nil {
			return fmt.Errorf("read the file after uninstall: %w", err)
		}
		if !bytes.Equal(after, original) {
			return errors.New("uninstall did not restore the original bytes")
		}
	}
	for _, s := range steps {
		fmt.Printf("%s %s %.1f %.1f\n", filepath.Base(src), s.name, median(s.times).Seconds()*1000, median(s.cpu).Seconds()*1000)
	}
	return nil
}

// once runs argv and returns the wall time from start to exit and the CPU time it used.
func once(argv, env []string) (wall, cpu time.Duration, err error) {
	c := exec.Command(argv[0], argv[1:]...)
	c.Env = env
	start := time.Now()
	out, err := c.CombinedOutput()
	wall = time.Since(start)
	if err != nil {
		return wall, 0, fmt.Errorf("%w: %s", err, out)
	}
	return wall, c.ProcessState.UserTime() + c.ProcessState.SystemTime(), nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
