package settings

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBadInput(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		events []string // for RemoveEntries; nil means all
		want   error
	}{
		{
			"invalid JSON", "{\n  \"a\": 1\n  \"b\": 2\n}", nil,
			&SyntaxError{Line: 3, Column: 3, Msg: "invalid character '\"' after object key:value pair"},
		},
		{
			"truncated", "{\n  \"a\": ", nil,
			&SyntaxError{Line: 2, Column: 8, Msg: "unexpected end of JSON input"},
		},
		{
			"line comment", "{\n  // mine\n  \"a\": 1\n}", nil,
			&SyntaxError{Line: 2, Column: 3, Msg: commentMsg},
		},
		{
			"block comment", "{\"a\": 1 /* x */}", nil,
			&SyntaxError{Line: 1, Column: 9, Msg: commentMsg},
		},
		{
			"trailing comma", "{\n  \"a\": [1, 2,],\n}", nil,
			&SyntaxError{Line: 2, Column: 14, Msg: "trailing comma before ']'"},
		},
		{
			"byte order mark before bad JSON", "\xef\xbb\xbf{,}", nil,
			&SyntaxError{Line: 1, Column: 2, Msg: "invalid character ',' looking for beginning of object key string"},
		},
		{
			"root array", `[1]`, nil,
			&StructureError{Path: "(root)", Msg: "expected an object, found an array"},
		},
		{
			"hooks array", `{"hooks": []}`, nil,
			&StructureError{Path: "hooks", Msg: "expected an object, found an array"},
		},
		{
			"event object", `{"hooks": {"Stop": {}}}`, nil,
			&StructureError{Path: "hooks.Stop", Msg: "expected an array, found an object"},
		},
		{
			"group string", `{"hooks": {"Stop": [{"hooks": []}, "x"]}}`, nil,
			&StructureError{Path: "hooks.Stop[1]", Msg: "expected an object, found a string"},
		},
		{
			"group hooks object", `{"hooks": {"Stop": [{"hooks": {}}]}}`, nil,
			&StructureError{Path: "hooks.Stop[0].hooks", Msg: "expected an array, found an object"},
		},
		{
			"string handler", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}, "echo"]}]}}`, nil,
			&StructureError{Path: "hooks.Stop[0].hooks[1]", Msg: "expected an object, found a string"},
		},
		{
			"matcher number", `{"hooks": {"Stop": [{"matcher": 1, "hooks": []}]}}`, nil,
			&StructureError{Path: "hooks.Stop[0].matcher", Msg: "expected a string, found a number"},
		},
		{
			"duplicate hooks", `{"hooks": {}, "a": 1, "hooks": {}}`, nil,
			&StructureError{Path: "hooks", Msg: "key appears 2 times in the same object (Claude Code would use only the last one)"},
		},
		{
			"duplicate hooks by escape", `{"hooks": {}, "hoo\u006bs": {}}`, nil,
			&StructureError{Path: "hooks", Msg: "key appears 2 times in the same object (Claude Code would use only the last one)"},
		},
		{
			"duplicate event", `{"hooks": {"Stop": [], "Stop": []}}`,
			[]string{"Stop"},
			&StructureError{Path: "hooks.Stop", Msg: "key appears 2 times in the same object (Claude Code would use only the last one)"},
		},
	}
	entries := []Entry{{Event: "Stop", Command: testCommand, Timeout: 600}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check := func(op string, got []byte, err error) {
				t.Helper()
				if got != nil {
					t.Errorf("%s returned a result with the error: %q", op, got)
				}
				if diff := cmp.Diff(err, tt.want); diff != "" {
					t.Errorf("%s error mismatch (-got +want):\n%s", op, diff)
				}
			}
			got, err := InsertEntries([]byte(tt.src), entries, testOwner)
			check("InsertEntries", got, err)
			got, err = RemoveEntries([]byte(tt.src), tt.events, testOwner)
			check("RemoveEntries", got, err)
			handlers, err := Handlers([]byte(tt.src))
			if handlers != nil || err == nil || err.Error() != tt.want.Error() {
				t.Errorf("Handlers = %v, %v; want %v", handlers, err, tt.want)
			}
		})
	}
}

func TestErrorStrings(t *testing.T) {
	_, err := InsertEntries([]byte("{\n  \"hooks\": {\n    \"Stop\": {}\n  }\n}"), supervisorEntries(testCommand, 1), testOwner)
	if got, want := err.Error(), "hooks.Stop: expected an array, found an object"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	var se *StructureError
	if !errors.As(err, &se) {
		t.Errorf("error %T is not a *StructureError", err)
	}
	_, err = InsertEntries([]byte("{\"a\": 1,}"), nil, testOwner)
	if got, want := err.Error(), "1:9: invalid JSON: trailing comma before '}'"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestUntouchedEventsAreNotChecked: InsertEntries refuses bad structure only on the path it edits.
func TestUntouchedEventsAreNotChecked(t *testing.T) {
	src := `{"hooks": {"Notification": {}, "Stop": []}}`
	if _, err := InsertEntries([]byte(src), []Entry{{Event: "Stop", Command: testCommand}}, testOwner); err != nil {
		t.Errorf("InsertEntries: %v", err)
	}
	if got, err := RemoveEntries([]byte(src), []string{"Stop"}, testOwner); err != nil || string(got) != src {
		t.Errorf("RemoveEntries = %q, %v", got, err)
	}
	if _, err := RemoveEntries([]byte(src), nil, testOwner); err == nil {
		t.Error("RemoveEntries of every event accepted hooks.Notification: {}")
	}
}
