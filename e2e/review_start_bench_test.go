//go:build unix

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// startSetup is one way a project and the hook's environment can be set up for a review.
type startSetup struct {
	name        string
	mcp         bool          // the suite's MCP server in the project's .mcp.json
	initDelay   time.Duration // how long it holds its answer to initialize in the reviews
	upFront     bool          // ENABLE_TOOL_SEARCH=false: MCP tools in the tool list
	reviewerEnv []string      // added to the hook's environment, which the reviewer inherits
	// allowedTools, when set, is supervisor.allowed_tools. A grant of every Bash command keeps the
	// reviewer out of Claude Code's Bash sandbox, which it otherwise gets where the machine has it
	// (bashsandbox.Unsandboxed); the reviewer here runs no command.
	allowedTools []string
}

// startSetups are the setups BenchmarkReviewerStart can time; the first one of a run is its
// baseline. CCC_E2E_REVIEW_START picks some by name (comma-separated), in that order.
var startSetups = []startSetup{
	{name: "no-mcp"},
	{name: "mcp-0ms", mcp: true},
	{name: "mcp-1500ms", mcp: true, initDelay: 1500 * time.Millisecond},
	{name: "mcp-5000ms", mcp: true, initDelay: 5000 * time.Millisecond},
	{name: "mcp-0ms-nowait", mcp: true, reviewerEnv: []string{"CLAUDE_CODE_MCP_STARTUP_WAIT_MS=0"}},
	{name: "mcp-1500ms-nowait", mcp: true, initDelay: 1500 * time.Millisecond, reviewerEnv: []string{"CLAUDE_CODE_MCP_STARTUP_WAIT_MS=0"}},
	{name: "upfront-no-mcp", upFront: true},
	{name: "upfront-mcp-0ms", mcp: true, upFront: true},
	{name: "upfront-mcp-1500ms", mcp: true, upFront: true, initDelay: 1500 * time.Millisecond},
	{name: "upfront-mcp-5000ms", mcp: true, upFront: true, initDelay: 5000 * time.Millisecond},
	{name: "upfront-mcp-0ms-nowait", mcp: true, upFront: true, reviewerEnv: []string{"CLAUDE_CODE_MCP_STARTUP_WAIT_MS=0"}},
	{name: "upfront-mcp-1500ms-nowait", mcp: true, upFront: true, initDelay: 1500 * time.Millisecond, reviewerEnv: []string{"CLAUDE_CODE_MCP_STARTUP_WAIT_MS=0"}},
	{name: "no-mcp-unsandboxed", allowedTools: []string{"Bash"}},
}

// defaultStartSetups are timed when CCC_E2E_REVIEW_START is not set.
const defaultStartSetups = "no-mcp,mcp-0ms,mcp-1500ms,mcp-0ms-nowait,mcp-1500ms-nowait"

// startRig is one setup, ready to be reviewed: a sandbox with a session to fork.
type startRig struct {
	startSetup
	sb         *Sandbox
	session    string
	last       *Request // the session's last request
	transcript string
	starts     []time.Duration
	walls      []time.Duration
	cached     []float64 // the share of the session's prompt the review's first request repeats
}

// BenchmarkReviewerStart times what a Stop review costs before the reviewer's model is even
// asked, with and without an MCP server in the project (scripts/time-review-start.sh runs it;
// docs/performance.md has the figures). Each iteration is one round: one review of each setup in
// turn (the order rotating every round), each started as Claude Code starts the hook — one
// `ccc-hooks hook` process with the Stop event on stdin, built as install.sh builds it — against
// a session of that setup made beforehand, with a server that answers at once (by its last
// request a session has its servers' tools, however slowly they started). start is the time
// from the hook's start to the reviewer's first request at the fake API, wall the hook's whole
// run; the model answers every request at once. Every review must succeed; the share of the
// session's prompt that each first review request repeats (the cache rule) is reported, not
// asserted: some setups break it on purpose.
func BenchmarkReviewerStart(b *testing.B) {
	claude := RequireClaude(b)
	product := buildAsInstalled(b)
	server := builtMCPServer(b)
	api := StartFakeAPI(b, func(r *Request) Reply {
		if r.IsSupervisor() {
			return Verdict(true, "Checked.")
		}
		return Say("Done.")
	})
	names := os.Getenv("CCC_E2E_REVIEW_START")
	if names == "" {
		names = defaultStartSetups
	}
	var rigs []*startRig
	for _, name := range strings.Split(names, ",") {
		i := slices.IndexFunc(startSetups, func(s startSetup) bool { return s.name == name })
		if i < 0 {
			b.Fatalf("CCC_E2E_REVIEW_START: no setup %q", name)
		}
		rigs = append(rigs, newStartRig(b, startSetups[i], claude, api, product, server))
	}
	round := 0
	for b.Loop() {
		for k := range rigs {
			rigs[(round+k)%len(rigs)].review(b, api, product)
		}
		round++
	}
	b.StopTimer()
	reportStarts(b, rigs)
}

