// Command oldhome fills a ccc-hooks home with the files of sessions that ended long ago, as
// months of use leave them, for scripts/time-prune.sh: per session the supervisor's state, a
// decision log of a few reviews and the session's lock file, and for every third session the
// workflow's counters, all last written -days ago.
//
//	go run ./scripts/oldhome -dir HOME -sessions 10000 -days 90
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	os.Exit(run())
}

func run() int {
	dir := flag.String("dir", "", "the ccc-hooks home to fill")
	sessions := flag.Int("sessions", 10000, "how many sessions")
	days := flag.Int("days", 90, "how long ago they were last written")
	reviews := flag.Int("reviews", 3, "decisions logged per session")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "usage: oldhome -dir HOME [-sessions N] [-days D] [-reviews R]")
		return 2
	}
	if err := os.MkdirAll(filepath.Join(*dir, "locks"), 0o700); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	at := time.Now().Add(-time.Duration(*days) * 24 * time.Hour)
	for i := range *sessions {
		id := fmt.Sprintf("%08x-4f6d-4e58-9d3a-2c1b0a9f8e7d", i)
		files := map[string]string{
			"supervisor-" + id + ".json":                     state(id, at),
			"supervisor-" + id + ".log":                      decisions(id, at, *reviews),
			filepath.Join("locks", "supervisor-"+id+".lock"): "",
		}
		if i%3 == 0 {
			files["workflow-"+id+".json"] = `{"session_id":"` + id + `","stop":{"low":1,"high":1}}` + "\n"
		}
		for name, data := range files {
			p := filepath.Join(*dir, name)
			if err := os.WriteFile(p, []byte(data), 0o600); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			if err := os.Chtimes(p, at, at); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
		}
	}
	return 0
}

func state(id string, at time.Time) string {
	b, _ := json.MarshalIndent(map[string]any{
		"session_id": id, "enabled": true, "count": 3, "created_at": at, "updated_at": at,
	}, "", "  ")
	return string(b) + "\n"
}

// decisions is a log of n reviews that blocked, then allowed, as the supervisor writes it.
func decisions(id string, at time.Time, n int) string {
	var b strings.Builder
	for k := range n {
		verdict, reason := "block", "TestParse is skipped in parse_test.go:12; remove the t.Skip and make it pass, then run go test ./... again."
		if k == n-1 {
			verdict, reason = "allow", "Verified the diff and the test run."
		}
		line, _ := json.Marshal(map[string]any{
			"time": at.Add(time.Duration(k) * time.Minute).UTC(), "session_id": id, "event": "Stop", "count": k + 1,
			"max_iterations": 20, "decision": verdict, "reason": reason, "duration_ms": 41000, "stop_blocks": 1,
			"block_cap": 8, "cost_usd": 0.0421, "num_turns": 3, "input_tokens": 120, "output_tokens": 85,
			"cache_creation_input_tokens": 3000, "cache_read_input_tokens": 9000,
		})
		b.Write(append(line, '\n'))
	}
	return b.String()
}
