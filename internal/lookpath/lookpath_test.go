package lookpath

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// program is the file name of the ccc-hooks program on this system: ccc-hooks.exe on Windows,
// where a program is known by its extension.
var program = map[bool]string{true: "ccc-hooks.exe", false: "ccc-hooks"}[runtime.GOOS == "windows"]

// TestIn: a program is found in the first PATH directory that holds it as a program: with an
// execute bit, or on Windows by its extension (a file "ccc-hooks" without one is no program
// there).
func TestIn(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, program)
	testfs.Write(t, exe, "#!/bin/sh\n", 0o755)
	plain := t.TempDir()
	if err := os.WriteFile(filepath.Join(plain, "ccc-hooks"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, want string }{
		{dir, exe},
		{plain + string(os.PathListSeparator) + dir, exe}, // not executable: skipped
		{plain, ""},
		{"", ""},
	} {
		if got := In("ccc-hooks", tt.path); got != tt.want {
			t.Errorf("In(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

// TestAbsolute: the hook runtime's lookup passes over the relative directories of PATH (an empty
// one is the working directory), which In searches as a shell does; a program it does not find is
// exec.ErrNotFound.
func TestAbsolute(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	testfs.Write(t, filepath.Join(dir, "bin", program), "#!/bin/sh\n", 0o755)
	testfs.Write(t, filepath.Join(dir, program), "#!/bin/sh\n", 0o755)
	abs := filepath.Join(dir, "bin")
	sep := string(os.PathListSeparator)
	for _, tt := range []struct{ path, want, shell string }{
		{"bin", "", filepath.Join("bin", program)},
		{"" + sep + abs, filepath.Join(abs, program), filepath.Join(".", program)},
		{"." + sep + "bin" + sep + abs, filepath.Join(abs, program), program},
		{abs, filepath.Join(abs, program), filepath.Join(abs, program)},
	} {
		got, err := Absolute("ccc-hooks", tt.path)
		if got != tt.want || (got == "") != errors.Is(err, exec.ErrNotFound) {
			t.Errorf("Absolute(%q) = %q, %v; want %q", tt.path, got, err, tt.want)
		}
		if shell := In("ccc-hooks", tt.path); shell != tt.shell {
			t.Errorf("In(%q) = %q, want %q", tt.path, shell, tt.shell)
		}
	}
}

// TestShell: a name with a path separator is the file it names, when that is a program; a bare
// name is looked for in PATH, its relative directories included; a program not found is exec's
// ErrNotFound, naming it.
func TestShell(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	exe := filepath.Join(dir, "bin", program)
	testfs.Write(t, exe, "#!/bin/sh\n", 0o755)
	testfs.Write(t, filepath.Join(dir, "plain", "ccc-hooks"), "", 0o644) // no program: not executable, no extension
	for _, tt := range []struct{ name, path, want string }{
		{exe, "", exe},
		{filepath.Join("bin", program), "", filepath.Join("bin", program)},
		{filepath.Join(dir, "plain", "ccc-hooks"), "", ""},
		{filepath.Join(dir, "gone", program), filepath.Join(dir, "bin"), ""},
		{"ccc-hooks", filepath.Join(dir, "bin"), exe},
		{"ccc-hooks", "bin", filepath.Join("bin", program)},
		{"ccc-hooks", filepath.Join(dir, "plain"), ""},
	} {
		got, err := Shell(tt.name, tt.path)
		var execErr *exec.Error
		if got != tt.want || (got == "") != (errors.As(err, &execErr) && execErr.Name == tt.name && errors.Is(err, exec.ErrNotFound)) {
			t.Errorf("Shell(%q, %q) = %q, %v; want %q", tt.name, tt.path, got, err, tt.want)
		}
	}
}

// TestProgramFiles: Windows runs a program by a name without its extension through PATHEXT.
func TestProgramFiles(t *testing.T) {
	for _, tt := range []struct {
		name, goos string
		want       []string
	}{
		{"ccc-hooks", "linux", []string{"ccc-hooks"}},
		{"ccc-hooks", "windows", []string{"ccc-hooks.com", "ccc-hooks.exe", "ccc-hooks.bat", "ccc-hooks.cmd"}},
		{"ccc-hooks.EXE", "windows", []string{"ccc-hooks.EXE"}},
		{"claude.cmd", "windows", []string{"claude.cmd"}},
	} {
		if got := programFiles(tt.name, tt.goos); !slices.Equal(got, tt.want) {
			t.Errorf("programFiles(%q, %s) = %q, want %q", tt.name, tt.goos, got, tt.want)
		}
	}
}
