//go:build unix

package retention

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets the test binary act as a command that runs a whole pass over the home
// RETENTION_TEST_PASS names, to be killed midway.
func TestMain(m *testing.M) {
	if home := os.Getenv("RETENTION_TEST_PASS"); home != "" {
		if _, err := (&Pruner{Home: home, Retention: retention, Now: time.Now}).Pass(); err != nil {
			_, _ = os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestPruneSurvivesSIGKILL kills passes at random moments, later and later, forty times, then
// lets one finish. After every kill the record can be
// read, and what it counts plus what the logs still hold (those it counts left out, as
// `supervisor log` does) is every decision and every session exactly once; no session is left
// half-counted. The pass that is let finish leaves no session file and a record that counts them
// all; the next pass leaves no temporary file of a killed write either.
func TestPruneSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts many processes")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	h := newHome(t)
	const sessions, lines = 1000, 3
	for i := range sessions {
		h.session(sessionID(i), old, lines)
		if i%3 == 0 {
			h.write("workflow-"+sessionID(i)+".json", "{}", old)
		}
	}
	kills, midway, finished := 0, 0, false
	for !finished {
		cmd := exec.Command(exe, "-test.run=^$")
		cmd.Env = append(os.Environ(), "RETENTION_TEST_PASS="+h.dir)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("pass: %v\n%s", err, stderr.String())
			}
			finished = true
		case <-kill(kills):
			_ = cmd.Process.Signal(syscall.SIGKILL)
			if err := <-done; err == nil {
				finished = true
			} else {
				kills++
			}
		}
		rec := h.record()
		if len(rec.Removing) > 0 {
			midway++ // killed between counting a batch and removing it
		}
		logged := h.logged()
		if got := rec.Supervisor.Totals.Decisions + logged.Decisions; got != sessions*lines {
			t.Fatalf("after %d kills: %d decisions counted and %d logged; want %d in all", kills, rec.Supervisor.Totals.Decisions, logged.Decisions, sessions*lines)
		}
		if got := rec.Supervisor.Sessions + logged.Decisions/lines; got != sessions {
			t.Fatalf("after %d kills: %d sessions counted and %d logged; want %d", kills, rec.Supervisor.Sessions, logged.Decisions/lines, sessions)
		}
	}
	t.Logf("%d kills before a pass finished, %d between counting a batch and removing it", kills, midway)
	pass(t, h.pruner()) // the next pass cleans up what the killed writes of the record left
	for _, dir := range []string{h.dir, filepath.Join(h.dir, "locks")} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.Name() != RecordFile && e.Name() != "locks" && e.Name() != "retention.lock" && e.Name() != "workflow.lock" {
				t.Errorf("left in %s: %s", dir, e.Name())
			}
		}
	}
	if rec := h.record(); rec.Supervisor.Sessions != sessions || len(rec.Removing) != 0 {
		t.Errorf("record at the end: %d sessions, removing %v", rec.Supervisor.Sessions, rec.Removing)
	}
}

// kill returns when the pass of try number kills is to be killed: at a random moment, later and
// later, and after forty tries never.
func kill(kills int) <-chan time.Time {
	if kills >= 40 {
		return nil
	}
	return time.After(time.Duration(rand.IntN(5_000+2_000*kills)) * time.Microsecond)
}
