package supervisor

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/internal/window"
)

// BenchmarkFollow: what the switch costs a hook run, the process that started the benchmark
// standing in for the window (window.Of, the system's lookup). "state only" is what the switch
// read before the window rule, the baseline; "never switched" is every hook's path while the
// supervisor is off by default and nobody switched the window (one missing file more);
// "switched" is a session switched itself, whose window is looked up and found recorded already.
func BenchmarkFollow(b *testing.B) {
	if _, err := window.Of(os.Getppid()); err != nil {
		b.Skip(err)
	}
	e := hooktest.New(b, "", "")
	e.Vars[window.PIDVar] = strconv.Itoa(os.Getppid())
	// ccc.json read once by the router, as in a hook run.
	sw := &Switch{Store: storeOf(e), Getenv: e.Getenv, loaded: &config.Supervisor{}}
	ctx := context.Background()
	b.Run("state only", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := sw.Store.Load("fresh"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("never switched", func(b *testing.B) {
		for b.Loop() {
			if _, err := sw.Follow(ctx, "fresh", true); err != nil {
				b.Fatal(err)
			}
		}
	})
	if err := sw.Set(ctx, "switched", false, true); err != nil {
		b.Fatal(err)
	}
	b.Run("switched", func(b *testing.B) {
		for b.Loop() {
			if _, err := sw.Follow(ctx, "switched", true); err != nil {
				b.Fatal(err)
			}
		}
	})
}
