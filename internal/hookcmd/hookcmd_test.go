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
		{"echo done", "echo"},
		{"", ""},
	} {
		if got := Binary(tt.command); got != tt.want {
			t.Errorf("Binary(%q) = %q, want %q", tt.command, got, tt.want)
		}
	}
}
