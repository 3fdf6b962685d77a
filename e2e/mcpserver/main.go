//go:build unix

// Command mcpserver is the end-to-end suite's own MCP server: a stdio server (JSON-RPC 2.0, one
// message a line) with two read-only tools, lookup and status, and one that writes, note. The
// suite configures it for a session the way users configure theirs, so that a session and its
// supervisor's fork load it, and reads its log to see which process started it, what it was asked
// and when it ended.
//
//	mcpserver -log FILE [-notes FILE] [-init-delay DURATION] [-linger] [-wrap]
//
// -log appends one JSON object a line: "start" (pid, parent, process group, whether the process
// runs inside a review: CCC_SUPERVISOR_HOOK=1), every request by method ("call" with the tool's
// name for tools/call) and "exit" with why. -notes is the file note appends to. -init-delay
// holds the answer to initialize that long, as a slow server (one that starts a runtime, opens a
// database or dials a remote service) does. -linger makes a server that outlives its client, as
// a server with work of its own in flight does: it ignores SIGINT, SIGTERM and SIGHUP ("signal"
// events) and keeps running after the end of its input ("linger"), until it is killed. -wrap
// starts the server as a child of a wrapper process, as `npx` and `uvx` start most servers: the
// wrapper's client talks to the child through the wrapper's inherited stdin and stdout, and a
// signal to the wrapper ends the wrapper alone.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

func main() {
	logPath := flag.String("log", "", "append a JSON line per event to this file")
	notesPath := flag.String("notes", "", "the file the note tool appends to")
	initDelay := flag.Duration("init-delay", 0, "how long to hold the answer to initialize")
	linger := flag.Bool("linger", false, "ignore termination signals and the end of input; run until killed")
	wrap := flag.Bool("wrap", false, "run the server as a child of this process")
	flag.Parse()
	if *wrap {
		os.Exit(runWrapped(openLog(*logPath)))
	}
	s := &server{log: openLog(*logPath), notes: *notesPath, initDelay: *initDelay, started: time.Now()}
	s.record(event{Event: "start", Parent: os.Getppid(), Group: syscall.Getpgrp(), Reviewer: os.Getenv("CCC_SUPERVISOR_HOOK") == "1"})
	go func() {
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
		for got := range sig {
			if !*linger {
				s.record(event{Event: "exit", Why: got.String()})
				os.Exit(0)
			}
			s.record(event{Event: "signal", Why: got.String()})
		}
	}()
	err := s.serve(os.Stdin, os.Stdout)
	why := "end of input"
	if err != nil {
		why = err.Error()
	}
	if *linger {
		s.record(event{Event: "linger", Why: why})
		select {} // until killed
	}
	s.record(event{Event: "exit", Why: why})
}

// runWrapped runs this program without -wrap as a child on the same streams, and returns its
// exit status.
func runWrapped(log *os.File) int {
	s := &server{log: log}
	s.record(event{Event: "start", Parent: os.Getppid(), Group: syscall.Getpgrp(), Reviewer: os.Getenv("CCC_SUPERVISOR_HOOK") == "1", Wrapper: true})
	var args []string
	for _, a := range os.Args[1:] {
		if a != "-wrap" && a != "--wrap" {
			args = append(args, a)
		}
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpserver:", err)
		return 1
	}
	c := exec.Command(self, args...)
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := c.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		fmt.Fprintln(os.Stderr, "mcpserver:", err)
		return 1
	}
	return 0
}

// server answers one client on a pair of streams.
type server struct {
	log       *os.File
	notes     string
	initDelay time.Duration
	started   time.Time

	mu    sync.Mutex // log writes and calls
	calls int
}

// event is one line of the log.
type event struct {
	Time     time.Time `json:"t"`
	Pid      int       `json:"pid"`
	Event    string    `json:"event"`
	Parent   int       `json:"ppid,omitempty"`
	Group    int       `json:"pgid,omitempty"`
	Reviewer bool      `json:"reviewer,omitempty"`
	Wrapper  bool      `json:"wrapper,omitempty"`
	Method   string    `json:"method,omitempty"`
	Tool     string    `json:"tool,omitempty"`
	Why      string    `json:"why,omitempty"`
}

func openLog(path string) *os.File {
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpserver:", err)
		os.Exit(1)
	}
	return f
}

// record appends e to the log in one write, so that the lines of servers sharing a log never mix.
func (s *server) record(e event) {
	if s.log == nil {
		return
	}
	e.Time, e.Pid = time.Now(), os.Getpid()
	line, _ := json.Marshal(e) // plain fields: cannot fail
	s.mu.Lock()
	defer s.mu.Unlock()
	_, _ = s.log.Write(append(line, '\n'))
}

