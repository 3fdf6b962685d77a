package cmd

import "testing"

func TestTildeHome(t *testing.T) {
	const home = "/home/al"
	tests := []struct{ text, want string }{
		{"/home/al", "~"},
		{"/home/al/.claude/settings.json: valid", "~/.claude/settings.json: valid"},
		{"/home/alice/.claude/settings.json", "/home/alice/.claude/settings.json"},
		{"/home/al.bak/x", "/home/al.bak/x"},
		{"/x/home/al/y", "/x/home/al/y"},
		{"cannot write in /home/al.", "cannot write in ~."},
		{"run `/home/al/.local/bin/ccc-hooks install` (in /home/al)", "run `~/.local/bin/ccc-hooks install` (in ~)"},
		{"/home/al/home/al and /home/al", "~/home/al and ~"},
		{"'/home/al/my dir/ccc-hooks' hook", "'/home/al/my dir/ccc-hooks' hook"},
		{"CCC_CONFIG_DIR=/home/al/ccc", "CCC_CONFIG_DIR=~/ccc"},
		{"/etc/claude-code/managed-settings.json", "/etc/claude-code/managed-settings.json"},
	}
	for _, tt := range tests {
		if got := tildeHome(tt.text, home); got != tt.want {
			t.Errorf("tildeHome(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	for _, h := range []string{"", "/", "relative"} {
		if got := tildeHome("/home/al/x", h); got != "/home/al/x" {
			t.Errorf("home %q: %q, want the text unchanged", h, got)
		}
	}
	if got := tildeHome("/home/al/x", "/home/al/"); got != "~/x" {
		t.Errorf("home with a trailing slash: %q, want ~/x", got)
	}
}