func newStartRig(b *testing.B, setup startSetup, claude Claude, api *FakeAPI, product Product, server MCPServer) *startRig {
	b.Helper()
	r := &startRig{startSetup: setup, sb: NewSandbox(b, claude, api), session: NewSessionID(b)}
	r.sb.PutOnPath(b, product)
	if setup.mcp {
		r.sb.AddProjectMCPServer(b, server, MCPOptions{})
	}
	if setup.upFront {
		r.sb.MergeJSON(b, filepath.Join(r.sb.Project, ".claude", "settings.local.json"), map[string]any{
			"env": map[string]any{"ENABLE_TOOL_SEARCH": "false"},
		})
	}
	r.sb.Install(b, product)
	// The session is made before the supervisor is on, so that its own stop is not reviewed.
	before := len(api.Requests())
	res := r.sb.ClaudePrint(b, 120*time.Second, "Do the work.", "--session-id", r.session, "--output-format", "json")
	if res.ExitCode != 0 {
		b.Fatalf("%s: the session failed: exit %d\n%s", setup.name, res.ExitCode, res.Stderr)
	}
	for _, req := range api.Requests()[before:] {
		if req.IsAgent() {
			r.last = req
		}
	}
	transcripts, _ := filepath.Glob(filepath.Join(r.sb.ConfigDir, "projects", "*", r.session+".jsonl"))
	if r.last == nil || len(transcripts) != 1 {
		b.Fatalf("%s: the session left %d requests and transcripts %q", setup.name, len(api.Requests())-before, transcripts)
	}
	r.transcript = transcripts[0]
	if setup.mcp && setup.initDelay > 0 {
		r.sb.AddProjectMCPServer(b, server, MCPOptions{InitDelay: setup.initDelay})
	}
	cfg := map[string]any{"enabled": true, "max_iterations": 100}
	if setup.allowedTools != nil {
		cfg["allowed_tools"] = setup.allowedTools
	}
	r.sb.WriteConfig(b, cfg)
	return r
}

// review runs one Stop review of the rig's session and records its times.
func (r *startRig) review(b *testing.B, api *FakeAPI, product Product) {
	b.Helper()
	// A new count, so that no review is capped.
	if res := r.sb.Run(b, 30*time.Second, product.Path, "supervisor", "on", "--session", r.session); res.ExitCode != 0 {
		b.Fatalf("supervisor on: exit %d: %s", res.ExitCode, res.Stderr)
	}
	before := len(api.Requests())
	hook := exec.Command(product.Path, "hook")
	hook.Dir = r.sb.Project
	hook.Env = append(r.sb.Env(), r.reviewerEnv...)
	hook.Stdin = strings.NewReader(fmt.Sprintf(
		`{"session_id":%q,"transcript_path":%q,"hook_event_name":"Stop","cwd":%q,"stop_hook_active":false,"last_assistant_message":"Done."}`,
		r.session, r.transcript, r.sb.Project))
	start := time.Now()
	out, err := hook.Output()
	wall := time.Since(start)
	if err != nil || !strings.Contains(string(out), `"reason"`) {
		b.Fatalf("%s: the hook answered %q (%v)", r.name, out, err)
	}
	var first *Request
	for _, req := range api.Requests()[before:] {
		if req.IsMessages() {
			first = req
			break
		}
	}
	if first == nil || !first.IsSupervisor() {
		b.Fatalf("%s: the review's first request is not the review", r.name)
	}
	r.starts = append(r.starts, first.At.Sub(start))
	r.walls = append(r.walls, wall)
	p, err := ComparePrefix(r.last, first)
	if err != nil {
		b.Fatal(err)
	}
	r.cached = append(r.cached, float64(p.Cached())/float64(p.Total()))
}

// reportStarts logs a table of the medians, as ratios of the first setup's too, and reports them
// as the benchmark's metrics.
func reportStarts(b *testing.B, rigs []*startRig) {
	b.Helper()
	base := rigs[0]
	var t strings.Builder
	fmt.Fprintf(&t, "%d rounds; start = hook start to the reviewer's first request, wall = the hook's whole run; medians\n", len(base.starts))
	fmt.Fprintf(&t, "%-26s %9s %7s %7s %9s %7s %7s %7s\n", "setup", "start", "ratio", "paired", "wall", "ratio", "paired", "cached")
	for _, r := range rigs {
		start, wall := median(r.starts), median(r.walls)
		fmt.Fprintf(&t, "%-26s %7.0fms %6.2fx %6.2fx %7.0fms %6.2fx %6.2fx %6.1f%%\n", r.name,
			ms(start), ms(start)/ms(median(base.starts)), pairedRatio(r.starts, base.starts),
			ms(wall), ms(wall)/ms(median(base.walls)), pairedRatio(r.walls, base.walls), 100*slices.Min(r.cached))
		b.ReportMetric(ms(start), "start-ms:"+r.name)
		b.ReportMetric(ms(wall), "wall-ms:"+r.name)
	}
	b.ReportMetric(0, "ns/op")
	b.Log("\n" + t.String())
}

// pairedRatio is the median of the round-by-round ratios of a to base.
func pairedRatio(a, base []time.Duration) float64 {
	ratios := make([]float64, 0, len(a))
	for i := range a {
		ratios = append(ratios, ms(a[i])/ms(base[i]))
	}
	slices.Sort(ratios)
	return (ratios[(len(ratios)-1)/2] + ratios[len(ratios)/2]) / 2
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return (s[(len(s)-1)/2] + s[len(s)/2]) / 2
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// buildAsInstalled builds ccc-hooks as install.sh builds it: CGO_ENABLED=0, -trimpath.
func buildAsInstalled(b *testing.B) Product {
	b.Helper()
	moduleDir, err := filepath.Abs("..")
	if err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(b.TempDir(), "ccc-hooks")
	cmd := exec.Command("go", "build", "-trimpath", "-o", bin, "./cmd/ccc-hooks")
	cmd.Dir = moduleDir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build ./cmd/ccc-hooks: %v\n%s", err, out)
	}
	return Product{Path: bin}
}
