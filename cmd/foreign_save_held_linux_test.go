package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// heldRounds is how many held swaps each mode of TestForeignSaveDuringHeldSwap races.
const heldRounds = 20

// TestForeignSaveDuringHeldSwap: another program (Claude Code, say) saves the settings file while
// `ccc-hooks install` is held by strace at the very call that swaps its new file in, then saves
// again 0 to 8 ms later, each time reading the file and writing it back with a key of its own
// added (by rename, or in place). Neither save is lost: the final file holds both keys (or the
// first is kept beside it, and install says so), and install names the other program's save.
func TestForeignSaveDuringHeldSwap(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 40 ccc-hooks processes under strace")
	}
	strace := needStrace(t)
	bin, err := exec.LookPath("ccc-hooks")
	if err != nil {
		t.Fatal(err)
	}
	for _, inPlace := range []bool{false, true} {
		name := map[bool]string{false: "rename", true: "in place"}[inPlace]
		t.Run(name, func(t *testing.T) {
			for i := range heldRounds {
				home := t.TempDir()
				path := filepath.Join(home, ".claude", "settings.json")
				mustMkdir(t, filepath.Dir(path))
				if err := os.WriteFile(path, foreignSettings(0), 0o644); err != nil {
					t.Fatal(err)
				}
				// Only the first renameat2 (the swap) is held; the rest run at once.
				c := exec.Command(strace, "-f", "-qq", "-o", os.DevNull, "-e", "trace=renameat2",
					"-e", "inject=renameat2:delay_enter=4000:when=1", bin, "install", "--yes")
				c.Env = append(os.Environ(), "HOME="+home, "CLAUDE_CONFIG_DIR=", "CCC_CONFIG_DIR=")
				var out bytes.Buffer
				c.Stdout, c.Stderr = &out, &out
				if err := c.Start(); err != nil {
					t.Fatal(err)
				}
				held := waitHeldIn(t, c.Process.Pid, unix.SYS_RENAMEAT2)
				saveKey(t, path, "FIRST", inPlace)
				time.Sleep(time.Duration(rand.IntN(8000)) * time.Microsecond)
				saveKey(t, path, "SECOND", inPlace)
				if err := c.Wait(); err != nil {
					t.Fatalf("round %d: install: %v\n%s", i, err, out.String())
				}
				if !held {
					t.Logf("round %d: the swap was not seen held; the saves raced it freely", i)
				}
				final, _ := os.ReadFile(path)
				env := envOf(t, final)
				if env["SECOND"] == "" {
					t.Fatalf("round %d: the second save was lost:\n%s\ninstall said:\n%s", i, final, out.String())
				}
				if env["FIRST"] != "" {
					continue
				}
				kept, _ := filepath.Glob(path + ".ccc-hooks-kept*")
				if len(kept) == 0 || !strings.Contains(out.String(), "saved "+path+" twice") {
					t.Fatalf("round %d: the first save was lost, neither in the file nor kept beside it:\n%s\ninstall said:\n%s", i, final, out.String())
				}
				if data, _ := os.ReadFile(kept[0]); envOf(t, data)["FIRST"] == "" {
					t.Fatalf("round %d: %s does not hold the first save:\n%s", i, kept[0], data)
				}
			}
		})
	}
}

// needStrace returns the path of strace, once it has been seen to hold a system call here.
func needStrace(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("strace")
	if err != nil {
		testneed.Missing(t, "strace is not installed (Debian: apt-get install strace)")
		return ""
	}
	if out, err := exec.Command(path, "-f", "-qq", "-o", os.DevNull, "-e", "inject=renameat2:delay_enter=1", "true").CombinedOutput(); err != nil {
		testneed.Missing(t, fmt.Sprintf("strace cannot trace here: %v: %s", err, out))
		return ""
	}
	return path
}

// waitHeldIn waits until a process that tracer started is inside system call nr (held there by
// strace), reading /proc; it reports false when the process ended, or did not get there within
// ten seconds.
func waitHeldIn(t *testing.T, tracer, nr int) bool {
	t.Helper()
	want := strconv.Itoa(nr) + " "
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Microsecond) {
		children, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", tracer, tracer))
		if err != nil {
			return false
		}
		for _, pid := range strings.Fields(string(children)) {
			tasks, _ := filepath.Glob("/proc/" + pid + "/task/*/syscall")
			for _, task := range tasks {
				if b, err := os.ReadFile(task); err == nil && strings.HasPrefix(string(b), want) {
					return true
				}
			}
		}
	}
	return false
}

// saveKey saves path as a program does that reads the file, sets one key of its env and writes
// the whole file back: by rename, or in place (truncate, then write).
func saveKey(t *testing.T, path, key string, inPlace bool) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s is not JSON when read (%v):\n%s", path, err, data)
	}
	env, _ := doc["env"].(map[string]any)
	env[key] = key
	data, err = json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if inPlace {
		err = os.WriteFile(path, data, 0o644)
	} else {
		tmp := path + ".foreign-tmp"
		if err = os.WriteFile(tmp, data, 0o644); err == nil {
			err = os.Rename(tmp, path)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
}

// envOf returns the env object of a settings file's bytes.
func envOf(t *testing.T, data []byte) map[string]string {
	t.Helper()
	var doc struct {
		Env map[string]string `json:"env"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("not JSON (%v):\n%s", err, data)
	}
	return doc.Env
}
