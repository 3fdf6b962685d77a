package cmd

import (
	"errors"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

func init() {
	// exit-code N PROG ARGS...: run PROG like exec and expect exit status N; its stdout and
	// stderr can be matched afterwards.
	scriptBuiltins["exit-code"] = exitCodeCmd
	// table-fits FILE WIDTH: see tableFits.
	scriptBuiltins["table-fits"] = tableFits
	// expand FILE...: replace $VAR and ${VAR} in each file by the script's environment (files
	// that must hold absolute paths under $WORK).
	scriptBuiltins["expand"] = func(ts *testscript.TestScript, neg bool, args []string) {
		for _, name := range args {
			data := os.Expand(ts.ReadFile(name), ts.Getenv)
			ts.Check(os.WriteFile(ts.MkAbs(name), []byte(data), 0o644))
		}
	}
}

func exitCodeCmd(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 || neg {
		ts.Fatalf("usage: exit-code N PROG [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("%s: %v", args[1], err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// tableFits is the script command `table-fits FILE WIDTH`: FILE holds doctor's output whose lines
// are at most WIDTH columns wide (counted as the table counts them): a summary, then a table in
// which every line between the header and the blank line after the rows is either a row (check,
// status, message) or a continuation that starts exactly at the message column, so no wrapped
// text lands in the check or status column.
func tableFits(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 || neg {
		ts.Fatalf("usage: table-fits FILE WIDTH")
	}
	width, err := strconv.Atoi(args[1])
	ts.Check(err)
	lines := strings.Split(strings.TrimSuffix(ts.ReadFile(args[0]), "\n"), "\n")
	header := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "CHECK ") })
	if header < 0 {
		ts.Fatalf("%s: no table header", args[0])
	}
	msgCol := strings.Index(lines[header], "MESSAGE")
	continuations := 0
	inTable := false
	for i, line := range lines {
		if w := textWidth(line); w > width {
			ts.Fatalf("%s:%d: %d columns, wider than %d: %q", args[0], i+1, w, width, line)
		}
		switch {
		case i == header:
			inTable = true
			continue
		case !inTable:
			continue
		case line == "":
			inTable = false
			continue
		}
		if strings.HasPrefix(line, " ") {
			if len(line) <= msgCol || strings.TrimLeft(line, " ") != line[msgCol:] {
				ts.Fatalf("%s:%d: continuation does not start at the message column %d: %q", args[0], i+1, msgCol, line)
			}
			continuations++
			continue
		}
		fields := strings.Fields(line[:min(msgCol, len(line))])
		if len(fields) != 2 {
			ts.Fatalf("%s:%d: want a check and a status before column %d: %q", args[0], i+1, msgCol, line)
		}
	}
	ts.Logf("%d continuation lines", continuations)
}
