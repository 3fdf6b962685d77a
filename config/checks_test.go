package config

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestChecks: supervisor.checks as ccc.json spells it, and each bad element named by the field
// doctor prints, the others kept.
func TestChecks(t *testing.T) {
	def := DefaultCheckTimeoutSeconds
	tests := []struct {
		name     string
		in       string
		want     []Check
		problems []string
	}{
		{"none by default", `{"supervisor":{}}`, nil, nil},
		{"null", `{"supervisor":{"checks":null}}`, nil, nil},
		{"empty", `{"supervisor":{"checks":[]}}`, nil, nil},
		{
			"strings and objects", `{"supervisor":{"checks":["go test ./...", {"command":"make lint","timeout_seconds":60}, {"command":"npm test","project":"/home/me/web/"}]}}`,
			[]Check{{"go test ./...", def, ""}, {"make lint", 60, ""}, {"npm test", def, "/home/me/web"}},
			nil,
		},
		{"limits", `{"supervisor":{"checks":[{"command":"a","timeout_seconds":1},{"command":"b","timeout_seconds":3600}]}}`, []Check{{"a", 1, ""}, {"b", 3600, ""}}, nil},
		{
			"timeout out of range falls back", `{"supervisor":{"checks":[{"command":"a","timeout_seconds":0},{"command":"b","timeout_seconds":3601},{"command":"c","timeout_seconds":"9"}]}}`,
			[]Check{{"a", def, ""}, {"b", def, ""}, {"c", def, ""}},
			[]string{"supervisor.checks[0].timeout_seconds", "supervisor.checks[1].timeout_seconds", "supervisor.checks[2].timeout_seconds"},
		},
		{
			"bad elements left out", `{"supervisor":{"checks":["", "  ", 5, {"timeout_seconds":5}, {"command":""}, {"command":"x","project":"rel/dir"}, "ok"]}}`,
			[]Check{{"ok", def, ""}},
			[]string{"supervisor.checks[0]", "supervisor.checks[1]", "supervisor.checks[2]", "supervisor.checks[3]", "supervisor.checks[4]", "supervisor.checks[5].project"},
		},
		{"unknown key named, check kept", `{"supervisor":{"checks":[{"command":"x","timeout":5}]}}`, []Check{{"x", def, ""}}, []string{"supervisor.checks[0].timeout"}},
		{"not a list", `{"supervisor":{"checks":"go test ./..."}}`, nil, []string{"supervisor.checks"}},
		{"NUL byte", `{"supervisor":{"checks":["a\u0000b"]}}`, nil, []string{"supervisor.checks[0]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := Parse([]byte(tt.in))
			if diff := cmp.Diff(tt.want, got.Checks); diff != "" {
				t.Errorf("checks (-want +got):\n%s", diff)
			}
			var fields []string
			for _, p := range problems {
				fields = append(fields, p.Field)
			}
			if diff := cmp.Diff(tt.problems, fields); diff != "" {
				t.Errorf("problems (-want +got):\n%s\n%v", diff, problems)
			}
		})
	}
}

// TestTooManyChecks: a list longer than MaxChecks keeps the first MaxChecks and says so.
func TestTooManyChecks(t *testing.T) {
	list := `"c"` + strings.Repeat(`,"c"`, MaxChecks)
	got, problems := Parse([]byte(`{"supervisor":{"checks":[` + list + `]}}`))
	if len(got.Checks) != MaxChecks || len(problems) != 1 || !strings.Contains(problems[0].Msg, "more than 20 checks") {
		t.Errorf("%d checks, problems %v", len(got.Checks), problems)
	}
}

// TestChecksFor: a check naming a project runs in that directory and below it only.
func TestChecksFor(t *testing.T) {
	cfg := Supervisor{Checks: []Check{{Command: "all"}, {Command: "web", Project: "/home/me/web"}, {Command: "root", Project: "/"}}}
	for dir, want := range map[string][]string{
		"/home/me/web":      {"all", "web", "root"},
		"/home/me/web/src/": {"all", "web", "root"},
		"/home/me/website":  {"all", "root"},
		"/home/me":          {"all", "root"},
	} {
		var got []string
		for _, c := range cfg.ChecksFor(dir) {
			got = append(got, c.Command)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", dir, diff)
		}
	}
}

// TestSetChecks: the list written back reads as the same checks, the other bytes kept.
func TestSetChecks(t *testing.T) {
	old := "{\n  \"x\": 1,\n  \"supervisor\": {\"enabled\": true}\n}\n"
	list := []Check{{"go test ./...", DefaultCheckTimeoutSeconds, ""}, {"make lint", 60, ""}, {"npm test", DefaultCheckTimeoutSeconds, "/w"}}
	out, _, err := SetChecks(list)([]byte(old), true)
	if err != nil {
		t.Fatal(err)
	}
	got, problems := Parse(out)
	if diff := cmp.Diff(list, got.Checks); diff != "" || len(problems) > 0 || !got.Enabled {
		t.Errorf("read back (-want +got):\n%s\nproblems %v\n%s", diff, problems, out)
	}
	if !strings.HasPrefix(string(out), "{\n  \"x\": 1,\n  \"supervisor\": {\"enabled\": true") || !strings.Contains(string(out), `"go test ./..."`) {
		t.Errorf("written:\n%s", out)
	}
}
