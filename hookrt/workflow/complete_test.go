package workflow

import (
	"bytes"
	"context"
	"errors"
	"os"
	"testing"
	"time"
)

// TestConfirmTask: confirming from the shell completes the task once; the session's next Stop
// is then allowed; a second confirmation changes nothing; an unknown id is ErrNotFound.
func TestConfirmTask(t *testing.T) {
	f := newFixture(t)
	f.prompt("/mc fix it")
	id := f.only().TaskID
	store := NewTaskStore(f.project, f.home, nil)
	later := f.now.Add(time.Hour)

	got, already, err := store.ConfirmTask(context.Background(), id, later)
	if err != nil || already {
		t.Fatalf("ConfirmTask: already %v, err %v", already, err)
	}
	saved := f.only()
	if saved.Status != StatusCompleted || !saved.UserConfirmedFixed || saved.ArchivedAt == nil ||
		*saved.ArchivedAt != later.Format(time.RFC3339) || got.TaskID != id {
		t.Errorf("saved task %+v, want completed, confirmed, archived at %s", saved.Meta, later.Format(time.RFC3339))
	}
	if out := f.stop(); out != nil && out.Decision == "block" {
		t.Errorf("Stop after the confirmation blocked: %q", reason(out))
	}

	before, err := os.ReadFile(saved.MetaPath())
	if err != nil {
		t.Fatal(err)
	}
	if _, already, err := store.ConfirmTask(context.Background(), id, later.Add(time.Hour)); err != nil || !already {
		t.Errorf("second ConfirmTask: already %v, err %v; want already", already, err)
	}
	if after, _ := os.ReadFile(saved.MetaPath()); !bytes.Equal(after, before) {
		t.Errorf("a second confirmation rewrote the task:\n%s\nwant\n%s", after, before)
	}

	if _, _, err := store.ConfirmTask(context.Background(), "task-20990101-000000", later); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown id: %v, want ErrNotFound", err)
	}
}

// TestConfirmTaskWaitsForTheLock: while a hook holds the workflow lock, a confirmation waits;
// when it gives up, the task is left as it was.
func TestConfirmTaskWaitsForTheLock(t *testing.T) {
	f := newFixture(t)
	f.prompt("/mc fix it")
	task := f.only()
	store := NewTaskStore(f.project, f.home, nil)
	unlock, err := store.Lock(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	if _, _, err := store.ConfirmTask(ctx, task.TaskID, f.now); err == nil {
		t.Fatal("ConfirmTask succeeded while another process held the workflow lock")
	}
	if got := f.only(); got.Status != StatusInProgress || got.UserConfirmedFixed {
		t.Errorf("task changed without the lock: %+v", got.Meta)
	}
}
