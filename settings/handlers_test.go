package settings

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEventHandlers(t *testing.T) {
	const badOther = `{"hooks":{"Notification":[5],"Stop":[{"hooks":[{"type":"command","command":"x"}]}]}}`
	tests := []struct {
		name    string
		src     string
		events  []string
		want    []Handler
		wantErr string // the path of the *StructureError, or "syntax"
	}{
		{
			"bad structure in another event is not looked at", badOther,
			[]string{"Stop"},
			[]Handler{{Event: "Stop", Type: "command", Command: "x"}},
			"",
		},
		{"bad structure in a named event", badOther, []string{"Stop", "Notification"}, nil, "hooks.Notification[0]"},
		{
			"file order, not the order of the names",
			`{"hooks":{"A":[{"hooks":[{"command":"a"}]}],"B":[{"matcher":"m","hooks":[{"command":"b","timeout":2}]}]}}`,
			[]string{"B", "A"},
			[]Handler{{Event: "A", Command: "a"}, {Event: "B", Matcher: "m", Command: "b", Timeout: 2, HasTimeout: true}},
			"",
		},
		{"a missing event has no handlers", badOther, []string{"PreToolUse"}, nil, ""},
		{"no names, no handlers", badOther, nil, nil, ""},
		{"blank file", " \n", []string{"Stop"}, nil, ""},
		{"hooks of the wrong type", `{"hooks":[]}`, []string{"Stop"}, nil, "hooks"},
		{"duplicate named event", `{"hooks":{"Stop":[],"Stop":[]}}`, []string{"Stop"}, nil, "hooks.Stop"},
		{"invalid JSON", `{"hooks":`, []string{"Stop"}, nil, "syntax"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := EventHandlers([]byte(tt.src), tt.events)
			if diff := cmp.Diff(errKind(err), tt.wantErr); diff != "" {
				t.Fatalf("error %v (-got +want):\n%s", err, diff)
			}
			if diff := cmp.Diff(got, tt.want); diff != "" {
				t.Errorf("EventHandlers mismatch (-got +want):\n%s", diff)
			}
		})
	}
	if _, err := Handlers([]byte(badOther)); errKind(err) != "hooks.Notification[0]" {
		t.Errorf("Handlers(%s) error = %v, want one at hooks.Notification[0]", badOther, err)
	}
}

// errKind names err for comparison: "" for nil, "syntax" for a *SyntaxError, the path of a
// *StructureError, else the message.
func errKind(err error) string {
	var se *SyntaxError
	var st *StructureError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &se):
		return "syntax"
	case errors.As(err, &st):
		return st.Path
	}
	return err.Error()
}
