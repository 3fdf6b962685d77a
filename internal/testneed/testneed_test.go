package testneed

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestMissing: in CI, or with CCC_E2E_REQUIRED=1, a missing prerequisite fails the test, naming
// it; elsewhere it skips it under its banner.
func TestMissing(t *testing.T) {
	for _, tt := range []struct {
		name, ci, required string
		fails              bool
	}{
		{"developer", "", "", false},
		{"CI", "true", "", true},
		{"required", "", "1", true},
		{"required set otherwise", "", "0", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("CI", tt.ci)
			t.Setenv("CCC_E2E_REQUIRED", tt.required)
			for _, c := range []struct {
				banner  string
				missing func(testing.TB, string)
			}{{"*** TEST SKIPPED: ", Missing}, {"*** E2E TEST SKIPPED: ", MissingE2E}} {
				r := &recorder{}
				ended := make(chan struct{})
				go func() {
					defer close(ended)
					c.missing(r, "tmux not found")
				}()
				<-ended
				if r.failed != tt.fails || r.skipped == tt.fails {
					t.Errorf("%s: failed %v, skipped %v; want failed %v", c.banner, r.failed, r.skipped, tt.fails)
				}
				want := c.banner + "tmux not found\n"
				if tt.fails {
					want = "prerequisite missing: tmux not found"
				}
				if !strings.Contains(r.msg, want) {
					t.Errorf("message %q; want it to hold %q", r.msg, want)
				}
			}
		})
	}
}

// recorder is a testing.TB that records how a test ended (Fatal and Skip end its goroutine).
type recorder struct {
	testing.TB
	failed, skipped bool
	msg             string
}

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...any) {
	r.failed, r.msg = true, fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *recorder) Skipf(format string, args ...any) {
	r.skipped, r.msg = true, fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// TestProgramAndWorks: a program on PATH is found and the test goes on; one missing, or a probe
// that failed, ends it as Missing does, naming what is missing and why.
func TestProgramAndWorks(t *testing.T) {
	t.Setenv("CI", "")
	t.Setenv("CCC_E2E_REQUIRED", "")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "prog"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	ends := func(f func(r *recorder)) *recorder {
		r := &recorder{}
		ended := make(chan struct{})
		go func() {
			defer close(ended)
			f(r)
		}()
		<-ended
		return r
	}
	if runtime.GOOS != "windows" {
		var got string
		if r := ends(func(r *recorder) { got = Program(r, "prog") }); r.skipped || got != filepath.Join(dir, "prog") {
			t.Errorf("Program(prog) = %q, skipped %v", got, r.skipped)
		}
	}
	if r := ends(func(r *recorder) { Program(r, "absent") }); !r.skipped || !strings.Contains(r.msg, "absent is not installed") {
		t.Errorf("Program(absent): skipped %v, %q", r.skipped, r.msg)
	}
	if r := ends(func(r *recorder) { Works(r, "wall", nil) }); r.skipped || r.failed {
		t.Error("Works with no error ended the test")
	}
	if r := ends(func(r *recorder) { Works(r, "wall", errors.New("userns refused")) }); !r.skipped || !strings.Contains(r.msg, "no wall here: userns refused") {
		t.Errorf("Works(error): skipped %v, %q", r.skipped, r.msg)
	}
}
