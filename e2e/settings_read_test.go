//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// readPlace is a place Claude Code is started in: a directory, the environment it is started
// with there, the settings files that might be read (a probe hook in each) and those it reads.
type readPlace struct {
	name string
	// scope is the scope whose file the place is about: install --scope scope there must write a
	// file Claude Code reads.
	scope string
	// set up makes the place in sc and returns the directory Claude Code starts in, the variables
	// set there (after the sandbox's), every candidate settings file and the ones read, as paths
	// relative to sc.Root.
	setup func(t *testing.T, sc *scenario) (dir string, env, candidates, read []string)
}

// readPlaces are the places of docs/claude-code.md, "Which settings files Claude Code reads".
var readPlaces = []readPlace{
	{"a directory outside any repository", "local", func(t *testing.T, sc *scenario) (string, []string, []string, []string) {
		mkdirs(t, sc.Root, "plain/src")
		return filepath.Join(sc.Root, "plain", "src"), nil,
			[]string{"plain/src/.claude/settings.json", "plain/src/.claude/settings.local.json", "plain/.claude/settings.json", "plain/.claude/settings.local.json"},
			[]string{"plain/src/.claude/settings.json", "plain/src/.claude/settings.local.json"}
	}},
	{"below the top of a repository", "local", func(t *testing.T, sc *scenario) (string, []string, []string, []string) {
		repo(t, sc.Root, "R")
		mkdirs(t, sc.Root, "R/src")
		return filepath.Join(sc.Root, "R", "src"), nil,
			[]string{"R/src/.claude/settings.json", "R/src/.claude/settings.local.json", "R/.claude/settings.json", "R/.claude/settings.local.json"},
			[]string{"R/src/.claude/settings.json", "R/src/.claude/settings.local.json", "R/.claude/settings.local.json"}
	}},
	{"below the top of a linked worktree", "local", func(t *testing.T, sc *scenario) (string, []string, []string, []string) {
		worktree(t, sc.Root)
		return filepath.Join(sc.Root, "R-feature", "src"), nil, worktreeCandidates,
			[]string{"R-feature/src/.claude/settings.json", "R-feature/src/.claude/settings.local.json", "R/.claude/settings.local.json"}
	}},
	{"at the top of a linked worktree", "local", func(t *testing.T, sc *scenario) (string, []string, []string, []string) {
		worktree(t, sc.Root)
		return filepath.Join(sc.Root, "R-feature"), nil, worktreeCandidates,
			[]string{"R-feature/.claude/settings.json", "R-feature/.claude/settings.local.json", "R/.claude/settings.local.json"}
	}},
	{"below the top of a submodule", "local", func(t *testing.T, sc *scenario) (string, []string, []string, []string) {
		repo(t, sc.Root, "lib")
		gitIn(t, filepath.Join(sc.Root, "lib"), "commit", "-q", "--allow-empty", "-m", "lib")
		repo(t, sc.Root, "R")
		gitIn(t, filepath.Join(sc.Root, "R"), "-c", "protocol.file.allow=always", "submodule", "add", "-q", filepath.Join(sc.Root, "lib"), "sub")
		mkdirs(t, sc.Root, "R/sub/src")
		return filepath.Join(sc.Root, "R", "sub", "src"), nil,
			[]string{"R/sub/src/.claude/settings.local.json", "R/sub/.claude/settings.local.json", "R/.claude/settings.local.json"},
			[]string{"R/sub/src/.claude/settings.local.json", "R/sub/.claude/settings.local.json"}
	}},
	{"below a home directory that is a repository", "local", func(t *testing.T, sc *scenario) (string, []string, []string, []string) {
		gitIn(t, sc.Home, "init", "-q")
		mkdirs(t, sc.Home, "proj/src")
		return filepath.Join(sc.Home, "proj", "src"), nil,
			[]string{"home/proj/src/.claude/settings.local.json", "home/.claude/settings.local.json", "home/proj/.claude/settings.local.json"},
			[]string{"home/proj/src/.claude/settings.local.json"}
	}},
	{"with GIT_DIR and GIT_WORK_TREE exported", "local", func(t *testing.T, sc *scenario) (string, []string, []string, []string) {
		repo(t, sc.Root, "R")
		mkdirs(t, sc.Root, "plain")
		return filepath.Join(sc.Root, "plain"), []string{"GIT_DIR=" + filepath.Join(sc.Root, "R", ".git"), "GIT_WORK_TREE=" + filepath.Join(sc.Root, "R")},
			[]string{"plain/.claude/settings.local.json", "R/.claude/settings.local.json"},
			[]string{"plain/.claude/settings.local.json"}
	}},
	{"with a relative CLAUDE_CONFIG_DIR", "user", func(t *testing.T, sc *scenario) (string, []string, []string, []string) {
		mkdirs(t, sc.Root, "plain")
		return filepath.Join(sc.Root, "plain"), []string{"CLAUDE_CONFIG_DIR=cfg"},
			[]string{"plain/cfg/settings.json", "home/.claude/settings.json", "home/cfg/settings.json"},
			[]string{"plain/cfg/settings.json"}
	}},
	{"with CLAUDE_CONFIG_DIR=~/cfg", "user", func(t *testing.T, sc *scenario) (string, []string, []string, []string) {
		mkdirs(t, sc.Root, "plain")
		return filepath.Join(sc.Root, "plain"), []string{"CLAUDE_CONFIG_DIR=~/cfg"},
			[]string{"plain/~/cfg/settings.json", "home/.claude/settings.json", "home/cfg/settings.json"},
			[]string{"plain/~/cfg/settings.json"}
	}},
	{"with a relative HOME", "user", func(t *testing.T, sc *scenario) (string, []string, []string, []string) {
		mkdirs(t, sc.Root, "plain")
		return filepath.Join(sc.Root, "plain"), []string{"HOME=h", "CLAUDE_CONFIG_DIR"},
			[]string{"plain/h/.claude/settings.json", "home/.claude/settings.json"},
			[]string{"plain/h/.claude/settings.json"}
	}},
}

