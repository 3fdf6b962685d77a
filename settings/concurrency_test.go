package settings

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// Environment of a worker process started by TestConcurrentProcesses.
const (
	workerEnv     = "CCC_SETTINGS_TEST_WORKER"
	workerFileEnv = "CCC_SETTINGS_TEST_FILE"
	workerHomeEnv = "CCC_SETTINGS_TEST_HOME"
)

const concurrentRounds = 6

func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) != "" {
		os.Exit(runWorker())
	}
	os.Exit(m.Run())
}

// workerLockWait is how long a worker waits for the lock: longer than all the workers' updates
// take on a loaded machine (each writes and syncs several files; under another build's disk load
// one took seconds, and 120 of them passed two minutes), within go test's own limit. What a lock
// that times out does is tested elsewhere; this test is about what the file holds at the end.
const workerLockWait = 8 * time.Minute

// concurrentWorkers is how many processes TestConcurrentProcesses starts.
const concurrentWorkers = 12

// runWorker alternates install and uninstall on the file named in the environment.
func runWorker() int {
	id, _ := strconv.Atoi(os.Getenv(workerEnv))
	s := &FileStore{Home: os.Getenv(workerHomeEnv), LockTimeout: workerLockWait}
	if err := churn(s, os.Getenv(workerFileEnv), id); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// churn installs (with a command of its own) and uninstalls in turn; odd ids start with
// uninstall so the file sees both orders.
func churn(s *FileStore, path string, id int) error {
	command := fmt.Sprintf("/opt/w%d/ccc-hooks hook", id)
	for i := range concurrentRounds {
		change := installChange(command)
		if (i+id)%2 == 1 {
			change = uninstallChange
		}
		if _, err := s.Update(path, change); err != nil {
			return fmt.Errorf("worker %d round %d: %w", id, i, err)
		}
	}
	return nil
}

const concurrentSeed = "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"Stop\": [\n" +
	"      {\"hooks\": [{\"type\": \"command\", \"command\": \"other stop\"}]}\n    ]\n  }\n}\n"

// checkFinal asserts the file is valid JSON with the foreign hook and zero or one full set of ours.
func checkFinal(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(b) {
		t.Fatalf("final file is not valid JSON:\n%s", b)
	}
	handlers, err := Handlers(b)
	if err != nil {
		t.Fatal(err)
	}
	perEvent := map[string]int{}
	foreign := 0
	for _, r := range handlers {
		if testOwner(r.Command) {
			perEvent[r.Event]++
		} else {
			foreign++
		}
	}
	if foreign != 1 {
		t.Errorf("foreign handlers = %d, want 1:\n%s", foreign, b)
	}
	if perEvent["Stop"] != perEvent["PreToolUse"] || perEvent["Stop"] > 1 || len(perEvent) > 2 {
		t.Errorf("our handlers per event = %v, want zero or one set:\n%s", perEvent, b)
	}
}

func TestConcurrentGoroutines(t *testing.T) {
	s := newTestStore(t)
	// 20 workers take the lock in turn: the last may wait for all the others' rounds, which under
	// Wine on a loaded machine take longer than the 30 s a user's command waits.
	s.LockTimeout = 3 * time.Minute
	path := filepath.Join(t.TempDir(), "settings.json")
	testfs.Write(t, path, concurrentSeed, 0o644)
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for id := range 20 {
		wg.Go(func() {
			if err := churn(s, path, id); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	checkFinal(t, path)
}

// TestConcurrentProcesses: concurrentWorkers processes install and uninstall on one file at
// once, each Update under the lock: the file ends valid JSON, with the foreign hook and zero or
// one set of ours, and no worker failed.
func TestConcurrentProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts many processes")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	home := filepath.Join(dir, "home")
	testfs.Write(t, path, concurrentSeed, 0o644)
	cmds := make([]*exec.Cmd, concurrentWorkers)
	for id := range cmds {
		c := exec.Command(exe, "-test.run=^$")
		c.Env = append(os.Environ(),
			workerEnv+"="+strconv.Itoa(id), workerFileEnv+"="+path, workerHomeEnv+"="+home)
		cmds[id] = c
	}
	outs := make([][]byte, len(cmds))
	errs := make([]error, len(cmds))
	var wg sync.WaitGroup
	for i, c := range cmds {
		wg.Go(func() { outs[i], errs[i] = c.CombinedOutput() })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("worker %d: %v\n%s", i, err, outs[i])
		}
	}
	checkFinal(t, path)
}
