//go:build unix

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// build is the one ccc-hooks build shared by every test of this run. TestMain
// sets it before any test starts and removes its directory at the end.
var build *productBuild

type productBuild struct {
	dir     string
	once    sync.Once
	product Product
	err     error
}

func TestMain(m *testing.M) {
	os.Exit(runTests(m))
}

func runTests(m *testing.M) int {
	dir, err := os.MkdirTemp("", "ccc-e2e-build-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer func() { _ = os.RemoveAll(dir) }()
	build = &productBuild{dir: dir}
	return m.Run()
}

// builtProduct builds ccc-hooks on first use and fails the test when the
// build does.
func builtProduct(t testing.TB) Product {
	t.Helper()
	build.once.Do(func() {
		moduleDir, err := filepath.Abs("..")
		if err != nil {
			build.err = err
			return
		}
		start := time.Now()
		build.product, build.err = BuildProduct(moduleDir, build.dir)
		if build.err == nil {
			t.Logf("built %s in %s", build.product.Path, time.Since(start).Round(time.Millisecond))
		}
	})
	if build.err != nil {
		t.Fatal(build.err)
	}
	return build.product
}

// scenario is everything one end-to-end test needs: the real claude, a fake
// API answering with the test's script, a sandbox, and the product.
type scenario struct {
	*Sandbox
	api     *FakeAPI
	product Product
}

// newScenario skips (or fails on CI) without Claude Code, builds the
// product, starts the fake API and creates the sandbox.
func newScenario(t *testing.T, script Script) *scenario {
	t.Helper()
	claude := RequireClaude(t)
	product := builtProduct(t)
	api := StartFakeAPI(t, script)
	sc := &scenario{Sandbox: NewSandbox(t, claude, api), api: api, product: product}
	sc.PutOnPath(t, product)
	return sc
}

// agentStops runs a `claude -p` session with a fixed session id and returns
// its parsed result.
func (sc *scenario) agentStops(t *testing.T, sessionID, prompt string) PrintResult {
	t.Helper()
	res := sc.ClaudePrint(t, 90*time.Second, prompt, "--session-id", sessionID, "--output-format", "json")
	pr := ParsePrintResult(t, res)
	if res.ExitCode != 0 || pr.IsError {
		t.Fatalf("claude -p failed: exit %d\nstdout: %s\nstderr: %s", res.ExitCode, res.Stdout, res.Stderr)
	}
	return pr
}
