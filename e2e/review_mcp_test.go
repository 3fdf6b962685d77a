//go:build linux

package e2e

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestReviewWithMCPServer: a session with the suite's MCP server configured in the project
// (.mcp.json, approved in the user's settings, where the review takes an approval from: its tools
// allowed by the rule mcp__suite) uses two of its tools and is reviewed on Stop. The fork loads the server too,
// and its first request still extends the session's last one: the same tools in the same order,
// the same system prompt, the session's messages first — the MCP tools included, where the
// session had them. Claude Code offers MCP tools in one of two ways, and both are checked:
//
//   - tool search (the default): by name in a message, loaded through ToolSearch when first used;
//     an interactive session (tmux) is reviewed.
//   - up front (ENABLE_TOOL_SEARCH=false): in the tool list itself. A `claude -p` session is
//     reviewed: an interactive session's tool list then also holds AskUserQuestion,
//     EnterPlanMode, ExitPlanMode and WaitForMcpServers, which a `claude -p` fork has not, so
//     there no fork can share its cache, with an MCP server or without (docs/performance.md).
//
// In the review, the read-only lookup runs because supervisor.allowed_tools names it; status,
// read-only too but not named, and note, which writes, are refused by the read-only hook although
// the user's rule allows the whole server: the server never hears of them and the notes file keeps
// the agent's line only. When the review is over, no process of the reviewer's MCP server is left
// (and an interactive session's own server still runs).
func TestReviewWithMCPServer(t *testing.T) {
	t.Parallel()
	for _, toolSearch := range []bool{true, false} {
		name := "tool search"
		if !toolSearch {
			name = "tools up front"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			reviewWithMCPServer(t, toolSearch)
		})
	}
}

