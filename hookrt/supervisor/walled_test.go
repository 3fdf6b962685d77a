package supervisor

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
)

// TestReviewerCommandsBehindTheWall: where the copy-on-write wall stands for the review — a check
// ran behind it just now, else the trial run succeeds — the reviewer is started with
// CCC_SUPERVISOR_WALL=1 (its hook then sends every Bash command through the wall), its prompt
// says that its commands run there and each starts from the real tree, and it gets no Claude Code
// sandbox even where this machine has one. Where the trial fails, or supervisor.wall.reviewer is
// false (then no trial runs), the reviewer meets the read-only rule alone: 0, the read-only
// prompt, the sandbox.
func TestReviewerCommandsBehindTheWall(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the wall stands for the reviewer on Linux only")
	}
	for _, tc := range []struct {
		name      string
		extra     string // more of the supervisor's settings
		checks    bool   // the review's checks ran behind the (fake) wall
		probe     error
		walled    bool
		probeRuns bool
	}{
		{"a check ran", "", true, errors.New("not asked"), true, false},
		{"the trial stands", "", false, nil, true, true},
		{"the trial fails", "", false, errors.New("no user namespaces"), false, true},
		{"the reviewer kept out", `,"wall":{"reviewer":false}`, true, nil, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			rec := filepath.Join(dir, "rec")
			checksJSON := ""
			if tc.checks {
				checksJSON = `,"checks":["go test ./..."]`
			}
			e := hooktest.New(t, `{"supervisor":{"enabled":true`+checksJSON+tc.extra+`}}`,
				`printf '%s\n' "wall=$CCC_SUPERVISOR_WALL" "$@" > '`+rec+`'`+"\n"+hooktest.ReviewScript(true, "fine"))
			project := filepath.Join(dir, "proj")
			e.Write(filepath.Join(project, "main.go"), "package main\n", 0o644)
			opts := optsOf(e)
			opts.Review.Wall = (&fakeWall{}).run
			opts.Review.Sandbox = func(context.Context, string) bashsandbox.Finding { return bashsandbox.Finding{Backend: "bubblewrap"} }
			probed := false
			opts.Review.Probe = func(context.Context) error { probed = true; return tc.probe }
			ev := hooktest.Stop("s1")
			ev.CWD = project
			if _, err := run(context.Background(), ev, opts); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(rec)
			if err != nil {
				t.Fatal(err)
			}
			got := string(data)
			want := map[bool]string{true: "wall=1\n", false: "wall=0\n"}[tc.walled]
			walledPrompt := strings.Contains(got, "every Bash command runs behind ccc-hooks' copy-on-write wall") &&
				strings.Contains(got, "Each command starts from the real tree as it is now")
			sandboxed := strings.Contains(got, `"sandbox":`)
			if !strings.HasPrefix(got, want) || walledPrompt != tc.walled || sandboxed == tc.walled || probed != tc.probeRuns {
				t.Errorf("walled %v: the reviewer got (probed %v):\n%s", tc.walled, probed, got)
			}
		})
	}
}
