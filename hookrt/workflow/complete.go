package workflow

import (
	"context"
	"time"
)

// ConfirmTask records the user's confirmation on the task id and completes it (status
// completed, archived now), as the session's next Stop would after a confirming prompt; it is
// what `ccc-hooks task confirm` does. It reads the task, takes the workflow lock, reads it again
// and saves it, so a hook of the same project writing at the same moment is never lost.
//
// A task that is already completed is returned with already true and left as it is. A missing
// task is an error wrapping ErrNotFound; a corrupt one an error naming its file.
func (s *TaskStore) ConfirmTask(ctx context.Context, id string, now time.Time) (t *Task, already bool, err error) {
	// Read first: a mistyped id fails without taking the lock.
	if _, err := s.Load(id); err != nil {
		return nil, false, err
	}
	unlock, err := s.Lock(ctx)
	if err != nil {
		return nil, false, err
	}
	defer unlock()
	if t, err = s.Load(id); err != nil {
		return nil, false, err
	}
	if t.Status == StatusCompleted {
		return t, true, nil
	}
	t.Complete(now)
	if err := s.Save(t); err != nil {
		return nil, false, err
	}
	return t, false, nil
}
