package doctor

import (
	"context"
	"os/exec"
	"strings"
	"testing"
)

func TestSandboxCheck(t *testing.T) {
	both := map[string]string{"bwrap": "/usr/bin/bwrap", "socat": "/usr/bin/socat"}
	trial := "/usr/bin/bwrap --ro-bind / / --dev /dev --proc /proc --unshare-pid --unshare-net --die-with-parent -- true"
	works := map[string]string{trial: ""}
	goTest := snap()
	goTest.Config.AllowedTools = []string{"Bash(git diff:*)", "Bash(go test:*)", "Bash(make check)"}
	anyBash := snap()
	anyBash.Config.AllowedTools = []string{"Bash"}
	tests := []struct {
		name    string
		goos    string
		paths   map[string]string
		outputs map[string]string
		s       *Snapshot
		want    want
	}{
		{"linux with it", "linux", both, works, snap(), want{StatusOK, []string{
			"Claude Code's Bash sandbox (bubblewrap; bwrap and socat found) runs the reviewer's Bash commands with the project and the home directory read-only, behind its read-only hook",
		}}},
		{"macOS", "darwin", nil, nil, snap(), want{StatusOK, []string{"Claude Code's Bash sandbox (Seatbelt) runs the reviewer's Bash commands with the project"}}},
		{"grants that may write", "linux", both, works, goTest, want{StatusOK, []string{
			"runs the reviewer's Bash commands with the project and the home directory read-only",
			"what supervisor.allowed_tools grants besides git (go test:*, make check) runs outside it, as programs that may need to write",
		}}},
		{"every command granted", "linux", both, works, anyBash, want{StatusOK, []string{
			"this machine has Claude Code's Bash sandbox (bubblewrap; bwrap and socat found), but supervisor.allowed_tools grants every Bash command, so the reviewer's Bash runs outside it",
		}}},
		{"socat missing", "linux", map[string]string{"bwrap": "/usr/bin/bwrap"}, works, snap(), want{StatusOK, []string{
			"needs socat on PATH, not found: the read-only hook alone holds", "apt install bubblewrap socat",
		}}},
		{"both missing", "linux", nil, nil, snap(), want{StatusOK, []string{"needs bwrap and socat on PATH, not found"}}},
		{"bwrap cannot run", "linux", both, nil, snap(), want{StatusWarn, []string{
			"bwrap is installed but cannot make a sandbox here (exit status 1)", "the read-only hook alone holds", "allow user namespaces",
		}}},
		{"Windows", "windows", both, works, snap(), want{StatusOK, []string{"Claude Code has no Bash sandbox on this system"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := fakeEnv(nil, tt.paths, tt.outputs)
			env.GOOS = tt.goos
			checkResults(t, sandboxCheck{env}, tt.s, []want{tt.want})
		})
	}
}

// TestSandboxCheckBwrapSaysWhy: where bwrap fails, doctor quotes what it printed on stderr.
func TestSandboxCheckBwrapSaysWhy(t *testing.T) {
	env := fakeEnv(nil, map[string]string{"bwrap": "/usr/bin/bwrap", "socat": "/usr/bin/socat"}, nil)
	env.GOOS = "linux"
	env.Output = func(context.Context, string, ...string) ([]byte, error) {
		return nil, &exec.ExitError{Stderr: []byte("bwrap: No permissions to create new namespace\n")}
	}
	got := sandboxCheck{env}.Run(context.Background(), snap())
	if len(got) != 1 || !strings.Contains(got[0].Message, "(bwrap: No permissions to create new namespace)") {
		t.Errorf("results %+v, want bwrap's words", got)
	}
}
