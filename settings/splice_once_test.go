package settings

import (
	"bytes"
	"testing"
)

// installOneByOne is InsertEntries as it was before entries were spliced in together: each
// entry edits the document the one before it left (the reference for FuzzInstallSpliceOnce).
func installOneByOne(src []byte, entries []Entry, ours OwnerFunc) ([]byte, error) {
	return withBOM(src, func(src []byte) ([]byte, error) {
		blank := isBlank(src)
		if blank {
			src = []byte(emptyDocument)
		} else if err := checkSyntax(src); err != nil {
			return nil, err
		}
		d, err := parseDocument(src)
		if err != nil {
			return nil, err
		}
		st := detectStyle(d)
		for _, e := range entries {
			if d, err = installOne(d, st, e, ours); err != nil {
				return nil, err
			}
		}
		if blank {
			return append(d.src, '\n'), nil
		}
		return d.src, nil
	})
}

// spliceOnceEntries mixes events that exist in the seeds with new ones, and two matchers of
// one event, so that gathered edits, flushes before a new event and flushes before an event
// met again are all exercised.
var spliceOnceEntries = []Entry{
	{Event: "Stop", Command: testCommand, Timeout: 600},
	{Event: "PreToolUse", Matcher: "AskUserQuestion", Command: testCommand, Timeout: 600},
	{Event: "PreToolUse", Matcher: "Bash", Command: testCommand, Timeout: 10},
	{Event: "SessionStart", Command: testCommand, Timeout: 5},
	{Event: "Notification", Command: testCommand, Timeout: 7},
}

// FuzzInstallSpliceOnce: installing all entries in one splice gives byte for byte what editing
// the file entry by entry gives, and fails exactly when that fails.
func FuzzInstallSpliceOnce(f *testing.F) {
	addSeeds(f)
	f.Add([]byte(`{"hooks": {"PreToolUse": [{"matcher": "Read", "hooks": [{"type": "command", "command": "x"}]}], "Stop": []}}`))
	f.Add([]byte("{\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [{\"type\": \"command\", \"command\": \"` + testCommand + `\"}]\n      }\n    ],\n    \"PreToolUse\": [],\n    \"Notification\": [{\"hooks\": []}]\n  }\n}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for n := 1; n <= len(spliceOnceEntries); n++ {
			entries := spliceOnceEntries[:n]
			got, err := InsertEntries(src, entries, testOwner)
			want, werr := installOneByOne(src, entries, testOwner)
			if (err == nil) != (werr == nil) {
				t.Fatalf("%d entries: error %v, entry by entry %v\n%q", n, err, werr, src)
			}
			if err == nil && !bytes.Equal(got, want) {
				t.Fatalf("%d entries: one splice differs from entry by entry\nsrc:\n%q\ngot:\n%q\nwant:\n%q", n, src, got, want)
			}
		}
	})
}
