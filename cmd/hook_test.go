package cmd

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

func TestHookBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		in   string
		want string
	}{
		{"invalid JSON", []string{"hook"}, `{"session_id":`, "failed to parse hook input: invalid JSON: unexpected end of JSON input\n"},
		{"missing session", []string{"hook"}, `{"hook_event_name":"Stop"}`, "failed to parse hook input: missing session_id\n"},
		{"traversal", []string{"hook"}, `{"session_id":"../../x"}`, "failed to parse hook input: unsafe session_id \"../../x\": want [A-Za-z0-9._-]{1,128}\n"},
		{"oversized", []string{"hook"}, `{"session_id":"abc","pad":"` + strings.Repeat("x", 8<<20) + `"}`, "failed to parse hook input: input is larger than 8388608 bytes\n"},
		{"alias traversal", []string{"supervisor-hook", "--session-id", "../x"}, "", "failed to parse hook input: unsafe session_id \"../x\": want [A-Za-z0-9._-]{1,128}\n"},
		{"alias reads stdin", []string{"supervisor-hook"}, `nope`, "failed to parse hook input: input is not a JSON object\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, out, errOut := testEnv(t)
			home := env.Getenv("HOME")
			testfs.Write(t, filepath.Join(home, ".claude", "ccc.json"), `{"supervisor":{"enabled":true}}`, 0o644)
			env.IO.In = strings.NewReader(tt.in)
			if code := Main(env, tt.args); code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if out.Len() != 0 || errOut.String() != tt.want {
				t.Errorf("stdout %q\nstderr %q\nwant   %q", out, errOut, tt.want)
			}
			entries, _ := os.ReadDir(filepath.Join(home, ".claude"))
			if len(entries) != 1 {
				t.Errorf("wrote into the config dir: %v", entries)
			}
		})
	}
}

func TestHookReviewFailureExitsOne(t *testing.T) {
	env, out, errOut := testEnv(t)
	home := env.Getenv("HOME")
	testfs.Write(t, filepath.Join(home, ".claude", "ccc.json"), `{"supervisor":{"enabled":true}}`, 0o644)
	getenv := env.Getenv
	env.Getenv = func(k string) string {
		if k == "CCC_CLAUDE" {
			return filepath.Join(home, "no-such-claude")
		}
		return getenv(k)
	}
	env.IO.In = strings.NewReader(`{"session_id":"s","hook_event_name":"Stop"}`)
	if code := Main(env, []string{"hook"}); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if out.Len() != 0 || !strings.HasPrefix(errOut.String(), "supervisor SDK failed: start ") {
		t.Errorf("stdout %q, stderr %q", out, errOut)
	}
}

func TestHookDisabledFastPath(t *testing.T) {
	env, out, errOut := testEnv(t)
	env.IO.In = strings.NewReader(`{"session_id":"s"}`)
	if code := Main(env, []string{"hook"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got := out.String(); got != `{"reason":"supervisor mode disabled"}`+"\n" {
		t.Errorf("stdout %q", got)
	}
	// Only the answered-once records (hookrt/once) are written: no state, no log.
	claudeDir := filepath.Join(env.Getenv("HOME"), ".claude")
	var written []string
	_ = filepath.WalkDir(claudeDir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			written = append(written, path)
		}
		return nil
	})
	for _, w := range written {
		if filepath.Dir(w) != filepath.Join(claudeDir, "ccc", "once") {
			t.Errorf("a disabled hook wrote %s; want nothing but the answered-once records under ccc/once", w)
		}
	}
}

// The caller of a hook tells copies of one event apart: another binary path, the plugin's hook
// beside a settings hook, or the older supervisor-hook command are different callers.
func TestHookCaller(t *testing.T) {
	env := func(argv0, pluginRoot string) *Env {
		e := &Env{Argv0: argv0, Env: outside.System(io.Discard)}
		e.Getenv = func(k string) string {
			if k == "CLAUDE_PLUGIN_ROOT" {
				return pluginRoot
			}
			return ""
		}
		return e
	}
	base := hookCaller(env("/usr/local/bin/ccc-hooks", ""), hookOptions{})
	if again := hookCaller(env("/usr/local/bin/ccc-hooks", ""), hookOptions{Command: "hook"}); again != base {
		t.Errorf("the same command gives %q and %q", base, again)
	}
	for name, other := range map[string]string{
		"another path":    hookCaller(env("/opt/ccc-hooks", ""), hookOptions{}),
		"a plugin's hook": hookCaller(env("/usr/local/bin/ccc-hooks", "/home/u/.claude/plugins/cache/ccc-hooks/supervisor"), hookOptions{}),
		"supervisor-hook": hookCaller(env("/usr/local/bin/ccc-hooks", ""), hookOptions{Command: "supervisor-hook"}),
	} {
		if other == base {
			t.Errorf("%s is the same caller as the settings hook: %q", name, other)
		}
	}
}
