package hookcmd

import "testing"

// The plugins' guarded command (as plugins/supervisor/hooks/hooks.json holds it) is ours, runs
// the program ccc-hooks; anything else shaped like it but running more, or running another
// program than the one it looks for, is not read as guarded.
func TestGuardedCommand(t *testing.T) {
	const guard = `command -v ccc-hooks >/dev/null 2>&1 || { printf '%s\n' '{"systemMessage":"ccc-hooks is not on PATH; } exec"}'; exit 0; }; `
	for _, tt := range []struct {
		command string
		ours    bool
		binary  string
	}{
		{guard + "exec ccc-hooks hook", true, "ccc-hooks"},
		{guard + "exec ccc-hooks supervisor-hook", true, "ccc-hooks"},
		{guard + "exec ccc-hooks install", false, "ccc-hooks"},
		{guard + "exec ccc-hooks hook; rm -rf ~", false, "command"},
		{guard + "exec ccc-hooks hook && echo", false, "command"},
		{guard + "exec ccc-hooks hook $(echo)", false, "command"},
		{guard + "exec other-tool hook", false, "command"},
		{guard + "exec ccc-hooks", false, "command"},
		{`command -v /opt/x/ccc-hooks >/dev/null 2>&1 || { printf '%s\n' '{}'; exit 0; }; exec /opt/x/ccc-hooks hook`, true, "/opt/x/ccc-hooks"},
		// The guard itself does only what the plugins' guard does: print its line and exit.
		{`command -v /opt/x/ccc-hooks >/dev/null 2>&1 || { exit 0; }; exec /opt/x/ccc-hooks hook`, false, "command"},
		{`command -v ccc-hooks >/dev/null 2>&1 || { rm -rf ~; printf '%s\n' '{}'; exit 0; }; exec ccc-hooks hook`, false, "command"},
		{`command -v ccc-hooks >/dev/null 2>&1 || { printf '%s\n' '{}'; rm -rf ~; exit 0; }; exec ccc-hooks hook`, false, "command"},
		{`command -v ccc-hooks >/dev/null 2>&1 || { printf '%s\n' '{}'; exit 0; }; notify-send x; exec ccc-hooks hook`, false, "command"},
		{`command -v ccc-hooks >/dev/null 2>&1; exec ccc-hooks hook`, false, "command"},
		{`command -v 'a b' >/dev/null 2>&1 || { exit 0; }; exec 'a b' hook`, false, "command"},
		{`command -v ccc-hooks >/dev/null 2>&1 || { exit 0; }; exec ccc-hooks hook`, false, "command"},
	} {
		if got := IsOurs(tt.command); got != tt.ours {
			t.Errorf("IsOurs(%q) = %v, want %v", tt.command, got, tt.ours)
		}
		if got := Binary(tt.command); got != tt.binary {
			t.Errorf("Binary(%q) = %q, want %q", tt.command, got, tt.binary)
		}
	}
}
