package supervisor

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
)

// TestReviewSandbox: the reviewer's --settings holds Claude Code's Bash sandbox, with the event's
// cwd and the home directory read-only and the programs allowed_tools grants besides git left
// out of it, exactly when this machine has it and no rule grants Bash as a whole; the machine is
// only asked when the rules leave room for the sandbox.
func TestReviewSandbox(t *testing.T) {
	t.Parallel()
	has := bashsandbox.Finding{Backend: "bubblewrap"}
	tests := []struct {
		name      string
		allowed   string // allowed_tools as JSON; "" for the default
		machine   bashsandbox.Finding
		sandboxed bool
		asked     bool
		cwdFile   bool     // the event's cwd is a file: the reviewer runs in the hook's working directory, which is read-only
		excluded  []string // the commands left out of the sandbox
	}{
		{"defaults on a machine with it", "", has, true, true, false, nil},
		{"git and Read", `["Bash(git show:*)", "Read"]`, has, true, true, false, nil},
		{"no tools", `[]`, has, true, true, false, nil},
		{"on macOS", "", bashsandbox.Finding{Backend: "Seatbelt"}, true, true, false, nil},
		{"bwrap missing", "", bashsandbox.Finding{Backend: "bubblewrap", Missing: []string{"bwrap"}}, false, true, false, nil},
		{"bwrap broken", "", bashsandbox.Finding{Backend: "bubblewrap", Broken: "bwrap: No permissions to create new namespace"}, false, true, false, nil},
		{"Windows", "", bashsandbox.Finding{}, false, true, false, nil},
		{"a test runner granted", `["Bash(git diff:*)", "Bash(go test:*)"]`, has, true, true, false, []string{"go test:*"}},
		{"all of Bash granted", `["Bash"]`, has, false, false, false, nil},
		{"cwd not a directory", "", has, true, true, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			args := filepath.Join(t.TempDir(), "args")
			cfg := `{"supervisor":{"enabled":true}}`
			if tt.allowed != "" {
				cfg = `{"supervisor":{"enabled":true,"allowed_tools":` + tt.allowed + `}}`
			}
			e := hooktest.New(t, cfg, fmt.Sprintf("printf '%%s\\n' \"$@\" > '%s'\n", args)+hooktest.AllowScript)
			home, project := filepath.Join(e.Dir, "home"), filepath.Join(e.Dir, "project")
			e.Vars["HOME"] = home
			e.Write(filepath.Join(project, ".keep"), "", 0o644)
			opts := optsOf(e)
			var err error
			var asked atomic.Int32
			opts.Review.Sandbox = func(context.Context, string) bashsandbox.Finding { asked.Add(1); return tt.machine }
			opts.Executable = func() (string, error) { return "/bin/ccc-hooks", nil }
			ev := hooktest.Stop("s")
			ev.CWD = project
			runsIn := project
			if tt.cwdFile {
				ev.CWD = filepath.Join(project, ".keep")
				runsIn = filepath.Join(e.Dir, "hook's working directory")
				if err = os.Mkdir(runsIn, 0o755); err != nil {
					t.Fatal(err)
				}
				opts.Getwd = func() (string, error) { return runsIn, nil }
			}
			if _, err = run(context.Background(), ev, opts); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(args)
			if err != nil {
				t.Fatal(err)
			}
			var plan *bashsandbox.Plan
			if tt.sandboxed {
				plan = &bashsandbox.Plan{ReadOnly: []string{runsIn, home}, Excluded: tt.excluded}
			}
			want := "--settings=" + reviewer.GuardSettings(reviewer.GuardOf("/bin/ccc-hooks"), plan)
			if !strings.Contains(string(data), "\n"+want+"\n") {
				t.Errorf("the reviewer's arguments:\n%s\nwant the line %s", data, want)
			}
			if tt.sandboxed && !strings.Contains(want, `"denyWrite":["`+runsIn+`","`+home+`"]`) {
				t.Errorf("want %s to deny writes to the project and the home directory", want)
			}
			if got := asked.Load() > 0; got != tt.asked {
				t.Errorf("machine asked: %v, want %v", got, tt.asked)
			}
		})
	}
}

// TestSandboxLookedForOnTheReviewersPATH: Claude Code looks for bwrap and socat on the PATH the
// reviewer is given, so the supervisor does too: the PATH of the environment handed to the
// reviewer, not the hook's own $PATH; where the project's settings set PATH, the reviewer is
// given none (the reviewer's environ), and nothing is found.
func TestSandboxLookedForOnTheReviewersPATH(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, projectEnv, want string
	}{
		{"the reviewer's PATH", "", "/the/reviewer's/bin"},
		{"PATH set by the project's settings", `{"env":{"PATH":"/project/bin"}}`, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, hooktest.AllowScript)
			project := filepath.Join(e.Dir, "project")
			e.Write(filepath.Join(project, ".keep"), "", 0o644)
			if tt.projectEnv != "" {
				e.Write(filepath.Join(project, ".claude", "settings.json"), tt.projectEnv, 0o644)
			}
			opts := optsOf(e)
			opts.Review.Sandbox = nil
			e.Vars["PATH"] = "/the/hook's/own/bin:" + os.Getenv("PATH")
			e.Vars["CLAUDE_PROJECT_DIR"] = project
			opts.Environ = func() []string { return append(os.Environ(), "PATH=/the/reviewer's/bin:"+os.Getenv("PATH")) }
			var mu sync.Mutex
			asked := map[string]string{}
			opts.LookPathIn = func(name, path string) (string, error) {
				mu.Lock()
				defer mu.Unlock()
				asked[name] = path
				return "", exec.ErrNotFound
			}
			ev := hooktest.Stop("s")
			ev.CWD = project
			if _, err := run(context.Background(), ev, opts); err != nil {
				t.Fatal(err)
			}
			if got, ok := asked["bwrap"]; !ok || !strings.HasPrefix(got+":", tt.want+":") || strings.Contains(got, "hook's own") {
				t.Errorf("bwrap looked for on %q (asked: %v), want the PATH %q", got, ok, tt.want)
			}
		})
	}
}
