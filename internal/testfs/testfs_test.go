package testfs

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

func TestWriteAndAppend(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "f.txt")
	Write(t, path, "one\n", 0o640)
	Append(t, path, "two\n")
	data, err := os.ReadFile(path)
	if err != nil || string(data) != "one\ntwo\n" {
		t.Fatalf("read %q, %v; want both lines", data, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", fi.Mode().Perm())
	}
	Write(t, path, "new", 0o600)
	if data, _ := os.ReadFile(path); string(data) != "new" {
		t.Errorf("replaced content %q, want new", data)
	}
}

func TestAppendCreates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.jsonl")
	Append(t, path, "x\n")
	if data, err := os.ReadFile(path); err != nil || string(data) != "x\n" {
		t.Errorf("read %q, %v", data, err)
	}
}

// TestExecutableRunsAtOnce: executables written while other goroutines start processes run at
// once, without "text file busy".
func TestExecutableRunsAtOnce(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("text file busy is a Unix error")
	}
	sh := testneed.Program(t, "sh")
	dir := t.TempDir()
	stop := make(chan struct{})
	var forks sync.WaitGroup
	for range 4 {
		forks.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
					_ = exec.Command(sh, "-c", ":").Run()
				}
			}
		})
	}
	defer func() { close(stop); forks.Wait() }()
	for i := range 100 {
		copied := filepath.Join(dir, fmt.Sprintf("sh%d", i))
		Copy(t, sh, copied, 0o755)
		if out, err := exec.Command(copied, "-c", "echo ok").CombinedOutput(); err != nil {
			t.Fatalf("run copy %d: %v %s", i, err, out)
		}
		script := filepath.Join(dir, fmt.Sprintf("script%d", i))
		Write(t, script, "#!"+sh+"\necho ok\n", 0o755)
		if out, err := exec.Command(script).CombinedOutput(); err != nil {
			t.Fatalf("run script %d: %v %s", i, err, out)
		}
	}
}
