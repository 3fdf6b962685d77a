// Package paths says where Claude Code and ccc-hooks keep their files: the settings files Claude
// Code started in a place reads (Place, the one model of its rule), the ccc-hooks home and
// ccc.json, and the project directory.
package paths

import (
	"fmt"
	"os/user"
	"path/filepath"
	"runtime"
)

// Getenv reads an environment variable; tests pass their own.
type Getenv func(string) string

// ConfigDir returns the Claude config dir where ccc-hooks keeps its own files (ccc.json, the
// ccc-hooks home, SUPERVISOR.md): $CLAUDE_CONFIG_DIR when it is an absolute path, else ~/.claude.
// A relative one is ignored here (see Warnings): resolved against each hook's working directory
// it would scatter state over every project. Claude Code's own files follow Place.ClaudeDir,
// which takes it as written.
func ConfigDir(getenv Getenv) string {
	if d := getenv("CLAUDE_CONFIG_DIR"); d != "" && filepath.IsAbs(d) {
		return d
	}
	return filepath.Join(HomeDir(getenv), ".claude")
}

// Home returns the ccc-hooks home (state, logs, backups, locks): $CCC_CONFIG_DIR when it is an
// absolute path (a relative one is ignored, see Warnings), else <config dir>/ccc.
func Home(getenv Getenv) string {
	if d := getenv("CCC_CONFIG_DIR"); d != "" && filepath.IsAbs(d) {
		return d
	}
	return filepath.Join(ConfigDir(getenv), "ccc")
}

// Warnings says what of the environment naming these directories is ignored: a relative
// CLAUDE_CONFIG_DIR or CCC_CONFIG_DIR for ccc-hooks' own files, or a home directory that could
// not be found. This package prints nothing; commands show the warnings on stderr (never on a
// hook's stdout).
func Warnings(getenv Getenv) []string {
	var out []string
	if d := getenv("CLAUDE_CONFIG_DIR"); d != "" && !filepath.IsAbs(d) {
		out = append(out, fmt.Sprintf("CLAUDE_CONFIG_DIR=%q is not an absolute path: Claude Code takes it from the directory it is started in, "+
			"and ccc-hooks keeps its own files (ccc.json, its home) in %s", d, ConfigDir(getenv)))
	}
	if d := getenv("CCC_CONFIG_DIR"); d != "" && !filepath.IsAbs(d) {
		out = append(out, fmt.Sprintf("ignoring CCC_CONFIG_DIR=%q: not an absolute path", d))
	}
	if getenv("HOME") == "" && getenv("USERPROFILE") == "" {
		if _, err := userHome(); err != nil {
			out = append(out, fmt.Sprintf("HOME is not set and the user's home directory is unknown (%v); using %s", err, string(filepath.Separator)))
		}
	}
	return out
}

// ConfigFile returns <config dir>/ccc.json, the file of the "supervisor" and "workflow" keys (see
// package config).
func ConfigFile(getenv Getenv) string { return filepath.Join(ConfigDir(getenv), "ccc.json") }

// ProjectFile returns the project-scope settings file of project.
func ProjectFile(project string) string { return filepath.Join(project, ".claude", "settings.json") }

// LocalFile returns the local-scope settings file of project.
func LocalFile(project string) string {
	return filepath.Join(project, ".claude", "settings.local.json")
}

// ManagedFile returns the managed-settings path of the running operating system.
func ManagedFile() string { return managedFileFor(runtime.GOOS) }

func managedFileFor(goos string) string {
	switch goos {
	case "darwin":
		return "/Library/Application Support/ClaudeCode/managed-settings.json"
	case "windows":
		return `C:\Program Files\ClaudeCode\managed-settings.json`
	default:
		return "/etc/claude-code/managed-settings.json"
	}
}

// HomeDir returns the home directory Claude Code uses: $HOME, else $USERPROFILE, else the home
// directory of the user running ccc-hooks (from the system's user database), else the root
// directory. On Windows $USERPROFILE comes first: Claude Code finds its ~/.claude through
// os.homedir(), which reads USERPROFILE before HOME there (Git Bash, for one, sets HOME, and
// some people point it elsewhere).
func HomeDir(getenv Getenv) string { return homeDirFor(getenv, runtime.GOOS) }

func homeDirFor(getenv Getenv, goos string) string {
	vars := []string{"HOME", "USERPROFILE"}
	if goos == "windows" {
		vars = []string{"USERPROFILE", "HOME"}
	}
	for _, v := range vars {
		if h := getenv(v); h != "" {
			return h
		}
	}
	if h, err := userHome(); err == nil {
		return h
	}
	return string(filepath.Separator)
}

// userHome looks up the running user's home directory; tests replace it.
var userHome = func() (string, error) {
	u, err := user.Current()
	if err != nil {
		return "", err
	}
	if u.HomeDir == "" || !filepath.IsAbs(u.HomeDir) {
		return "", fmt.Errorf("user %s has no absolute home directory", u.Username)
	}
	return u.HomeDir, nil
}
