package settings

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/jsonscan"
)

// addSeeds adds every golden input and a few hand-written files in various styles.
func addSeeds(f *testing.F) {
	ins, _ := filepath.Glob(filepath.Join("testdata", "install", "in", "*.json"))
	for _, in := range ins {
		if b, err := os.ReadFile(in); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		`{"a":1}`,
		`{ }`,
		`{"hooks":{}}`,
		`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/x/ccc-hooks hook","timeout":600}]}]}}`,
		"{\r\n\t\"hooks\": {\r\n\t\t\"Stop\": [\r\n\t\t\t{\"hooks\": []}\r\n\t\t]\r\n\t}\r\n}",
		"{\n    \"permissions\": {\"allow\": [\"Bash(ls)\", \"Read\"]},\n    \"hooks\": {\n        \"PreToolUse\": [\n" +
			"            {\"matcher\": \"AskUserQuestion\", \"hooks\": [{\"type\": \"command\", \"command\": \"q\"}]}\n        ]\n    }\n}\n",
		`{"hooks":{"Stop":[{"hooks":[{"command":"x"},{"command":"/x/ccc-hooks hook","timeout":1}]}]}}`,
		`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"say hi"},{"type":"command","command":"/opt/x/ccc-hooks hook","timeout":30}]}]}}`,
		"{\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"AskUserQuestion\", \"hooks\": [\n        {\"type\": \"command\", \"command\": \"/usr/local/bin/ccc-hooks hook\", \"timeout\": 600},\n        {\"type\": \"command\", \"command\": \"q\"}\n      ]}\n    ]\n  }\n}\n",
		`{"hooks": {"Stop": {}}}`,
		"\xef\xbb\xbf{\"a\": 1, \"hooks\": {\"Stop\": [ ]}}",
		"{\n\"a\": 1,\n  \"c\": 2\n}",
		`{"a": // c
1}`,
		`[1, 2]`,
	} {
		f.Add([]byte(s))
	}
}

// preExistingEmpty reports whether a container that InsertEntries fills already exists empty in src
// (or src is blank), the case where RemoveEntries cannot restore src byte for byte.
func preExistingEmpty(src []byte, entries []Entry) bool {
	if isBlank(src) {
		return true
	}
	root := rootValue(string(src))
	if len(children(root).items) == 0 {
		return true
	}
	hooks := lastMember(root, "hooks")
	if !hooks.Exists() {
		return false
	}
	if len(children(hooks).items) == 0 {
		return true
	}
	for _, e := range entries {
		if ev := lastMember(hooks, e.Event); ev.Exists() && len(children(ev).items) == 0 {
			return true
		}
	}
	return false
}

// lastMember returns the value of the last member named key (gjson would return the first).
func lastMember(obj gjson.Result, key string) gjson.Result {
	var out gjson.Result
	obj.ForEach(func(k, v gjson.Result) bool {
		if k.Str == key {
			out = v
		}
		return true
	})
	return out
}

func FuzzInstallUninstall(f *testing.F) {
	addSeeds(f)
	entries := supervisorEntries(testCommand, 600)
	other := supervisorEntries(otherCommand, 30)
	f.Fuzz(func(t *testing.T, src []byte) {
		out, err := InsertEntries(src, entries, testOwner)
		if err != nil {
			return
		}
		if !json.Valid(cutBOM(out)) {
			t.Fatalf("Install output is not valid JSON:\n%s", out)
		}
		again, err := InsertEntries(out, entries, testOwner)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("InsertEntries is not idempotent (err %v):\nonce:\n%s\ntwice:\n%s", err, out, again)
		}
		handlers, err := Handlers(out)
		if err != nil {
			if _, err0 := Handlers(src); err0 == nil {
				t.Fatalf("Handlers on InsertEntries output: %v", err)
			}
		} else {
			for _, e := range entries {
				if !hasHandler(handlers, e) {
					t.Fatalf("Handlers does not find %+v in:\n%s", e, out)
				}
			}
		}
		replaced, err := InsertEntries(out, other, testOwner)
		if err != nil || !json.Valid(cutBOM(replaced)) {
			t.Fatalf("re-install with another command (err %v):\n%s", err, replaced)
		}
		l := noteContainers(nil, src, out)
		checkReversal(t, src, out, entries, l)
		checkReversal(t, src, replaced, entries, noteContainers(maps.Clone(l), out, replaced))
	})
}

