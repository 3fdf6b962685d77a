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
// finds them (paths.Place, the one model of Claude Code's rule).
type Locator struct {
	Getenv paths.Getenv
	// ProjectDir is <start>, the directory Claude Code is started in: it reads the project
	// settings file there, and takes a relative CLAUDE_CONFIG_DIR or HOME from there.
	ProjectDir string
	// Root, when set, is the directory whose local settings file stands for the local scope (a
	// file the ledger names elsewhere); "" means where Claude Code started in ProjectDir reads
	// it (paths.Place.LocalRoot).
	Root string
	// ManagedPath overrides the operating system's managed-settings path (tests).
	ManagedPath string
	// OpenTasks returns the IDs of the workflow tasks open in project's tasks/ (the runtime's
	// reader, handed in by the command: the installer does not read tasks); nil when not asked.
	OpenTasks func(project string) []string
}

// Place is where Claude Code is started, as paths models it.
func (l Locator) Place() paths.Place {
	return paths.Place{Dir: l.ProjectDir, Getenv: l.Getenv}
}

// ClaudeDir is the Claude config dir Claude Code started in ProjectDir uses: its user and
// provider settings files, its commands and plugins (paths.Place.ClaudeDir).
func (l Locator) ClaudeDir() string { return l.Place().ClaudeDir() }

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
		return Target{Scope: ScopeUser, Path: l.Place().UserFile()}, nil
	case ScopeProject:
		return Target{Scope: scope, Path: paths.ProjectFile(l.ProjectDir)}, nil
	case ScopeLocal:
		return Target{Scope: scope, Path: paths.LocalFile(l.root())}, nil
	case ScopeManaged:
		return Target{Scope: scope, Path: l.managed()}, nil
	case ScopeProvider:
		if provider == "" {
			return Target{}, fmt.Errorf("--scope provider needs --provider NAME (the file is settings-NAME.json in %s)",
				l.ClaudeDir())
		}
		if !ValidProvider(provider) {
			return Target{}, fmt.Errorf("--provider %q: use letters, digits, '.', '_' or '-'", provider)
		}
		return Target{Scope: scope, Path: l.Place().ProviderFile(provider)}, nil
	}
	return Target{}, fmt.Errorf("unknown scope %q (want %s)", scope, strings.Join(Scopes(), ", "))
}

// root is Root, else where Claude Code started in ProjectDir reads its local settings file.
func (l Locator) root() string {
	if l.Root != "" {
		return l.Root
	}
	return l.Place().LocalRoot()
}

// RootDir returns <root>, the directory whose .claude/settings.local.json is the local scope's
// file for Claude Code started in ProjectDir.
func (l Locator) RootDir() string { return l.root() }

// localFiles returns the local settings files Claude Code started in ProjectDir reads, the local
// scope's file first (paths.Place.LocalFiles).
func (l Locator) localFiles() []string {
	if l.Root != "" {
		return []string{paths.LocalFile(l.Root)}
	}
	return l.Place().LocalFiles()
}

func (l Locator) managed() string {
	if l.ManagedPath != "" {
		return l.ManagedPath
	}
	return paths.ManagedFile()
}

// All returns every settings file Claude Code started in ProjectDir reads for this user, in
// precedence order (managed, local, project, user), followed by the provider files found in the
// config dir. The local scope may have two files: the one at <root>, the scope's own, and the
// one of <start> where that lies elsewhere (paths.Place.LocalFiles).
func (l Locator) All() []Target {
	targets := []Target{{Scope: ScopeManaged, Path: l.managed()}}
	for _, f := range l.localFiles() {
		targets = append(targets, Target{Scope: ScopeLocal, Path: f})
	}
	targets = append(targets,
		Target{Scope: ScopeProject, Path: paths.ProjectFile(l.ProjectDir)},
		Target{Scope: ScopeUser, Path: l.Place().UserFile()})
	return append(targets, l.providers()...)
}

func (l Locator) providers() []Target {
	dir := l.ClaudeDir()
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

// Unread returns, for path shaped as a project or local settings file (.claude/settings.json or
// .claude/settings.local.json) that Claude Code started in ProjectDir does not read, the files of
// that shape it reads there instead; nil where it reads path, or path has neither shape (a file
// for `claude --settings`, say).
func (l Locator) Unread(path string) []Target {
	base := filepath.Base(path)
	if filepath.Base(filepath.Dir(path)) != ".claude" || base != "settings.json" && base != "settings.local.json" {
		return nil
	}
	var same []Target
	for _, t := range l.All() {
		if SamePath(t.Path, path) {
			return nil
		}
		if filepath.Base(t.Path) == base {
			same = append(same, t)
		}
	}
	return same
}
