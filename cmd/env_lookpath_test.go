//go:build unix

package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/installer/doctor"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// envWithPATH returns a test Env whose PATH is a directory holding an executable ccc-hooks that
// prints this build; the process's own PATH does not have it. That ccc-hooks is the Env's
// executable, and the user settings run it as `ccc-hooks hook`.
func envWithPATH(t *testing.T) (env *Env, out *bytes.Buffer, bin string) {
	t.Helper()
	env, out, _ = testEnv(t)
	home := env.Getenv("HOME")
	dir := filepath.Join(home, "elsewhere")
	bin = filepath.Join(dir, "ccc-hooks")
	if strings.Contains(os.Getenv("PATH"), dir) {
		t.Fatalf("the process's PATH already holds %s", dir)
	}
	testfs.Write(t, bin, "#!/bin/sh\necho '"+strings.TrimSpace(versionLine())+"'\n", 0o755)
	testfs.Write(t, filepath.Join(home, ".claude", "settings.json"),
		`{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "ccc-hooks hook", "timeout": 600}]}]}}`, 0o644)
	getenv := env.Getenv
	env.Getenv = func(k string) string {
		if k == "PATH" {
			return dir
		}
		return getenv(k)
	}
	env.Executable = func() (string, error) { return bin, nil }
	return env, out, bin
}

// TestStatusFindsProgramsOnEnvPATH: status resolves `ccc-hooks hook` on the PATH of its Env.
func TestStatusFindsProgramsOnEnvPATH(t *testing.T) {
	env, out, bin := envWithPATH(t)
	if err := runStatus(context.Background(), env, &statusOptions{JSON: true, ManagedPath: "/nonexistent"}); err != nil {
		t.Fatal(err)
	}
	var rows []installer.StatusRow
	if err := json.Unmarshal(out.Bytes(), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rows) == 0 || rows[0].Scope != installer.ScopeUser || len(rows[0].Hooks) != 1 ||
		!rows[0].Hooks[0].Resolves || rows[0].Hooks[0].Program != bin {
		t.Errorf("user row %+v, want its hook resolved to %s", rows, bin)
	}
}

// TestDoctorFindsProgramsOnEnvPATH: doctor finds `ccc-hooks` on the PATH of its Env, and its
// advice names the program as `ccc-hooks` since that name runs this binary there.
func TestDoctorFindsProgramsOnEnvPATH(t *testing.T) {
	env, out, bin := envWithPATH(t)
	_ = runDoctor(context.Background(), env, &doctorOptions{JSON: true, ManagedPath: "/nonexistent"})
	var results []doctor.Result
	if err := json.Unmarshal(out.Bytes(), &results); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var found bool
	for _, r := range results {
		if r.Check == "hook-binary" {
			found = true
			if r.Status != doctor.StatusOK || !strings.Contains(r.Message, strings.TrimSpace(versionLine())+", this build") {
				t.Errorf("hook-binary: %+v, want %s found as this build", r, bin)
			}
		}
		if r.Check == "claude" && !strings.Contains(r.Message, "claude not found on PATH") {
			t.Errorf("claude: %+v, want not found on the Env's PATH", r)
		}
	}
	if !found {
		t.Errorf("no hook-binary result in %s", out)
	}
	if got := adviceProgram(env); got != "ccc-hooks" {
		t.Errorf("adviceProgram = %q, want ccc-hooks", got)
	}
}