// worktreeCandidates are the settings files of a repository R and its linked worktree R-feature
// where Claude Code may look.
var worktreeCandidates = []string{
	"R-feature/src/.claude/settings.json", "R-feature/src/.claude/settings.local.json",
	"R-feature/.claude/settings.json", "R-feature/.claude/settings.local.json",
	"R/.claude/settings.json", "R/.claude/settings.local.json",
}

// TestWhereClaudeCodeReadsSettings: for each place of readPlaces, a probe SessionStart hook in
// every candidate settings file shows which of them `claude -p` started there reads; ccc-hooks
// status, run in the same place with the same environment, lists exactly those of the candidates
// (its one model of Claude Code's rule), and install --scope local (and --scope user where the
// place is about the user's file) writes a file Claude Code reads.
func TestWhereClaudeCodeReadsSettings(t *testing.T) {
	t.Parallel()
	for _, p := range readPlaces {
		t.Run(p.name, func(t *testing.T) {
			sc := newScenario(t, func(r *Request) Reply { return Say("Done.") })
			dir, env, candidates, want := p.setup(t, sc)
			sc.Project = dir
			sc.ExtraEnv = env
			log := filepath.Join(sc.Root, "probe.log")
			probe := filepath.Join(sc.Root, "probe.sh")
			sc.WriteFile(t, probe, "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '"+log+"'\n", 0o755)
			for _, c := range candidates {
				sc.WriteJSON(t, filepath.Join(sc.Root, c), map[string]any{"hooks": map[string]any{
					"SessionStart": []any{map[string]any{"hooks": []any{map[string]any{
						"type": "command", "command": probe + " " + shellword.POSIX.Arg(c),
					}}}},
				}})
			}
			res := sc.ClaudePrint(t, 90*time.Second, "Say done.")
			if res.ExitCode != 0 {
				t.Fatalf("claude -p: exit %d\nstdout: %s\nstderr: %s", res.ExitCode, res.Stdout, res.Stderr)
			}
			got := sc.ReadLines(t, log)
			slices.Sort(got)
			got = slices.Compact(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("Claude Code started in %s read %q, want %q", dir, got, want)
			}

			// status lists, of the candidates, exactly the files Claude Code read.
			var rows []struct {
				Path string `json:"path"`
			}
			if err := json.Unmarshal([]byte(sc.MustCCC(t, sc.product, "status", "--json").Stdout), &rows); err != nil {
				t.Fatal(err)
			}
			var listed []string
			for _, r := range rows {
				if rel, err := filepath.Rel(sc.Root, r.Path); err == nil && slices.Contains(candidates, rel) {
					listed = append(listed, rel)
				}
			}
			slices.Sort(listed)
			if !slices.Equal(listed, want) {
				t.Errorf("ccc-hooks status in %s lists %q of the candidates, want %q (those Claude Code read)", dir, listed, want)
			}

			// install --scope writes a file Claude Code reads there.
			out := sc.MustCCC(t, sc.product, "install", "--scope", p.scope, "--yes").Stdout
			_, after, _ := strings.Cut(strings.Join(strings.Fields(out), " "), " into ") // as one line: it is wrapped to 80 columns
			path, _, found := strings.Cut(after, " ("+p.scope+" scope)")
			if rel, err := filepath.Rel(sc.Root, path); !found || err != nil || !slices.Contains(want, rel) {
				t.Errorf("install --scope %s in %s wrote %q, not a file Claude Code reads there (%q):\n%s", p.scope, dir, path, want, out)
			}
		})
	}
}

// mkdirs makes each directory (relative to root) with its parents.
func mkdirs(t *testing.T, root string, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// repo makes the git repository root/name with one commit.
func repo(t *testing.T, root, name string) {
	t.Helper()
	mkdirs(t, root, name)
	gitIn(t, filepath.Join(root, name), "init", "-q")
	gitIn(t, filepath.Join(root, name), "commit", "-q", "--allow-empty", "-m", "start")
}

// worktree makes the repository root/R and its linked worktree root/R-feature, with a src
// directory in the worktree.
func worktree(t *testing.T, root string) {
	t.Helper()
	repo(t, root, "R")
	gitIn(t, filepath.Join(root, "R"), "worktree", "add", "-q", filepath.Join(root, "R-feature"))
	mkdirs(t, root, "R-feature/src")
}
