package doctor

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

func TestBinaryCheck(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "ccc-hooks")
	old := filepath.Join(dir, "old", "ccc-hooks")
	other := filepath.Join(dir, "other", "ccc-hooks")
	rebuilt := filepath.Join(dir, "rebuilt", "ccc-hooks")
	odd := filepath.Join(dir, "odd", "ccc-hooks")
	plain := filepath.Join(dir, "plain", "ccc-hooks")
	for _, p := range []string{exe, old, other, rebuilt, odd, plain} {
		testfs.Write(t, p, "#!/bin/sh\n", 0o755)
	}
	if err := os.MkdirAll(filepath.Join(dir, "d", "ccc-hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(plain, 0o644); err != nil {
		t.Fatal(err)
	}
	env := fakeEnv(nil, map[string]string{"ccc-hooks": exe}, map[string]string{
		filepath.ToSlash(exe) + " version":     "ccc-hooks 1.2.3 (commit " + thisCommit + ", built 2026-11-27T04:27:00Z)\n",
		filepath.ToSlash(rebuilt) + " version": "ccc-hooks 1.2.3 (commit " + thisCommit + ", built 2026-11-28T09:00:00Z)\n",
		filepath.ToSlash(other) + " version":   "ccc-hooks 1.2.3 (commit 53e57f0a1b2c3d4e5f60718293a4b5c6d7e8f901, modified, committed 2026-11-26T10:00:00Z)\n",
		filepath.ToSlash(old) + " version":     "ccc-hooks 1.0.0\n",
		filepath.ToSlash(odd) + " version":     "something else\n",
	})
	tests := []struct {
		name string
		s    *Snapshot
		want []want
	}{
		{"none", snap(user(`{}`)), []want{{StatusOK, []string{"no ccc-hooks hooks"}}}},
		{"this build", snap(user(supervisor(exe+" hook", 600))), []want{{StatusOK, []string{
			"ccc-hooks 1.2.3 (commit " + thisCommit + ", built 2026-11-27T04:27:00Z), this build",
		}}}},
		{"on PATH", snap(user(supervisor("ccc-hooks hook", 600))), []want{{StatusOK, []string{"this build"}}}},
		{"the same commit built another day", snap(user(supervisor(rebuilt+" hook", 600))), []want{{StatusOK, []string{"built 2026-11-28T09:00:00Z), this build"}}}},
		{"another commit", snap(user(supervisor(other+" hook", 600))), []want{{StatusWarn, []string{
			"is ccc-hooks 1.2.3 (commit 53e57f0a1b2c3d4e5f60718293a4b5c6d7e8f901, modified, committed 2026-11-26T10:00:00Z), this is ccc-hooks 1.2.3 (commit " + thisCommit,
			"`ccc-hooks install --scope user`",
		}}}},
		{"missing", snap(project(supervisor(filepath.Join(dir, "gone", "ccc-hooks")+" hook", 600))), []want{{StatusError, []string{
			"in project settings", "does not exist", "run `ccc-hooks install --scope project --project-dir /work/p`",
		}}}},
		{"not on PATH", snap(user(supervisor("ccc-hooks.exe hook", 600))), []want{{StatusError, []string{
			"not found on PATH", "`ccc-hooks install --scope user`",
		}}}},
		{"relative to the project", snap(user(supervisor("bin/ccc-hooks hook", 600))), []want{{StatusError, []string{
			"bin/ccc-hooks (in user settings): does not exist",
		}}}},
		{"directory", snap(user(supervisor(filepath.Join(dir, "d", "ccc-hooks")+" hook", 600))), []want{{StatusError, []string{"is a directory"}}}},
		{"older", snap(user(supervisor(old+" hook", 600))), []want{{StatusWarn, []string{
			"is ccc-hooks 1.0.0 (commit unknown), this is ccc-hooks 1.2.3 (commit " + thisCommit, "`ccc-hooks install --scope user`",
		}}}},
		{"not ccc-hooks", snap(user(supervisor(odd+" hook", 600))), []want{{StatusWarn, []string{`printed "something else"`}}}},
		{"one result per file", snap(project(stop(exe+" hook")), user(supervisor(exe+" hook", 600))), []want{
			{StatusOK, []string{"in project settings"}}, {StatusOK, []string{"in user settings"}},
		}},
	}
	if runtime.GOOS != "windows" {
		tests = append(tests, struct {
			name string
			s    *Snapshot
			want []want
		}{"not executable", snap(user(supervisor(plain+" hook", 600))), []want{{StatusError, []string{"chmod +x"}}}})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkResults(t, binaryCheck{env}, tt.s, tt.want) })
	}
}

func TestBinaryCheckRunFailure(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "ccc-hooks")
	testfs.Write(t, exe, "#!/bin/sh\nexit 1\n", 0o755)
	checkResults(t, binaryCheck{fakeEnv(nil, nil, nil)}, snap(provider("kimi", supervisor(exe+" hook", 600))),
		[]want{{StatusError, []string{"version` failed", "`ccc-hooks install --provider kimi`"}}})
}
