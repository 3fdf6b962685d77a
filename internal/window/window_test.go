package window

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestMain lets the test binary stand in for a child process: with HELPER_WAIT=1 it waits until
// its stdin is closed; with HELPER_OF=pid it prints the start Of(pid) finds, or the error, and
// with HELPER_VIA=1 as well it runs a copy of itself to do that, one level further down.
func TestMain(m *testing.M) {
	switch {
	case os.Getenv("HELPER_WAIT") == "1":
		_, _ = io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	case os.Getenv("HELPER_VIA") == "1":
		child := exec.Command(os.Args[0], "-test.run=^$")
		child.Env = append(os.Environ(), "HELPER_VIA=0")
		child.Stdout, child.Stderr = os.Stdout, os.Stderr
		if err := child.Run(); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	case os.Getenv("HELPER_OF") != "":
		pid, _ := strconv.Atoi(os.Getenv("HELPER_OF"))
		w, err := Of(pid)
		if err != nil {
			fmt.Fprintf(os.Stdout, "error: %v\n", err)
		} else {
			fmt.Fprintf(os.Stdout, "start: %s\n", w.Start)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestPID(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  int
		ok    bool
	}{
		{"4242", 4242, true},
		{"", 0, false},
		{"abc", 0, false},
		{"12x", 0, false},
		{"1", 0, false}, // init is nobody's window
		{"0", 0, false},
		{"-7", 0, false},
	} {
		got, ok := PID(func(k string) string {
			if k == PIDVar {
				return tt.value
			}
			return ""
		})
		if got != tt.want || ok != tt.ok {
			t.Errorf("PID(%q) = %d, %v; want %d, %v", tt.value, got, ok, tt.want, tt.ok)
		}
	}
}

func TestWalkUp(t *testing.T) {
	chain := map[int]int{10: 9, 9: 8, 8: 7, 7: 1}
	parent := func(p int) (int, error) {
		pp, ok := chain[p]
		if !ok {
			return 0, fmt.Errorf("no process %d", p)
		}
		return pp, nil
	}
	if err := walkUp(10, 9, parent); err != nil {
		t.Errorf("the parent: %v", err)
	}
	if err := walkUp(10, 7, parent); err != nil {
		t.Errorf("the great-grandparent: %v", err)
	}
	if err := walkUp(10, 10, parent); !errors.Is(err, ErrNotAncestor) {
		t.Errorf("itself: %v, want ErrNotAncestor", err)
	}
	if err := walkUp(9, 10, parent); !errors.Is(err, ErrNotAncestor) {
		t.Errorf("a child: %v, want ErrNotAncestor", err)
	}
	if err := walkUp(10, 42, parent); !errors.Is(err, ErrNotAncestor) {
		t.Errorf("a stranger: %v, want ErrNotAncestor", err)
	}
	loop := func(p int) (int, error) { return p + 1, nil } // never reaches init
	if err := walkUp(100, 100+maxDepth+1, loop); !errors.Is(err, ErrNotAncestor) {
		t.Errorf("beyond the depth: %v, want ErrNotAncestor", err)
	}
	if err := walkUp(100, 100+maxDepth, loop); err != nil {
		t.Errorf("at the depth: %v", err)
	}
	self := func(p int) (int, error) { return p, nil }
	if err := walkUp(5, 6, self); !errors.Is(err, ErrNotAncestor) {
		t.Errorf("a process its own parent: %v, want ErrNotAncestor", err)
	}
	if err := walkUp(11, 9, parent); err == nil || errors.Is(err, ErrNotAncestor) {
		t.Errorf("an unreadable parent: %v, want its error", err)
	}
}

// supported skips a test on systems where ancestry is not read.
func supported(t *testing.T) {
	t.Helper()
	if _, err := Of(os.Getpid()); errors.Is(err, ErrUnsupported) {
		t.Skip(err)
	}
}

// startSeenBelow runs a copy of the test binary, or with via a copy that runs another, and
// returns the start of this process as that copy's Of finds it.
func startSeenBelow(t *testing.T, via bool) string {
	t.Helper()
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), "HELPER_OF="+strconv.Itoa(os.Getpid()), "HELPER_VIA="+map[bool]string{true: "1", false: "0"}[via])
	out, err := child.Output()
	if err != nil {
		t.Fatalf("helper: %v", err)
	}
	start, ok := strings.CutPrefix(strings.TrimSpace(string(out)), "start: ")
	if !ok || start == "" {
		t.Fatalf("helper printed %q, want this process's start", out)
	}
	return start
}

// TestOfAncestor: a process this one started, and one that process started, find this one as
// their window, with the same start each time.
func TestOfAncestor(t *testing.T) {
	supported(t)
	child, again, grandchild := startSeenBelow(t, false), startSeenBelow(t, false), startSeenBelow(t, true)
	if child != again || child != grandchild {
		t.Errorf("starts seen: %q, %q, and %q from a grandchild; want one", child, again, grandchild)
	}
}

// TestOfNotAncestor: a process this one started, this one itself and a process ID nobody has
// are no window of this process.
func TestOfNotAncestor(t *testing.T) {
	supported(t)
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), "HELPER_WAIT=1")
	stdin, err := child.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = stdin.Close()
		_ = child.Wait()
	})
	for name, pid := range map[string]int{"a child": child.Process.Pid, "itself": os.Getpid(), "nobody": 1 << 30} {
		if w, err := Of(pid); !errors.Is(err, ErrNotAncestor) {
			t.Errorf("Of(%s) = %+v, %v; want ErrNotAncestor", name, w, err)
		}
	}
}
