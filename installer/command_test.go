package installer

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

func TestIsOurs(t *testing.T) {
	tests := []struct {
		command      string
		ours, legacy bool
	}{
		{"/usr/bin/ccc-hooks hook", true, false},
		{"ccc-hooks supervisor-hook", true, false},
		{"C:/Tools/ccc-hooks.exe hook", true, false},
		{`"/my dir/ccc-hooks" hook`, true, false},
		{"/usr/bin/ccc-hooks install", false, false},
		{"/usr/bin/ccc-hooks", false, false},
		{"/usr/bin/not-ccc-hooks hook", false, false},
		{"echo ccc-hooks hook", false, false},
		{"ccc supervisor-hook", false, true},
		{"/usr/local/bin/ccc supervisor-hook --session-id x", false, true},
		{"ccc hook", false, false},
		{"", false, false},
		{"'unbalanced ccc-hooks hook", false, false},
		// Names spelled in pieces by quotes or backslashes, as no version of ccc-hooks wrote
		// them: the user's.
		{`c"c"c-hooks hook`, false, false},
		{`ccc\-hooks hook`, false, false},
		{`/opt/x/'ccc-'hooks hook`, false, false},
		{`ccc super"visor-hook"`, false, true},
		{`ccc supervisor\-hook`, false, true},
		{"C:/Tools/CCC-HOOKS.EXE hook", true, false},
		{"CCC-HOOKS hook", false, false},
		// Every form written on Windows, now and before: POSIX-quoted or plain backslash paths,
		// forward slashes, PowerShell's call operator with either quote.
		{`'C:\Users\me\bin\ccc-hooks.exe' hook`, true, false},
		{`C:\Users\me\bin\ccc-hooks.exe hook`, true, false},
		{`"C:\Program Files\ccc-hooks\ccc-hooks.exe" hook`, true, false},
		{`& 'C:/Users/Jo Smith/bin/ccc-hooks.exe' hook`, true, false},
		{`& 'C:/it''s/ccc-hooks.exe' supervisor-hook`, true, false},
		{`& "C:\Program Files\ccc-hooks.exe" hook`, true, false},
		{`&'C:/x/ccc-hooks.exe' hook`, false, false},
		{`C:\Users\me\ccc.exe supervisor-hook`, false, true},
		{`& 'C:/x/ccc-hooks.exe' install`, false, false},
		{`& 'C:/x/other.exe' hook`, false, false},
		{`C:\x\ccc-hooks.exe\ hook`, false, false},
		{"/usr/bin/other-tool --event Stop", false, false},
	}
	for _, tt := range tests {
		if got := hookcmd.IsOurs(tt.command); got != tt.ours {
			t.Errorf("hookcmd.IsOurs(%q) = %v, want %v", tt.command, got, tt.ours)
		}
		if got := hookcmd.IsLegacy(tt.command); got != tt.legacy {
			t.Errorf("hookcmd.IsLegacy(%q) = %v, want %v", tt.command, got, tt.legacy)
		}
	}
}

// TestLookPath: a program is found in the first PATH directory that holds it as a program: with
// an execute bit, or on Windows by its extension (a file "ccc-hooks" without one is no program
// there).
func TestLookPath(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, ourProgram())
	testfs.Write(t, exe, "#!/bin/sh\n", 0o755)
	plain := t.TempDir()
	if err := os.WriteFile(filepath.Join(plain, "ccc-hooks"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path, want string
	}{
		{dir, exe},
		{plain + string(os.PathListSeparator) + dir, exe}, // not executable: skipped
		{plain, ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := LookPath("ccc-hooks", tt.path); got != tt.want {
			t.Errorf("LookPath(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

func TestShared(t *testing.T) {
	for scope, want := range map[string]bool{
		ScopeProject: true, ScopeManaged: true, ScopeUser: false, ScopeLocal: false, ScopeProvider: false, ScopeFile: false,
	} {
		if got := Shared(scope); got != want {
			t.Errorf("Shared(%s) = %v, want %v", scope, got, want)
		}
	}
}

// TestProgramFiles: Windows runs a program by a name without its extension through PATHEXT.
func TestProgramFiles(t *testing.T) {
	for _, tt := range []struct {
		name, goos string
		want       []string
	}{
		{"ccc-hooks", "linux", []string{"ccc-hooks"}},
		{"ccc-hooks", "windows", []string{"ccc-hooks.com", "ccc-hooks.exe", "ccc-hooks.bat", "ccc-hooks.cmd"}},
		{"ccc-hooks.EXE", "windows", []string{"ccc-hooks.EXE"}},
		{"claude.cmd", "windows", []string{"claude.cmd"}},
	} {
		if got := programFiles(tt.name, tt.goos); !slices.Equal(got, tt.want) {
			t.Errorf("programFiles(%q, %s) = %q, want %q", tt.name, tt.goos, got, tt.want)
		}
	}
}
