package cmd

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/ccc-hooks/ccc-hooks/internal/window"
)

// scriptBuiltins are extra testscript commands for what scripts cannot say with the built-ins.
var scriptBuiltins = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	// doctor-json FILE CHECK STATUS [REGEXP]: see doctorJSON.
	"doctor-json": doctorJSON,
	// crlf FILE...: rewrite each file with CRLF line endings (txtar files are LF only).
	"crlf": func(ts *testscript.TestScript, neg bool, args []string) {
		for _, name := range args {
			data := []byte(ts.ReadFile(name))
			data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
			ts.Check(os.WriteFile(ts.MkAbs(name), data, 0o644))
		}
	},
	// expand FILE...: rewrite each file with its $VARs and ${VARS} replaced by the script's
	// environment (an event's cwd must name a directory of $WORK).
	"expand": func(ts *testscript.TestScript, neg bool, args []string) {
		for _, name := range args {
			ts.Check(os.WriteFile(ts.MkAbs(name), []byte(os.Expand(ts.ReadFile(name), ts.Getenv)), 0o644))
		}
	},
	// cpenv SRC DST: copy SRC to DST with $VAR and ${VAR} replaced as cmpenv reads them.
	"cpenv": func(ts *testscript.TestScript, neg bool, args []string) {
		if len(args) != 2 {
			ts.Fatalf("usage: cpenv SRC DST")
		}
		ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(os.Expand(ts.ReadFile(args[0]), ts.Getenv)), 0o644))
	},
	// chomp FILE...: remove the final newline (txtar files always end in one).
	"chomp": func(ts *testscript.TestScript, neg bool, args []string) {
		for _, name := range args {
			data := bytes.TrimRight([]byte(ts.ReadFile(name)), "\r\n")
			ts.Check(os.WriteFile(ts.MkAbs(name), data, 0o644))
		}
	},
	// files DIR N: DIR holds exactly N regular files, counted recursively.
	"files": func(ts *testscript.TestScript, neg bool, args []string) {
		if len(args) != 2 {
			ts.Fatalf("usage: files DIR N")
		}
		n := 0
		err := filepath.WalkDir(ts.MkAbs(args[0]), func(_ string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				n++
			}
			return err
		})
		ts.Check(err)
		if (strconv.Itoa(n) == args[1]) == neg {
			ts.Fatalf("%s holds %d files", args[0], n)
		}
	},
	// age [-days N] FILE...: set the files' modification time an hour back, so a later write
	// shows, or N days back (ccc-hooks home's retention counts days).
	"age": func(ts *testscript.TestScript, neg bool, args []string) {
		back := time.Hour
		if len(args) > 1 && args[0] == "-days" {
			days, err := strconv.Atoi(args[1])
			ts.Check(err)
			back, args = time.Duration(days)*24*time.Hour, args[2:]
		}
		old := time.Now().Add(-back).Truncate(time.Second)
		for _, name := range args {
			ts.Check(os.Chtimes(ts.MkAbs(name), old, old))
		}
	},
	// untouched FILE: the file's modification time is still the one `age` set.
	"untouched": func(ts *testscript.TestScript, neg bool, args []string) {
		for _, name := range args {
			fi, err := os.Stat(ts.MkAbs(name))
			ts.Check(err)
			aged := time.Since(fi.ModTime()) > 50*time.Minute
			if aged == neg {
				ts.Fatalf("%s: modified %v ago", name, time.Since(fi.ModTime()).Round(time.Second))
			}
		}
	},
	// window-pid: set $CLAUDE_PID to this test's process, which starts every program the script
	// execs: it stands in for the Claude Code window (process) they run in.
	"window-pid": func(ts *testscript.TestScript, neg bool, args []string) {
		ts.Setenv(window.PIDVar, strconv.Itoa(os.Getpid()))
	},
}
