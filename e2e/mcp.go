//go:build unix

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// MCPServerName is the suite's MCP server's name in a project's .mcp.json. Claude Code offers its
// tools to the model as mcp__<name>__<tool>.
const MCPServerName = "suite"

// The suite's MCP tools as the model sees them: lookup and status only read, note appends to a
// file (e2e/mcpserver).
const (
	MCPLookup = "mcp__" + MCPServerName + "__lookup"
	MCPStatus = "mcp__" + MCPServerName + "__status"
	MCPNote   = "mcp__" + MCPServerName + "__note"
)

// MCPServer is a built e2e/mcpserver binary.
type MCPServer struct {
	Path string
}

// BuildMCPServer builds ./e2e/mcpserver of the module at moduleDir into dir/mcp/ccc-e2e-mcp.
func BuildMCPServer(moduleDir, dir string) (MCPServer, error) {
	bin := filepath.Join(dir, "mcp", "ccc-e2e-mcp")
	cmd := exec.Command("go", "build", "-o", bin, "./e2e/mcpserver")
	cmd.Dir = moduleDir
	if out, err := cmd.CombinedOutput(); err != nil {
		return MCPServer{}, fmt.Errorf("go build ./e2e/mcpserver: %w\n%s", err, out)
	}
	return MCPServer{Path: bin}, nil
}

// MCPLog is the log the suite's MCP server appends to: one line per event of every process of
// it that a sandbox started (the session's, the reviewer's).
type MCPLog struct {
	Path string
	// Notes is the file the note tool appends to.
	Notes string
}

// MCPOptions are how the suite's MCP server behaves (see e2e/mcpserver).
type MCPOptions struct {
	// InitDelay holds the answer to initialize, as a slow server's start does.
	InitDelay time.Duration
	// Linger makes the server ignore termination signals and outlive its client until killed.
	Linger bool
	// Wrap starts the server as the child of a wrapper process, as npx and uvx do.
	Wrap bool
	// Approval is the settings file that approves the server, and how: "" for the user's
	// (enabledMcpjsonServers in ~/.claude/settings.json, which the review takes), "local" for the
	// project's .claude/settings.local.json, where Claude Code 2.1.328 and 2.1.332 write it when
	// the user picks "Use this MCP server" at the start of an interactive session, "local-all"
	// for enableAllProjectMcpServers there (which the agent under review can write as well).
	Approval string
}

// AddProjectMCPServer configures the suite's MCP server for the sandbox's project as a user does:
// an entry in the project's .mcp.json, approved where opts.Approval says (`claude -p` loads the
// project's servers without asking).
func (s *Sandbox) AddProjectMCPServer(t testing.TB, srv MCPServer, opts MCPOptions) *MCPLog {
	t.Helper()
	log := &MCPLog{Path: filepath.Join(s.Root, "mcp.log"), Notes: filepath.Join(s.Root, "mcp-notes.txt")}
	args := []string{"-log", log.Path, "-notes", log.Notes, "-init-delay", opts.InitDelay.String()}
	if opts.Linger {
		args = append(args, "-linger")
	}
	if opts.Wrap {
		args = append(args, "-wrap")
	}
	s.WriteJSON(t, filepath.Join(s.Project, ".mcp.json"), map[string]any{"mcpServers": map[string]any{
		MCPServerName: map[string]any{"type": "stdio", "command": srv.Path, "args": args},
	}})
	switch local := filepath.Join(s.Project, ".claude", "settings.local.json"); opts.Approval {
	case "":
		s.MergeJSON(t, s.SettingsPath(), map[string]any{"enabledMcpjsonServers": []string{MCPServerName}})
	case "local":
		s.MergeJSON(t, local, map[string]any{"enabledMcpjsonServers": []string{MCPServerName}})
	case "local-all":
		s.MergeJSON(t, local, map[string]any{"enableAllProjectMcpServers": true})
	default:
		t.Fatalf("no approval %q", opts.Approval)
	}
	// A server left running (by a test that fails because one was) goes with the test.
	t.Cleanup(func() {
		for _, p := range log.Processes(t) {
			if cmd, err := exec.Command("ps", "-o", "command=", "-p", strconv.Itoa(p.Start.Pid)).Output(); err == nil &&
				strings.Contains(string(cmd), srv.Path) {
				_ = syscall.Kill(p.Start.Pid, syscall.SIGKILL)
			}
		}
	})
	return log
}

// MergeJSON sets the top-level keys of the JSON object in path (created when missing) to those
// of add.
func (s *Sandbox) MergeJSON(t testing.TB, path string, add map[string]any) {
	t.Helper()
	obj := map[string]any{}
	if raw := s.ReadFile(t, path); raw != "" {
		if err := json.Unmarshal([]byte(raw), &obj); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	for k, v := range add {
		obj[k] = v
	}
	s.WriteJSON(t, path, obj)
}

// MCPEvent is one line of the MCP server's log.
type MCPEvent struct {
	Time     time.Time `json:"t"`
	Pid      int       `json:"pid"`
	Event    string    `json:"event"` // start, request, call, signal, linger, exit
	Parent   int       `json:"ppid"`
	Group    int       `json:"pgid"`
	Reviewer bool      `json:"reviewer"` // started inside a review (CCC_SUPERVISOR_HOOK=1)
	Wrapper  bool      `json:"wrapper"`  // the wrapper process of a wrapped server
	Method   string    `json:"method"`
	Tool     string    `json:"tool"`
	Why      string    `json:"why"`
}

// MCPProcess is what the log tells of one process of the server.
type MCPProcess struct {
	Start   MCPEvent
	Listed  time.Time // when the client first asked for the tools (zero: never)
	Calls   []string  // the tools called, in order
	Signals []string  // the signals a lingering server ignored
	Linger  *MCPEvent // a lingering server's end of input
	Exit    *MCPEvent // nil while it runs, or when it was killed
}

// Processes reads the log and returns its processes in the order they started.
func (l *MCPLog) Processes(t testing.TB) []*MCPProcess {
	t.Helper()
	data, err := os.ReadFile(l.Path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []*MCPProcess
	byPid := map[int]*MCPProcess{}
	dec := json.NewDecoder(bytes.NewReader(data))
	for dec.More() {
		var e MCPEvent
		if err := dec.Decode(&e); err != nil {
			t.Fatalf("MCP server log %s: %v", l.Path, err)
		}
		p := byPid[e.Pid]
		if e.Event == "start" {
			p = &MCPProcess{Start: e}
			byPid[e.Pid] = p
			out = append(out, p)
			continue
		}
		if p == nil {
			t.Fatalf("MCP server log %s: %s of pid %d before its start", l.Path, e.Event, e.Pid)
		}
		switch e.Event {
		case "request":
			if e.Method == "tools/list" && p.Listed.IsZero() {
				p.Listed = e.Time
			}
		case "call":
			p.Calls = append(p.Calls, e.Tool)
		case "signal":
			p.Signals = append(p.Signals, e.Why)
		case "linger":
			p.Linger = &e
		case "exit":
			p.Exit = &e
		}
	}
	return out
}

// Reviewers are the processes started inside a review.
func (l *MCPLog) Reviewers(t testing.TB) []*MCPProcess {
	t.Helper()
	var out []*MCPProcess
	for _, p := range l.Processes(t) {
		if p.Start.Reviewer {
			out = append(out, p)
		}
	}
	return out
}
