package event

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var safeID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,128}$`)

func FuzzParse(f *testing.F) {
	for _, name := range []string{"Stop.json", "PreToolUse-AskUserQuestion.json", "SubagentStop.json", "UserPromptSubmit.json"} {
		if data, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		`{"session_id":"abc"}`, `{"session_id":"../../x"}`, `{"session_id":".."}`, `{"session_id":"."}`,
		`{"session_id":"a/b"}`, `{"session_id":"a\u0000b"}`, `{"session_id":"é"}`, `{"session_id":""}`,
		`{"session_id":1}`, `[]`, `{`, ``, `null`, `{"session_id":"x","hook_event_name":null}`,
		`{"SESSION_ID":"a\\b"}`, `{"session_id":"x","tool_input":[1,2]}`,
		`{"session_id":"--dangerously-skip-permissions"}`, `{"session_id":"-"}`,
	} {
		f.Add([]byte(s))
	}
	home := filepath.Join(string(filepath.Separator)+"home", "ccc")
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := Parse(bytes.NewReader(data))
		if err != nil {
			if ev != nil {
				t.Fatalf("Parse returned an event with error %v", err)
			}
			if !strings.HasPrefix(err.Error(), "failed to parse hook input: ") {
				t.Fatalf("error %q lacks the protocol prefix", err)
			}
			return
		}
		id := ev.SessionID
		if !safeID.MatchString(id) || id == "." || id == ".." || strings.HasPrefix(id, "-") {
			t.Fatalf("accepted unsafe session_id %q", id)
		}
		if p := filepath.Join(home, "supervisor-"+id+".json"); filepath.Dir(p) != home {
			t.Fatalf("session_id %q escapes the home: %s", id, p)
		}
		if ev.Name == "" {
			t.Fatal("accepted an event without a name")
		}
	})
}

func FuzzValidSessionID(f *testing.F) {
	for _, s := range []string{"abc", "..", ".", "", "a/b", strings.Repeat("a", 128), strings.Repeat("a", 129), "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		want := safeID.MatchString(id) && id != "." && id != ".." && !strings.HasPrefix(id, "-")
		if got := ValidSessionID(id); got != want {
			t.Fatalf("ValidSessionID(%q) = %v, want %v", id, got, want)
		}
	})
}
