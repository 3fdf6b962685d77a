package installer

import (
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
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

func TestShared(t *testing.T) {
	for scope, want := range map[string]bool{
		ScopeProject: true, ScopeManaged: true, ScopeUser: false, ScopeLocal: false, ScopeProvider: false, ScopeFile: false,
	} {
		if got := Shared(scope); got != want {
			t.Errorf("Shared(%s) = %v, want %v", scope, got, want)
		}
	}
}
