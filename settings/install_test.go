package settings

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata")

// notReversible lists inputs that RemoveEntries(InsertEntries(x)) cannot restore: they are blank, already
// hold our entries, or have an empty container that InsertEntries fills.
var notReversible = []string{
	"empty.json", "whitespace.json", "old_install.json", "empty_containers.json", "mixed_nested.json",
}

// TestInstallGolden installs the supervisor entries into every file of testdata/install/in and
// compares with testdata/install/out (rewrite with -update).
func TestInstallGolden(t *testing.T) {
	ins, err := filepath.Glob(filepath.Join("testdata", "install", "in", "*.json"))
	if err != nil || len(ins) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, in := range ins {
		name := filepath.Base(in)
		t.Run(strings.TrimSuffix(name, ".json"), func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			got, err := InsertEntries(src, supervisorEntries(testCommand, 600), testOwner)
			if err != nil {
				t.Fatalf("InsertEntries: %v", err)
			}
			mustValid(t, got)
			golden := filepath.Join("testdata", "install", "out", name)
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			diffBytes(t, "InsertEntries", got, want)

			again, err := InsertEntries(got, supervisorEntries(testCommand, 600), testOwner)
			if err != nil {
				t.Fatalf("second InsertEntries: %v", err)
			}
			diffBytes(t, "second InsertEntries", again, got)

			back, err := RemoveEntries(got, nil, testOwner)
			if err != nil {
				t.Fatalf("RemoveEntries: %v", err)
			}
			if !slices.Contains(notReversible, name) {
				diffBytes(t, "RemoveEntries(InsertEntries(x))", back, src)
			}
			if handlers, _ := Handlers(back); ownedCount(handlers) != 0 {
				t.Errorf("our handlers left after RemoveEntries: %+v", handlers)
			}
		})
	}
}

func ownedCount(handlers []Handler) int {
	n := 0
	for _, r := range handlers {
		if testOwner(r.Command) {
			n++
		}
	}
	return n
}

