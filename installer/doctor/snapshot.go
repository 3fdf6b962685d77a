package doctor

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// File is one settings file as Claude Code would see it.
type File struct {
	installer.Target
	Exists bool
	// Err is why the file cannot be used: it cannot be read, is not valid JSON (*settings.SyntaxError)
	// or has a hook structure Claude Code rejects (*settings.StructureError). Claude Code then
	// skips the whole file.
	Err error
	// Handlers lists every handler under "hooks" of a usable file.
	Handlers []settings.Handler
	// Ledger is what ccc-hooks home records of the file (nil: nothing).
	Ledger *settings.Ledger
	data   []byte
}

// Profiles returns the profiles installed in the file, by its handlers and its ledger (a
// supervisor installed for Stop alone beside the workflow has nothing of its own in the file).
func (f File) Profiles() []installer.Profile { return installer.InstalledWith(f.Handlers, f.Ledger) }

// Usable reports whether Claude Code reads this file's settings.
func (f File) Usable() bool { return f.Exists && f.Err == nil }

// True reports whether top-level key holds the JSON literal true in a usable file.
func (f File) True(key string) bool {
	return f.Get(gjson.Escape(key)).Type == gjson.True
}

// Get returns the value at a gjson path of a usable file; it does not exist in other files.
func (f File) Get(path string) gjson.Result {
	if !f.Usable() {
		return gjson.Result{}
	}
	return gjson.GetBytes(f.data, path)
}

// Ours returns the handlers of this file that run ccc-hooks.
func (f File) Ours() []settings.Handler {
	var out []settings.Handler
	for _, r := range f.Handlers {
		if installer.IsOurs(r) {
			out = append(out, r)
		}
	}
	return out
}

// Snapshot is everything the checks read, gathered once.
type Snapshot struct {
	// ProjectDir is the directory Claude Code is started in (its project settings were read), and
	// loc the locator that found every file read.
	ProjectDir string
	loc        installer.Locator
	// Program is how advice names ccc-hooks so that the command can be pasted: "ccc-hooks" when
	// that runs this ccc-hooks from PATH, else its absolute path. "ccc-hooks" when empty.
	Program string
	// Shell is the shell advice is pasted into: it decides how paths in it are quoted.
	Shell shellword.Shell
	// Files are the settings files in Claude Code's precedence order (managed, local, project,
	// user) followed by the provider files of the Claude config dir.
	Files []File
	// Home is the ccc-hooks home (state, logs, backups, locks).
	Home string
	// ConfigPath is ccc.json; Config holds its effective supervisor settings, ConfigProblems the
	// values the runtime ignores (of the file as a whole and of the supervisor's key) and
	// ConfigErr a file that exists but cannot be read. Workflow holds the effective workflow
	// settings, WorkflowProblems the values of the workflow's key it ignores.
	ConfigPath       string
	ConfigExists     bool
	Config           config.Supervisor
	ConfigProblems   []config.Problem
	ConfigErr        error
	Workflow         config.Workflow
	WorkflowProblems []config.Problem
	// RetentionDays is how long the home keeps a session's files after its last write.
	RetentionDays int
	// plugins is the ccc-hooks plugins installed, once read (pluginsOf).
	plugins *pluginsRead
}

// Load reads every settings file of loc and ccc.json.
func Load(loc installer.Locator) *Snapshot {
	s := &Snapshot{
		ProjectDir: loc.ProjectDir,
		loc:        loc,
		Home:       paths.Home(loc.Getenv),
		ConfigPath: paths.ConfigFile(loc.Getenv),
	}
	s.setConfig(config.LoadAll(s.ConfigPath))
	_, err := os.Stat(s.ConfigPath)
	s.ConfigExists = err == nil
	targets := loc.All()
	var user string
	for _, t := range targets {
		if t.Scope == installer.ScopeUser {
			user = t.Path
		}
	}
	for _, t := range targets {
		// With the home directory as project, the project file is the user file: read it once.
		if t.Scope == installer.ScopeProject && installer.SamePath(t.Path, user) {
			continue
		}
		f := readFile(t)
		if f.Usable() {
			f.Ledger, _ = (&settings.FileStore{Home: s.Home}).Ledger(t.Path)
		}
		s.Files = append(s.Files, f)
	}
	return s
}

