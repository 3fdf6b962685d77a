package once

import (
	"context"
	"os"
	"testing"
	"time"
)

// TestPruneKeepsAbandonedRecordsForADay: the record of an invocation that died before answering
// is kept for `abandoned` (a day), not pruned with the answered records after `expiry`; after a
// day it goes.
func TestPruneKeepsAbandonedRecordsForADay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	clock := newClock()
	died, first, err := Claim(context.Background(), dir, []byte("died"), clock.now)
	if err != nil || !first {
		t.Fatalf("Claim = %v, %v", first, err)
	}
	unlockClose(died.f) // the process died: no Done
	clock.advance(expiry + time.Minute)
	if r, _, _ := Claim(context.Background(), dir, []byte("later"), clock.now); r != nil {
		_ = r.Done()
	}
	if _, err := os.Stat(record1(dir, "died")); err != nil {
		t.Errorf("a record abandoned %s ago was pruned: %v", expiry+time.Minute, err)
	}
	clock.advance(abandoned)
	if r, _, _ := Claim(context.Background(), dir, []byte("much later"), clock.now); r != nil {
		_ = r.Done()
	}
	if _, err := os.Stat(record1(dir, "died")); !os.IsNotExist(err) {
		t.Errorf("a record abandoned over %s ago was kept (err %v)", abandoned, err)
	}
}
