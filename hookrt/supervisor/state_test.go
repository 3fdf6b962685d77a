package supervisor

import (
	"bytes"
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/window"
)

func testStore(t *testing.T) *SessionStore {
	t.Helper()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	return &SessionStore{Home: t.TempDir(), Now: func() time.Time { return now }}
}

func increment(st *State) error { st.Count++; return nil }

func TestUpdateConcurrent(t *testing.T) {
	s := testStore(t)
	const n = 50
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A SessionStore per goroutine: each takes its own lock file handle, like separate processes.
			own := &SessionStore{Home: s.Home, Now: s.Now}
			_, err := own.Update(context.Background(), "sess", increment)
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	st, exists, err := s.Load("sess")
	if err != nil || !exists || st.Count != n {
		t.Fatalf("got count %d (exists %v, err %v), want %d", st.Count, exists, err, n)
	}
}

func TestUpdateKeepsEnabledAndCreatedAt(t *testing.T) {
	s := testStore(t)
	on := true
	if _, err := s.Update(context.Background(), "a", func(st *State) error { st.Enabled = &on; return nil }); err != nil {
		t.Fatal(err)
	}
	later := s.Now().Add(time.Hour)
	s.Now = func() time.Time { return later }
	st, err := s.Update(context.Background(), "a", increment)
	if err != nil {
		t.Fatal(err)
	}
	if st.Enabled == nil || !*st.Enabled || st.Count != 1 || st.CreatedAt.Equal(later) || !st.UpdatedAt.Equal(later) {
		t.Fatalf("got %+v", st)
	}
}

func TestUpdateNoChangeWritesNothing(t *testing.T) {
	s := testStore(t)
	if _, err := s.Update(context.Background(), "a", func(*State) error { return ErrNoChange }); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(s.Path("a")); !os.IsNotExist(err) {
		t.Fatalf("state file written: %v", err)
	}
}

func TestUpdateStartsAfreshOnCorruptFile(t *testing.T) {
	s := testStore(t)
	if err := os.WriteFile(s.Path("a"), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Load("a"); err == nil {
		t.Fatal("Load of a corrupt file: no error")
	}
	st, err := s.Update(context.Background(), "a", increment)
	if err != nil || st.Count != 1 {
		t.Fatalf("got %+v, %v", st, err)
	}
}

func TestLockTimeout(t *testing.T) {
	s := testStore(t)
	s.LockTimeout = 50 * time.Millisecond
	release := make(chan struct{})
	held := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = s.Update(context.Background(), "a", func(*State) error {
			close(held)
			<-release
			return nil
		})
	}()
	<-held
	other := &SessionStore{Home: s.Home, Now: s.Now, LockTimeout: 50 * time.Millisecond}
	_, err := other.Update(context.Background(), "a", increment)
	close(release)
	<-done // the holder writes its state file yet: the temporary directory is removed after it
	if err == nil {
		t.Fatal("no error while another holds the lock")
	}
}

func TestAppendLines(t *testing.T) {
	s := testStore(t)
	for i := range 3 {
		if err := s.Append("a", map[string]int{"n": i}); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(s.LogPath("a"))
	if err != nil || string(data) != "{\"n\":0}\n{\"n\":1}\n{\"n\":2}\n" {
		t.Fatalf("got %q, %v", data, err)
	}
}

// TestKeepFresh: the state of an ID in use is given the current time when it was last written
// more than keepFreshAfter ago, and only then; its content is kept, and a state that does not
// exist is not created.
func TestKeepFresh(t *testing.T) {
	s := testStore(t)
	on := true
	if _, err := s.Update(context.Background(), "shared", func(st *State) error { st.Enabled = &on; return nil }); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(s.Path("shared"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		age  time.Duration
		want time.Time // the modification time after KeepFresh
	}{
		{keepFreshAfter / 2, s.Now().Add(-keepFreshAfter / 2)},
		{40 * 24 * time.Hour, s.Now()},
	} {
		at := s.Now().Add(-tt.age)
		if err := os.Chtimes(s.Path("shared"), at, at); err != nil {
			t.Fatal(err)
		}
		if err := s.KeepFresh(context.Background(), "shared"); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(s.Path("shared"))
		if err != nil || !fi.ModTime().Equal(tt.want) {
			t.Errorf("written %s ago: modified at %v (%v), want %v", tt.age, fi.ModTime(), err, tt.want)
		}
	}
	if after, err := os.ReadFile(s.Path("shared")); err != nil || !bytes.Equal(after, before) {
		t.Errorf("the state changed: %q, %v", after, err)
	}
	if err := s.KeepFresh(context.Background(), "never"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(s.Path("never")); !os.IsNotExist(err) {
		t.Errorf("a state was created: %v", err)
	}
}

// TestNoteWindowKeepsTheRecordFresh: a window that goes on running the session its record names
// has that record marked in use (an old modification time brought to now, its content kept), so
// that the retention of ccc-hooks home does not take it from a window still open.
func TestNoteWindowKeepsTheRecordFresh(t *testing.T) {
	s := testStore(t)
	w := window.ID{PID: 4242, Start: "boot 1"}
	if err := s.NoteWindow(context.Background(), w, "s1", true); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(s.WindowPath(w.PID))
	if err != nil {
		t.Fatal(err)
	}
	old := s.Now().Add(-40 * 24 * time.Hour)
	if err := os.Chtimes(s.WindowPath(w.PID), old, old); err != nil {
		t.Fatal(err)
	}
	if err := s.NoteWindow(context.Background(), w, "s1", true); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(s.WindowPath(w.PID))
	if err != nil || !fi.ModTime().Equal(s.Now()) {
		t.Errorf("the record was modified at %v (%v), want %v", fi.ModTime(), err, s.Now())
	}
	if after, err := os.ReadFile(s.WindowPath(w.PID)); err != nil || !bytes.Equal(after, before) {
		t.Errorf("the record changed: %q, %v", after, err)
	}
}
