package installer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// PluginMarketplace is the name of the Claude Code plugin marketplace this repository is
// (.claude-plugin/marketplace.json); its plugins are named like the profiles.
const PluginMarketplace = "ccc-hooks"

// maxPluginFile bounds each file Plugins reads (Claude Code's records, settings files, a plugin's
// hooks.json); all are read only when regular files, so a FIFO in their place never hangs status
// or doctor.
const maxPluginFile = 64 << 20

// Plugin is one installation of a ccc-hooks plugin, as Claude Code records it.
type Plugin struct {
	// Name is the plugin ("supervisor" or "workflow"), ID the name Claude Code knows it by
	// ("supervisor@ccc-hooks").
	Name, ID string
	// Scope is where Claude Code installed it: user, project or local (ProjectPath is the project
	// of a project or local installation).
	Scope, ProjectPath string
	Version            string
	// InstallPath is the plugin's folder in Claude Code's plugin cache.
	InstallPath string
	// Enabled reports whether Claude Code loads the plugin in this project: the enabledPlugins
	// entry of the last settings file that has one, in the order user, project, local, managed.
	// EnabledBy is that file ("" when none names the plugin: then it is off).
	Enabled   bool
	EnabledBy string
	// Hooks are the handlers of its installed hooks/hooks.json that run ccc-hooks; HooksErr says
	// why that file could not be read.
	Hooks    []settings.Handler
	HooksErr error
}

// Events returns the labels of the events the plugin's hooks run ccc-hooks on, e.g.
// "PreToolUse[AskUserQuestion]".
func (p Plugin) Events() []string {
	var out []string
	for _, h := range p.Hooks {
		l := Event{Hook: h.Event, Matcher: h.Matcher}.Label()
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// InstalledPluginsFile is where Claude Code records the plugins it installed:
// <claude config dir>/plugins/installed_plugins.json.
func (l Locator) InstalledPluginsFile() string {
	return filepath.Join(l.ClaudeDir(), "plugins", "installed_plugins.json")
}

// Plugins returns the ccc-hooks plugins (marketplace ccc-hooks) that Claude Code has installed
// for this user and project: user-scope installations, and project- or local-scope ones whose
// project is loc.ProjectDir. Each says whether it is enabled in that project, and which hooks it
// runs. No installed_plugins.json means no plugins; a file that cannot be read or parsed is an
// error naming it. `ccc-hooks status` lists these beside the settings files, and doctor checks
// them against settings installs.
func Plugins(loc Locator) ([]Plugin, error) {
	file := loc.InstalledPluginsFile()
	data, err := safefile.ReadRegular(file, maxPluginFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", file, err)
	}
	var doc struct {
		Plugins map[string]json.RawMessage `json:"plugins"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	enabled := enabledPlugins(loc)
	var out []Plugin
	for id, raw := range doc.Plugins {
		name, market, ok := strings.Cut(id, "@")
		if !ok || market != PluginMarketplace {
			continue
		}
		var installs []struct {
			Scope       string `json:"scope"`
			ProjectPath string `json:"projectPath"`
			InstallPath string `json:"installPath"`
			Version     string `json:"version"`
		}
		if err := json.Unmarshal(raw, &installs); err != nil {
			return nil, fmt.Errorf("%s: plugins.%s: %w", file, id, err)
		}
		for _, in := range installs {
			if in.Scope != ScopeUser && !sameDir(in.ProjectPath, loc.ProjectDir) {
				continue // another project's installation
			}
			p := Plugin{
				Name: name, ID: id, Scope: in.Scope, ProjectPath: in.ProjectPath,
				Version: in.Version, InstallPath: in.InstallPath,
			}
			if e, ok := enabled[id]; ok {
				p.Enabled, p.EnabledBy = e.on, e.file
			}
			p.Hooks, p.HooksErr = pluginHooks(in.InstallPath)
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b Plugin) int {
		return strings.Compare(a.ID+" "+a.Scope, b.ID+" "+b.Scope)
	})
	return out, nil
}

type enablement struct {
	on   bool
	file string
}

// enabledPlugins merges the enabledPlugins objects of the user, project, local and managed
// settings files, later files winning (as Claude Code does: a local "true" overrides a user
// "false"). Files that cannot be read are skipped: doctor reports them.
func enabledPlugins(loc Locator) map[string]enablement {
	user, project := loc.Place().UserFile(), paths.ProjectFile(loc.ProjectDir)
	files := []string{user}
	if !SamePath(project, user) { // else the project is the home directory: the user file again
		files = append(files, project)
	}
	files = append(append(files, loc.localFiles()...), loc.managed())
	out := map[string]enablement{}
	for _, f := range files {
		data, err := safefile.ReadRegular(f, maxPluginFile)
		if err != nil {
			continue
		}
		var doc struct {
			EnabledPlugins map[string]bool `json:"enabledPlugins"`
		}
		if json.Unmarshal(data, &doc) != nil {
			continue
		}
		for id, on := range doc.EnabledPlugins {
			out[id] = enablement{on: on, file: f}
		}
	}
	return out
}

// pluginHooks reads the handlers that run ccc-hooks from a plugin folder's hooks/hooks.json.
func pluginHooks(dir string) ([]settings.Handler, error) {
	if dir == "" {
		return nil, errors.New("no install path recorded")
	}
	file := filepath.Join(dir, "hooks", "hooks.json")
	data, err := safefile.ReadRegular(file, maxPluginFile)
	if err != nil {
		return nil, err
	}
	handlers, err := settings.Handlers(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var ours []settings.Handler
	for _, r := range handlers {
		if IsOurs(r) {
			ours = append(ours, r)
		}
	}
	return ours, nil
}

// sameDir reports whether a and b name the same directory (following symlinks when both exist).
func sameDir(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(ia, ib)
}
