//go:build unix

package proc

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testproc"
)

// runEnv names the directory where the test binary, started as a process of its own, runs
// the program of TestKilledAtOnceLeavesNothing with Run.
const runEnv = "PROC_TEST_RUN"

func TestMain(m *testing.M) {
	if dir := os.Getenv(runEnv); dir != "" {
		// The program starts a grandchild, says so, and kills this process: Run never returns.
		script := `sleep 60 & echo $! > "$1/pid.tmp"; echo $$ > "$1/self"; ps -o pgid= -p $$ > "$1/pgid"; mv "$1/pid.tmp" "$1/pid"; kill -s KILL $PPID; wait`
		err := Run(Command(context.Background(), "/bin/sh", "-c", script, "sh", dir))
		_, _ = os.Stderr.WriteString("Run returned: " + errString(err) + "\n")
		os.Exit(3)
	}
	os.Exit(m.Run())
}

func errString(err error) string {
	if err == nil {
		return "no error"
	}
	return err.Error()
}

// TestKilledAtOnceLeavesNothing: a process killed (SIGKILL, which it cannot catch) at the first
// moment of the program Run started leaves nothing of that program running: the program starts
// in the process group of a watchdog that was there before it, not in one of its own.
func TestKilledAtOnceLeavesNothing(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	c := exec.Command(exe, "-test.run=^$")
	c.Env = append(os.Environ(), runEnv+"="+dir)
	var stderr strings.Builder
	c.Stderr = &stderr
	if err := c.Run(); err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("the process running the program: %v; want it killed\n%s", err, stderr.String())
	}
	testproc.WaitGone(t, testproc.ReadPID(t, filepath.Join(dir, "pid")), 10*time.Second)
	pgid, err := os.ReadFile(filepath.Join(dir, "pgid"))
	if err != nil {
		t.Fatal(err)
	}
	if self, group := testproc.ReadPID(t, filepath.Join(dir, "self")), strings.TrimSpace(string(pgid)); group == strconv.Itoa(self) {
		t.Errorf("the program led its own process group %s; want it in the watchdog's", group)
	}
}
