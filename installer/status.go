package installer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// ScopePlugin names the row of status that stands for the Claude Code plugins of this
// repository rather than for a settings file.
const ScopePlugin = "plugin"

// StatusRow is what ccc-hooks has installed in one place Claude Code reads hooks from: a
// settings file, or the plugin.
type StatusRow struct {
	Scope string `json:"scope"`
	Path  string `json:"path"`
	// Exists is false for a settings file that is not there; nothing is installed in it.
	Exists bool `json:"exists"`
	// Error says why Claude Code cannot use the file (unreadable, invalid JSON, bad hook
	// structure); "" when it can.
	Error string `json:"error"`
	// Profiles are the profiles installed completely (see Installed), Events every event of ours.
	Profiles []string `json:"profiles"`
	Events   []string `json:"events"`
	// Command, Timeout and Resolves describe the first of our handlers; Hooks lists all of them
	// (they differ only after a hand edit or an install from another binary).
	Command  string       `json:"command"`
	Timeout  *float64     `json:"timeout"`
	Resolves bool         `json:"resolves"`
	Hooks    []HookStatus `json:"hooks"`
	// OwnCommands are the user's commands in the file that run ccc-hooks among other things
	// (see OwnCommands): ccc-hooks never replaces or removes them.
	OwnCommands []OwnCommand `json:"own_commands"`
	// Enabled is false for a plugin that is installed but switched off in Claude Code; settings
	// files are always enabled.
	Enabled bool `json:"enabled"`
	// Plugin is the plugin's name in Claude Code ("supervisor@ccc-hooks") and PluginScope where
	// Claude Code installed it (user, project or local); both only in plugin rows.
	Plugin      string `json:"plugin,omitempty"`
	PluginScope string `json:"plugin_scope,omitempty"`
	// SupervisorDefault is supervisor.enabled of ccc.json: whether the supervisor reviews a
	// session that was not turned on or off by itself. It is the same in every row.
	SupervisorDefault bool `json:"supervisor_on_by_default"`
}

// OwnCommand is a command of the user's that runs ccc-hooks, and the event it runs on.
type OwnCommand struct {
	Event   string `json:"event"`
	Command string `json:"command"`
	// Beside is set when an entry of ours runs on the same event: ccc-hooks then runs twice
	// (and answers once).
	Beside bool `json:"beside_ours"`
}

// HookStatus is one handler of ours.
type HookStatus struct {
	Event   string   `json:"event"`
	Command string   `json:"command"`
	Timeout *float64 `json:"timeout"`
	// Resolves is true when the program of Command exists and is executable for the person
	// running status; Program is the file it runs then, Problem why it does not resolve.
	Resolves bool   `json:"resolves"`
	Program  string `json:"program,omitempty"`
	Problem  string `json:"problem,omitempty"`
}

// StatusOptions are the inputs of Status.
type StatusOptions struct {
	Locator Locator
	// LookPath finds a bare program name on the PATH of the person asking.
	LookPath func(string) (string, error)
	// Plugins returns the rows of the Claude Code plugins of this repository; nil reads them
	// from Claude Code's records (see Plugins).
	Plugins func() []StatusRow
}

// Status reports, for every settings file Claude Code may read (user, project, local, each
// provider file of the config dir, managed) and for the plugin, what ccc-hooks installed there.
func Status(opts StatusOptions) []StatusRow {
	cfg, _, _ := config.Load(paths.ConfigFile(opts.Locator.Getenv))
	user := opts.Locator.Place().UserFile()
	targets := opts.Locator.All()
	// The order of Scopes (user first), each provider file where the provider scope stands.
	slices.SortStableFunc(targets, func(a, b Target) int {
		return slices.Index(Scopes(), a.Scope) - slices.Index(Scopes(), b.Scope)
	})
	var rows []StatusRow
	for _, t := range targets {
		// With the home directory as project, the project file is the user file: list it once.
		if t.Scope == ScopeProject && SamePath(t.Path, user) {
			continue
		}
		rows = append(rows, fileStatus(t, opts))
	}
	if opts.Plugins != nil {
		rows = append(rows, opts.Plugins()...)
	} else {
		rows = append(rows, pluginStatusRows(opts)...)
	}
	for i := range rows {
		rows[i].SupervisorDefault = cfg.Enabled
		rows[i].normalize()
	}
	return rows
}

