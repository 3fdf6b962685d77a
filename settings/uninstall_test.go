package settings

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestUninstallCases(t *testing.T) {
	const ours = `{"type": "command", "command": "/a/ccc-hooks hook", "timeout": 600}`
	const group = `{"hooks": [` + ours + `]}`
	tests := []struct {
		name   string
		src    string
		events []string
		want   string
	}{
		{
			"nothing owned returns src", `{"hooks": {"Stop": [{"hooks": [{"command": "x"}]}]}}`, nil,
			`{"hooks": {"Stop": [{"hooks": [{"command": "x"}]}]}}`,
		},
		{"no hooks", "{\n  \"a\": 1\n}", nil, "{\n  \"a\": 1\n}"},
		{"blank", "  \n", nil, "  \n"},
		{
			"ours first, foreign appended after us",
			"{\n  \"hooks\": {\n    \"Stop\": [\n      " + group + ",\n      {\"hooks\": []}\n    ]\n  }\n}\n", nil,
			"{\n  \"hooks\": {\n    \"Stop\": [\n      {\"hooks\": []}\n    ]\n  }\n}\n",
		},
		{
			"ours in the middle", `{"hooks": {"Stop": [{"a": 1}, ` + group + `, {"b": 2}]}}`, nil,
			`{"hooks": {"Stop": [{"a": 1}, {"b": 2}]}}`,
		},
		{
			"ours last", `{"hooks": {"Stop": [{"a": 1}, ` + group + `]}}`, nil,
			`{"hooks": {"Stop": [{"a": 1}]}}`,
		},
		{
			"only ours removes the event and hooks", `{"x": 1, "hooks": {"Stop": [` + group + `]}}`, nil,
			`{"x": 1}`,
		},
		{
			"hooks first with members after", `{"hooks": {"Stop": [` + group + `]}, "x": 1}`, nil,
			`{"x": 1}`,
		},
		{"root becomes {}", "{\n  \"hooks\": {\n    \"Stop\": [" + group + "]\n  }\n}\n", nil, "{}\n"},
		{
			"mixed group keeps the foreign handler",
			`{"hooks": {"Stop": [{"hooks": [{"command": "x"}, ` + ours + `, {"command": "y"}]}]}}`, nil,
			`{"hooks": {"Stop": [{"hooks": [{"command": "x"}, {"command": "y"}]}]}}`,
		},
		{
			"pre-existing empty group stays", `{"hooks": {"Stop": [{"hooks": []}, ` + group + `]}}`, nil,
			`{"hooks": {"Stop": [{"hooks": []}]}}`,
		},
		{
			"pre-existing empty event stays", `{"hooks": {"Stop": [` + group + `], "Other": []}}`, nil,
			`{"hooks": {"Other": []}}`,
		},
		{
			"only the named events", `{"hooks": {"Stop": [` + group + `], "PreToolUse": [` + group + `]}}`,
			[]string{"PreToolUse"},
			`{"hooks": {"Stop": [` + group + `]}}`,
		},
		{
			"several of ours across events", `{"hooks": {"A": [` + group + `, {"k": 1}, ` + group + `], "B": [` + group + `], "C": [{}]}}`, nil,
			`{"hooks": {"A": [{"k": 1}], "C": [{}]}}`,
		},
		{
			"old supervisor-hook entries", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "ccc-hooks supervisor-hook"}]}]}, "z": 0}`, nil,
			`{"z": 0}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := RemoveEntries([]byte(tt.src), tt.events, testOwner)
			if err != nil {
				t.Fatalf("RemoveEntries: %v", err)
			}
			diffBytes(t, "RemoveEntries", got, []byte(tt.want))
		})
	}
}

func TestUninstallReturnsSameSlice(t *testing.T) {
	src := []byte(`{"hooks": {"Stop": [{"hooks": [{"command": "x"}]}]}}`)
	got, err := RemoveEntries(src, nil, testOwner)
	if err != nil {
		t.Fatal(err)
	}
	if &got[0] != &src[0] {
		t.Error("RemoveEntries copied src although nothing was owned")
	}
}

