//go:build unix

package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// ClaudeVersion is the Claude Code release the suite was written against.
const ClaudeVersion = "2.1.328"

// Claude is a located Claude Code binary.
type Claude struct {
	Path    string
	Version string
}

// required reports whether missing tools fail the suite instead of skipping
// it: on CI, or when CCC_E2E_REQUIRED=1.
func required() bool {
	return os.Getenv("CI") != "" || os.Getenv("CCC_E2E_REQUIRED") == "1"
}

// missing fails the test on CI (or when required) and skips it loudly
// elsewhere, saying what to install.
func missing(t testing.TB, format string, args ...any) {
	t.Helper()
	if required() {
		t.Fatalf("e2e prerequisite missing: "+format, args...)
	}
	t.Skipf("\n*** E2E TEST SKIPPED: "+format+"\n*** (set CI or CCC_E2E_REQUIRED=1 to make this a failure)", args...)
}

// claudeCandidates lists where the Claude Code binary is looked up, in order.
func claudeCandidates() []string {
	var out []string
	if p := os.Getenv("CCC_E2E_CLAUDE"); p != "" {
		return append(out, p)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return out
	}
	root := filepath.Join(home, ".cache", "ccc-hooks", "claude-code-"+ClaudeVersion, "node_modules")
	return append(out,
		filepath.Join(root, "@anthropic-ai", "claude-code", "bin", "claude.exe"),
		filepath.Join(root, ".bin", "claude"),
	)
}

// RequireClaude locates the Claude Code binary and its version, or skips
// (fails on CI) with install instructions.
func RequireClaude(t testing.TB) Claude {
	t.Helper()
	candidates := claudeCandidates()
	for _, p := range candidates {
		info, err := os.Stat(p)
		if err != nil || info.IsDir() || info.Mode()&0o111 == 0 {
			continue
		}
		version := claudeVersion(p)
		t.Logf("claude binary: %s (version %s)", p, version)
		if !strings.HasPrefix(version, ClaudeVersion) {
			t.Logf("warning: the suite expects Claude Code %s; results from %s may differ", ClaudeVersion, version)
		}
		return Claude{Path: p, Version: version}
	}
	missing(t, "Claude Code %[1]s not found (looked at %[2]s). Install it with:\n"+
		"    mkdir -p ~/.cache/ccc-hooks/claude-code-%[1]s && "+
		"npm install --prefix ~/.cache/ccc-hooks/claude-code-%[1]s @anthropic-ai/claude-code@%[1]s\n"+
		"or point CCC_E2E_CLAUDE at a claude binary.",
		ClaudeVersion, strings.Join(candidates, ", "))
	return Claude{}
}

func claudeVersion(path string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, path, "--version").Output()
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	return strings.TrimSpace(string(out))
}

// RequireTmux locates tmux, or skips (fails on CI) with install instructions.
func RequireTmux(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("tmux")
	if err != nil {
		missing(t, "tmux not found on PATH; interactive scenarios need it. "+
			"Install it (apt-get install tmux, brew install tmux).")
	}
	return p
}
