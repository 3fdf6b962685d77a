//go:build !linux && !darwin

package wall

import (
	"context"
	"runtime"
)

// run refuses: this system gives no copy-on-write wall (native Windows has no namespaces or
// overlays a user may make), and a check is never run bare.
func run(context.Context, Spec) (Result, error) {
	return Result{}, refused("%s has no namespaces or overlays a user may make; checks run only behind the wall (Linux, macOS)", runtime.GOOS)
}