func TestHandlers(t *testing.T) {
	src := `{"hooks": {
  "Stop": [{"hooks": [{"type": "command", "command": "a", "timeout": 5}, {"type": "prompt"}]}],
  "PreToolUse": [{"matcher": "Ask", "hooks": []}, {"matcher": "Bash", "hooks": [{"type": "command", "command": "b"}]}]
}}`
	got, err := Handlers([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Handler{
		{Event: "Stop", Type: "command", Command: "a", Timeout: 5, HasTimeout: true},
		{Event: "Stop", Index: 1, Type: "prompt"},
		{Event: "PreToolUse", Matcher: "Bash", Group: 1, Type: "command", Command: "b"},
	}
	if diff := cmp.Diff(got, want); diff != "" {
		t.Errorf("Handlers mismatch (-got +want):\n%s", diff)
	}
}

func TestIsEmpty(t *testing.T) {
	for src, want := range map[string]bool{
		"": true, " \n": true, "{}": true, "{ \r\n }\n": true,
		`{"a":1}`: false, "[]": false, `{"hooks":{}}`: false,
	} {
		if got := IsEmpty([]byte(src)); got != want {
			t.Errorf("IsEmpty(%q) = %v, want %v", src, got, want)
		}
	}
}

func TestRemoveChosenEntries(t *testing.T) {
	const ours = `{"hooks": [{"type": "command", "command": "/a/ccc-hooks hook"}]}`
	tests := []struct {
		name, src, want string
		consulted       []string // Event:Command of each handler choose is given
	}{
		{
			"consulted handlers decide", `{"hooks": {"Stop": [` + ours + `], "Keep": [{"hooks": [{"command": "k"}]}]}}`,
			`{"hooks": {"Stop": [` + ours + `], "Keep": [{"hooks": [{"command": "k"}]}]}}`,
			[]string{"Keep:k"},
		},
		{
			"nothing consulted", `{"hooks": {"Stop": [` + ours + `]}}`, `{}`, nil,
		},
		{
			"bad structure in a consulted event is left out", `{"hooks": {"Stop": [` + ours + `], "Keep": [5]}}`,
			`{"hooks": {"Keep": [5]}}`, nil,
		},
		{
			"a duplicated consulted event is left out", `{"hooks": {"Stop": [` + ours + `], "Keep": [], "Keep": []}}`,
			`{"hooks": {"Keep": [], "Keep": []}}`, nil,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var consulted []string
			choose := func(hs []Handler) []Group {
				for _, h := range hs {
					consulted = append(consulted, h.Event+":"+h.Command)
				}
				if len(hs) > 0 {
					return nil // keep everything: no event named
				}
				return []Group{{Event: "Stop"}}
			}
			got, err := RemoveChosenEntries([]byte(tc.src), []string{"Keep"}, choose, testOwner, nil)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("file (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.consulted, consulted); diff != "" {
				t.Errorf("consulted (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRemoveGroupsByMatcher: a removal named by matcher takes our entries out of those groups
// only: two profiles each own a group of PreToolUse, and removing one leaves the other's, byte
// for byte.
func TestRemoveGroupsByMatcher(t *testing.T) {
	const (
		ask   = `{"matcher": "AskUserQuestion", "hooks": [{"type": "command", "command": "/a/ccc-hooks hook"}]}`
		guard = `{"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "/a/ccc-hooks hook"}]}`
	)
	src := `{"hooks": {"PreToolUse": [` + ask + `, ` + guard + `]}}`
	got, err := RemoveGroupsWith([]byte(src), []Group{{Event: "PreToolUse", Matcher: "Edit|Write"}}, testOwner, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"hooks": {"PreToolUse": [` + ask + `]}}`; string(got) != want {
		t.Errorf("removing the guard's group:\n%s\nwant\n%s", got, want)
	}
	got, err = RemoveGroupsWith([]byte(src), []Group{{Event: "PreToolUse"}}, testOwner, nil)
	if err != nil || string(got) != `{}` {
		t.Errorf("removing every group: %s, %v; want {}", got, err)
	}
}
