package config

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

func TestParse(t *testing.T) {
	def := Default()
	tests := []struct {
		name     string
		in       string
		want     Supervisor
		problems []string // fields
	}{
		{"empty object", `{}`, def, nil},
		{"null", `{"supervisor": null}`, def, nil},
		{
			"all set", `{"x":1,"supervisor":{"enabled":true,"max_iterations":5,"timeout_seconds":60,"language":"zh","claude_command":"/opt/claude","claude_args":["--model","opus"],"permission_mode":"manual","allowed_tools":["Bash(go test:*)"],"max_budget_usd":0.25,"wall":{"disk_mb":512,"memory_mb":1024,"processes":500,"credentials":["~/.config/x/token",".y/"],"reviewer":false}}}`,
			Supervisor{
				Enabled: true, MaxIterations: 5, TimeoutSeconds: 60, Language: "zh", ClaudeCommand: "/opt/claude", ClaudeArgs: []string{"--model", "opus"},
				PermissionMode: "manual", AllowedTools: []string{"Bash(go test:*)"}, MaxBudgetUSD: 0.25,
				Wall: Wall{Bounds: wall.Bounds{DiskMB: 512, MemoryMB: 1024, Processes: 500}, Credentials: []string{".config/x/token", ".y"}, Reviewer: false},
			},
			nil,
		},
		{
			"limits", `{"supervisor":{"max_iterations":100,"timeout_seconds":10}}`,
			with(def, func(s *Supervisor) { s.MaxIterations, s.TimeoutSeconds = 100, 10 }), nil,
		},
		{
			"out of range", `{"supervisor":{"enabled":true,"max_iterations":0,"timeout_seconds":3601}}`,
			with(def, func(s *Supervisor) { s.Enabled = true }),
			[]string{"supervisor.max_iterations", "supervisor.timeout_seconds"},
		},
		{
			"permission mode default", `{"supervisor":{"permission_mode":"default"}}`,
			with(def, func(s *Supervisor) { s.PermissionMode = "default" }), nil,
		},
		{
			"no extra tools", `{"supervisor":{"allowed_tools":[]}}`,
			with(def, func(s *Supervisor) { s.AllowedTools = []string{} }), nil,
		},
		{"unsafe permission modes", `{"supervisor":{"permission_mode":"bypassPermissions"}}`, def, []string{"supervisor.permission_mode"}},
		{"auto mode", `{"supervisor":{"permission_mode":"auto"}}`, def, []string{"supervisor.permission_mode"}},
		{"accept edits", `{"supervisor":{"permission_mode":"acceptEdits"}}`, def, []string{"supervisor.permission_mode"}},
		{
			"bad reviewer limits", `{"supervisor":{"allowed_tools":"Bash","max_budget_usd":0}}`, def,
			[]string{"supervisor.allowed_tools", "supervisor.max_budget_usd"},
		},
		{
			"negative budget, empty tool", `{"supervisor":{"allowed_tools":["Read",""],"max_budget_usd":-1}}`, def,
			[]string{"supervisor.allowed_tools", "supervisor.max_budget_usd"},
		},
		{"budget not a number", `{"supervisor":{"max_budget_usd":"5"}}`, def, []string{"supervisor.max_budget_usd"}},
		{
			"session budget", `{"supervisor":{"session_budget_usd":2.5}}`,
			with(def, func(s *Supervisor) { s.SessionBudgetUSD = 2.5 }), nil,
		},
		{"session budget zero", `{"supervisor":{"session_budget_usd":0}}`, def, []string{"supervisor.session_budget_usd"}},
		{"session budget not a number", `{"supervisor":{"session_budget_usd":"2"}}`, def, []string{"supervisor.session_budget_usd"}},
		{
			"wrong types", `{"supervisor":{"enabled":"yes","max_iterations":"5","timeout_seconds":12.5,"language":"fr","claude_command":3,"claude_args":"--x"}}`,
			def,
			[]string{"supervisor.enabled", "supervisor.max_iterations", "supervisor.timeout_seconds", "supervisor.language", "supervisor.claude_command", "supervisor.claude_args"},
		},
		{"args not strings", `{"supervisor":{"claude_args":["a",1]}}`, def, []string{"supervisor.claude_args"}},
		{"supervisor not object", `{"supervisor":true}`, def, []string{"supervisor"}},
		{"invalid JSON", `{"supervisor":{"enabled":true}`, def, []string{""}},
		{"not an object", `[1]`, def, []string{""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := Parse([]byte(tt.in))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("config (-want +got):\n%s", diff)
			}
			var fields []string
			for _, p := range problems {
				fields = append(fields, p.Field)
				if p.Msg == "" {
					t.Errorf("problem %q has no message", p.Field)
				}
			}
			if diff := cmp.Diff(tt.problems, fields); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

func with(s Supervisor, change func(*Supervisor)) Supervisor {
	s.AllowedTools = append([]string{}, s.AllowedTools...)
	change(&s)
	return s
}

func TestLoadMissingFile(t *testing.T) {
	got, problems, err := Load(filepath.Join(t.TempDir(), "ccc.json"))
	if err != nil || problems != nil || !cmp.Equal(got, Default()) {
		t.Fatalf("got %+v %v %v, want defaults", got, problems, err)
	}
}

func TestLoadUnreadable(t *testing.T) {
	dir := t.TempDir() // a directory is not a readable file
	got, _, err := Load(dir)
	if err == nil || !cmp.Equal(got, Default()) {
		t.Fatalf("got %+v, %v; want defaults and an error", got, err)
	}
}

func TestSetEnabled(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		exists  bool
		enabled bool
		want    string
	}{
		{"new file", "", false, true, "{\n  \"supervisor\": {\n    \"enabled\": true\n  }\n}\n"},
		{"replace", `{"a":1,"supervisor":{"enabled":true,"b":2}}`, true, false, `{"a":1,"supervisor":{"enabled":false,"b":2}}`},
		{"compact add", `{"a":1,"supervisor":{"b":2}}`, true, true, `{"a":1,"supervisor":{"b":2,"enabled":true}}`},
		{"compact empty", `{"supervisor":{}}`, true, true, `{"supervisor":{"enabled":true}}`},
		{"compact root", `{"a":1}`, true, true, `{"a":1,"supervisor":{"enabled":true}}`},
		{"empty root", "{}\n", true, true, "{\n  \"supervisor\": {\n    \"enabled\": true\n  }\n}\n"},
		{"leading blanks", "\n {\n   \"a\": 1\n }\n", true, false, "\n {\n   \"a\": 1,\n   \"supervisor\": {\n     \"enabled\": false\n   }\n }\n"},
		{"crlf", "{\r\n  \"supervisor\": {\r\n    \"x\": 1\r\n  }\r\n}\r\n", true, true, "{\r\n  \"supervisor\": {\r\n    \"x\": 1,\r\n    \"enabled\": true\r\n  }\r\n}\r\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, remove, err := SetEnabled(tt.enabled)([]byte(tt.in), tt.exists)
			if err != nil || remove {
				t.Fatalf("err %v remove %v", err, remove)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if cfg, p := Parse(got); cfg.Enabled != tt.enabled || len(p) != 0 {
				t.Errorf("re-read: enabled %v, problems %v", cfg.Enabled, p)
			}
		})
	}
}

func TestSetEnabledRefuses(t *testing.T) {
	for _, in := range []string{`{"supervisor":`, `[1]`, `{"supervisor":[]}`, `{"supervisor":"on"}`} {
		if _, _, err := SetEnabled(true)([]byte(in), true); err == nil {
			t.Errorf("%s: no error", in)
		}
	}
}

func TestProblemString(t *testing.T) {
	if got := (Problem{Field: "supervisor.x", Msg: "bad"}).String(); got != "supervisor.x: bad" {
		t.Error(got)
	}
}
