package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/installer/doctor"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

func TestWriteDoctorTable(t *testing.T) {
	results := []doctor.Result{
		{Check: "config", Status: doctor.StatusError, Message: "bad"},
		{Check: "timeout", Status: doctor.StatusWarn, Message: "slow"},
		{Check: "user-settings", Status: doctor.StatusOK, Message: "fine"},
	}
	var plain bytes.Buffer
	if err := writeDoctorTable(&plain, results, doctorTable{Cols: 80, All: true}); err != nil {
		t.Fatal(err)
	}
	want := `1 error, 1 warning, 1 ok: ccc-hooks will not work as it should until the error
is fixed.

CHECK          STATUS MESSAGE
config         error  bad
timeout        warn   slow
user-settings  ok     fine
`
	if diff := cmp.Diff(want, plain.String()); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
	var color bytes.Buffer
	if err := writeDoctorTable(&color, results, doctorTable{Color: true, Cols: 80, All: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(color.String(), "config         \x1b[31merror\x1b[0m  bad\n") {
		t.Errorf("coloured table lacks the red, aligned error line:\n%q", color.String())
	}
}

// TestRunDoctorManaged points the managed scope at a temporary file: allowManagedHooksOnly there
// switches off the user's ccc-hooks hooks, an error (exit 1) in both output formats.
func TestRunDoctorManaged(t *testing.T) {
	env, out, errOut := testEnv(t)
	home := env.Getenv("HOME")
	managed := filepath.Join(home, "managed-settings.json")
	testfs.Write(t, managed, `{"allowManagedHooksOnly": true}`, 0o644)
	if err := os.Mkdir(filepath.Join(home, "project"), 0o755); err != nil {
		t.Fatal(err)
	}
	testfs.Write(t, filepath.Join(home, ".claude", "settings.json"),
		`{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "ccc-hooks hook", "timeout": 600}]}]}}`, 0o644)
	opts := &doctorOptions{
		JSON:        true,
		ProjectDir:  filepath.Join(home, "project"),
		ManagedPath: managed,
		Output: func(context.Context, string, ...string) ([]byte, error) {
			return nil, errors.New("not run")
		},
	}
	err := runDoctor(context.Background(), env, opts)
	if code, _ := exitCode(err); code != 1 {
		t.Fatalf("exit code %d (err %v), want 1", code, err)
	}
	var results []doctor.Result
	if err := json.Unmarshal(out.Bytes(), &results); err != nil {
		t.Fatalf("stdout is not a JSON array: %v\n%s", err, out)
	}
	var got *doctor.Result
	for i, r := range results {
		if r.Check == "managed-hooks-only" {
			got = &results[i]
		}
	}
	if got == nil || got.Status != doctor.StatusError || got.Path != managed ||
		!strings.Contains(got.Message, "the ccc-hooks hooks in user settings are off") {
		t.Errorf("managed-hooks-only result %+v, want an error about user settings", got)
	}
	if errOut.Len() != 0 {
		t.Errorf("stderr %q, want nothing", errOut)
	}
}

// TestDoctorTableWritesHomeAsTilde: the table writes paths in the home directory from ~; --json
// keeps them whole.
func TestDoctorTableWritesHomeAsTilde(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		env, out, _ := testEnv(t)
		home := env.Getenv("HOME")
		opts := &doctorOptions{JSON: asJSON, All: true, ManagedPath: filepath.Join(home, "managed-settings.json")}
		_ = runDoctor(context.Background(), env, opts)
		full, short := filepath.Join(home, ".claude", "settings.json"), "~/.claude/settings.json"
		switch {
		case !asJSON && (strings.Contains(out.String(), home) || !strings.Contains(out.String(), short)):
			t.Errorf("table names %s instead of ~:\n%s", home, out)
		case asJSON && (strings.Contains(out.String(), "~") || !strings.Contains(out.String(), full)):
			t.Errorf("--json does not keep the full path %s:\n%s", full, out)
		}
	}
}
