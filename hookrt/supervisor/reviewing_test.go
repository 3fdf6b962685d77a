package supervisor

import (
	"context"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
)

// TestReviewingSaysWhenAReviewStarts: Options.Reviewing is told once for an answer that runs a
// review, and not at all for one that runs none (off, or at the cap); left nil, nothing is told
// and the review runs as before.
func TestReviewingSaysWhenAReviewStarts(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, ccc string
		told      int
	}{
		{"a review", `{"supervisor":{"enabled":true}}`, 1},
		{"off", `{"supervisor":{"enabled":false}}`, 0},
		{"at the cap", `{"supervisor":{"enabled":true,"max_iterations":1}}`, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := hooktest.New(t, tt.ccc, hooktest.AllowScript)
			opts := optsOf(e)
			if tt.name == "at the cap" {
				if _, err := run(context.Background(), hooktest.Stop("s"), opts); err != nil { // review 1 of 1
					t.Fatal(err)
				}
			}
			reviewing := make(chan struct{}, 2)
			opts.Reviewing = reviewing
			if _, err := run(context.Background(), hooktest.Stop("s"), opts); err != nil {
				t.Fatal(err)
			}
			if got := len(reviewing); got != tt.told {
				t.Errorf("told %d times; want %d", got, tt.told)
			}
		})
	}
}
