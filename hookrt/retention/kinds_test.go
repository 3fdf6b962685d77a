package retention

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/window"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/hookrt/checks"
	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
	"github.com/ccc-hooks/ccc-hooks/hookrt/workflow"
)

// TestKindsNameTheStoresFiles: the kinds name the files the stores write, where they write
// them, under the locks they take: a session the supervisor's store wrote is one group of its
// state, log and lock, and the workflow's counters and lock are where the workflow keeps them.
func TestKindsNameTheStoresFiles(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	store := &supervisor.SessionStore{Home: home, Now: time.Now}
	const id = "0b9a7e1c-4f6d-4e58-9d3a-2c1b0a9f8e7d"
	if _, err := store.Update(context.Background(), id, func(*supervisor.State) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if err := store.Append(id, decision(id, 1)); err != nil {
		t.Fatal(err)
	}
	checksStore := checks.Store{Home: home}
	testfs.Write(t, checksStore.Path(id), `{"results":[]}`, 0o600)
	keys, _, err := scan(home, Kinds())
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 1 || keys[0] != "session:"+id {
		t.Fatalf("groups %q; want one, session:%s", keys, id)
	}
	g, _ := groupOf(keys[0])
	got := map[string]string{}
	for _, f := range g.whole(home, Kinds()).files {
		got[f.kind.What] = f.path
		if f.kind.lockPath(home, id) != filepath.Join(home, "locks", "supervisor-"+id+".lock") {
			t.Errorf("%s: lock %s", f.kind.What, f.kind.lockPath(home, id))
		}
	}
	want := map[string]string{
		"supervisor state":        store.Path(id),
		"supervisor decision log": store.LogPath(id),
		"supervisor lock":         filepath.Join(home, "locks", "supervisor-"+id+".lock"),
		"check results":           checksStore.Path(id),
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the store's files as kinds (-want +got):\n%s", diff)
	}
	// A Claude Code window's record and its lock, as the store writes them, are one window's.
	windowHome := t.TempDir()
	wstore := &supervisor.SessionStore{Home: windowHome, Now: time.Now}
	if err := wstore.NoteWindow(context.Background(), window.ID{PID: 4242, Start: "boot 1"}, id, true); err != nil {
		t.Fatal(err)
	}
	wkeys, _, err := scan(windowHome, Kinds())
	if err != nil {
		t.Fatal(err)
	}
	if len(wkeys) != 1 || wkeys[0] != "window:4242" {
		t.Fatalf("groups %q; want one, window:4242", wkeys)
	}
	wg, _ := groupOf(wkeys[0])
	gotWindow := map[string]string{}
	for _, f := range wg.whole(windowHome, Kinds()).files {
		gotWindow[f.kind.What] = f.path
		if f.kind.lockPath(windowHome, "4242") != filepath.Join(windowHome, "locks", "window-4242.lock") {
			t.Errorf("%s: lock %s", f.kind.What, f.kind.lockPath(windowHome, "4242"))
		}
	}
	wantWindow := map[string]string{
		"window record": wstore.WindowPath(4242),
		"window lock":   filepath.Join(windowHome, "locks", "window-4242.lock"),
	}
	if diff := cmp.Diff(wantWindow, gotWindow); diff != "" {
		t.Errorf("the store's window files as kinds (-want +got):\n%s", diff)
	}
	for _, k := range Kinds() {
		if k.What == "workflow block counters" {
			if k.path(home, id) != workflow.StatePath(home, id) || k.lockPath(home, id) != workflow.LockPath(home) {
				t.Errorf("workflow counters at %s under %s; the workflow writes %s under %s",
					k.path(home, id), k.lockPath(home, id), workflow.StatePath(home, id), workflow.LockPath(home))
			}
		}
	}
}
