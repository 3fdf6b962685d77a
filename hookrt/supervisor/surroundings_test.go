//go:build unix

package supervisor

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/gitview"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewguard"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// plantedRepo makes a repository at dir whose configuration names the program planted at P for
// every reading command (diff.external, core.fsmonitor, a textconv driver with its attribute,
// core.pager) and the post-index-change hook, with uncommitted work: what a hostile agent leaves
// for the reviewer.
func plantedRepo(t *testing.T, dir, planted string) {
	t.Helper()
	git := func(args ...string) {
		t.Helper()
		c := exec.Command("git", append([]string{"-c", "user.name=A", "-c", "user.email=a@example.com"}, args...)...)
		c.Dir, c.Env = dir, []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "GIT_CONFIG_NOSYSTEM=1"}
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	git("init", "-q")
	hooktest.New(t, "", "").Write(filepath.Join(dir, "a.txt"), "one\n", 0o644)
	git("add", "a.txt")
	git("commit", "-qm", "one")
	for _, kv := range [][2]string{
		{"diff.external", planted}, {"core.fsmonitor", planted}, {"diff.planted.textconv", planted}, {"core.pager", planted},
	} {
		git("config", kv[0], kv[1])
	}
	for name, data := range map[string]string{
		"a.txt": "one\ntwo\n", ".git/info/attributes": "*.txt diff=planted\n",
		".git/hooks/post-index-change": "#!/bin/sh\n" + planted + " hook\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReviewRunsInItsSurroundings: a review of a session whose repository names planted
// programs, and whose project settings set BASH_ENV, a variable of their own, a provider's
// endpoint and which MCP servers of .mcp.json run. The reviewer (a script standing in for claude,
// which runs git as the reviewer's Bash tool would) is started with --setting-sources=user, no
// project env or hook in its --settings, and in --mcp-config the servers the user's settings
// approve, none the project's files approve (the agent writes them); its
// environment passes the guard's checks, lacks the project's variables but the provider's, and
// its git status, diff and log -p answer from the repository and run nothing planted. The wall is
// gone when the review is over.
func TestReviewRunsInItsSurroundings(t *testing.T) {
	t.Parallel()
	testneed.Program(t, "git")
	dir := t.TempDir()
	marker, out := filepath.Join(dir, "ran"), filepath.Join(dir, "out")
	planted := filepath.Join(dir, "P")
	hooktest.New(t, "", "").Write(planted, "#!/bin/sh\necho \"$0 $*\" >> "+marker+"\n", 0o755)
	project := filepath.Join(dir, "project")
	plantedRepo(t, project, planted)
	e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, fmt.Sprintf(`
out=%s
printf '%%s\n' "$@" > "$out.args"
env > "$out.env"
ls "$GIT_DIR" > "$out.wall"
{ git status --short; git diff; git log -p -1; } > "$out.git" 2>&1
`, out)+hooktest.AllowScript)
	e.Write(filepath.Join(project, ".claude", "settings.json"), `{"env":{"BASH_ENV":"/x/env.sh","PROJECT_VAR":"p",`+
		`"ANTHROPIC_BASE_URL":"https://gateway.example"},"enabledMcpjsonServers":["unapproved"],"hooks":{"Stop":[]}}`, 0o644)
	// The agent's approval (the file Claude Code's dialog writes), and the user's.
	e.Write(filepath.Join(project, ".claude", "settings.local.json"), `{"env":{"LOCAL_VAR":"l"},"enableAllProjectMcpServers":true}`, 0o644)
	e.Write(paths.Place{Dir: project, Getenv: e.Getenv}.UserFile(), `{"enabledMcpjsonServers":["docs","db","off"],"disabledMcpjsonServers":["off"]}`, 0o644)
	e.Write(filepath.Join(project, ".mcp.json"), `{"mcpServers":{"docs":{"command":"docs-server"},"db":{"command":"db-server","args":["-x"]},`+
		`"off":{"command":"off-server"},"unapproved":{"command":"planted"}}}`, 0o644)
	opts := optsOf(e)
	opts.Environ = func() []string {
		return []string{
			"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "PROJECT_VAR=p", "LOCAL_VAR=l", "USER_VAR=u",
			"ANTHROPIC_BASE_URL=https://gateway.example", "BASH_ENV=/x/env.sh", "GIT_EXEC_PATH=/x", "CLAUDE_PROJECT_DIR=" + project,
		}
	}
	opts.Getenv = func(k string) string {
		if k == "CLAUDE_PROJECT_DIR" {
			return project
		}
		return e.Getenv(k)
	}
	ev := hooktest.Stop("s")
	ev.CWD = project
	if _, err := run(context.Background(), ev, opts); err != nil {
		t.Fatal(err)
	}
	read := func(suffix string) string {
		data, err := os.ReadFile(out + suffix)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	args := strings.Split(read(".args"), "\n")
	if !slices.Contains(args, "--setting-sources=user") {
		t.Errorf("the reviewer's arguments lack --setting-sources=user: %q", args)
	}
	var mcp string
	for _, a := range args {
		if settings, ok := strings.CutPrefix(a, "--settings="); ok && (strings.Contains(settings, `"env"`) || strings.Contains(settings, `"Stop"`)) {
			t.Errorf("the reviewer's --settings carry the project's env or hooks: %s", settings)
		}
		if m, ok := strings.CutPrefix(a, "--mcp-config="); ok {
			mcp = m
		}
	}
	if want := `{"mcpServers":{"db":{"command":"db-server","args":["-x"]},"docs":{"command":"docs-server"}}}`; mcp != want {
		t.Errorf("the reviewer's --mcp-config = %s, want %s (the servers of .mcp.json the user's settings approve)", mcp, want)
	}
	env := strings.Split(strings.TrimSpace(read(".env")), "\n")
	if wall := read(".wall"); !strings.Contains(wall, gitview.Marker) {
		t.Errorf("$GIT_DIR holds %q, not a wall", wall)
	}
	// The wall is gone now: the guard's check of the rest of the environment, against a
	// stand-in holding the marker.
	standIn := t.TempDir()
	hooktest.New(t, "", "").Write(filepath.Join(standIn, gitview.Marker), "", 0o600)
	checked := slices.Clone(env)
	for i, kv := range checked {
		if strings.HasPrefix(kv, "GIT_DIR=") {
			checked[i] = "GIT_DIR=" + standIn
		}
	}
	if err := reviewguard.GitEnvironment(checked); err != nil {
		t.Errorf("the reviewer's environment: %v", err)
	}
	if err := reviewguard.CheckEnvironment(env); err != nil {
		t.Errorf("the reviewer's environment: %v", err)
	}
	for _, kv := range env {
		if name, _, _ := strings.Cut(kv, "="); name == "PROJECT_VAR" || name == "LOCAL_VAR" {
			t.Errorf("the reviewer's environment holds the project's %s", kv)
		}
	}
	for _, want := range []string{"USER_VAR=u", "ANTHROPIC_BASE_URL=https://gateway.example", "GIT_WORK_TREE=" + project} {
		if !slices.Contains(env, want) {
			t.Errorf("the reviewer's environment lacks %s", want)
		}
	}
	if got := read(".git"); !strings.Contains(got, " M a.txt") || !strings.Contains(got, "+two") {
		t.Errorf("the reviewer's git said:\n%s", got)
	}
	if data, err := os.ReadFile(marker); err == nil {
		t.Errorf("the reviewer's git ran a planted program:\n%s", data)
	}
	if walls, _ := os.ReadDir(filepath.Join(paths.Home(e.Getenv), "git-walls")); len(walls) != 0 {
		t.Errorf("walls left after the review: %v", walls)
	}
	// The control: plain git diff in the same repository runs the planted programs.
	c := exec.Command("git", "diff")
	c.Dir, c.Env = project, []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "GIT_CONFIG_NOSYSTEM=1"}
	_ = c.Run()
	if _, err := os.Stat(marker); err != nil {
		t.Errorf("plain git diff ran no planted program either: the repository plants nothing (%v)", err)
	}
}

// TestReviewWithoutAWall: a review in a directory of no repository, or of a repository the wall
// cannot stand for, gives the reviewer a $GIT_DIR where git fails; only the second is warned
// about.
func TestReviewWithoutAWall(t *testing.T) {
	t.Parallel()
	testneed.Program(t, "git")
	for _, tt := range []struct {
		name   string
		config string // the repository's .git/config; "" for no repository
		warned bool
	}{
		{"no repository", "", false},
		{"an extension", "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tsomethingnew = 1\n", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := filepath.Join(t.TempDir(), "out")
			e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, `git status > "`+out+`" 2>&1`+"\n"+hooktest.AllowScript)
			project := filepath.Join(e.Dir, "project")
			if tt.config != "" {
				plantedRepo(t, project, "/bin/false")
				e.Write(filepath.Join(project, ".git", "config"), tt.config, 0o644)
			} else {
				e.Write(filepath.Join(project, "a.txt"), "a\n", 0o644)
			}
			opts := optsOf(e)
			var log bytes.Buffer
			opts.Stderr = &log
			ev := hooktest.Stop("s")
			ev.CWD = project
			if _, err := run(context.Background(), ev, opts); err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(out); !strings.Contains(string(got), "not a git repository: '/dev/null/") {
				t.Errorf("the reviewer's git status said %q", got)
			}
			if warned := strings.Contains(log.String(), "the reviewer gets no git"); warned != tt.warned {
				t.Errorf("warned %v, want %v:\n%s", warned, tt.warned, log.String())
			}
		})
	}
}

// TestSurroundingsWithoutAProjectDir: where Claude Code named no project directory
// ($CLAUDE_PROJECT_DIR), the project settings read are those of the event's cwd.
func TestSurroundingsWithoutAProjectDir(t *testing.T) {
	t.Parallel()
	dump := filepath.Join(t.TempDir(), "env")
	e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, `env > "`+dump+`"`+"\n"+hooktest.AllowScript)
	project := filepath.Join(e.Dir, "project")
	e.Write(filepath.Join(project, ".claude", "settings.json"), `{"env":{"PROJECT_VAR":"p"}}`, 0o644)
	opts := optsOf(e)
	opts.Environ = func() []string { return []string{"PATH=" + os.Getenv("PATH"), "PROJECT_VAR=p", "USER_VAR=u"} }
	ev := hooktest.Stop("s")
	ev.CWD = project
	if _, err := run(context.Background(), ev, opts); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	env := strings.Split(string(data), "\n")
	if slices.Contains(env, "PROJECT_VAR=p") || !slices.Contains(env, "USER_VAR=u") {
		t.Errorf("the reviewer's environment, with the project's settings in the event's cwd:\n%s", data)
	}
}
