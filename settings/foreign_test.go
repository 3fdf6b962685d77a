package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// foreignRounds is how many races each foreign-writer test runs.
const foreignRounds = 40

// foreignContent is what the foreign program (Claude Code, say) writes in round i: its own
// settings, without our entries, as a program does that rewrites the file from memory.
func foreignContent(i int) []byte {
	return fmt.Appendf(nil, "{\n  \"env\": {\n    \"ROUND\": \"%d\",\n    \"API_KEY\": \"secret\"\n  },\n"+
		"  \"permissions\": {\n    \"allow\": [\"Bash(ls:*)\"]\n  }\n}\n", i)
}

// writeRenamed replaces path the way Claude Code does: a temporary file, then a rename.
// Windows refuses to rename over a file that a program has open (ccc-hooks too, for the moment
// it reads it); programs that save by rename retry there, as graceful-fs does for npm's tools,
// and so does this one.
func writeRenamed(path string, data []byte) error {
	tmp := path + ".foreign-tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return retryWhileOpen(func() error { return os.Rename(tmp, path) })
}

// writeInPlace truncates path and writes it in two halves, the way an editor or a program
// without atomic writes does, slowly enough that ccc-hooks may read it empty or half written.
func writeInPlace(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	// Between the truncation and each write the file is empty or half written, for a while.
	time.Sleep(time.Duration(rand.IntN(20000)) * time.Microsecond)
	_, err = f.Write(data[:len(data)/2])
	if err == nil {
		time.Sleep(time.Duration(rand.IntN(1000)) * time.Microsecond)
		_, err = f.Write(data[len(data)/2:])
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// TestForeignWriterNeverLost races Update (installing our entries) against a foreign program
// that rewrites the file, by rename or in place, at a random moment. After every round the
// file is valid JSON holding the foreign program's round number and keys (its write is never
// lost); when the foreign write finished before Update returned, our entries are there too
// (Update saw it and applied our change on top).
func TestForeignWriterNeverLost(t *testing.T) {
	for _, mode := range []struct {
		name  string
		write func(string, []byte) error
		plain bool
	}{
		{"rename", writeRenamed, false},
		{"in place", writeInPlace, false},
		// Where names cannot be swapped, the file read is kept open and read back.
		{"in place, plain rename", writeInPlace, true},
	} {
		t.Run(mode.name, func(t *testing.T) {
			s := newTestStore(t)
			s.LockTimeout = 5 * time.Second
			s.plainRename = mode.plain
			path := filepath.Join(t.TempDir(), "settings.json")
			deadline := time.Now().Add(6 * time.Second)
			for i := range foreignRounds {
				if time.Now().After(deadline) {
					t.Logf("stopped after %d rounds (time bound)", i)
					break
				}
				if err := os.WriteFile(path, foreignContent(-1), 0o644); err != nil {
					t.Fatal(err)
				}
				var foreignDone time.Time
				var foreignErr error
				var wg sync.WaitGroup
				wg.Go(func() {
					time.Sleep(time.Duration(rand.IntN(4000)) * time.Microsecond)
					foreignErr = mode.write(path, foreignContent(i))
					foreignDone = time.Now()
				})
				_, err := s.Update(path, installChange(testCommand))
				returned := time.Now()
				wg.Wait()
				if err != nil || foreignErr != nil {
					t.Fatalf("round %d: update: %v; foreign writer: %v", i, err, foreignErr)
				}
				got, _ := os.ReadFile(path)
				var v struct {
					Env         map[string]string `json:"env"`
					Permissions map[string]any    `json:"permissions"`
				}
				if err := json.Unmarshal(cutBOM(got), &v); err != nil {
					t.Fatalf("round %d: not valid JSON (%v):\n%s", i, err, got)
				}
				if v.Env["ROUND"] != strconv.Itoa(i) || v.Env["API_KEY"] != "secret" || v.Permissions["allow"] == nil {
					t.Fatalf("round %d: the foreign write was lost:\n%s", i, got)
				}
				if foreignDone.Before(returned) && !strings.Contains(string(got), testCommand) {
					t.Fatalf("round %d: the foreign write landed during the update, and our entries are missing:\n%s", i, got)
				}
			}
		})
	}
}

// TestForeignWriterNeverLostOnRemoval races an uninstall that removes the file install created
// against a foreign writer: whatever the timing, the foreign content survives (the file is
// moved aside, checked, and put back when someone wrote to it).
func TestForeignWriterNeverLostOnRemoval(t *testing.T) {
	for _, mode := range []struct {
		name  string
		write func(string, []byte) error
	}{{"rename", writeRenamed}, {"in place", writeInPlace}} {
		t.Run(mode.name, func(t *testing.T) {
			s := newTestStore(t)
			path := filepath.Join(t.TempDir(), "settings.json")
			deadline := time.Now().Add(5 * time.Second)
			for i := 0; i < foreignRounds && (i < 10 || time.Now().Before(deadline)); i++ {
				_ = os.Remove(path)
				if _, err := s.Update(path, installChange(testCommand)); err != nil {
					t.Fatal(err)
				}
				var foreignErr error
				var wg sync.WaitGroup
				wg.Go(func() {
					time.Sleep(time.Duration(rand.IntN(4000)) * time.Microsecond)
					foreignErr = mode.write(path, foreignContent(i))
				})
				_, err := s.Update(path, uninstallChange)
				wg.Wait()
				if errors.Is(foreignErr, os.ErrNotExist) {
					continue // in place into a file already removed: nothing was written
				}
				if err != nil || foreignErr != nil {
					t.Fatalf("round %d: uninstall: %v; foreign writer: %v", i, err, foreignErr)
				}
				got, err := os.ReadFile(path)
				if err != nil || !strings.Contains(string(got), fmt.Sprintf(`"ROUND": "%d"`, i)) {
					t.Fatalf("round %d: the foreign write was lost (%v):\n%s", i, err, got)
				}
			}
		})
	}
}

// TestForeignRenameOverTheLink: Claude Code saves a settings file by renaming a new file over
// its path; when that path was a link, the link is gone and the path holds a plain file. An
// update racing that save follows the path to the new file: our entries land there, on top of
// the foreign content, and the file the link led to is left as it was.
func TestForeignRenameOverTheLink(t *testing.T) {
	s := newTestStore(t)
	dir := t.TempDir()
	target := filepath.Join(dir, "dotfiles", "settings.json")
	testfs.Write(t, target, `{"a": 1}`, 0o644)
	link := filepath.Join(dir, "settings.json")
	symlink(t, target, link)
	saved := false
	c, err := s.Update(link, func(old []byte, exists bool) ([]byte, bool, error) {
		if !saved { // the foreign save lands while our change is computed
			saved = true
			if err := writeRenamed(link, foreignContent(1)); err != nil {
				t.Fatal(err)
			}
		}
		return installChange(testCommand)(old, exists)
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.Target != link {
		t.Errorf("Target = %q, want the path itself, now a plain file", c.Target)
	}
	got := readString(t, link)
	if !strings.Contains(got, testCommand) || !strings.Contains(got, `"ROUND": "1"`) {
		t.Errorf("the saved file lacks our entries or the foreign content:\n%s", got)
	}
	if got := readString(t, target); got != `{"a": 1}` {
		t.Errorf("the old link target was written:\n%s", got)
	}
}

// saveKey saves path as a program does that reads the file, sets one key of its env and writes
// the whole file back: by rename (as Claude Code does) or in place (truncate, then write).
func saveKey(path, key string, inPlace bool) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var doc map[string]any
	if err := json.Unmarshal(cutBOM(data), &doc); err != nil {
		return fmt.Errorf("read while another write was under way: %w", err)
	}
	doc["env"].(map[string]any)[key] = key
	if data, err = json.MarshalIndent(doc, "", "  "); err != nil {
		return err
	}
	if inPlace {
		return os.WriteFile(path, data, 0o644)
	}
	return writeRenamed(path, data)
}

// TestForeignWriterSavesTwice: another program saves the file in the instant between Update's
// last look at it and its swap (where a tracer holding the swap lets it in), and again 0 to 8 ms
// later, each time reading the file and writing it back with a key of its own added, by rename or
// in place. Neither save is ever lost: the file ends with both keys, or (where the program read
// our write in the instant it stood in the place of its first save) the first save is kept beside
// the file and Change.Notes says so; the first save is always said. cmd's
// TestForeignSaveDuringHeldSwap holds the swap of a real install with strace.
func TestForeignWriterSavesTwice(t *testing.T) {
	for _, inPlace := range []bool{false, true} {
		t.Run(map[bool]string{false: "rename", true: "in place"}[inPlace], func(t *testing.T) {
			s := newTestStore(t)
			dir := t.TempDir()
			if !swaps(t, dir) {
				t.Skip("names cannot be swapped here: the file read is kept open and read back instead")
			}
			for i := range 40 {
				path := filepath.Join(dir, fmt.Sprintf("settings-%d.json", i))
				if err := os.WriteFile(path, foreignContent(i), 0o644); err != nil {
					t.Fatal(err)
				}
				var wg sync.WaitGroup
				var saveErr error
				s.beforeSwap = func() {
					s.beforeSwap = nil
					if saveErr = saveKey(path, "FIRST", inPlace); saveErr != nil {
						return
					}
					wg.Go(func() {
						time.Sleep(time.Duration(rand.IntN(8000)) * time.Microsecond)
						saveErr = saveKey(path, "SECOND", inPlace)
					})
				}
				c, err := s.Update(path, installChange(testCommand))
				wg.Wait()
				if err != nil || saveErr != nil {
					t.Fatalf("round %d: update: %v; the other program: %v", i, err, saveErr)
				}
				if !slices.ContainsFunc(c.Notes, func(n string) bool { return strings.Contains(n, "another program saved "+path) }) {
					t.Errorf("round %d: the save put back is not said (notes %q)", i, c.Notes)
				}
				var v struct{ Env map[string]string }
				final, _ := os.ReadFile(path)
				if err := json.Unmarshal(final, &v); err != nil || v.Env["SECOND"] == "" {
					t.Fatalf("round %d: the second save was lost (%v):\n%s", i, err, final)
				}
				if v.Env["FIRST"] != "" {
					continue
				}
				kept, _ := filepath.Glob(path + ".ccc-hooks-kept*")
				if len(kept) == 0 || !slices.ContainsFunc(c.Notes, func(n string) bool { return strings.Contains(n, "twice") }) {
					t.Fatalf("round %d: the first save was lost, neither in the file nor kept (notes %q):\n%s", i, c.Notes, final)
				}
			}
		})
	}
}

// swaps reports whether names in dir can be swapped atomically (safefile's exchange).
func swaps(t *testing.T, dir string) bool {
	t.Helper()
	target := filepath.Join(dir, "probe.json")
	testfs.Write(t, target, "{}", 0o644)
	defer func() { _ = os.Remove(target) }()
	p, err := safefile.Prepare(target, []byte("{}"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	d, err := p.Commit(true)
	if err != nil {
		t.Fatal(err)
	}
	if d == nil {
		return false
	}
	d.Drop()
	return d.Close() == nil
}
