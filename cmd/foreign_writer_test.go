//go:build unix

package cmd

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// foreignRuns is how many alternating install and uninstall processes race a foreign writer.
const foreignRuns = 40

// foreignWriter rewrites a settings file from memory again and again, the way Claude Code saves
// it when a person grants a permission: the user's env and permissions and a counter of its own
// writes, without our entries. mu is held for the whole of each write, so a test that takes it
// sees the file between two writes.
type foreignWriter struct {
	path    string
	gap     time.Duration // in place: the pause between truncating and writing
	inPlace bool          // fs.writeFileSync (open with O_TRUNC, write) rather than rename

	mu    sync.Mutex
	round int // the last write completed
}

// content is the file as the foreign program writes it in round n.
func foreignSettings(n int) []byte {
	return fmt.Appendf(nil, "{\n  \"env\": {\n    \"ROUND\": \"%d\",\n    \"API_KEY\": \"secret\"\n  },\n"+
		"  \"permissions\": {\n    \"allow\": [\"Bash(ls:*)\"]\n  }\n}\n", n)
}

// write performs one save, holding mu.
func (w *foreignWriter) write() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	data := foreignSettings(w.round + 1)
	if !w.inPlace {
		tmp := w.path + ".foreign-tmp"
		if err := os.WriteFile(tmp, data, 0o644); err != nil {
			return err
		}
		if err := os.Rename(tmp, w.path); err != nil {
			return err
		}
		w.round++
		return nil
	}
	f, err := os.OpenFile(w.path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	time.Sleep(w.gap)
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		w.round++
	}
	return err
}

// run saves until stop is closed: bursts of saves one right after the other (the file is then
// empty most of the time, when written in place), between quiet moments.
func (w *foreignWriter) run(stop <-chan struct{}, errs chan<- error) {
	for {
		for end := time.Now().Add(200 * time.Millisecond); time.Now().Before(end); {
			select {
			case <-stop:
				return
			default:
			}
			if err := w.write(); err != nil {
				errs <- err
				return
			}
		}
		time.Sleep(time.Duration(50+rand.IntN(200)) * time.Millisecond)
	}
}

// userSettings is what a reading of the file shows of the user's settings; ok is false when the
// reading is not JSON (the file empty or half written).
func userSettings(data []byte) (round int, env, perms, ok bool) {
	var v struct {
		Env         map[string]string `json:"env"`
		Permissions map[string]any    `json:"permissions"`
	}
	if json.Unmarshal(data, &v) != nil {
		return 0, false, false, false
	}
	round, _ = strconv.Atoi(v.Env["ROUND"])
	return round, v.Env["API_KEY"] == "secret", v.Permissions["allow"] != nil, true
}

// watchVanished reads path until stop is closed and counts the readings that are JSON but lack
// the user's env or permissions: a write made from the file seen empty or half written.
func watchVanished(path string, stop <-chan struct{}, vanished *atomic.Int64, sample *atomic.Value) {
	for {
		select {
		case <-stop:
			return
		default:
		}
		if b, err := os.ReadFile(path); err == nil {
			if _, env, perms, ok := userSettings(b); ok && (!env || !perms) {
				vanished.Add(1)
				sample.Store(string(b))
			}
		}
		time.Sleep(200 * time.Microsecond)
	}
}

// TestForeignWriterRacesInstalls races 40 alternating `install --yes` / `uninstall --yes`
// processes against a program that keeps rewriting the settings file: in place with a 20 ms or
// a 1 ms pause between truncating and writing (as fs.writeFileSync does), or by rename. Every
// process succeeds; no reading of the file ever lacks the user's env or permissions (no write
// was based on the file seen empty or half written); after each process, between two foreign
// saves, the file holds the foreign program's last save (no foreign write was lost).
func TestForeignWriterRacesInstalls(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 120 ccc-hooks processes against a writer")
	}
	bin, err := exec.LookPath("ccc-hooks")
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []struct {
		name    string
		inPlace bool
		gap     time.Duration
	}{
		{"in place 20ms", true, 20 * time.Millisecond},
		{"in place 1ms", true, time.Millisecond},
		{"rename", false, 0},
	} {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			home := t.TempDir()
			path := filepath.Join(home, ".claude", "settings.json")
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			w := &foreignWriter{path: path, gap: mode.gap, inPlace: mode.inPlace}
			if err := w.write(); err != nil {
				t.Fatal(err)
			}
			stop := make(chan struct{})
			werrs := make(chan error, 1)
			var vanished atomic.Int64
			var sample atomic.Value
			var wg sync.WaitGroup
			wg.Go(func() { w.run(stop, werrs) })
			wg.Go(func() { watchVanished(path, stop, &vanished, &sample) })
			defer func() { close(stop); wg.Wait() }()
			for i := range foreignRuns {
				verb := "install"
				if i%2 == 1 {
					verb = "uninstall"
				}
				c := exec.Command(bin, verb, "--yes")
				c.Env = append(os.Environ(), "HOME="+home, "CLAUDE_CONFIG_DIR=", "CCC_CONFIG_DIR=")
				if out, err := c.CombinedOutput(); err != nil {
					t.Fatalf("run %d (%s): %v\n%s", i, verb, err, out)
				}
				w.mu.Lock() // between two foreign saves
				b, err := os.ReadFile(path)
				last := w.round
				w.mu.Unlock()
				round, env, perms, ok := userSettings(b)
				switch {
				case err != nil || !ok:
					t.Fatalf("run %d (%s): the file is not JSON between two saves (%v):\n%s", i, verb, err, b)
				case !env || !perms:
					t.Fatalf("run %d (%s): the user's env or permissions vanished:\n%s", i, verb, b)
				case round != last:
					t.Fatalf("run %d (%s): the foreign save %d was lost; the file holds save %d:\n%s", i, verb, last, round, b)
				}
			}
			select {
			case err := <-werrs:
				t.Fatalf("foreign writer: %v", err)
			default:
			}
			if n := vanished.Load(); n > 0 {
				t.Fatalf("%d readings lacked the user's env or permissions, e.g.:\n%s", n, sample.Load())
			}
			t.Logf("%d foreign saves", w.round)
		})
	}
}
