//go:build unix

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// withoutBashSandbox makes the sandbox's machine one without Claude Code's Bash sandbox: a bwrap
// first on PATH that fails its trial run, as bwrap does where user namespaces are forbidden. The
// supervisor then gives its reviewer none, and the read-only hook and the git view stand alone:
// the sandbox is a second wall, never the first.
func withoutBashSandbox(t *testing.T, sc *scenario) {
	t.Helper()
	sc.WriteFile(t, filepath.Join(sc.Bin, "bwrap"), "#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n", 0o755)
}

// plantedProgram writes the program the planted configuration names: it records its runs in
// the review (CCC_SUPERVISOR_HOOK=1 in its environment) to marker. Claude Code's own git of the
// agent's session is not the reviewer's doing.
func plantedProgram(t *testing.T, sc *scenario, marker string) string {
	t.Helper()
	p := filepath.Join(sc.Root, "planted")
	sc.WriteFile(t, p, "#!/bin/sh\n[ \"$CCC_SUPERVISOR_HOOK\" = 1 ] && echo \"$0 $*\" >> "+marker+"\nexit 0\n", 0o755)
	return p
}

// projectGit runs git in dir as the agent would, with a configuration of its own.
func projectGit(t *testing.T, dir string, args ...string) string {
	t.Helper()
	c := exec.Command("git", append([]string{
		"-c", "user.name=A", "-c", "user.email=a@example.com", "-c", "protocol.file.allow=always", "-c", "init.defaultBranch=main",
	}, args...)...)
	c.Dir = dir
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// TestReviewerGitThroughTheView: in the real Claude Code, without its Bash sandbox, a
// repository planted as a hostile agent plants it — diff.external, a textconv driver named by
// .gitattributes, a clean filter, core.fsmonitor, a post-index-change hook, a man viewer, a
// submodule whose .gitmodules says ignore=none and whose own core.fsmonitor is planted, a
// partial clone whose lazy fetch would connect to a loopback listener — and project settings
// that set BASH_ENV, GIT_EXTERNAL_DIFF and hooks of every kind: the reviewer's git status, diff,
// log -p, blame, show of the missing object and log --help answer from the repository, and
// nothing planted runs, no connection is opened, no project hook fires in the review. The
// review's first request still extends the session's last one. (git log --help may be refused by
// the read-only hook; where it is granted it runs no viewer the configuration names.) The
// control: plain git diff in the same repository runs the planted program.
func TestReviewerGitThroughTheView(t *testing.T) {
	t.Parallel()
	listener := Listen(t)
	commands := []string{
		"git status", "git diff", "git log -p -1", "git blame a.txt", "git show HEAD~2:gone.txt", "git log --help",
	}
	const final = "Changed a.txt. Done."
	sc := newScenario(t, func(r *Request) Reply {
		if !r.IsSupervisor() {
			return Say(final)
		}
		if n := len(r.ToolResults()); n < len(commands) {
			return Call("Bash", map[string]any{"command": commands[n], "description": "Read"}, "")
		}
		return Verdict(true, "Checked.")
	})
	withoutBashSandbox(t, sc)
	marker := filepath.Join(sc.Root, "ran")
	p := plantedProgram(t, sc, marker)
	hooks := filepath.Join(sc.Root, "hooks.log")

	sub := filepath.Join(sc.Root, "subsrc")
	sc.WriteFile(t, filepath.Join(sub, "s.txt"), "s\n", 0o644)
	projectGit(t, sc.Root, "init", "-q", sub)
	projectGit(t, sub, "add", ".")
	projectGit(t, sub, "commit", "-qm", "s")
	proj := sc.Project
	sc.WriteFile(t, filepath.Join(proj, "a.txt"), "one\n", 0o644)
	sc.WriteFile(t, filepath.Join(proj, "gone.txt"), "gone\n", 0o644)
	projectGit(t, sc.Root, "init", "-q", proj)
	projectGit(t, proj, "add", ".")
	projectGit(t, proj, "commit", "-qm", "one")
	gone := projectGit(t, proj, "rev-parse", "HEAD:gone.txt")
	projectGit(t, proj, "rm", "-q", "gone.txt")
	projectGit(t, proj, "commit", "-qm", "two")
	if err := os.Remove(filepath.Join(proj, ".git", "objects", gone[:2], gone[2:])); err != nil {
		t.Fatal(err)
	}
	projectGit(t, proj, "submodule", "-q", "add", sub, "sub")
	projectGit(t, proj, "commit", "-qm", "sub")
	projectGit(t, proj, "config", "-f", ".gitmodules", "submodule.sub.ignore", "none")
	projectGit(t, filepath.Join(proj, "sub"), "config", "core.fsmonitor", p)
	sc.WriteFile(t, filepath.Join(proj, "sub", "s.txt"), "changed\n", 0o644)
	for _, kv := range [][2]string{
		{"diff.external", p},
		{"core.fsmonitor", p},
		{"diff.tc.textconv", p},
		{"filter.cl.clean", p},
		{"core.pager", p},
		{"man.viewer", "tool"},
		{"man.tool.cmd", p},
		{"core.repositoryformatversion", "1"},
		{"extensions.partialclone", "origin"},
		{"remote.origin.url", fmt.Sprintf("http://127.0.0.1:%d/x.git", listener.Port)},
		{"remote.origin.promisor", "true"},
	} {
		projectGit(t, proj, "config", kv[0], kv[1])
	}
	sc.WriteFile(t, filepath.Join(proj, ".gitattributes"), "*.txt diff=tc filter=cl\n", 0o644)
	sc.WriteFile(t, filepath.Join(proj, ".git", "hooks", "post-index-change"), "#!/bin/sh\n"+p+" post-index-change\n", 0o755)
	sc.WriteFile(t, filepath.Join(proj, "a.txt"), "one\ntwo\n", 0o644)

	record := func(what string) map[string]any {
		return map[string]any{"type": "command", "command": `[ "$CCC_SUPERVISOR_HOOK" = 1 ] && echo ` + what + ` >> ` + hooks + `; exit 0`}
	}
	projectHooks := map[string]any{}
	for _, ev := range []string{"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"} {
		projectHooks[ev] = []any{map[string]any{"matcher": "*", "hooks": []any{record(ev)}}}
	}
	bashEnv := filepath.Join(sc.Root, "bashenv.sh")
	sc.WriteFile(t, bashEnv, `[ "$CCC_SUPERVISOR_HOOK" = 1 ] && echo BASH_ENV >> `+hooks+"\n", 0o644)
	sc.WriteJSON(t, filepath.Join(proj, ".claude", "settings.json"), map[string]any{
		"env":   map[string]any{"BASH_ENV": bashEnv, "GIT_EXTERNAL_DIFF": p},
		"hooks": projectHooks,
	})
	sc.WriteJSON(t, filepath.Join(proj, ".claude", "settings.local.json"), map[string]any{"hooks": projectHooks})
	sc.WriteJSON(t, sc.SettingsPath(), map[string]any{"permissions": map[string]any{"allow": []string{"Bash(git:*)"}}})
	// The user's global git configuration, which the reviewer's git does not read: Claude Code
	// puts its user.name in the session's context ("Git user:"), and the fork must not differ.
	sc.WriteFile(t, filepath.Join(sc.Home, ".gitconfig"), "[user]\n\tname = Gitwall Tester\n", 0o644)
	sc.Install(t, sc.product)
	sc.WriteConfig(t, map[string]any{"enabled": true, "wall": guardAlone})
	session := NewSessionID(t)

	pr := sc.agentStops(t, session, "Change a.txt.")

	if pr.Result != final {
		t.Errorf("final result = %q, want %q", pr.Result, final)
	}
	sup := sc.api.Supervisor()
	if len(sup) != len(commands)+1 {
		t.Fatalf("supervisor requests = %d, want %d", len(sup), len(commands)+1)
	}
	results := sup[len(sup)-1].ToolResults()
	want := map[string]string{
		"git status": "modified:   a.txt", "git diff": "+two", "git log -p -1": "+\tpath = sub",
		"git blame a.txt": "Not Committed Yet", "git show HEAD~2:gone.txt": "fatal: bad object HEAD~2:gone.txt",
	}
	for i, command := range commands {
		got := results[i].ResultText()
		w, reads := want[command]
		switch {
		case reads && strings.Contains(got, readOnlyRefusal):
			t.Errorf("%q was refused: %s", command, got)
		case !strings.Contains(got, w):
			t.Errorf("%q said %q, want it to hold %q", command, got, w)
		}
	}
	if data, err := os.ReadFile(marker); err == nil {
		t.Errorf("the reviewer's git ran a planted program:\n%s", data)
	}
	if data, err := os.ReadFile(hooks); err == nil {
		t.Errorf("the project's settings acted in the review:\n%s", data)
	}
	if n := listener.Connections(); n > 0 {
		t.Errorf("the reviewer's git opened %d connection(s)", n)
	}
	last := checkReviewExtendsSession(t, sc, session, sup)
	if sandboxDescriptions(sup[0]) > sandboxDescriptions(last) {
		t.Errorf("the review ran in Claude Code's Bash sandbox: this test is of the walls without it")
	}
	if !last.Contains("Gitwall Tester") {
		t.Logf("the session's context does not name the git user (this version puts no git status in it)")
	}

	c := exec.Command("git", "diff")
	c.Dir, c.Env = proj, append(sc.Env(), "CCC_SUPERVISOR_HOOK=1")
	_ = c.Run()
	if _, err := os.Stat(marker); err != nil {
		t.Errorf("the control, plain git diff, ran no planted program: the repository plants nothing (%v)", err)
	}
}
