package e2e

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestExploreTmux(t *testing.T) {
	if os.Getenv("E2E_EXPLORE") == "" {
		t.Skip()
	}
	claude := RequireClaude(t)
	tm := RequireTmux(t)
	q := map[string]any{"questions": []any{map[string]any{"question": "Which database should I use?", "header": "DB", "multiSelect": false,
		"options": []any{map[string]any{"label": "Postgres", "description": "relational"}, map[string]any{"label": "SQLite", "description": "embedded"}}}}}
	api := StartFakeAPI(t, func(r *Request) Reply {
		if !r.IsAgent() {
			return Say("Title")
		}
		if _, ok := r.LastToolResult(); ok {
			return Say("Thanks, noted.")
		}
		return Call("AskUserQuestion", q, "")
	})
	s := NewSandbox(t, claude, api)
	hook := filepath.Join(s.Root, "hook.sh")
	os.MkdirAll(filepath.Join(s.Root, "hooklog"), 0o755)
	s.WriteFile(t, hook, `#!/bin/sh
n=$(ls `+s.Root+`/hooklog | wc -l)
cat > `+s.Root+`/hooklog/in-$n.json
`+os.Getenv("E2E_HOOKOUT")+`
`, 0o755)
	h := []any{map[string]any{"type": "command", "command": hook, "timeout": 60}}
	s.WriteJSON(t, s.SettingsPath(), map[string]any{"hooks": map[string]any{
		"Stop":       []any{map[string]any{"hooks": h}},
		"PreToolUse": []any{map[string]any{"matcher": "AskUserQuestion", "hooks": h}},
	}})
	start := time.Now()
	term := s.StartTerminal(t, tm, nil, claude.Path, "--session-id", "11111111-2222-3333-4444-555555555555", "pick a database")
	time.Sleep(6 * time.Second)
	t.Logf("after %s screen:\n%s", time.Since(start), term.Screen())
	if os.Getenv("E2E_PICK") != "" {
		term.Keys(t, "Down")
		time.Sleep(time.Second)
		term.Keys(t, "Enter")
		time.Sleep(3 * time.Second)
		t.Logf("after pick screen:\n%s", term.Screen())
	}
	for _, r := range api.Requests() {
		t.Logf("REQ %d %s %s?%s UA=%s tools=%d model=%s stream=%v", r.Seq, r.Method, r.Path, r.Query, r.Header.Get("User-Agent"), len(r.Body.Tools), r.Body.Model, r.Body.Stream)
		if r.IsMessages() {
			for _, m := range r.Body.Messages {
				for _, b := range m.Content {
					t.Logf("   %s %s text=%.300q res=%.300q err=%v", m.Role, b.Type, b.Text, b.ResultText(), b.IsError)
				}
			}
		}
	}
	if rs := api.Agent(); len(rs) > 0 { os.WriteFile("/tmp/explore-raw.json", rs[len(rs)-1].Raw, 0o644) }
	files, _ := filepath.Glob(filepath.Join(s.Root, "hooklog", "*"))
	for _, f := range files {
		t.Logf("== %s\n%s", f, s.ReadFile(t, f))
	}
}
