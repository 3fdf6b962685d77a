package shellword

import "testing"

func TestFor(t *testing.T) {
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	for _, tt := range []struct {
		goos string
		vars map[string]string
		want Shell
	}{
		{"linux", nil, POSIX},
		{"darwin", map[string]string{"MSYSTEM": "MINGW64"}, POSIX},
		{"windows", nil, PowerShell},
		{"windows", map[string]string{"MSYSTEM": "MINGW64"}, GitBash},
	} {
		if got := For(tt.goos, env(tt.vars)); got != tt.want {
			t.Errorf("For(%s, %v) = %+v, want %+v", tt.goos, tt.vars, got, tt.want)
		}
	}
}

// TestProgram: a program path as the first word of a pasted command, in each shell: never a
// doubled backslash, and a quoted path in PowerShell behind its call operator.
func TestProgram(t *testing.T) {
	for _, tt := range []struct {
		sh         Shell
		path, want string
	}{
		{POSIX, "/usr/local/bin/ccc-hooks", "/usr/local/bin/ccc-hooks"},
		{POSIX, "/home/u/My Tools/ccc-hooks", "'/home/u/My Tools/ccc-hooks'"},
		{PowerShell, `Z:\tmp\ccc-hooks.exe`, "Z:/tmp/ccc-hooks.exe"},
		{GitBash, `Z:\tmp\ccc-hooks.exe`, "Z:/tmp/ccc-hooks.exe"},
		{PowerShell, `C:\Users\Jo Smith\ccc-hooks.exe`, "& 'C:/Users/Jo Smith/ccc-hooks.exe'"},
		{GitBash, `C:\Users\Jo Smith\ccc-hooks.exe`, "'C:/Users/Jo Smith/ccc-hooks.exe'"},
		{PowerShell, `C:\it's\ccc-hooks.exe`, "& 'C:/it''s/ccc-hooks.exe'"},
		{GitBash, `C:\it's\ccc-hooks.exe`, `'C:/it'\''s/ccc-hooks.exe'`},
		{PowerShell, `C:\Users\José\ccc-hooks.exe`, "C:/Users/José/ccc-hooks.exe"},
	} {
		if got := tt.sh.Program(tt.path); got != tt.want {
			t.Errorf("%+v.Program(%q) = %s, want %s", tt.sh, tt.path, got, tt.want)
		}
	}
}

// TestArg: an argument is quoted alike in both Windows shells, with no & in front; for a POSIX
// shell on Linux and macOS, anything but ASCII letters, digits and / . _ - + , : @ % = is quoted.
func TestArg(t *testing.T) {
	for _, tt := range []struct {
		sh      Shell
		s, want string
	}{
		{POSIX, "/p/my project", "'/p/my project'"},
		{POSIX, "work", "work"},
		{POSIX, "", "''"},
		{POSIX, "a+b,c:d@e%f=g/h_i.j-k", "a+b,c:d@e%f=g/h_i.j-k"},
		{POSIX, "a$b", "'a$b'"},
		{POSIX, "it's", `'it'\''s'`},
		{POSIX, "josé", "'josé'"},
		{POSIX, `C:\tmp`, `'C:\tmp'`},
		{POSIX, "~/x", "'~/x'"},
		{POSIX, "#x", "'#x'"},
		{POSIX, "a*", "'a*'"},
		{GitBash, "it's", `'it'\''s'`},
		{GitBash, "a+b", "'a+b'"},
		{PowerShell, `C:\p\my project`, "'C:/p/my project'"},
		{GitBash, `C:\p\settings.json`, "C:/p/settings.json"},
		{PowerShell, "a$b", "'a$b'"},
		{PowerShell, "", "''"},
	} {
		if got := tt.sh.Arg(tt.s); got != tt.want {
			t.Errorf("%+v.Arg(%q) = %s, want %s", tt.sh, tt.s, got, tt.want)
		}
	}
}
