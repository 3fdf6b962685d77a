//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TaskMeta is the part of a workflow task's .task-meta.json the tests read.
type TaskMeta struct {
	Dir                string `json:"-"`
	TaskID             string `json:"task_id"`
	TaskDescription    string `json:"task_description"`
	Status             string `json:"status"`
	FailureCount       int    `json:"failure_count"`
	UserConfirmedFixed bool   `json:"user_confirmed_fixed"`
	ArchivedAt         any    `json:"archived_at"`
	SessionID          string `json:"session_id"`
}

// Tasks reads every workflow task under the project's tasks/ directory.
func (s *Sandbox) Tasks(t testing.TB) []TaskMeta {
	t.Helper()
	metas, err := filepath.Glob(filepath.Join(s.Project, "tasks", "*", ".task-meta.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []TaskMeta
	for _, path := range metas {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var m TaskMeta
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: %v\n%s", path, err, data)
		}
		m.Dir = filepath.Dir(path)
		out = append(out, m)
	}
	return out
}
