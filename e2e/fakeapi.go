//go:build unix

package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// Script decides the fake model's reply to one Messages request. It is
// called concurrently for concurrent sessions and must not block.
type Script func(r *Request) Reply

// FakeAPI is a fake Anthropic Messages API on 127.0.0.1. It answers
// Messages calls from a Script (streamed as server-sent events when asked),
// count_tokens with a constant, and records every request it receives.
type FakeAPI struct {
	URL    string
	srv    *httptest.Server
	script Script
	logf   func(format string, args ...any)

	mu     sync.Mutex
	reqs   []*Request
	nextID int
}

// StartFakeAPI starts a fake API answering with script; it is closed when the
// test ends (after the processes started later, whose cleanups run first).
func StartFakeAPI(t testing.TB, script Script) *FakeAPI {
	t.Helper()
	f := &FakeAPI{script: script, logf: t.Logf}
	f.srv = httptest.NewUnstartedServer(http.HandlerFunc(f.serve))
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("fake api: listen: %v", err)
	}
	f.srv.Listener = ln
	f.srv.Start()
	f.URL = f.srv.URL
	t.Cleanup(f.srv.Close)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("fake api requests:\n%s", f.Timeline())
			if os.Getenv("CCC_E2E_DUMP") != "" {
				t.Logf("fake api conversations:\n%s", f.Transcript())
			}
		}
	})
	return f
}

// Requests returns a snapshot of every request received so far.
func (f *FakeAPI) Requests() []*Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]*Request(nil), f.reqs...)
}

// Filter returns the requests received so far for which keep is true.
func (f *FakeAPI) Filter(keep func(*Request) bool) []*Request {
	var out []*Request
	for _, r := range f.Requests() {
		if keep(r) {
			out = append(out, r)
		}
	}
	return out
}

// Agent returns the agent-session Messages requests received so far.
func (f *FakeAPI) Agent() []*Request { return f.Filter((*Request).IsAgent) }

// Supervisor returns the supervisor-session Messages requests received so far.
func (f *FakeAPI) Supervisor() []*Request { return f.Filter((*Request).IsSupervisor) }

// Timeline is one line per request received: time, kind and conversation
// size, for failure messages.
func (f *FakeAPI) Timeline() string {
	var b strings.Builder
	for _, r := range f.Requests() {
		kind := "other"
		switch {
		case r.IsSupervisor():
			kind = "supervisor"
		case r.IsAgent():
			kind = "agent"
		case r.IsMessages():
			kind = "side"
		}
		fmt.Fprintf(&b, "%s #%d %s %s %s messages=%d\n", r.At.Format("15:04:05.000"), r.Seq, r.Method, r.Path, kind, len(r.Body.Messages))
	}
	return b.String()
}

// Transcript is every Messages request's conversation, one block per line.
func (f *FakeAPI) Transcript() string {
	var b strings.Builder
	for _, r := range f.Requests() {
		for i, m := range r.Body.Messages {
			for _, c := range m.Content {
				block, _ := json.Marshal(c)
				fmt.Fprintf(&b, "#%d message %d %s: %s\n", r.Seq, i, m.Role, block)
			}
		}
	}
	return b.String()
}

// record parses and keeps one request; a Messages body is parsed before the
// request becomes visible to readers, so that recorded requests never change.
func (f *FakeAPI) record(r *http.Request, raw []byte) (*Request, error) {
	req := &Request{
		At: time.Now(), Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery,
		Header: r.Header.Clone(), Raw: raw,
	}
	var err error
	if req.IsMessages() {
		err = json.Unmarshal(raw, &req.Body)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	req.Seq = len(f.reqs) + 1
	f.reqs = append(f.reqs, req)
	return req, err
}

func (f *FakeAPI) newID(prefix string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nextID++
	return fmt.Sprintf("%s_e2e_%04d", prefix, f.nextID)
}

func (f *FakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	req, err := f.record(r, raw)
	if err != nil {
		f.logf("fake api: request %d: bad body: %v", req.Seq, err)
		writeAPIError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages/count_tokens":
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"input_tokens": 42}`)
	case req.IsMessages():
		f.answerMessages(w, req)
	case r.Method == http.MethodHead || r.URL.Path == "/":
		w.WriteHeader(http.StatusOK)
	default:
		f.logf("fake api: unhandled %s %s (%s)", r.Method, r.URL.Path, r.Header.Get("User-Agent"))
		writeAPIError(w, http.StatusNotFound, "not_found_error", "not served by the fake API: "+r.URL.Path)
	}
}

func (f *FakeAPI) answerMessages(w http.ResponseWriter, req *Request) {
	reply := Say("OK.")
	if f.script != nil {
		reply = f.script(req)
	}
	if reply.Refused != "" {
		writeAPIError(w, http.StatusBadRequest, "invalid_request_error", reply.Refused)
		return
	}
	if !reply.LimitResets.IsZero() {
		writeUsageLimit(w, reply.LimitResets)
		return
	}
	if reply.RateLimited {
		writeRateLimit(w)
		return
	}
	blocks, err := reply.wireBlocks(func() string { return f.newID("toolu") })
	if err != nil {
		writeAPIError(w, http.StatusInternalServerError, "api_error", err.Error())
		return
	}
	msgID := f.newID("msg")
	cache := f.cacheUse(req)
	if req.Body.Stream {
		writeStream(w, msgID, req.Body.Model, blocks, reply.stopReason(), cache)
		return
	}
	writeJSONMessage(w, msgID, req.Body.Model, blocks, reply.stopReason(), cache)
}

// cacheUse plays the API's prompt cache, so that a session's usage (and the supervisor's
// decision log) shows what a real one would: the longest prefix req shares with an earlier
// request (ComparePrefix) is read from the cache, the rest of its prompt is written to it, at
// one token per 4 bytes.
func (f *FakeAPI) cacheUse(req *Request) Cache {
	size, err := promptSize(req.Raw)
	if err != nil {
		return Cache{}
	}
	cached := 0
	for _, earlier := range f.Requests() {
		if earlier.Seq >= req.Seq || !earlier.IsMessages() {
			continue
		}
		if p, err := ComparePrefix(earlier, req); err == nil {
			cached = max(cached, p.Cached())
		}
	}
	return Cache{Read: cached / 4, Written: (size - cached) / 4}
}

func writeAPIError(w http.ResponseWriter, status int, kind, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"type": "error", "error": map[string]string{"type": kind, "message": msg},
	})
}
