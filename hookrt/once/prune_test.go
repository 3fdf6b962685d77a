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
	died, first, err := Claim(context.Background(), dir, []byte("died"), "c", clock.now)
	if err != nil || !first {
		t.Fatalf("Claim = %v, %v", first, err)
	}
	unlockClose(died.f) // the process died: no Done
	clock.advance(expiry + time.Minute)
	if r, _, _ := Claim(context.Background(), dir, []byte("later"), "c", clock.now); r != nil {
		_ = r.Done()
	}
	if _, err := os.Stat(record1(dir, "died")); err != nil {
		t.Errorf("a record abandoned %s ago was pruned: %v", expiry+time.Minute, err)
	}
	clock.advance(abandoned)
	if r, _, _ := Claim(context.Background(), dir, []byte("much later"), "c", clock.now); r != nil {
		_ = r.Done()
	}
	if _, err := os.Stat(record1(dir, "died")); !os.IsNotExist(err) {
		t.Errorf("a record abandoned over %s ago was kept (err %v)", abandoned, err)
	}
}

// TestReclaimedRecordIsRewrittenWhole: a payload answered, then answered again after the window
// by an invocation that died, leaves that invocation's record intact (not the shorter new record
// over the tail of the old one), so it too is kept as abandoned rather than pruned as unreadable.
func TestReclaimedRecordIsRewrittenWhole(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	clock := newClock()
	first, _, _ := Claim(context.Background(), dir, []byte("ev"), "c", clock.now)
	clock.advance(time.Second)
	_ = first.Done()
	clock.advance(2 * Window)
	again, ok, err := Claim(context.Background(), dir, []byte("ev"), "c", clock.now)
	if err != nil || !ok {
		t.Fatalf("Claim after the window = %v, %v", ok, err)
	}
	unlockClose(again.f) // died before answering
	f, err := os.Open(record1(dir, "ev"))
	if err != nil {
		t.Fatal(err)
	}
	r, readable := readRecord(f)
	_ = f.Close()
	if !readable || !r.started.Equal(clock.now()) || !r.answered.IsZero() {
		t.Errorf("record after the second claim = %+v, readable %v; want started now, unanswered", r, readable)
	}
}

// TestPruneRemovesUnreadableRecords: a record file cut short or overwritten with garbage is
// removed once it is older than expiry.
func TestPruneRemovesUnreadableRecords(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	clock := newClock()
	if r, _, _ := Claim(context.Background(), dir, []byte("first"), "c", clock.now); r != nil {
		_ = r.Done()
	}
	garbage := record1(dir, "garbage")
	if err := os.WriteFile(garbage, []byte("12 not a record\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	clock.advance(expiry + time.Minute)
	if r, _, _ := Claim(context.Background(), dir, []byte("later"), "c", clock.now); r != nil {
		_ = r.Done()
	}
	if _, err := os.Stat(garbage); !os.IsNotExist(err) {
		t.Errorf("an unreadable record older than %s was kept (err %v)", expiry, err)
	}
}
