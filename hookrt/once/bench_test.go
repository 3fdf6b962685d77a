package once

import (
	"context"
	"strconv"
	"testing"
	"time"
)

// BenchmarkClaimDone is what answered-once adds to every event: claim a new event and record its
// answer.
func BenchmarkClaimDone(b *testing.B) {
	dir := b.TempDir()
	for i := range b.N {
		t, first, err := Claim(context.Background(), dir, []byte(`{"session_id":"x","n":`+strconv.Itoa(i)+`}`), "c", time.Now)
		if err != nil || !first {
			b.Fatal(err)
		}
		if err := t.Done(); err != nil {
			b.Fatal(err)
		}
	}
}
