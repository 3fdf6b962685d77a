package hookcmd

import "testing"

// TestBinary: the program of every form a hook command of ours has been written in, as the shell
// that runs it reads it, with forward slashes for a Windows path; of a foreign command, what a
// POSIX shell reads.
func TestBinary(t *testing.T) {
	for _, tt := range []struct{ command, want string }{
		{"/usr/local/bin/ccc-hooks hook", "/usr/local/bin/ccc-hooks"},
		{`'/home/u/My Tools/ccc-hooks' hook`, "/home/u/My Tools/ccc-hooks"},
		{"ccc-hooks hook", "ccc-hooks"},
		{"C:/Users/me/bin/ccc-hooks.exe hook", "C:/Users/me/bin/ccc-hooks.exe"},
		{`C:\Users\me\bin\ccc-hooks.exe hook`, "C:/Users/me/bin/ccc-hooks.exe"},
		{`& 'C:/Users/Jo Smith/ccc-hooks.exe' hook`, "C:/Users/Jo Smith/ccc-hooks.exe"},
		{`& 'C:/it''s/ccc-hooks.exe' hook`, "C:/it's/ccc-hooks.exe"},
		{"& \"C:\\Program Files\\a`\"b\\ccc-hooks.exe\" hook", `C:/Program Files/a"b/ccc-hooks.exe`},
		{`C:\Users\me\ccc.exe supervisor-hook`, "C:/Users/me/ccc.exe"},
		{`&'C:/x/ccc-hooks.exe' hook`, "C:/x/ccc-hooks.exe"},
		{`& 'C:/x/ccc-hooks.exe'`, "C:/x/ccc-hooks.exe"},
		{"C:/my` dir/ccc-hooks.exe hook", "C:/my dir/ccc-hooks.exe"},
		{"/ccc-hooks hook", "/ccc-hooks"},
		{"echo done", "echo"},
		{"ccc-hooks", "ccc-hooks"},
		{"", ""},
	} {
		if got := Binary(tt.command); got != tt.want {
			t.Errorf("Binary(%q) = %q, want %q", tt.command, got, tt.want)
		}
	}
}

// TestIsOurs: our commands in every form, as the shell that runs them reads them, and commands
// that only look like ours; an unbalanced quote or a trailing escape in either shell's reading is
// no command of ours, and no crash.
func TestIsOurs(t *testing.T) {
	for _, tt := range []struct {
		command string
		ours    bool
	}{
		{"/ccc-hooks hook", true},
		{`& 'C:/it''s/ccc-hooks.exe' supervisor-hook`, true},
		{"& \"C:/my dir/ccc-hooks.exe\" hook", true},
		{"&C:/x/ccc-hooks.exe hook", true},
		{"C:/my` dir/ccc-hooks.exe hook", true},
		{"ccc-hooks", false},
		{"& 'C:/x/ccc-hooks.exe", false},
		{"& \"C:/x/ccc-hooks.exe", false},
		{"& \"C:/x/ccc-hooks.exe`", false},
		{"C:/x/ccc-hooks.exe`", false},
		{"& 'C:/x/ccc-hooks.exe' install", false},
	} {
		if got := IsOurs(tt.command); got != tt.ours {
			t.Errorf("IsOurs(%q) = %v, want %v", tt.command, got, tt.ours)
		}
	}
}

// TestIsLegacy: entries of the older `ccc supervisor-hook`, in the forms a POSIX shell and
// PowerShell read, and not ccc-hooks' own.
func TestIsLegacy(t *testing.T) {
	for _, tt := range []struct {
		command string
		legacy  bool
	}{
		{"ccc supervisor-hook", true},
		{`C:\Users\me\ccc.exe supervisor-hook`, true},
		{"& 'C:/my dir/ccc.exe' supervisor-hook", true},
		{"ccc-hooks supervisor-hook", false},
		{"ccc hook", false},
	} {
		if got := IsLegacy(tt.command); got != tt.legacy {
			t.Errorf("IsLegacy(%q) = %v, want %v", tt.command, got, tt.legacy)
		}
	}
}
