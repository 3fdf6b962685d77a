package doctor

import (
	"path/filepath"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/installer"
)

// label names the scope of f as it reads in messages: "user settings", "provider settings-x.json".
func label(f File) string {
	if f.Scope == installer.ScopeProvider {
		return "provider " + filepath.Base(f.Path)
	}
	return f.Scope + " settings"
}

// labels joins the labels of files: "user settings and project settings".
func labels(files []File) string {
	parts := make([]string, len(files))
	for i, f := range files {
		parts[i] = label(f)
	}
	return joinAnd(parts)
}

func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// scopeFlags returns the install/uninstall flags that select the file f.
func (s *Snapshot) scopeFlags(f File) string {
	switch f.Scope {
	case installer.ScopeProject, installer.ScopeLocal:
		return "--scope " + f.Scope + " --project-dir " + s.quote(s.ProjectDir)
	case installer.ScopeProvider:
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f.Path), "settings-"), ".json")
		return "--provider " + s.quote(name)
	case installer.ScopeUser, installer.ScopeManaged:
		return "--scope " + f.Scope
	}
	return "--file " + s.quote(f.Path)
}

// install returns the commands that (re)install in f the profiles installed there now, so that
// their entries run this ccc-hooks: "`ccc-hooks install --scope user`".
func (s *Snapshot) install(f File) string { return s.commands("install", f, "") }

// uninstall returns the commands that remove our entries from f.
func (s *Snapshot) uninstall(f File) string { return s.commands("uninstall", f, "") }

// commands returns one `ccc-hooks <verb>` command per profile installed in f (the supervisor
// when none is), each selecting f and ending with extra flags.
func (s *Snapshot) commands(verb string, f File, extra string) string {
	profiles := f.Profiles()
	if len(profiles) == 0 {
		profiles = []installer.Profile{installer.Supervisor}
	}
	var cmds []string
	for _, p := range profiles {
		cmd := s.program() + " " + verb + " " + s.scopeFlags(f)
		if p.Name != installer.Supervisor.Name {
			cmd += " --profile " + p.Name
		}
		cmds = append(cmds, "`"+cmd+extra+"`")
	}
	return joinAnd(cmds)
}

// quote writes x as one argument of a command pasted into s.Shell (see shellword.Shell.Arg).
func (s *Snapshot) quote(x string) string { return s.Shell.Arg(x) }
