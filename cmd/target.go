package cmd

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/cmd/prompter"
	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// targetFlags are the flags that choose one settings file.
type targetFlags struct {
	Scope    string
	Provider string
	File     string
	// FileSet is true when --file was given, even as an empty string.
	FileSet    bool
	ProjectDir string
}

func (f *targetFlags) register(c *cobra.Command) {
	fl := c.Flags()
	fl.StringVar(&f.Scope, "scope", "", "settings scope: "+strings.Join(installer.Scopes(), "|")+" (default user)")
	fl.StringVar(&f.Provider, "provider", "", "provider NAME for --scope provider (file settings-NAME.json)")
	fl.StringVar(&f.File, "file", "", "a settings file PATH instead of --scope")
	fl.StringVar(&f.ProjectDir, "project-dir", "", projectDirUsage)
}

// projectDirUsage describes --project-dir: the directory Claude Code is started in.
const projectDirUsage = "the directory Claude Code is started in (default: the working directory); " +
	"project settings are read there, local settings at its git top level"

// changed records which flags the command line set; RunE calls it before the flags are used.
func (f *targetFlags) changed(c *cobra.Command) { f.FileSet = c.Flags().Changed("file") }

func (f *targetFlags) chosen() bool { return f.Scope != "" || f.Provider != "" || f.File != "" }

// locator returns the locator of the flags' project and user: Claude Code started in
// --project-dir, else in the working directory.
func (f *targetFlags) locator(env *Env) (installer.Locator, error) {
	wd, err := env.Getwd()
	if err != nil {
		return installer.Locator{}, fmt.Errorf("working directory: %w", err)
	}
	if f.ProjectDir != "" {
		if fi, err := os.Stat(f.ProjectDir); err != nil || !fi.IsDir() {
			return installer.Locator{}, usageErrorf("--project-dir: project directory %s does not exist", f.ProjectDir)
		}
	}
	return installer.Locator{Getenv: env.Getenv, ProjectDir: paths.Start(f.ProjectDir, wd)}, nil
}

// resolve returns the settings file the flags name, asking for the scope on a terminal when no
// flag chose one (offering where profile was installed last), and the locator that found it (its
// project directory is set for the project and local scopes).
func (f *targetFlags) resolve(env *Env, ask bool, profile installer.Profile) (installer.Target, installer.Locator, error) {
	if f.FileSet && f.File == "" {
		return installer.Target{}, installer.Locator{}, usageErrorf("--file needs a path")
	}
	loc, err := f.locator(env)
	if err != nil {
		return installer.Target{}, loc, err
	}
	if ask && !f.chosen() {
		if err := f.askScope(env, loc, profile); err != nil {
			return installer.Target{}, loc, err
		}
	}
	t, err := loc.Resolve(f.Scope, f.Provider, f.File)
	if err != nil {
		return installer.Target{}, loc, &UsageError{Err: err}
	}
	return t, loc, nil
}

// askScope asks for the scope, each offered with its file. Where the project file is the user
// file (Claude Code started in the home directory), the project scope is not offered, and the
// menu says why. The answer offered is the scope where profile was installed last (and its
// provider name), so that a re-run with Enter throughout changes nothing.
func (f *targetFlags) askScope(env *Env, loc installer.Locator, profile installer.Profile) error {
	sameAsUser := loc.ProjectIsUser()
	var scopes, labels []string
	var installed []installer.Target
	for _, s := range installer.Scopes() {
		if s == installer.ScopeProject && sameAsUser {
			continue
		}
		provider := ""
		if s == installer.ScopeProvider {
			provider = "NAME"
			for _, t := range loc.All() {
				if t.Scope == installer.ScopeProvider {
					installed = append(installed, t)
				}
			}
		}
		path := "?"
		if t, err := loc.Resolve(s, provider, ""); err == nil {
			path = t.Path
			if s != installer.ScopeProvider {
				installed = append(installed, t)
			}
		}
		scopes = append(scopes, s)
		// The home directory as ~: the answer is echoed on one line, which must fit the terminal.
		labels = append(labels, fmt.Sprintf("%-8s %s", s, tildeHome(path, paths.HomeDir(env.Getenv))))
	}
	def, defProvider := 0, ""
	if last, ok := loc.LastInstall(profile, installed); ok {
		def = slices.Index(scopes, last.Scope)
		if last.Scope == installer.ScopeProvider {
			defProvider = installer.ProviderName(last.Path)
		}
	}
	if sameAsUser {
		if err := env.sayf("Here, in %s, the project settings file is your user settings file (%s), so the project "+
			"scope is not offered: to install for a project, run this in the project's directory, or with --project-dir DIR.",
			loc.ProjectDir, loc.Place().UserFile()); err != nil {
			return err
		}
	}
	i, err := env.Prompter.Select("Which settings file?", labels, max(def, 0))
	if err != nil {
		return err
	}
	f.Scope = scopes[i]
	if f.Scope == installer.ScopeProvider {
		name, err := env.Prompter.Input("Provider name (settings-NAME.json):", defProvider, func(answer string) error {
			if !installer.ValidProvider(strings.TrimSpace(answer)) {
				return errors.New("use letters, digits, '.', '_' or '-'")
			}
			return nil
		})
		if err != nil {
			return err
		}
		f.Provider = strings.TrimSpace(name)
	}
	return nil
}

// cancelled turns a prompt interruption into a clean failure.
func cancelled(verb string, err error) error {
	if errors.Is(err, prompter.ErrCancelled) {
		return fmt.Errorf("%s cancelled; no file was changed", verb)
	}
	return err
}

// profileAndTarget returns the profile named by --profile and the settings file the target flags
// name, asking for the scope on a terminal when ask is set and no flag chose one, with the
// locator that found it (see resolve).
func profileAndTarget(env *Env, verb, name string, f *targetFlags, ask bool) (installer.Profile, installer.Target, installer.Locator, error) {
	profile, err := installer.ProfileByName(name)
	if err != nil {
		return profile, installer.Target{}, installer.Locator{}, &UsageError{Err: err}
	}
	target, loc, err := f.resolve(env, ask, profile)
	if err != nil {
		return profile, target, loc, cancelled(verb, err)
	}
	return profile, target, loc, nil
}
