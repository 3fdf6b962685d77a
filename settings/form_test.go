package settings

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestInstallBringsEarlierFormsUpToDate: a handler of ours that differs from the wanted one only
// in its form — no statusMessage (written by an earlier version), another text, a shell key too
// many or too few, a statusMessage that is not one string — is replaced in place by the current
// form, every other byte kept; a second install changes nothing, and uninstall takes out every
// form.
func TestInstallBringsEarlierFormsUpToDate(t *testing.T) {
	const (
		head = "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"Stop\": [\n" +
			"      {\"hooks\": [{\"type\": \"command\", \"command\": \"echo mine\"}]},\n      {\n        \"hooks\": [\n          {\n"
		tail    = "\n          }\n        ]\n      }\n    ]\n  }\n}\n"
		current = "            \"type\": \"command\",\n            \"command\": \"C:/Tools/ccc-hooks.exe hook\",\n" +
			"            \"timeout\": 600,\n            \"statusMessage\": \"ccc-hooks workflow checking the task\""
	)
	entry := Entry{Event: "Stop", Command: "C:/Tools/ccc-hooks.exe hook", Timeout: 600, StatusMessage: "ccc-hooks workflow checking the task"}
	withShell := entry
	withShell.Shell = "powershell"
	cmdLine := "            \"type\": \"command\",\n            \"command\": \"C:/Tools/ccc-hooks.exe hook\",\n            \"timeout\": 600"
	tests := []struct {
		name    string
		handler string // the handler's members as the file holds them
		entry   Entry
		want    string
	}{
		{"no statusMessage", cmdLine, entry, current},
		{"another text", cmdLine + ",\n            \"statusMessage\": \"ccc-hooks supervisor reviewing\"", entry, current},
		{"a shell key too many", current + ",\n            \"shell\": \"powershell\"", entry, current},
		{"no shell key", current, withShell, current + ",\n            \"shell\": \"powershell\""},
		{"statusMessage twice", current + ",\n            \"statusMessage\": \"x\"", entry, current},
		{"statusMessage not a string", cmdLine + ",\n            \"statusMessage\": 1", entry, current},
		{"shell not a string", current + ",\n            \"shell\": null", entry, current},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(head + tt.handler + tail)
			got, err := InsertEntries(src, []Entry{tt.entry}, testOwner)
			if err != nil {
				t.Fatal(err)
			}
			diffBytes(t, "InsertEntries", got, []byte(head+tt.want+tail))
			again, err := InsertEntries(got, []Entry{tt.entry}, testOwner)
			if err != nil {
				t.Fatal(err)
			}
			diffBytes(t, "second InsertEntries", again, got)
			for _, in := range [][]byte{src, got} {
				out, err := RemoveEntries(in, nil, testOwner)
				if err != nil {
					t.Fatal(err)
				}
				if handlers, _ := Handlers(out); ownedCount(handlers) != 0 {
					t.Errorf("RemoveEntries left ours: %+v", handlers)
				}
			}
		})
	}
}

// TestHandlersReportTheForm: Handlers lists each handler's statusMessage and shell as strings,
// "" when the key is absent or holds something else.
func TestHandlersReportTheForm(t *testing.T) {
	src := []byte(`{"hooks": {"Stop": [{"hooks": [
		{"type": "command", "command": "a", "statusMessage": "checking", "shell": "powershell"},
		{"type": "command", "command": "b", "statusMessage": 5, "shell": ["bash"]},
		{"type": "command", "command": "c"}]}]}}`)
	handlers, err := Handlers(src)
	if err != nil {
		t.Fatal(err)
	}
	type form struct{ Command, StatusMessage, Shell string }
	var got []form
	for _, h := range handlers {
		got = append(got, form{h.Command, h.StatusMessage, h.Shell})
	}
	want := []form{{"a", "checking", "powershell"}, {"b", "", ""}, {"c", "", ""}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Handlers (-want +got):\n%s", diff)
	}
}

// TestEntryKeyOrder: the handler ccc-hooks writes has its keys in the order type, command,
// timeout, statusMessage, shell, in a compact file as in an indented one.
func TestEntryKeyOrder(t *testing.T) {
	e := Entry{Event: "Stop", Command: "x/ccc-hooks hook", Timeout: 5, StatusMessage: "s", Shell: "powershell"}
	got, err := InsertEntries([]byte(`{"a":1}`), []Entry{e}, testOwner)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"a":1,"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x/ccc-hooks hook","timeout":5,"statusMessage":"s","shell":"powershell"}]}]}}`
	diffBytes(t, "InsertEntries", got, []byte(want))
}
