package settings

import "testing"

// TestRemoveEntriesEditsOutOfOrder: a group made only of our handler before a mixed group that
// also holds one of ours gives the patcher its edits out of document order (the handler taken
// out of the later group is planned before the earlier group goes); both must still apply.
func TestRemoveEntriesEditsOutOfOrder(t *testing.T) {
	const ours = `{"type": "command", "command": "/a/ccc-hooks hook", "timeout": 600}`
	const foreign = `{"type": "command", "command": "afplay done.aiff"}`
	src := `{"hooks": {"Stop": [{"hooks": [` + ours + `]}, {"hooks": [` + foreign + `, ` + ours + `]}]}}`
	want := `{"hooks": {"Stop": [{"hooks": [` + foreign + `]}]}}`
	got, err := RemoveEntries([]byte(src), nil, testOwner)
	if err != nil {
		t.Fatalf("RemoveEntries: %v", err)
	}
	diffBytes(t, "RemoveEntries", got, []byte(want))
}
