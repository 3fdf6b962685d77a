package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// sleepAllowed are the files of tests that may call time.Sleep, each with the reason: a sleep
// that is the behaviour under test (a racing writer's gaps, a slow reply, a kill at a random
// moment), a poll of what sends no event up to a deadline, or a wait for nothing to happen. A
// sleep that waits for an event is none of these (docs/testing.md, "Waiting in tests").
var sleepAllowed = map[string]string{
	"settings/foreign_test.go":              "a racing writer's random gaps are the hostile timing under test",
	"settings/foreign_unix_test.go":         "a racing writer's loop, bounded by a deadline",
	"settings/held_test.go":                 "a file held open for a known time, to measure how long the save waits",
	"settings/platform_test.go":             "retries a rename Windows refuses while the file is open, up to a deadline",
	"cmd/fakeclaude_test.go":                "the fake claude's run time a test asks of it (FAKE_CLAUDE_SLEEP)",
	"cmd/kill_install_test.go":              "a kill at a random moment of an install is the test",
	"cmd/hook_parentdeath_linux_test.go":    "polls /proc, which sends no event, up to a deadline",
	"cmd/foreign_save_held_linux_test.go":   "a racing writer's random gap, and a poll of a process's syscall up to a deadline",
	"cmd/foreign_writer_test.go":            "a foreign writer's gaps between writes are the hostile timing under test",
	"hookrt/reviewer/bound_linux_test.go":   "a child that must outlive the bound, and a poll of /proc up to a deadline",
	"hookrt/once/once_test.go":              "a child holds its answer while copies arrive: the overlap under test",
	"hookrt/once/child_test.go":             "a child answers late, after its copies arrived: the overlap under test",
	"e2e/first_minutes_test.go":             "the fake API streams a reply slowly, as the real one does",
	"e2e/killed_hook_test.go":               "polls the fake API and a file, up to a deadline",
	"e2e/idle_test.go":                      "the fake API replies slowly; the screen is sampled closer than Eventually samples it",
	"e2e/workflow_interactive_test.go":      "a poll up to a deadline; typed text is given time to reach Claude Code's input box, which no screen shows",
	"e2e/usage_limit_test.go":               "gives a turn time to show whatever else it shows after the decisions are written",
	"e2e/supervisor_day_test.go":            "a slow review is the test; a poll up to a deadline",
	"e2e/plugin_missing_binary_test.go":     "polls the screen up to a deadline",
	"e2e/clear_test.go":                     "typed text is given time to reach Claude Code's input box, which no screen shows",
	"e2e/wait.go":                           "the suite's poll up to a deadline (Eventually)",
	"e2e/sandbox.go":                        "polls for a socket file, up to a deadline",
	"internal/proc/tree_linux_test.go":      "polls /proc up to a deadline; a stopped process writes nothing for a while",
	"internal/proc/proc_test.go":            "polls for a grandchild up to a deadline; a watch that ends late, which RunWatched must wait for",
	"internal/safefile/lease_linux_test.go": "polls /proc/locks, which sends no event, up to a deadline",
	"internal/safefile/stamp_test.go":       "waits past a coarse clock's tick",
	"internal/testproc/proc_unix.go":        "polls whether a process runs, up to a deadline: the kernel sends no event to a non-parent",
	"internal/testproc/testproc.go":         "polls /proc up to a deadline",
}

// missingProgram matches the message of a skip for want of a program.
var missingProgram = regexp.MustCompile(`(?i)not installed|not on PATH|command not found|^no (sh|bash|git|go|bwrap|socat|tmux|strace)\b|needs \S+ \(|is not here`)

// TestTestsKeepTheRules: the rules docs/testing.md states for tests, held as the lists are. A
// test sleeps only in the files sleepAllowed names (with why); a test that lacks a program goes
// through internal/testneed, the one place that reads $CI: no other test reads it, or skips for
// a program it looked up.
func TestTestsKeepTheRules(t *testing.T) {
	root := testrepo.Root(t)
	slept := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != root || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() || !testCode(rel) {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, v := range violations(f) {
			if seen[v] {
				continue
			}
			seen[v] = true
			switch {
			case v == "time.Sleep" && sleepAllowed[rel] != "":
				slept[rel] = true
			case v == "time.Sleep":
				t.Errorf("%s calls time.Sleep: wait for the event itself (internal/testproc, a channel, the clock of outside.Env), or name the file in sleepAllowed with why", rel)
			case !strings.HasPrefix(rel, "internal/testneed/"):
				t.Errorf("%s %s: a test that lacks what it needs goes through internal/testneed (Missing, MissingE2E)", rel, v)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for rel := range sleepAllowed {
		if !slept[rel] {
			t.Errorf("sleepAllowed names %s, which sleeps no more", rel)
		}
	}
}

// testCode reports whether the file at rel is a test's code: a _test.go file, or a Go file of
// the end-to-end suite or of a package only tests import.
func testCode(rel string) bool {
	if !strings.HasSuffix(rel, ".go") {
		return false
	}
	return strings.HasSuffix(rel, "_test.go") || strings.HasPrefix(rel, "e2e/") && !strings.Contains(rel, "/mcpserver/") ||
		strings.HasPrefix(rel, "internal/test") || strings.HasPrefix(rel, "hookrt/internal/hooktest/")
}

// violations lists what f does that the rules hold: "time.Sleep" for each sleep, "reads $CI",
// and "skips for a missing program" for a skip under an if that looked a program up or whose
// message says one is missing.
func violations(f *ast.File) []string {
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			switch {
			case isCall(n, "time", "Sleep"):
				out = append(out, "time.Sleep")
			case isCall(n, "os", "Getenv") && len(n.Args) == 1 && literal(n.Args[0]) == "CI":
				out = append(out, "reads $CI")
			case isSkip(n) && len(n.Args) > 0 && missingProgram.MatchString(literal(n.Args[0])):
				out = append(out, "skips for a missing program")
			}
		case *ast.IfStmt:
			if looksUp(n.Init) || looksUp(n.Cond) {
				ast.Inspect(n.Body, func(m ast.Node) bool {
					if c, ok := m.(*ast.CallExpr); ok && isSkip(c) {
						out = append(out, "skips for a program it looked up")
					}
					return true
				})
			}
		}
		return true
	})
	return out
}

func isCall(c *ast.CallExpr, pkg, name string) bool {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == pkg
}

func isSkip(c *ast.CallExpr) bool {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	return ok && (sel.Sel.Name == "Skip" || sel.Sel.Name == "Skipf" || sel.Sel.Name == "SkipNow")
}

// looksUp reports whether n calls LookPath (exec's, or package lookpath's).
func looksUp(n ast.Node) bool {
	found := false
	if n == nil {
		return false
	}
	ast.Inspect(n, func(m ast.Node) bool {
		if c, ok := m.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "LookPath" || isCall(c, "lookpath", sel.Sel.Name)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// literal returns the value of e where it is a string literal, else "".
func literal(e ast.Expr) string {
	if b, ok := e.(*ast.BasicLit); ok && b.Kind == token.STRING {
		s, _ := strconv.Unquote(b.Value)
		return s
	}
	return ""
}