// message is a JSON-RPC request, notification (no id) or response.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// serve reads requests until the end of in and answers each on out.
func (s *server) serve(in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	enc := json.NewEncoder(out) // one object and a newline per answer
	for sc.Scan() {
		var req message
		if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
			if err := enc.Encode(message{JSONRPC: "2.0", ID: json.RawMessage("null"), Error: &rpcError{-32700, err.Error()}}); err != nil {
				return err
			}
			continue
		}
		if req.Method == "" {
			continue // a response to nothing we asked
		}
		s.record(event{Event: "request", Method: req.Method})
		result, rerr := s.answer(req)
		if len(req.ID) == 0 {
			continue // a notification gets no answer
		}
		resp := message{JSONRPC: "2.0", ID: req.ID, Result: result, Error: rerr}
		if rerr == nil && result == nil {
			resp.Result = struct{}{}
		}
		if err := enc.Encode(resp); err != nil {
			return err
		}
	}
	return sc.Err()
}

func (s *server) answer(req message) (any, *rpcError) {
	switch req.Method {
	case "initialize":
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_ = json.Unmarshal(req.Params, &p)
		if p.ProtocolVersion == "" {
			p.ProtocolVersion = "2025-06-18"
		}
		time.Sleep(s.initDelay)
		return map[string]any{
			"protocolVersion": p.ProtocolVersion,
			"capabilities":    map[string]any{"tools": map[string]any{"listChanged": false}},
			"serverInfo":      map[string]any{"name": "ccc-e2e-suite", "version": "1.0.0"},
		}, nil
	case "ping", "notifications/initialized", "notifications/cancelled":
		return nil, nil
	case "tools/list":
		return map[string]any{"tools": tools}, nil
	case "tools/call":
		return s.call(req.Params)
	}
	return nil, &rpcError{-32601, "method not found: " + req.Method}
}

// tools are what tools/list offers.
var tools = []map[string]any{
	{
		"name":        "lookup",
		"description": "Look up a term of the project's glossary.",
		"inputSchema": map[string]any{
			"type":       "object",
			"properties": map[string]any{"term": map[string]any{"type": "string", "description": "the term"}},
			"required":   []string{"term"},
		},
		"annotations": map[string]any{"readOnlyHint": true},
	},
	{
		"name":        "status",
		"description": "Report whether the glossary service is up.",
		"inputSchema": map[string]any{"type": "object", "properties": map[string]any{}},
		"annotations": map[string]any{"readOnlyHint": true},
	},
	{
		"name":        "note",
		"description": "Append a note to the project's notes file.",
		"inputSchema": map[string]any{
			"type":       "object",
			"properties": map[string]any{"text": map[string]any{"type": "string", "description": "the note"}},
			"required":   []string{"text"},
		},
		"annotations": map[string]any{"readOnlyHint": false, "destructiveHint": false},
	},
}

var glossary = map[string]string{
	"stop":   "the event Claude Code fires when the agent ends its turn",
	"review": "a forked session that judges the work before the agent may stop",
}

func (s *server) call(params json.RawMessage) (any, *rpcError) {
	var p struct {
		Name      string `json:"name"`
		Arguments struct {
			Term string `json:"term"`
			Text string `json:"text"`
		} `json:"arguments"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, &rpcError{-32602, err.Error()}
	}
	s.record(event{Event: "call", Tool: p.Name})
	s.mu.Lock()
	s.calls++
	calls := s.calls
	s.mu.Unlock()
	switch p.Name {
	case "lookup":
		if def, ok := glossary[p.Arguments.Term]; ok {
			return text(p.Arguments.Term + ": " + def), nil
		}
		return text("no entry for " + p.Arguments.Term), nil
	case "status":
		return text(fmt.Sprintf("up for %s, %d calls", time.Since(s.started).Round(time.Millisecond), calls)), nil
	case "note":
		if err := appendNote(s.notes, p.Arguments.Text); err != nil {
			return map[string]any{"content": []any{map[string]any{"type": "text", "text": err.Error()}}, "isError": true}, nil
		}
		return text("noted"), nil
	}
	return nil, &rpcError{-32602, "unknown tool: " + p.Name}
}

func appendNote(path, note string) error {
	if path == "" {
		return errors.New("no notes file configured")
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	_, err = f.WriteString(note + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func text(s string) map[string]any {
	return map[string]any{"content": []any{map[string]any{"type": "text", "text": s}}}
}
