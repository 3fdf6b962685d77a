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

// TestIsOurs: a command is ours only when it is, whole, one that ccc-hooks writes or has written
// — each spelling of the program a version wrote, a space, the subcommand — and never when it
// does anything more; an unbalanced quote or a trailing escape in either shell's reading is no
// command of ours, and no crash.
func TestIsOurs(t *testing.T) {
	for _, tt := range []struct {
		command string
		ours    bool
	}{
		// Written now: Linux and macOS, plain or single-quoted; Windows, forward slashes or
		// PowerShell's call operator; the shared command found on PATH.
		{"/ccc-hooks hook", true},
		{"/usr/local/bin/ccc-hooks hook", true},
		{"ccc-hooks hook", true},
		{"ccc-hooks supervisor-hook", true},
		{`'/home/u/My Tools/ccc-hooks' hook`, true},
		{`'/opt/it'\''s/ccc-hooks' hook`, true},
		{"C:/Users/me/bin/ccc-hooks.exe hook", true},
		{"C:/Tools/CCC-HOOKS.EXE hook", true},
		{`& 'C:/it''s/ccc-hooks.exe' supervisor-hook`, true},
		{`& 'C:/Users/Jo Smith/bin/ccc-hooks.exe' hook`, true},
		// Written before: go-shellquote's backslashes, POSIX-quoted or bare backslash paths,
		// double quotes with or without the call operator.
		{`/opt/it\'s/ccc-hooks hook`, true},
		{`C:\\Users\\me\\ccc-hooks.exe hook`, true},
		{`'C:\Users\me\bin\ccc-hooks.exe' hook`, true},
		{`C:\Users\me\bin\ccc-hooks.exe hook`, true},
		{`"C:\Program Files\ccc-hooks\ccc-hooks.exe" hook`, true},
		{"& \"C:/my dir/ccc-hooks.exe\" hook", true},
		// Commands the user wrote around ours: the user's.
		{`ccc-hooks hook && notify-send "review done"`, false},
		{"/usr/local/bin/ccc-hooks hook 2>>/tmp/log", false},
		{"/usr/local/bin/ccc-hooks hook; other-hook", false},
		{"/usr/local/bin/ccc-hooks hook | tee -a log", false},
		{"ccc-hooks hook &", false},
		{"ccc-hooks hook || true", false},
		{"ccc-hooks hook --verbose", false},
		{"ccc-hooks hook # reviews", false},
		{" ccc-hooks hook", false},
		{"ccc-hooks hook ", false},
		{"ccc-hooks  hook", false},
		{"ccc-hooks\thook", false},
		{"exec ccc-hooks hook", false},
		{"timeout 900 ccc-hooks hook", false},
		{"$HOME/bin/ccc-hooks hook", false},
		{"~/bin/ccc-hooks hook", false},
		{`& 'C:/x/ccc-hooks.exe' hook; exit 0`, false},
		// Spellings no version wrote: quotes or escapes in pieces, no space after &.
		{`c"c"c-hooks hook`, false},
		{`ccc\-hooks hook`, false},
		{`/opt/x/'ccc-'hooks hook`, false},
		{`"/opt/x/ccc-hooks" "hook"`, false},
		{"&C:/x/ccc-hooks.exe hook", false},
		{`&'C:/x/ccc-hooks.exe' hook`, false},
		{"C:/my` dir/ccc-hooks.exe hook", false},
		// Not ccc-hooks answering an event.
		{"ccc-hooks", false},
		{"ccc-hooks install", false},
		{"CCC-HOOKS hook", false},
		{"/usr/bin/not-ccc-hooks hook", false},
		{"echo ccc-hooks hook", false},
		{"& 'C:/x/ccc-hooks.exe", false},
		{"& \"C:/x/ccc-hooks.exe", false},
		{"& \"C:/x/ccc-hooks.exe`", false},
		{"C:/x/ccc-hooks.exe`", false},
		{"& 'C:/x/ccc-hooks.exe' install", false},
		{"", false},
	} {
		if got := IsOurs(tt.command); got != tt.ours {
			t.Errorf("IsOurs(%q) = %v, want %v", tt.command, got, tt.ours)
		}
	}
}

// TestRuns: a command runs ccc-hooks when it is ours, or when a simple command in it, as bash
// splits it, holds the program and a hook subcommand; wraps: such a command is the user's, not
// ours (IsOurs), and the installer keeps it (installer.OwnCommands).
func TestRuns(t *testing.T) {
	for _, tt := range []struct {
		command     string
		runs, wraps bool
	}{
		{"/usr/local/bin/ccc-hooks hook", true, false},
		{`& 'C:/Users/Jo Smith/bin/ccc-hooks.exe' hook`, true, false},
		{`ccc-hooks hook && notify-send "review done"`, true, true},
		{"/usr/local/bin/ccc-hooks hook 2>>/tmp/log", true, true},
		{"other-hook; /usr/local/bin/ccc-hooks hook", true, true},
		{"ccc-hooks hook | tee -a log", true, true},
		{"timeout 900 ccc-hooks supervisor-hook", true, true},
		{`if true; then "/my dir/ccc-hooks" hook; fi`, true, true},
		{`c"c"c-hooks hook`, true, true},
		{`ccc\-hooks hook`, true, true},
		{`& 'C:/x/ccc-hooks.exe' hook; exit 0`, true, true},
		{"&C:/x/ccc-hooks.exe hook", true, true},
		{"/timeout 5 ccc-hooks hook", true, true},
		{"/usr/bin/env A=1 ccc-hooks hook", true, true},
		{`ccc-hooks ho\ok`, true, true},
		{`ccc-hooks "ho\ok"`, false, false},
		{`ccc-hooks "ho\ok`, false, false},
		{`"ccc-hooks" "\h\ook" | x`, false, false},
		{`& 'C:/a;b/ccc-hooks.exe' hook; exit 0`, true, true},
		{`& 'C:/a b/x.exe' '; ccc-hooks hook'`, false, false},
		{"& \"C:/a;b/ccc-hooks.exe\" hook| Out-Null", true, true},
		{"true; ccc-hooks", false, false},
		{"ccc-hooks hook\\", false, false}, // bash keeps a backslash at the very end
		{"env -i", false, false},
		{"echo ccc-hooks hook", false, false},
		{"echo 'ccc-hooks hook'", false, false},
		{"ccc-hooks install && ccc-hooks doctor", false, false},
		{"$CCC hook", false, false},
		{"notify-send done", false, false},
		{"", false, false},
	} {
		if got := Runs(tt.command); got != tt.runs {
			t.Errorf("Runs(%q) = %v, want %v", tt.command, got, tt.runs)
		}
		if got := Runs(tt.command) && !IsOurs(tt.command); got != tt.wraps {
			t.Errorf("%q: a command of the user's that runs ccc-hooks %v, want %v", tt.command, got, tt.wraps)
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
		{"ccc supervisor-hook && notify-send done", false},
		{"ccc supervisor-hook 2>>log", false},
		{"/usr/local/bin/ccc supervisor-hook --session-id x", true},
		{"& 'C:/my dir/ccc.exe' supervisor-hook; exit 0", false},
	} {
		if got := IsLegacy(tt.command); got != tt.legacy {
			t.Errorf("IsLegacy(%q) = %v, want %v", tt.command, got, tt.legacy)
		}
	}
}