// normalize makes empty lists print as [] in JSON.
func (r *StatusRow) normalize() {
	if r.Profiles == nil {
		r.Profiles = []string{}
	}
	if r.Events == nil {
		r.Events = []string{}
	}
	if r.Hooks == nil {
		r.Hooks = []HookStatus{}
	}
	if r.OwnCommands == nil {
		r.OwnCommands = []OwnCommand{}
	}
}

func fileStatus(t Target, opts StatusOptions) StatusRow {
	row := StatusRow{Scope: t.Scope, Path: t.Path, Enabled: true}
	data, err := settings.ReadFile(t.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return row
	case err != nil:
		row.Exists, row.Error = true, err.Error()
		return row
	}
	row.Exists = true
	handlers, err := settings.Handlers(data)
	if err != nil {
		row.Error = err.Error()
		return row
	}
	for _, p := range InstalledWith(handlers, opts.Locator.Ledger(t.Path)) {
		row.Profiles = append(row.Profiles, p.Name)
	}
	for _, r := range handlers {
		if IsOurs(r) {
			row.addHook(hookStatus(r, opts))
		}
	}
	for _, h := range OwnCommands(handlers) {
		row.OwnCommands = append(row.OwnCommands, OwnCommand{
			Event: Event{Hook: h.Event, Matcher: h.Matcher}.Label(), Command: h.Command, Beside: hasOursBeside(handlers, h),
		})
	}
	return row
}

// hookStatus describes one handler of ours, resolving its program for the person asking.
func hookStatus(h settings.Handler, opts StatusOptions) HookStatus {
	out := HookStatus{Event: Event{Hook: h.Event, Matcher: h.Matcher}.Label(), Command: h.Command}
	if h.HasTimeout {
		timeout := h.Timeout
		out.Timeout = &timeout
	}
	program, err := ResolveProgram(hookcmd.Binary(h.Command), opts.Locator.ProjectDir, opts.LookPath)
	if err != nil {
		out.Problem = err.Error()
	} else {
		out.Program, out.Resolves = program, true
	}
	return out
}

// addHook records one handler of ours in the row.
func (r *StatusRow) addHook(h HookStatus) {
	if len(r.Hooks) == 0 {
		r.Command, r.Timeout, r.Resolves = h.Command, h.Timeout, h.Resolves
	}
	r.Hooks = append(r.Hooks, h)
	if !slices.Contains(r.Events, h.Event) {
		r.Events = append(r.Events, h.Event)
	}
}

// ResolveProgram returns the file the program bin of a hook command runs, as Claude Code would
// find it for the person asking: an absolute path as it is, a path with a slash relative to
// projectDir (Claude Code runs hooks there), a bare name on PATH through lookPath. It fails when
// there is no such file, or it is a directory or not executable.
func ResolveProgram(bin, projectDir string, lookPath func(string) (string, error)) (string, error) {
	path := bin
	switch {
	case bin == "":
		return "", errors.New("the command names no program")
	case filepath.IsAbs(bin):
	case strings.ContainsAny(bin, `/\`):
		path = filepath.Join(projectDir, bin)
	default:
		found, err := lookPath(bin)
		if err != nil {
			return "", fmt.Errorf("%s is not on PATH", bin)
		}
		path = found
	}
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("%s does not exist", path)
	case err != nil:
		return "", err
	case fi.IsDir():
		return "", fmt.Errorf("%s is a directory", path)
	case runtime.GOOS != "windows" && fi.Mode().Perm()&0o111 == 0:
		return "", fmt.Errorf("%s is not executable", path)
	}
	return path, nil
}

// SamePath reports whether a and b name the same file, following symlinks where they exist.
func SamePath(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(ia, ib)
	}
	ra, errA := filepath.EvalSymlinks(filepath.Dir(a))
	rb, errB := filepath.EvalSymlinks(filepath.Dir(b))
	return errA == nil && errB == nil && filepath.Join(ra, filepath.Base(a)) == filepath.Join(rb, filepath.Base(b))
}
