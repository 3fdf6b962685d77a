//go:build unix

package settings

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestInvalidForeignWriteIsPutBack: a program that had the file open writes into it after our
// swap, and what it writes is not valid JSON (yet, or at all). Our change cannot be applied to
// it, so its content goes back in place of ours rather than being lost, and the update fails
// saying why.
func TestInvalidForeignWriteIsPutBack(t *testing.T) {
	s := newTestStore(t)
	s.Settle = 80 * time.Millisecond // room for the foreign write to land after the swap
	path := filepath.Join(t.TempDir(), "settings.json")
	testfs.Write(t, path, `{"a": 1}`, 0o644)
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	const invalid = `{"a": 1, "b": `
	var wg sync.WaitGroup
	wg.Go(func() {
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			if b, _ := os.ReadFile(path); strings.Contains(string(b), testCommand) {
				break // ours is in place: f now writes into the file it displaced
			}
		}
		if err := f.Truncate(0); err == nil {
			_, _ = f.WriteAt([]byte(invalid), 0)
		}
	})
	_, err = s.Update(path, installChange(testCommand))
	wg.Wait()
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("Update error = %v, want a syntax error about the other program's content", err)
	}
	if got := readString(t, path); got != invalid {
		t.Errorf("the other program's write was not put back:\n%s", got)
	}
}
