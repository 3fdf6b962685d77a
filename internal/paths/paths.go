// Package paths says where Claude Code and ccc-hooks keep their files: the Claude config dir, the
// ccc-hooks home, the settings file of each scope, and the project directory.
package paths

import (
	"path/filepath"
	"runtime"
)

// Getenv reads an environment variable; tests pass their own.
type Getenv func(string) string

// ConfigDir returns the Claude config dir: $CLAUDE_CONFIG_DIR, else ~/.claude.
func ConfigDir(getenv Getenv) string {
	if d := getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return d
	}
	return filepath.Join(homeDir(getenv), ".claude")
}

// Home returns the ccc-hooks home (state, logs, backups, locks): $CCC_CONFIG_DIR, else <config dir>/ccc.
func Home(getenv Getenv) string {
	if d := getenv("CCC_CONFIG_DIR"); d != "" {
		return d
	}
	return filepath.Join(ConfigDir(getenv), "ccc")
}

// ConfigFile returns <config dir>/ccc.json, the file holding the "supervisor" key.
func ConfigFile(getenv Getenv) string { return filepath.Join(ConfigDir(getenv), "ccc.json") }

// UserFile returns the user-scope settings file.
func UserFile(getenv Getenv) string { return filepath.Join(ConfigDir(getenv), "settings.json") }

// ProjectFile returns the project-scope settings file of project.
func ProjectFile(project string) string { return filepath.Join(project, ".claude", "settings.json") }

// LocalFile returns the local-scope settings file of project.
func LocalFile(project string) string {
	return filepath.Join(project, ".claude", "settings.local.json")
}

// ProviderFile returns <config dir>/settings-<name>.json.
func ProviderFile(getenv Getenv, name string) string {
	return filepath.Join(ConfigDir(getenv), "settings-"+name+".json")
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

func homeDir(getenv Getenv) string {
	if h := getenv("HOME"); h != "" {
		return h
	}
	if h := getenv("USERPROFILE"); h != "" {
		return h
	}
	return "/"
}
