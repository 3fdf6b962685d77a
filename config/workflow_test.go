package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseAllWorkflow(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		want     Workflow
		problems []string // fields
	}{
		{"missing", `{"supervisor":{"enabled":true}}`, DefaultWorkflow(), nil},
		{"null", `{"workflow":null}`, DefaultWorkflow(), nil},
		{"empty", `{"workflow":{}}`, DefaultWorkflow(), nil},
		{"notify", `{"workflow":{"notify":true}}`, Workflow{Notify: true, MaxIterations: 20}, nil},
		{"notify off", `{"workflow":{"notify":false}}`, DefaultWorkflow(), nil},
		{"notify not a boolean", `{"workflow":{"notify":"yes"}}`, DefaultWorkflow(), []string{"workflow.notify"}},
		{"notify null", `{"workflow":{"notify":null}}`, DefaultWorkflow(), []string{"workflow.notify"}},
		{"not an object", `{"workflow":true}`, DefaultWorkflow(), []string{"workflow"}},
		{"invalid JSON", `{"workflow":{"notify":true}`, DefaultWorkflow(), []string{""}},
		{"its own cap", `{"workflow":{"max_iterations":3}}`, Workflow{MaxIterations: 3}, nil},
		{"not the supervisor's cap", `{"supervisor":{"max_iterations":3}}`, DefaultWorkflow(), nil},
		{"cap at the bounds", `{"workflow":{"max_iterations":100}}`, Workflow{MaxIterations: 100}, nil},
		{"cap out of range", `{"workflow":{"max_iterations":0}}`, DefaultWorkflow(), []string{"workflow.max_iterations"}},
		{"cap not whole", `{"workflow":{"max_iterations":2.5}}`, DefaultWorkflow(), []string{"workflow.max_iterations"}},
		{
			"both keys", `{"supervisor":{"max_iterations":0},"workflow":{"notify":1}}`,
			DefaultWorkflow(),
			[]string{"supervisor.max_iterations", "workflow.notify"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := ParseAll([]byte(tt.in))
			if got.Workflow != tt.want {
				t.Errorf("workflow %+v, want %+v", got.Workflow, tt.want)
			}
			var fields []string
			for _, p := range problems {
				fields = append(fields, p.Field)
			}
			if diff := cmp.Diff(tt.problems, fields); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWorkflowProblemMessages(t *testing.T) {
	for in, want := range map[string]string{
		`{"workflow":{"notify":"yes"}}`:       `workflow.notify: want true or false, got "yes"; using false`,
		`{"workflow":{"max_iterations":101}}`: `workflow.max_iterations: 101 is out of range 1..100; using 20`,
		`{"workflow":{"max_iterations":"5"}}`: `workflow.max_iterations: want a whole number in 1..100, got "5"; using 20`,
	} {
		_, problems := ParseAll([]byte(in))
		if len(problems) != 1 || problems[0].String() != want {
			t.Errorf("%s: problems %v, want [%s]", in, problems, want)
		}
	}
}

// TestParseKeepsToItsKey: Parse reads the supervisor's settings and reports the problems of the
// file and of its own key, never the workflow's.
func TestParseKeepsToItsKey(t *testing.T) {
	src := []byte(`{"supervisor":{"enabled":true,"language":"fr"},"workflow":{"notify":"yes"}}`)
	sup, problems := Parse(src)
	all, allProblems := ParseAll(src)
	if diff := cmp.Diff(all.Supervisor, sup); diff != "" {
		t.Errorf("Parse and ParseAll disagree on the supervisor (-all +parse):\n%s", diff)
	}
	if len(problems) != 1 || problems[0].Field != "supervisor.language" {
		t.Errorf("Parse problems %v, want one on supervisor.language", problems)
	}
	if len(allProblems) != 2 {
		t.Errorf("ParseAll problems %v, want two", allProblems)
	}
}

func TestLoadAll(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ccc.json")
	got, problems, err := LoadAll(path)
	if err != nil || problems != nil || !cmp.Equal(got, Config{Supervisor: Default(), Workflow: DefaultWorkflow(), RetentionDays: DefaultRetentionDays}) {
		t.Fatalf("missing file: got %+v %v %v, want defaults", got, problems, err)
	}
	if err := os.WriteFile(path, []byte(`{"workflow":{"notify":true}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	got, problems, err = LoadAll(path)
	if err != nil || problems != nil || !got.Workflow.Notify {
		t.Fatalf("got %+v %v %v, want notify on", got, problems, err)
	}
	if _, _, err := LoadAll(dir); err == nil {
		t.Error("a directory: no error")
	}
}

func TestProblemKey(t *testing.T) {
	for field, want := range map[string]string{
		"":                          "",
		"supervisor":                "supervisor",
		"supervisor.max_iterations": "supervisor",
		"workflow.notify":           "workflow",
	} {
		if got := (Problem{Field: field}).Key(); got != want {
			t.Errorf("Problem{Field: %q}.Key() = %q, want %q", field, got, want)
		}
	}
}