// checkReversal asserts the reversal property of one install of entries into src that gave
// out: InsertEntries takes stale handlers of ours out the way RemoveEntries does, so uninstalling out gives
// what uninstalling src gives — src itself when it holds nothing of ours. Inputs where a
// container on our path pre-existed empty are exempt (uninstall removes it; see Uninstall) —
// unless the ledger's containers are given: then uninstall gives back src exactly whenever src
// holds nothing of ours and is not blank.
func checkReversal(t *testing.T, src, out []byte, entries []Entry, ledger map[string]*string) {
	t.Helper()
	var touched []string
	for _, e := range entries {
		touched = append(touched, e.Event)
	}
	back, err := RemoveEntries(out, touched, testOwner)
	if err != nil {
		t.Fatalf("RemoveEntries of InsertEntries output: %v\n%s", err, out)
	}
	plain, err := RemoveEntries(src, touched, testOwner)
	if err != nil {
		t.Fatalf("RemoveEntries(x) fails although InsertEntries(x) worked: %v", err)
	}
	if bytes.Equal(plain, src) && !isBlank(cutBOM(src)) {
		exact, err := RemoveEntriesWith(out, touched, testOwner, &Ledger{Containers: ledger})
		if err != nil || !bytes.Equal(exact, src) {
			t.Fatalf("RemoveEntriesWith(InsertEntries(x), ledger) != x (err %v)\nx:\n%q\ninstalled:\n%q\nuninstalled:\n%q\nledger: %v", err, src, out, exact, ledger)
		}
	}
	if preExistingEmpty(cutBOM(src), entries) {
		return
	}
	if !bytes.Equal(back, plain) {
		t.Fatalf("RemoveEntries(InsertEntries(x)) != RemoveEntries(x)\nx:\n%q\ninstalled:\n%q\nuninstalled:\n%q\nwant:\n%q", src, out, back, plain)
	}
}

func FuzzUninstall(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		out, err := RemoveEntries(src, nil, testOwner)
		if err != nil {
			return
		}
		if !isBlank(cutBOM(out)) && !json.Valid(cutBOM(out)) {
			t.Fatalf("Uninstall output is not valid JSON:\n%s", out)
		}
		if ownsAny(out) {
			t.Fatalf("our handlers left after RemoveEntries:\n%s", out)
		}
		again, err := RemoveEntries(out, nil, testOwner)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("RemoveEntries is not idempotent (err %v)", err)
		}
	})
}

func hasHandler(handlers []Handler, e Entry) bool {
	for _, r := range handlers {
		if r.Event == e.Event && r.Matcher == e.Matcher && r.Command == e.Command &&
			r.Type == "command" && r.Timeout == float64(e.Timeout) {
			return true
		}
	}
	return false
}

func ownsAny(src []byte) bool {
	handlers, _ := Handlers(src)
	return ownedCount(handlers) > 0
}

// FuzzValidJSON checks that jsonscan.Valid accepts exactly what encoding/json accepts.
func FuzzValidJSON(f *testing.F) {
	addSeeds(f)
	for _, s := range []string{`0`, `-0.5e+7`, `01`, `1.`, `"\u12g4"`, `"\ud83d"`, "\"\x01\"", `[1,]`, `{"a" 1}`, `tru`, ` null `, "\xff"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if got, want := jsonscan.Valid(src), json.Valid(src); got != want {
			t.Fatalf("jsonscan.Valid(%q) = %v, encoding/json says %v", src, got, want)
		}
	})
}

// FuzzInstallReindented re-formats each input in one of several styles (json.Indent with
// 2 spaces, 4 spaces or tabs, or compact; LF or CRLF) and checks the same properties, so the
// mutated inputs reach realistic layouts.
func FuzzInstallReindented(f *testing.F) {
	ins, _ := filepath.Glob(filepath.Join("testdata", "install", "in", "*.json"))
	for i, in := range ins {
		if b, err := os.ReadFile(in); err == nil {
			f.Add(b, uint8(i), i%2 == 0)
		}
	}
	entries := supervisorEntries(testCommand, 600)
	f.Fuzz(func(t *testing.T, raw []byte, styleSel uint8, crlf bool) {
		var buf bytes.Buffer
		switch styleSel % 4 {
		case 0:
			if json.Compact(&buf, raw) != nil {
				return
			}
		default:
			indent := [...]string{"", "  ", "    ", "\t"}[styleSel%4]
			if json.Indent(&buf, raw, "", indent) != nil {
				return
			}
		}
		src := buf.Bytes()
		if crlf {
			src = bytes.ReplaceAll(src, []byte("\n"), []byte("\r\n"))
		}
		out, err := InsertEntries(src, entries, testOwner)
		if err != nil {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("invalid output:\n%s", out)
		}
		allCRLF := bytes.Count(src, []byte("\r\n")) == bytes.Count(src, []byte("\n"))
		if allCRLF && bytes.Contains(src, []byte("\n")) && bytes.Contains(bytes.ReplaceAll(out, []byte("\r\n"), nil), []byte("\n")) {
			t.Fatalf("LF inserted into a CRLF file:\n%q", out)
		}
		again, err := InsertEntries(out, entries, testOwner)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("not idempotent (err %v):\n%s\n%s", err, out, again)
		}
		checkReversal(t, src, out, entries, noteContainers(nil, src, out))
	})
}
