// Package testuser lets a test that needs file permissions to hold run where the test binary
// runs as root, which ignores them: the test runs again, alone, in a child process as the
// unprivileged user nobody. It is imported by tests only.
package testuser

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// Nobody is the unprivileged user and group the child runs as.
const Nobody = 65534

// envTest names, in the child, the test it runs as nobody.
const envTest = "CCC_TESTUSER_TEST"

// RunAsNobody reports whether the test t ran in a child process. As root, it runs t again — a
// copy of the test binary run with -test.run selecting t alone, as user and group nobody, in a
// fresh directory that is its working directory, HOME and TMPDIR — fails t when the child fails
// or does not run t, and returns true: the caller returns at once. Not as root, or in that child,
// it returns false and the caller runs the test body. files are copied into the child's working
// directory under their base names before it starts; a test reads them from there.
func RunAsNobody(t *testing.T, files ...string) bool {
	t.Helper()
	if InChild(t) {
		if os.Geteuid() == 0 {
			t.Fatal("the child meant to run as nobody runs as root")
		}
		return false
	}
	if os.Geteuid() != 0 {
		return false
	}
	dir := sharedDir(t)
	bin := filepath.Join(dir, filepath.Base(os.Args[0]))
	testfs.Copy(t, os.Args[0], bin, 0o755)
	for _, f := range files {
		testfs.Copy(t, f, filepath.Join(dir, filepath.Base(f)), 0o644)
	}
	args := []string{"-test.run=" + runPattern(t.Name()), "-test.v", "-test.count=1"}
	if f := flag.Lookup("test.timeout"); f != nil {
		args = append(args, "-test.timeout="+f.Value.String())
	}
	c := exec.CommandContext(t.Context(), bin, args...)
	c.Dir = dir
	c.Env = append(withoutVars(os.Environ(), "HOME", "TMPDIR", envTest), "HOME="+dir, "TMPDIR="+dir, envTest+"="+t.Name())
	c.SysProcAttr = asNobody()
	out, err := c.CombinedOutput()
	switch {
	case err != nil:
		t.Errorf("as nobody: %v\n%s", err, out)
	case !strings.Contains(string(out), "--- PASS: "+t.Name()+" "):
		t.Errorf("as nobody, %s did not run and pass:\n%s", t.Name(), out)
	default:
		t.Logf("ran as nobody:\n%s", out)
	}
	return true
}

// InChild reports whether this process is the child RunAsNobody started to run t.
func InChild(t *testing.T) bool { return os.Getenv(envTest) == t.Name() }

// runPattern is the -test.run pattern that selects the test called name and no other.
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// sharedDir returns a new directory owned by nobody, removed when t ends, in a temporary
// directory every user can reach (the one of this process if it can, else /tmp or /var/tmp).
func sharedDir(t *testing.T) string {
	t.Helper()
	for _, base := range []string{os.TempDir(), "/tmp", "/var/tmp"} {
		if !searchable(base) {
			continue
		}
		// Not t.TempDir: its parent is private to root (0700), and nobody must reach this one.
		dir, err := os.MkdirTemp(base, "ccc-hooks-nobody-") //nolint:usetesting // see above
		if err != nil {
			continue
		}
		t.Cleanup(func() { _ = os.RemoveAll(dir) })
		if err := os.Chown(dir, Nobody, Nobody); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	t.Fatalf("no temporary directory that nobody can reach (tried %s, /tmp, /var/tmp)", os.TempDir())
	return ""
}

// searchable reports whether every directory from the root down to dir may be searched by any
// user.
func searchable(dir string) bool {
	dir, err := filepath.EvalSymlinks(dir)
	if err != nil || !filepath.IsAbs(dir) {
		return false
	}
	for {
		fi, err := os.Stat(dir)
		if err != nil || !fi.IsDir() || fi.Mode().Perm()&0o001 == 0 {
			return false
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return true
		}
		dir = parent
	}
}

// withoutVars returns env without the variables named.
func withoutVars(env []string, names ...string) []string {
	var out []string
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		keep := true
		for _, n := range names {
			keep = keep && name != n
		}
		if keep {
			out = append(out, kv)
		}
	}
	return out
}