func reviewWithMCPServer(t *testing.T, toolSearch bool) {
	const (
		prompt    = "Look up the glossary and note it."
		done      = "Looked it up and noted it. Done."
		agentNote = "the agent was here"
		verdict   = "Checked the glossary; the work is done."
	)
	load := func(names ...string) Reply {
		return Call("ToolSearch", map[string]any{"query": "select:" + strings.Join(names, ","), "max_results": 5}, "")
	}
	// The agent's and the reviewer's steps; with tool search, a deferred tool is loaded first.
	agent := []Reply{
		Call(MCPLookup, map[string]any{"term": "stop"}, ""),
		Call(MCPNote, map[string]any{"text": agentNote}, ""),
	}
	review := []Reply{
		Call(MCPLookup, map[string]any{"term": "review"}, ""),
		Call(MCPStatus, map[string]any{}, ""),
		Call(MCPNote, map[string]any{"text": "the reviewer was here"}, ""),
	}
	if toolSearch {
		agent = append([]Reply{load(MCPLookup, MCPNote)}, agent...)
		review = append([]Reply{load(MCPStatus)}, review...)
	}
	sc := newScenario(t, func(r *Request) Reply {
		switch {
		case r.IsSupervisor():
			if n := len(r.ToolResults()) - len(agent); n < len(review) {
				return review[n]
			}
			return Verdict(true, verdict)
		case r.IsAgent():
			if n := len(r.ToolResults()); n < len(agent) {
				return agent[n]
			}
			return Say(done)
		}
		return Say("OK.")
	})
	mcp := sc.AddProjectMCPServer(t, builtMCPServer(t), MCPOptions{Linger: true, Wrap: true})
	local := map[string]any{"permissions": map[string]any{"allow": []string{"mcp__" + MCPServerName}}}
	if !toolSearch {
		local["env"] = map[string]any{"ENABLE_TOOL_SEARCH": "false"}
	}
	sc.MergeJSON(t, filepath.Join(sc.Project, ".claude", "settings.local.json"), local)
	sc.Install(t, sc.product)
	sc.WriteConfig(t, map[string]any{
		"enabled":       true,
		"allowed_tools": []string{"Bash(git diff:*)", "Bash(git log:*)", "Bash(git status:*)", MCPLookup},
	})
	session := NewSessionID(t)
	if toolSearch {
		term := sc.StartTerminal(t, RequireTmux(t), sc.Claude.Path, "--permission-mode", "default", "--session-id", session, prompt)
		term.WaitScreen(t, 120*time.Second, done)
	} else if pr := sc.agentStops(t, session, prompt); pr.Result != done {
		t.Fatalf("the session ended with %q, want %q", pr.Result, done)
	}
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 1), "Stop:allow")

	sup := sc.api.Supervisor()
	if len(sup) != len(review)+1 {
		t.Fatalf("supervisor requests = %d, want %d", len(sup), len(review)+1)
	}
	last := checkReviewExtendsSession(t, sc, session, sup)
	// The MCP tools are part of what the review shares with the session: in the tool list, or
	// (tool search) announced by name in the conversation until ToolSearch loads it; status stays
	// unloaded, as nobody used it.
	for _, r := range []*Request{last, sup[0]} {
		if r.HasTool("ToolSearch") != toolSearch {
			t.Errorf("request %d has ToolSearch: %v, want %v", r.Seq, !toolSearch, toolSearch)
		}
		for _, tool := range []string{MCPLookup, MCPStatus, MCPNote} {
			if !r.HasTool(tool) && (!toolSearch || !r.Contains(tool)) {
				t.Errorf("request %d: %s is neither in the tool list %q nor announced", r.Seq, tool, toolNames(r))
			}
		}
		if toolSearch && r.HasTool(MCPStatus) {
			t.Errorf("request %d: %s is in the tool list before anyone loaded it", r.Seq, MCPStatus)
		}
	}

	results := sup[len(sup)-1].ToolResults()[len(agent):]
	if toolSearch {
		if r := results[0]; r.IsError {
			t.Errorf("the reviewer's ToolSearch was refused: %q", r.ResultText())
		}
		results = results[1:]
	}
	if r := results[0]; r.IsError || !strings.Contains(r.ResultText(), "review: a forked session") {
		t.Errorf("lookup (named in allowed_tools): %q (is_error %v), want the glossary's entry", r.ResultText(), r.IsError)
	}
	for i, tool := range []string{"status", "note"} {
		if r := results[1+i]; !r.IsError || !strings.Contains(r.ResultText(), readOnlyRefusal) {
			t.Errorf("%s: %q (is_error %v), want the read-only refusal", tool, r.ResultText(), r.IsError)
		}
	}
	t.Logf("the review took %v ms", sc.Decisions(t, session)[0]["duration_ms"])
	if n, _ := sc.Decisions(t, session)[0]["permission_denials"].(float64); n != 2 {
		t.Errorf("permission_denials = %v, want 2 (status, note)", n)
	}
	if got := sc.ReadFile(t, mcp.Notes); got != agentNote+"\n" {
		t.Errorf("notes file after the review = %q, want the agent's note only", got)
	}

	// The reviewer's MCP server: started inside the review, asked for lookup only, and gone with it
	// — a server that ignores its client's signals, started by a wrapper, as npx starts servers:
	// Claude Code ends the wrapper, and only the kill of the reviewer's process group ends the
	// server.
	var sessionServer, reviewServer *MCPProcess
	var reviewers []*MCPProcess
	for _, p := range mcp.Processes(t) {
		switch {
		case p.Start.Reviewer:
			reviewers = append(reviewers, p)
			if !p.Start.Wrapper {
				reviewServer = p
			}
		case !p.Start.Wrapper && sessionServer == nil:
			sessionServer = p
		}
	}
	if sessionServer == nil || reviewServer == nil || len(reviewers) != 2 {
		t.Fatalf("MCP server processes: the session's %v, the reviewer's %v, %d started in the review (want a wrapper and a server)",
			sessionServer != nil, reviewServer != nil, len(reviewers))
	}
	if want := []string{"lookup", "note"}; !slices.Equal(sessionServer.Calls, want) {
		t.Errorf("the session's server was called for %q, want %q", sessionServer.Calls, want)
	}
	if want := []string{"lookup"}; !slices.Equal(reviewServer.Calls, want) {
		t.Errorf("the reviewer's server was called for %q, want %q", reviewServer.Calls, want)
	}
	for _, p := range reviewers {
		Eventually(t, 5*time.Second, fmt.Sprintf("the reviewer's MCP process %d to end", p.Start.Pid), func() bool {
			return liveCommand(p.Start.Pid) == ""
		}, func() string { return liveCommand(p.Start.Pid) })
	}
	reviewServer = mcp.Reviewers(t)[slices.IndexFunc(mcp.Reviewers(t), func(p *MCPProcess) bool { return !p.Start.Wrapper })]
	t.Logf("the reviewer's MCP server (pid %d, parent %d, group %d): tools listed %s after its start, %s before the review's first request; ignored %q; lingered: %v; killed",
		reviewServer.Start.Pid, reviewServer.Start.Parent, reviewServer.Start.Group,
		reviewServer.Listed.Sub(reviewServer.Start.Time).Round(time.Millisecond), sup[0].At.Sub(reviewServer.Listed).Round(time.Millisecond),
		reviewServer.Signals, reviewServer.Linger != nil)
	if toolSearch && liveCommand(sessionServer.Start.Pid) == "" {
		t.Errorf("the session's own MCP server (pid %d) is gone while the session runs", sessionServer.Start.Pid)
	}
}