// setConfig keeps what was read of ccc.json in s, its problems split between the checks that
// report them: the workflow's key to workflow-config, the rest to config.
func (s *Snapshot) setConfig(cfg config.Config, problems []config.Problem, err error) {
	s.Config, s.Workflow, s.ConfigErr, s.RetentionDays = cfg.Supervisor, cfg.Workflow, err, cfg.RetentionDays
	for _, p := range problems {
		if p.Key() == config.WorkflowKey {
			s.WorkflowProblems = append(s.WorkflowProblems, p)
		} else {
			s.ConfigProblems = append(s.ConfigProblems, p)
		}
	}
}

func readFile(t installer.Target) File {
	f := File{Target: t}
	// Only a regular file is read: a FIFO or device in a scope's place must not hang doctor.
	data, err := settings.ReadFile(t.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return f
	case err != nil:
		f.Exists = true
		f.Err = fmt.Errorf("read: %w", err)
		return f
	}
	return parseFile(t, data)
}

// parseFile is the File t with content data.
func parseFile(t installer.Target, data []byte) File {
	f := File{Target: t, Exists: true, data: data}
	f.Handlers, f.Err = settings.Handlers(data)
	return f
}

// program is the first word of the commands advice gives (see Program).
func (s *Snapshot) program() string {
	if s.Program == "" {
		return "ccc-hooks"
	}
	return s.Program
}

// Usable returns the files Claude Code reads.
func (s *Snapshot) Usable() []File {
	var out []File
	for _, f := range s.Files {
		if f.Usable() {
			out = append(out, f)
		}
	}
	return out
}

// uses reports whether the profile named name is installed for this user and project: in a
// settings file Claude Code reads, or as a ccc-hooks plugin (env tells which are installed).
// Where a file holds hooks of ours that make no whole profile, every profile counts as installed,
// and so does the supervisor where nothing of ccc-hooks is: an install sets it up by default, and
// doctor says what it will need.
func (s *Snapshot) uses(env Env, name string) bool {
	some := false
	for _, f := range s.Usable() {
		profiles := f.Profiles()
		if len(f.Ours()) > 0 && len(profiles) == 0 {
			return true
		}
		for _, p := range profiles {
			some = true
			if p.Name == name {
				return true
			}
		}
	}
	plugins, _ := pluginsOf(env, s)
	for _, p := range plugins {
		some = true
		if p.Name == name {
			return true
		}
	}
	return !some && name == installer.Supervisor.Name
}

// HasOurs reports whether any usable file has a handler that runs ccc-hooks.
func (s *Snapshot) HasOurs() bool {
	for _, f := range s.Usable() {
		if len(f.Ours()) > 0 {
			return true
		}
	}
	return false
}

// Supervised reports whether a usable file runs ccc-hooks on Stop or PreToolUse for the
// supervisor profile (see isSupervised), or the supervisor plugin does (running, see
// runningPlugins): on every route, settings alone, the plugin alone, or both.
func (s *Snapshot) Supervised(env Env) bool {
	for _, f := range s.Usable() {
		if !isSupervised(f) {
			continue
		}
		for _, r := range f.Ours() {
			if r.Event == "Stop" || r.Event == "PreToolUse" {
				return true
			}
		}
	}
	return slices.ContainsFunc(s.runningPlugins(env), func(p installer.Plugin) bool { return p.Name == installer.Supervisor.Name })
}

// runningPlugins returns the ccc-hooks plugins whose hooks Claude Code runs here: installed,
// switched on, their hooks readable, and plugin hooks not switched off by allowManagedHooksOnly.
func (s *Snapshot) runningPlugins(env Env) []installer.Plugin {
	if managedOnly(s) != "" {
		return nil
	}
	plugins, _ := pluginsOf(env, s)
	return slices.DeleteFunc(slices.Clone(plugins), func(p installer.Plugin) bool { return !p.Enabled || p.HooksErr != nil || len(p.Hooks) == 0 })
}
