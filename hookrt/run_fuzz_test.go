//go:build unix

package hookrt

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// FuzzRun feeds arbitrary stdin to the hook: parsing and answering never panic, the answer is
// one JSON object or nothing, and nothing is written outside the ccc-hooks home and the project's
// tasks/ — not in the directory the event names as cwd or transcript, whatever session_id says.
// "$OUT" in the input stands for that directory. Each input starts a (fake) reviewer, so fuzz it
// with -fuzzminimizetime 0: minimizing would spend the whole -fuzztime on one input.
func FuzzRun(f *testing.F) {
	for _, name := range []string{"Stop.json", "PreToolUse-AskUserQuestion.json", "SubagentStop.json", "UserPromptSubmit.json"} {
		if data, err := os.ReadFile(filepath.Join("event", "testdata", name)); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		`{"session_id":"s","cwd":"$OUT","transcript_path":"$OUT/t.jsonl"}`,
		`{"session_id":"..","cwd":"$OUT"}`, `{"session_id":"../$OUT/x"}`, `{"session_id":"-x","cwd":"$OUT"}`,
		`{"session_id":"s","hook_event_name":"UserPromptSubmit","prompt":"/mc fix it","cwd":"$OUT"}`,
		`{"session_id":"s","hook_event_name":"SubagentStop","agent_transcript_path":"$OUT/a.jsonl","cwd":"$OUT"}`,
		`{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"AskUserQuestion","tool_input":{"questions":[]},"cwd":"$OUT"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		root := t.TempDir()
		out := filepath.Join(root, "out")
		project := filepath.Join(root, "project")
		claudeDir := filepath.Join(root, "claude")
		for _, d := range []string{out, project, claudeDir} {
			if err := os.Mkdir(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(out, "t.jsonl"), []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(claudeDir, "ccc.json"), []byte(`{"supervisor":{"enabled":true}}`), 0o644); err != nil {
			t.Fatal(err)
		}
		claude := filepath.Join(root, "claude.sh")
		testfs.Write(t, claude, "#!/bin/sh\n"+hooktest.AllowScript, 0o755)
		vars := map[string]string{"CLAUDE_CONFIG_DIR": claudeDir, "CLAUDE_PROJECT_DIR": project, "CCC_CLAUDE": claude}
		ev, err := event.Parse(bytes.NewReader(bytes.ReplaceAll(data, []byte("$OUT"), []byte(out))))
		if err != nil {
			return
		}
		opts := Options{Env: outside.System(io.Discard)}
		opts.Getenv = func(k string) string { return vars[k] }
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		o, _ := Run(ctx, ev, opts)
		var buf bytes.Buffer
		if err := o.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if buf.Len() > 0 {
			var obj map[string]any
			dec := json.NewDecoder(&buf)
			if err := dec.Decode(&obj); err != nil || dec.More() {
				t.Fatalf("stdout is not one JSON object: %q (%v)", buf.String(), err)
			}
		}
		home := filepath.Join(claudeDir, "ccc")
		tasks := filepath.Join(project, "tasks")
		err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			switch {
			case p == root || p == out || p == project || p == claudeDir || p == claude:
			case p == filepath.Join(out, "t.jsonl") || p == filepath.Join(claudeDir, "ccc.json"):
			case within(p, home) || within(p, tasks):
			default:
				t.Errorf("wrote %s (outside the ccc-hooks home and the project's tasks/)", p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

func within(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
}
