package installer

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// Scope names, in the order Claude Code gives them precedence (highest first) except provider,
// which is the file a provider switcher passes to `claude --settings`.
const (
	ScopeManaged  = "managed"
	ScopeLocal    = "local"
	ScopeProject  = "project"
	ScopeUser     = "user"
	ScopeProvider = "provider"
	ScopeFile     = "file"
)

// Scopes lists the scopes a user can choose with --scope, the default first.
func Scopes() []string {
	return []string{ScopeUser, ScopeProject, ScopeLocal, ScopeProvider, ScopeManaged}
}

// Target is one settings file and the scope it stands for.
type Target struct {
	Scope string
	Path  string
}

func (t Target) String() string { return fmt.Sprintf("%s (%s scope)", t.Path, t.Scope) }

// Locator finds settings files for one user and project, as Claude Code started in ProjectDir
// finds them.
type Locator struct {
	Getenv paths.Getenv
	// ProjectDir is <start>, the directory Claude Code is started in: it reads the project
	// settings file there (paths.Start).
	ProjectDir string
	// Root is <root>, the git top level of ProjectDir, where Claude Code reads the local settings
	// file (paths.Root); "" means FindRoot's answer, else ProjectDir.
	Root string
	// FindRoot, when set, finds <root> the first time a file there is looked for: asking git
	// costs a process, which a command that needs no file at the root is spared.
	FindRoot func() string
	// ManagedPath overrides the operating system's managed-settings path (tests).
	ManagedPath string
	// OpenTasks returns the IDs of the workflow tasks open in project's tasks/ (the runtime's
	// reader, handed in by the command: the installer does not read tasks); nil when not asked.
	OpenTasks func(project string) []string
}

// providerChars are the characters of a provider name.
const providerChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-"

// ValidProvider reports whether name is a safe provider name: letters, digits, '.', '_' or '-'.
func ValidProvider(name string) bool {
	if name == "" || name == "." || name == ".." {
		return false
	}
	for _, r := range name {
		if !strings.ContainsRune(providerChars, r) {
			return false
		}
	}
	return true
}

// Resolve returns the target named by --scope, --provider and --file.
func (l Locator) Resolve(scope, provider, file string) (Target, error) {
	if file != "" {
		if scope != "" && scope != ScopeFile {
			return Target{}, fmt.Errorf("--file and --scope %s cannot be used together", scope)
		}
		abs, err := filepath.Abs(file)
		if err != nil {
			return Target{}, fmt.Errorf("--file %s: %w", file, err)
		}
		if strings.Contains(file, "..") {
			abs = file
		}
		if !filepath.IsAbs(abs) {
			// Not filepath.Abs, which cleans ".." as text: after a symbolic link ".." is the
			// link target's parent, and the settings store resolves it as the kernel does.
			wd, err := os.Getwd()
			if err != nil {
				return Target{}, fmt.Errorf("--file %s: %w", file, err)
			}
			abs = wd + string(filepath.Separator) + file
		}
		return Target{Scope: ScopeFile, Path: abs}, nil
	}
	if provider != "" && scope == "" {
		scope = ScopeProvider
	}
	if provider != "" && scope != ScopeProvider {
		return Target{}, fmt.Errorf("--provider goes with --scope provider, not --scope %s", scope)
	}
	switch scope {
	case "", ScopeUser:
		return Target{Scope: ScopeUser, Path: paths.UserFile(l.Getenv)}, nil
	case ScopeProject:
		return Target{Scope: scope, Path: paths.ProjectFile(l.ProjectDir)}, nil
	case ScopeLocal:
		return Target{Scope: scope, Path: paths.LocalFile(l.root())}, nil
	case ScopeManaged:
		return Target{Scope: scope, Path: l.managed()}, nil
	case ScopeProvider:
		if provider == "" {
			return Target{}, fmt.Errorf("--scope provider needs --provider NAME (the file is settings-NAME.json in %s)",
				paths.ConfigDir(l.Getenv))
		}
		if !ValidProvider(provider) {
			return Target{}, fmt.Errorf("--provider %q: use letters, digits, '.', '_' or '-'", provider)
		}
		return Target{Scope: scope, Path: paths.ProviderFile(l.Getenv, provider)}, nil
	}
	return Target{}, fmt.Errorf("unknown scope %q (want %s)", scope, strings.Join(Scopes(), ", "))
}

// root is Root, else what FindRoot finds, else ProjectDir.
func (l Locator) root() string {
	switch {
	case l.Root != "":
		return l.Root
	case l.FindRoot != nil:
		return l.FindRoot()
	}
	return l.ProjectDir
}

// RootDir returns <root>, the directory whose .claude/settings.local.json Claude Code started in
// ProjectDir reads.
func (l Locator) RootDir() string { return l.root() }

func (l Locator) managed() string {
	if l.ManagedPath != "" {
		return l.ManagedPath
	}
	return paths.ManagedFile()
}

// All returns every settings file Claude Code may read for this user and project, in precedence
// order (managed, local, project, user), followed by the provider files found in the config dir.
func (l Locator) All() []Target {
	targets := []Target{
		{Scope: ScopeManaged, Path: l.managed()},
		{Scope: ScopeLocal, Path: paths.LocalFile(l.root())},
		{Scope: ScopeProject, Path: paths.ProjectFile(l.ProjectDir)},
		{Scope: ScopeUser, Path: paths.UserFile(l.Getenv)},
	}
	return append(targets, l.providers()...)
}

func (l Locator) providers() []Target {
	dir := paths.ConfigDir(l.Getenv)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Target
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasPrefix(name, "settings-") || !strings.HasSuffix(name, ".json") {
			continue
		}
		if !ValidProvider(strings.TrimSuffix(strings.TrimPrefix(name, "settings-"), ".json")) {
			continue
		}
		out = append(out, Target{Scope: ScopeProvider, Path: filepath.Join(dir, name)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Shared reports whether files of scope are shared with other people: project settings, which
// teams commit, and managed settings, which an organisation rolls out. Their entries run
// hookcmd.Shared, found on each person's PATH.
func Shared(scope string) bool { return scope == ScopeProject || scope == ScopeManaged }
