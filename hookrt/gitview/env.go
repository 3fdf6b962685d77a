package gitview

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// envSettings are set through git's environment (GIT_CONFIG_COUNT, git-config(1), ENVIRONMENT:
// above every configuration file) as well as in the view's config file: git passes them on to
// the gits it starts in other repositories (run-command.c, prepare_other_repo_env keeps
// GIT_CONFIG_PARAMETERS and GIT_CONFIG_COUNT), should one ever start, and they hold where no view
// stands.
var envSettings = [][2]string{
	{"core.fsmonitor", "false"},
	{"core.hooksPath", os.DevNull},
	{"core.excludesFile", os.DevNull},
	{"core.attributesFile", os.DevNull},
	{"diff.ignoreSubmodules", "all"},
	{"submodule.recurse", "false"},
	{"protocol.allow", "never"},
}

// hardening are the variables, besides envSettings, that every git of a review runs with:
//   - GIT_CONFIG_NOSYSTEM=1 and GIT_CONFIG_GLOBAL=/dev/null: no system or global configuration
//     (the agent under review runs as the user and can write ~/.gitconfig);
//   - GIT_ATTR_NOSYSTEM=1: no system attributes;
//   - GIT_OPTIONAL_LOCKS=0: git status does not refresh and write the index;
//   - GIT_TERMINAL_PROMPT=0: git never asks for credentials;
//   - GIT_ALLOW_PROTOCOL empty: no transport at all (transport.c, is_transport_allowed);
//   - GIT_NO_LAZY_FETCH=1: no fetch of a missing object (git 2.44 and later; the view declares
//     no promisor remote for the older ones).
var hardening = [][2]string{
	{"GIT_CONFIG_NOSYSTEM", "1"},
	{"GIT_CONFIG_GLOBAL", os.DevNull},
	{"GIT_ATTR_NOSYSTEM", "1"},
	{"GIT_OPTIONAL_LOCKS", "0"},
	{"GIT_TERMINAL_PROMPT", "0"},
	{"GIT_ALLOW_PROTOCOL", ""},
	{"GIT_NO_LAZY_FETCH", "1"},
}

// Hardening returns the variables every git of a review runs with: hardening and envSettings,
// as NAME=value.
func Hardening() []string {
	out := make([]string, 0, len(hardening)+2*len(envSettings)+1)
	for _, kv := range hardening {
		out = append(out, kv[0]+"="+kv[1])
	}
	for i, kv := range envSettings {
		out = append(out, fmt.Sprintf("GIT_CONFIG_KEY_%d=%s", i, kv[0]), fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", i, kv[1]))
	}
	return append(out, "GIT_CONFIG_COUNT="+strconv.Itoa(len(envSettings)))
}

// viewVars are the variables View.Env sets.
var viewVars = []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_OBJECT_DIRECTORY"}

// claudeGitVars are set by Claude Code itself for the commands it runs (GIT_EDITOR=true: no
// editor opens), with the one value it gives them.
var claudeGitVars = map[string]string{"GIT_EDITOR": "true"}

// CheckEnv reports why git may not run in the environment environ (NAME=value entries) of the
// reviewer's hook — the environment Claude Code gives the reviewer's hooks and its Bash tool
// alike — or nil: $GIT_DIR names a view (a directory holding Marker) or the path where none
// stands, and every other GIT_ variable is one ccc-hooks set, with the value it set. Anything
// else (a GIT_EXEC_PATH, a GIT_CONFIG_PARAMETERS, a GIT_DIR elsewhere, a GIT_CONFIG_GLOBAL
// changed) came from somewhere ccc-hooks does not trust, such as a settings file's env.
func CheckEnv(environ []string) error {
	want := map[string]string{}
	for _, kv := range Hardening() {
		name, value, _ := strings.Cut(kv, "=")
		want[name] = value
	}
	got := map[string]string{}
	for _, kv := range environ {
		name, value, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(strings.ToUpper(name), "GIT_") {
			continue
		}
		if _, dup := got[name]; dup {
			return fmt.Errorf("the reviewer's environment sets %s twice", name)
		}
		got[name] = value
	}
	for _, name := range slices.Sorted(maps.Keys(got)) {
		value := got[name]
		switch w, ok := want[name]; {
		case ok && value != w:
			return fmt.Errorf("the reviewer's environment sets %s=%q, not %q", name, value, w)
		case ok, slices.Contains(viewVars, name):
		case claudeGitVars[name] == value && value != "":
		default:
			return fmt.Errorf("the reviewer's environment sets %s, which ccc-hooks did not set", name)
		}
	}
	for _, kv := range Hardening() {
		if name, _, _ := strings.Cut(kv, "="); !hasKey(got, name) {
			return fmt.Errorf("the reviewer's environment lacks %s", name)
		}
	}
	return checkGitDir(got["GIT_DIR"])
}

func hasKey(m map[string]string, k string) bool {
	_, ok := m[k]
	return ok
}

// checkGitDir: dir is where no view stands, or a view.
func checkGitDir(dir string) error {
	switch dir {
	case "":
		return errors.New("the reviewer's environment names no git directory: the review's git view is missing")
	case noRepository:
		return nil
	}
	if fi, err := os.Lstat(filepath.Join(dir, Marker)); err != nil || !fi.Mode().IsRegular() {
		return fmt.Errorf("the reviewer's git directory %s is not a view ccc-hooks built", dir)
	}
	return nil
}
