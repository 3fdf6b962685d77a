package doctor

import (
	"testing"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// TestAdviceProgram: with Program set (ccc-hooks on PATH is not the binary running doctor), every
// command doctor advises starts with that program, so it can be pasted as it is.
func TestAdviceProgram(t *testing.T) {
	const self = "'/opt/my tools/ccc-hooks'"
	withProgram := func(s *Snapshot) *Snapshot { s.Program = self; return s }
	gone := stop("/gone/ccc-hooks hook")
	tests := []struct {
		name  string
		check Check
		s     *Snapshot
		want  []want
	}{
		{"install again", binaryCheck{fakeEnv(nil, nil, nil)}, withProgram(snap(user(gone))), []want{{StatusError, []string{
			"run `" + self + " install --scope user` to point the hooks at this ccc-hooks",
		}}}},
		{"nothing installed", installedCheck{}, withProgram(snap(missing("user", userPath))), []want{{StatusWarn, []string{
			"run `" + self + " install`",
		}}}},
		{"supervisor off", supervisorCheck{fakeEnv(nil, nil, nil)}, withProgram(snap(user(supervisor(ourCmd, 600)))), []want{{StatusWarn, []string{
			"`" + self + " supervisor on --default`",
		}}}},
		{"legacy entries", legacyCheck{}, withProgram(snap(user(stop("ccc supervisor-hook")))), []want{{StatusWarn, []string{
			"`" + self + " install --scope user --yes`",
		}}}},
		{"default program", binaryCheck{fakeEnv(nil, nil, nil)}, snap(user(gone)), []want{{StatusError, []string{
			"run `ccc-hooks install --scope user`",
		}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkResults(t, tt.check, tt.s, tt.want) })
	}
}

// TestAdviceForWindowsShells: on Windows the paths in doctor's commands are written with forward
// slashes and quoted alike for PowerShell and Git Bash (never a doubled backslash), and the
// program, as cmd names it for PowerShell, keeps its call operator.
func TestAdviceForWindowsShells(t *testing.T) {
	file := func(path string) File {
		return parseFile(installer.Target{Scope: installer.ScopeFile, Path: path}, []byte(stop("ccc supervisor-hook")))
	}
	for _, tt := range []struct {
		name    string
		shell   shellword.Shell
		program string
		path    string
		want    string
	}{
		{
			"PowerShell",
			shellword.PowerShell,
			"& 'C:/Users/Jo Smith/ccc-hooks.exe'",
			`C:\Users\Jo Smith\.claude\settings-x.json`,
			"`& 'C:/Users/Jo Smith/ccc-hooks.exe' install --file 'C:/Users/Jo Smith/.claude/settings-x.json' --yes`",
		},
		{
			"Git Bash",
			shellword.GitBash,
			"C:/Users/me/ccc-hooks.exe", `C:\Users\me\s.json`,
			"`C:/Users/me/ccc-hooks.exe install --file C:/Users/me/s.json --yes`",
		},
	} {
		s := snap(file(tt.path))
		s.Program, s.Shell = tt.program, tt.shell
		checkResults(t, legacyCheck{}, s, []want{{StatusWarn, []string{tt.want}}})
	}
}