func TestInstallCases(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		entries []Entry
		want    string
	}{
		{
			name:    "empty file gets a pretty document with a newline",
			src:     "",
			entries: []Entry{{Event: "Stop", Command: "/b/ccc-hooks hook", Timeout: 600}},
			want: "{\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [\n          {\n" +
				"            \"type\": \"command\",\n            \"command\": \"/b/ccc-hooks hook\",\n" +
				"            \"timeout\": 600\n          }\n        ]\n      }\n    ]\n  }\n}\n",
		},
		{
			name:    "compact file stays compact",
			src:     `{"a":1,"hooks":{"Stop":[]}}`,
			entries: []Entry{{Event: "Stop", Command: "/b/ccc-hooks hook", Timeout: 5}},
			want:    `{"a":1,"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/b/ccc-hooks hook","timeout":5}]}]}}`,
		},
		{
			name:    "compact with spaces copies the separators",
			src:     `{"a": 1, "b": 2}`,
			entries: []Entry{{Event: "Stop", Matcher: "m", Command: "/b/ccc-hooks hook", Timeout: 5}},
			want: `{"a": 1, "b": 2, "hooks": {"Stop": [{"matcher": "m", "hooks": [{"type": "command", ` +
				`"command": "/b/ccc-hooks hook", "timeout": 5}]}]}}`,
		},
		{
			name:    "one-line array in a pretty file is appended to on the same line",
			src:     "{\n  \"hooks\": {\n    \"Stop\": [{\"hooks\": []}]\n  }\n}\n",
			entries: []Entry{{Event: "Stop", Command: "/b/ccc-hooks hook", Timeout: 5}},
			want: "{\n  \"hooks\": {\n    \"Stop\": [{\"hooks\": []}, {\"hooks\": [{\"type\": \"command\", " +
				"\"command\": \"/b/ccc-hooks hook\", \"timeout\": 5}]}]\n  }\n}\n",
		},
		{
			name: "different command replaces ours in place when it is last",
			src: "{\n  \"hooks\": {\n    \"Stop\": [\n      {\"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]},\n" +
				"      {\"hooks\": [{\"type\": \"command\", \"command\": \"/a/ccc-hooks hook\", \"timeout\": 1}]}\n    ]\n  }\n}\n",
			entries: []Entry{{Event: "Stop", Command: "/b/ccc-hooks hook", Timeout: 1}},
			want: "{\n  \"hooks\": {\n    \"Stop\": [\n      {\"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]},\n" +
				"      {\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n" +
				"            \"command\": \"/b/ccc-hooks hook\",\n            \"timeout\": 1\n          }\n        ]\n      }\n    ]\n  }\n}\n",
		},
		{
			name: "a different timeout replaces and moves ours to the end",
			src: `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/a/ccc-hooks hook","timeout":1}]},` +
				`{"hooks":[{"type":"command","command":"x"}]}]}}`,
			entries: []Entry{{Event: "Stop", Command: "/a/ccc-hooks hook", Timeout: 2}},
			want: `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x"}]},` +
				`{"hooks":[{"type":"command","command":"/a/ccc-hooks hook","timeout":2}]}]}}`,
		},
		{
			name: "a mixed group already holding exactly ours is left as is",
			src: `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x"},` +
				`{"type":"command","command":"/a/ccc-hooks hook","timeout":1}]}]}}`,
			entries: []Entry{{Event: "Stop", Command: "/a/ccc-hooks hook", Timeout: 1}},
			want: `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x"},` +
				`{"type":"command","command":"/a/ccc-hooks hook","timeout":1}]}]}}`,
		},
		{
			name: "a stale handler of ours leaves a mixed group and the new group is appended",
			src: `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"say hi"},` +
				`{"type":"command","command":"/opt/x/ccc-hooks hook","timeout":30}]}]}}`,
			entries: []Entry{{Event: "Stop", Command: "/b/ccc-hooks hook", Timeout: 600}},
			want: `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"say hi"}]},` +
				`{"hooks":[{"type":"command","command":"/b/ccc-hooks hook","timeout":600}]}]}}`,
		},
		{
			name: "a stale handler of ours first in a pretty mixed group",
			src: "{\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [\n" +
				"          {\"type\": \"command\", \"command\": \"/a/ccc-hooks hook\", \"timeout\": 1},\n" +
				"          {\"type\": \"command\", \"command\": \"x\"}\n        ]\n      }\n    ]\n  }\n}\n",
			entries: []Entry{{Event: "Stop", Command: "/a/ccc-hooks hook", Timeout: 2}},
			want: "{\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [\n" +
				"          {\"type\": \"command\", \"command\": \"x\"}\n        ]\n      },\n" +
				"      {\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n" +
				"            \"command\": \"/a/ccc-hooks hook\",\n            \"timeout\": 2\n          }\n        ]\n      }\n" +
				"    ]\n  }\n}\n",
		},
		{
			name: "ours twice, once right in a mixed group, both go",
			src: `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x"},` +
				`{"type":"command","command":"/a/ccc-hooks hook","timeout":1}]},` +
				`{"hooks":[{"type":"command","command":"/b/ccc-hooks hook","timeout":1}]},{"hooks":[]}]}}`,
			entries: []Entry{{Event: "Stop", Command: "/a/ccc-hooks hook", Timeout: 1}},
			want: `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x"}]},{"hooks":[]},` +
				`{"hooks":[{"type":"command","command":"/a/ccc-hooks hook","timeout":1}]}]}}`,
		},
		{
			name: "a stale handler in a mixed group of another matcher stays",
			src: `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"x"},` +
				`{"type":"command","command":"/a/ccc-hooks hook","timeout":1}]}]}}`,
			entries: []Entry{{Event: "PreToolUse", Matcher: "AskUserQuestion", Command: "/a/ccc-hooks hook", Timeout: 2}},
			want: `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"x"},` +
				`{"type":"command","command":"/a/ccc-hooks hook","timeout":1}]},` +
				`{"matcher":"AskUserQuestion","hooks":[{"type":"command","command":"/a/ccc-hooks hook","timeout":2}]}]}}`,
		},
		{
			name:    "other matcher groups are not ours to replace",
			src:     `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"/a/ccc-hooks hook","timeout":1}]}]}}`,
			entries: []Entry{{Event: "PreToolUse", Matcher: "AskUserQuestion", Command: "/a/ccc-hooks hook", Timeout: 1}},
			want: `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"/a/ccc-hooks hook","timeout":1}]},` +
				`{"matcher":"AskUserQuestion","hooks":[{"type":"command","command":"/a/ccc-hooks hook","timeout":1}]}]}}`,
		},
		{
			name:    "an empty matcher equals a missing one",
			src:     `{"hooks":{"Stop":[{"matcher":"","hooks":[{"type":"command","command":"/a/ccc-hooks hook","timeout":1}]}]}}`,
			entries: []Entry{{Event: "Stop", Command: "/a/ccc-hooks hook", Timeout: 1}},
			want:    `{"hooks":{"Stop":[{"matcher":"","hooks":[{"type":"command","command":"/a/ccc-hooks hook","timeout":1}]}]}}`,
		},
		{
			name:    "timeout written as a float counts as equal",
			src:     `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/a/ccc-hooks hook","timeout":1.0}]}]}}`,
			entries: []Entry{{Event: "Stop", Command: "/a/ccc-hooks hook", Timeout: 1}},
			want:    `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/a/ccc-hooks hook","timeout":1.0}]}]}}`,
		},
		{
			name:    "command needing escapes",
			src:     `{}`,
			entries: []Entry{{Event: "Stop", Command: `'/a "b"\c/ccc-hooks' hook`, Timeout: 1}},
			want: "{\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [\n          {\n" +
				"            \"type\": \"command\",\n            \"command\": \"'/a \\\"b\\\"\\\\c/ccc-hooks' hook\",\n" +
				"            \"timeout\": 1\n          }\n        ]\n      }\n    ]\n  }\n}",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := InsertEntries([]byte(tt.src), tt.entries, testOwner)
			if err != nil {
				t.Fatalf("InsertEntries: %v", err)
			}
			mustValid(t, got)
			diffBytes(t, "InsertEntries", got, []byte(tt.want))
			again, err := InsertEntries(got, tt.entries, testOwner)
			if err != nil {
				t.Fatalf("second InsertEntries: %v", err)
			}
			diffBytes(t, "second InsertEntries", again, got)
		})
	}
}

