//go:build unix

package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/claudeversion"
)

// Claude is a located Claude Code binary.
type Claude struct {
	Path string
	// Version is what `claude --version` printed ("2.1.332 (Claude Code)"); V is its number.
	Version string
	V       claudeversion.Version
}

// The environment that picks the Claude Code the suite drives (e2e/README.md).
const (
	// claudeEnv names a binary to drive, whatever its version.
	claudeEnv = "CCC_E2E_CLAUDE"
	// claudeVersionEnv names a version to drive from the cache; test.sh sets it for each tested one.
	claudeVersionEnv = "CCC_E2E_CLAUDE_VERSION"
)

// CacheDir is where a version of Claude Code is installed with npm --prefix (as .ci/run and
// scripts/install-claude-code.sh do): ~/.cache/ccc-hooks/claude-code-<version>.
func CacheDir(home, version string) string {
	return filepath.Join(home, ".cache", "ccc-hooks", "claude-code-"+version)
}

// cachedBinaries lists where the binary of an npm install at dir may be, in order: the package's
// bin/claude.exe, which its postinstall links to the platform package's binary, and that binary
// itself (npm 11 skips the postinstall, and bin/claude.exe is then a stub).
func cachedBinaries(dir string) []string {
	modules := filepath.Join(dir, "node_modules", "@anthropic-ai")
	out := []string{filepath.Join(modules, "claude-code", "bin", "claude.exe")}
	platform, _ := filepath.Glob(filepath.Join(modules, "claude-code-*", "claude"))
	return append(out, platform...)
}

// lookup is the one search for Claude Code of a test run: the binary found, or why none was
// (missing: skip, or fail when required; broken: always fail).
type lookup struct {
	claude  Claude
	missing string
	broken  string
}

var (
	claudeOnce   sync.Once
	claudeLookup lookup
)

// findClaude locates the Claude Code the suite drives: $CCC_E2E_CLAUDE, else the version
// $CCC_E2E_CLAUDE_VERSION names, else the newest tested version (claudeversion.Newest), from
// its cache directory.
func findClaude() lookup {
	if p := os.Getenv(claudeEnv); p != "" {
		return probe(p, "$"+claudeEnv)
	}
	want := claudeversion.Newest().String()
	if v := os.Getenv(claudeVersionEnv); v != "" {
		if _, ok := claudeversion.Parse(v); !ok || strings.ContainsAny(v, " /") {
			return lookup{broken: fmt.Sprintf("$%s=%q is not a version (major.minor.patch)", claudeVersionEnv, v)}
		}
		want = v
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return lookup{broken: "no home directory to find the Claude Code cache in: " + err.Error()}
	}
	dir := CacheDir(home, want)
	var tried []string
	for _, p := range cachedBinaries(dir) {
		l := probe(p, dir)
		if l.missing != "" || l.broken != "" {
			// A stub (npm skipped the postinstall) may fail or print something else: try the next.
			tried = append(tried, l.missing+l.broken)
			continue
		}
		if l.claude.V.String() != want {
			l.broken = fmt.Sprintf("%s holds Claude Code %q, not %s: install it again with scripts/install-claude-code.sh %s", dir, l.claude.Version, want, want)
		}
		return l
	}
	return lookup{missing: fmt.Sprintf("Claude Code %[1]s not found in %[2]s. Install it with\n"+
		"    scripts/install-claude-code.sh %[1]s\n"+
		"or point %[3]s at a claude binary. (Looked at: %[4]s.)",
		want, dir, claudeEnv, strings.Join(tried, "; "))}
}

// probe asks the program at path for its version. from says where path came from.
func probe(path, from string) lookup {
	info, err := os.Stat(path)
	if err != nil || info.IsDir() || info.Mode()&0o111 == 0 {
		return lookup{missing: path + ": not an executable file"}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, path, "--version").Output()
	if err != nil {
		return lookup{missing: fmt.Sprintf("%s --version: %v", path, err)}
	}
	printed := strings.TrimSpace(string(out))
	v, ok := claudeversion.Parse(printed)
	if !ok {
		return lookup{broken: fmt.Sprintf("%s (%s) printed %q for --version: not a Claude Code version", path, from, printed)}
	}
	return lookup{claude: Claude{Path: path, Version: printed, V: v}}
}

// RequireClaude returns the Claude Code binary the suite drives, or skips the test (fails it on
// CI) with install instructions. A binary that is not the version asked for fails the test.
func RequireClaude(t testing.TB) Claude {
	t.Helper()
	claudeOnce.Do(func() { claudeLookup = findClaude() })
	switch l := claudeLookup; {
	case l.broken != "":
		t.Fatal(l.broken)
	case l.missing != "":
		missing(t, "%s", l.missing)
	}
	c := claudeLookup.claude
	t.Logf("claude binary: %s (version %s)", c.Path, c.Version)
	if !claudeversion.IsTested(c.V) {
		t.Logf("Claude Code %s is not one of the tested versions (%s): trying it", c.V, claudeversion.File)
	}
	return c
}
