package workflow

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/window"
)

const session = "60a79f72-e4f7-4624-aacf-eb6a5dd6f394"

// fixture is a project, a ccc-hooks home and a clock for driving Handle.
type fixture struct {
	t          *testing.T
	project    string
	home       string
	configFile string
	env        map[string]string
	now        time.Time
	maxBlocks  int
	// window finds the Claude Code window (none when nil: the hooks run in no window).
	window window.Locate

	mu     sync.Mutex
	stderr bytes.Buffer
	notes  []string
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	root := t.TempDir()
	f := &fixture{
		t:          t,
		project:    filepath.Join(root, "project"),
		home:       filepath.Join(root, "home", ".claude", "ccc"),
		configFile: filepath.Join(root, "home", ".claude", "ccc.json"),
		now:        time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC),
	}
	f.env = map[string]string{"CLAUDE_PROJECT_DIR": f.project, "CLAUDE_CONFIG_DIR": filepath.Dir(f.configFile)}
	if err := os.MkdirAll(f.project, 0o755); err != nil {
		t.Fatal(err)
	}
	f.install()
	return f
}

// installed is a project settings file that runs the workflow, as an install writes it.
const installed = `{"hooks":{"UserPromptSubmit":[{"hooks":[{"type":"command","command":"ccc-hooks hook","timeout":600}]}]}}`

// install writes the project's settings file that runs the workflow (a new fixture has it).
func (f *fixture) install() {
	f.t.Helper()
	testfs.Write(f.t, filepath.Join(f.project, ".claude", "settings.json"), installed, 0o644)
}

// uninstall removes the project's settings file: the workflow is installed nowhere the session
// reads.
func (f *fixture) uninstall() {
	f.t.Helper()
	if err := os.Remove(filepath.Join(f.project, ".claude", "settings.json")); err != nil {
		f.t.Fatal(err)
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(p)
}

// opts are the options the router gives Handle: the workflow's part of ccc.json as read from
// the fixture's file, with maxBlocks, when set, as workflow.max_iterations.
func (f *fixture) opts() Options {
	cfg, _, _ := config.LoadAll(f.configFile)
	if f.maxBlocks > 0 {
		cfg.Workflow.MaxIterations = f.maxBlocks
	}
	env := outside.System(lockedWriter{&f.mu, &f.stderr})
	env.Getenv = func(k string) string { return f.env[k] }
	env.Now = func() time.Time { return f.now }
	env.Window = f.window
	if env.Window == nil {
		env.Window = func(int) (window.ID, error) { return window.ID{}, window.ErrUnsupported }
	}
	return Options{
		Env:    env,
		Config: cfg.Workflow,
		Home:   f.home,
		Notify: func(_ context.Context, title, body string) {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.notes = append(f.notes, title+": "+body)
		},
	}
}

// handle runs Handle on the event given as JSON fields after session_id.
func (f *fixture) handle(name string, fields map[string]any) *event.Output {
	f.t.Helper()
	out, err := f.tryHandle(name, fields)
	if err != nil {
		f.t.Fatalf("Handle %s: %v", name, err)
	}
	return out
}

func (f *fixture) tryHandle(name string, fields map[string]any) (*event.Output, error) {
	ans, err := f.answer(name, fields)
	return ans.Out, err
}

// answer runs Handle on the event given as JSON fields after session_id, and checks the answer's
// contract: an output is always final, and no output is never (the supervisor may still speak).
func (f *fixture) answer(name string, fields map[string]any) (event.Answer, error) {
	m := map[string]any{"session_id": session, "hook_event_name": name, "cwd": "/nonexistent"}
	for k, v := range fields {
		m[k] = v
	}
	data, err := json.Marshal(m)
	if err != nil {
		return event.Answer{}, err
	}
	ev, err := event.ParseBytes(data)
	if err != nil {
		return event.Answer{}, err
	}
	ans, err := Handle(context.Background(), ev, f.opts())
	if ans.Final != (ans.Out != nil) {
		f.t.Errorf("Handle %s: answer %+v is final %v with output %v", name, ans.Out, ans.Final, ans.Out != nil)
	}
	return ans, err
}

func (f *fixture) prompt(text string) *event.Output {
	f.t.Helper()
	return f.handle(event.UserPromptSubmit, map[string]any{"prompt": text})
}

func (f *fixture) stop() *event.Output {
	f.t.Helper()
	return f.handle(event.Stop, map[string]any{"stop_hook_active": false, "last_assistant_message": "done"})
}

// review runs SubagentStop for a /mc-review subagent that ends with message.
func (f *fixture) review(message string) *event.Output {
	f.t.Helper()
	return f.subagent(message, f.reviewTranscript("/mc-review check the fix", ""))
}

func (f *fixture) subagent(message, transcriptPath string) *event.Output {
	f.t.Helper()
	return f.handle(event.SubagentStop, map[string]any{
		"agent_id": "a4c05a14a9d88b8a2", "agent_type": "general-purpose",
		"agent_transcript_path": transcriptPath, "last_assistant_message": message,
	})
}

// tasks lists the project's tasks.
func (f *fixture) tasks() []*Task {
	f.t.Helper()
	tasks, err := NewTaskStore(f.project, f.home, nil).List()
	if err != nil {
		f.t.Fatal(err)
	}
	return tasks
}

// only returns the project's one task.
func (f *fixture) only() *Task {
	f.t.Helper()
	tasks := f.tasks()
	if len(tasks) != 1 {
		f.t.Fatalf("got %d tasks, want 1", len(tasks))
	}
	return tasks[0]
}

// reviewTranscript writes a subagent transcript whose task prompt is prompt.
func (f *fixture) reviewTranscript(prompt, last string) string {
	f.t.Helper()
	path := filepath.Join(f.t.TempDir(), "agent.jsonl")
	lines := fmt.Sprintf(`{"type":"user","message":{"role":"user","content":%q}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Read","input":{}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":%q}]}}
`, prompt, last)
	if err := os.WriteFile(path, []byte(lines), 0o644); err != nil {
		f.t.Fatal(err)
	}
	return path
}

func reason(o *event.Output) string {
	if o == nil || o.Reason == nil {
		return ""
	}
	return *o.Reason
}

// transcript writes a session transcript holding first and returns its path.
func (f *fixture) transcript(first string) string {
	f.t.Helper()
	path := filepath.Join(f.t.TempDir(), "session.jsonl")
	testfs.Append(f.t, path, first)
	return path
}

// writeConfig writes ccc.json with data.
func (f *fixture) writeConfig(data string) {
	f.t.Helper()
	if err := os.MkdirAll(filepath.Dir(f.configFile), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(f.configFile, []byte(data), 0o644); err != nil {
		f.t.Fatal(err)
	}
}