func TestInstallDifferentPathReplaces(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "install", "in", "foreign_hooks.json"))
	if err != nil {
		t.Fatal(err)
	}
	first, err := InsertEntries(src, supervisorEntries(testCommand, 600), testOwner)
	if err != nil {
		t.Fatal(err)
	}
	second, err := InsertEntries(first, supervisorEntries(otherCommand, 600), testOwner)
	if err != nil {
		t.Fatal(err)
	}
	handlers, err := Handlers(second)
	if err != nil {
		t.Fatal(err)
	}
	var ours []string
	for _, r := range handlers {
		if testOwner(r.Command) {
			ours = append(ours, r.Event+" "+r.Command)
		}
	}
	want := []string{"Stop " + otherCommand, "PreToolUse " + otherCommand}
	if !slices.Equal(ours, want) {
		t.Errorf("our handlers = %q, want %q", ours, want)
	}
	back, err := RemoveEntries(second, nil, testOwner)
	if err != nil {
		t.Fatal(err)
	}
	diffBytes(t, "RemoveEntries after re-install", back, src)
}

// TestInsertKeepsTimeout: with KeepTimeout, an owned handler's timeout stays as the file writes
// it: nothing changes when only the timeout differs, and a handler rewritten for another command
// carries it; an entry without an owned handler gets Timeout. Without KeepTimeout the timeout
// is the entry's.
func TestInsertKeepsTimeout(t *testing.T) {
	src := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "` + testCommand + `", "timeout": 9e2, "statusMessage": "` + testStatus + `"}]}]}}`
	keep := func(command string) []Entry {
		es := supervisorEntries(command, 600)
		for i := range es {
			es[i].KeepTimeout = true
		}
		return es
	}
	t.Run("only the timeout differs", func(t *testing.T) {
		got, err := InsertEntries([]byte(src), keep(testCommand)[:1], testOwner)
		if err != nil {
			t.Fatal(err)
		}
		diffBytes(t, "InsertEntries", got, []byte(src))
	})
	t.Run("another command", func(t *testing.T) {
		got, err := InsertEntries([]byte(src), keep(otherCommand), testOwner)
		if err != nil {
			t.Fatal(err)
		}
		want := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "` + otherCommand + `", "timeout": 9e2, "statusMessage": "` + testStatus + `"}]}]` +
			`, "PreToolUse": [{"matcher": "AskUserQuestion", "hooks": [{"type": "command", "command": "` + otherCommand + `", "timeout": 600, "statusMessage": "` + testStatus + `"}]}]}}`
		diffBytes(t, "InsertEntries", got, []byte(want))
	})
	t.Run("not kept", func(t *testing.T) {
		got, err := InsertEntries([]byte(src), supervisorEntries(testCommand, 600)[:1], testOwner)
		if err != nil {
			t.Fatal(err)
		}
		diffBytes(t, "InsertEntries", got, []byte(strings.Replace(src, "9e2", "600", 1)))
	})
}

// TestInsertRefusesCommandsClaudeCodeCannotRead: a command holding bytes that are not UTF-8 is
// refused, since Claude Code would read them as U+FFFD.
func TestInsertRefusesCommandsClaudeCodeCannotRead(t *testing.T) {
	_, err := InsertEntries([]byte("{}"), supervisorEntries("/opt/\xff/ccc-hooks hook", 600), testOwner)
	if err == nil || !strings.Contains(err.Error(), "not UTF-8") {
		t.Errorf("err = %v, want a refusal of bytes that are not UTF-8", err)
	}
}

// TestUpdateRefusesAResultPastTheReadLimit: a change whose result is larger than MaxFileSize is
// refused with a *TooLargeError; the file stays as it was, and no backup is taken.
func TestUpdateRefusesAResultPastTheReadLimit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	old := []byte(`{"pad": "` + strings.Repeat("x", MaxFileSize-100-len(`{"pad": ""}`)) + `"}`)
	if err := os.WriteFile(path, old, 0o644); err != nil {
		t.Fatal(err)
	}
	st := &FileStore{Home: filepath.Join(dir, "home")}
	_, err := st.Update(path, func(b []byte, _ bool) ([]byte, bool, error) {
		out, err := InsertEntries(b, supervisorEntries(testCommand, 600), testOwner)
		return out, false, err
	})
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Size <= MaxFileSize {
		t.Fatalf("err = %v, want a *TooLargeError", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, old) {
		t.Error("the file changed")
	}
	if b, _ := st.Backups(path); len(b) != 0 {
		t.Errorf("backups taken: %v", b)
	}
}