// TestReviewStartsNoServerTheProjectApproves: a server of the project's .mcp.json approved only in
// the project's .claude/settings.local.json — by name, as Claude Code's dialog writes it, or with
// enableAllProjectMcpServers, as an agent may write it — starts in the `claude -p` session, which
// reads that file, and never in its review: no process of the server's runs inside the review
// (CCC_SUPERVISOR_HOOK=1 in its environment), and the review still gives its verdict. The review
// then lacks the session's MCP tools, and the fork's first request shares less of the session's
// last one (logged).
func TestReviewStartsNoServerTheProjectApproves(t *testing.T) {
	t.Parallel()
	for _, approval := range []string{"local", "local-all"} {
		t.Run(approval, func(t *testing.T) {
			t.Parallel()
			const done, verdict = "Done.", "Nothing to object to."
			sc := newScenario(t, func(r *Request) Reply {
				if r.IsSupervisor() {
					return Verdict(true, verdict)
				}
				return Say(done)
			})
			mcp := sc.AddProjectMCPServer(t, builtMCPServer(t), MCPOptions{Approval: approval})
			sc.Install(t, sc.product)
			sc.EnableSupervisor(t, sc.product)
			session := NewSessionID(t)
			if pr := sc.agentStops(t, session, "Say done."); pr.Result != done {
				t.Fatalf("the session ended with %q, want %q", pr.Result, done)
			}
			checkTrail(t, waitDecisions(t, sc.Sandbox, session, 1), "Stop:allow")
			var session0, review []*MCPProcess
			for _, p := range mcp.Processes(t) {
				if p.Start.Reviewer {
					review = append(review, p)
				} else {
					session0 = append(session0, p)
				}
			}
			if len(session0) == 0 {
				t.Errorf("the session started no MCP server: the approval in settings.local.json was not read, and the test proves nothing")
			}
			if len(review) > 0 {
				t.Errorf("the review started the project's MCP server (pid %d), which only the project's settings approve", review[0].Start.Pid)
			}
			sup := sc.api.Supervisor()
			if len(sup) == 0 {
				t.Fatal("no review")
			}
			agent := sc.api.Agent()
			if p, err := ComparePrefix(agent[len(agent)-1], sup[0]); err == nil {
				t.Logf("the fork's first request repeats the session's last: %s", p)
			}
		})
	}
}
