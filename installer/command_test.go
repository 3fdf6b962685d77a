package installer

import (
	"os"
	"path/filepath"
	"testing"
)

func TestHookCommand(t *testing.T) {
	tests := []struct {
		binary, want string
	}{
		{"/usr/local/bin/ccc-hooks", "/usr/local/bin/ccc-hooks hook"},
		{"/home/u/My Tools/ccc-hooks", `'/home/u/My Tools/ccc-hooks' hook`},
		{"/opt/a$b/ccc-hooks", `'/opt/a$b/ccc-hooks' hook`},
		{"/opt/it's/ccc-hooks", `'/opt/it'\''s/ccc-hooks' hook`},
	}
	for _, tt := range tests {
		got := HookCommand(tt.binary)
		if got != tt.want {
			t.Errorf("HookCommand(%q) = %q, want %q", tt.binary, got, tt.want)
		}
		if !IsOurs(got) {
			t.Errorf("IsOurs(HookCommand(%q)) = false", tt.binary)
		}
		if b := Binary(got); b != tt.binary {
			t.Errorf("Binary(%q) = %q, want %q", got, b, tt.binary)
		}
	}
}

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
		// Names spelled in pieces by quotes or backslashes, as a shell joins them.
		{`c"c"c-hooks hook`, true, false},
		{`ccc\-hooks hook`, true, false},
		{`/opt/x/'ccc-'hooks hook`, true, false},
		{`ccc super"visor-hook"`, false, true},
		{`ccc supervisor\-hook`, false, true},
		{"C:/Tools/CCC-HOOKS.EXE hook", true, false},
		{"CCC-HOOKS hook", false, false},
		{"/usr/bin/other-tool --event Stop", false, false},
	}
	for _, tt := range tests {
		if got := IsOurs(tt.command); got != tt.ours {
			t.Errorf("IsOurs(%q) = %v, want %v", tt.command, got, tt.ours)
		}
		if got := IsLegacy(tt.command); got != tt.legacy {
			t.Errorf("IsLegacy(%q) = %v, want %v", tt.command, got, tt.legacy)
		}
	}
}

func TestLookPath(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "ccc-hooks")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
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
