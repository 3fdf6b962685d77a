//go:build linux

package cmd

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// straceFaults runs ccc-hooks with args in dir's home under strace, each of injects (as strace's
// -e inject takes it) failing its calls, and returns what it said and its exit code.
func straceFaults(t *testing.T, bin, dir string, injects []string, args ...string) (string, int) {
	t.Helper()
	sargs := []string{"-f", "-qq", "-o", os.DevNull}
	var traced []string
	for _, in := range injects {
		traced = append(traced, strings.SplitN(in, ":", 2)[0])
		sargs = append(sargs, "-e", "inject="+in)
	}
	sargs = append(append(sargs, "-e", "trace="+strings.Join(traced, ","), bin), args...)
	c := exec.Command("strace", sargs...)
	c.Env = faultEnv(dir)
	out, err := c.CombinedOutput()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), code
}

// needFaultStrace skips a test where strace cannot inject faults.
func needFaultStrace(t *testing.T) {
	t.Helper()
	if out, err := exec.Command("strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=getpid", "-e", "inject=getpid:error=EIO:when=1", "true").CombinedOutput(); err != nil {
		testneed.Missing(t, fmt.Sprintf("strace with fault injection is not here: %v %s", err, out))
	}
}

// TestLeftoverNamedWhenItsRemovalFails: a write into ccc-hooks home (the ledger's record, a
// backup) that fails, and whose temporary file cannot be removed either, names that file, as a
// temporary file beside the settings file is named: nothing ccc-hooks leaves goes unsaid.
func TestLeftoverNamedWhenItsRemovalFails(t *testing.T) {
	needFaultStrace(t)
	bin := buildBinary(t)
	for n := 1; n <= 4; n++ {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "home", ".claude", "settings.json"), killOld)
		out, _ := straceFaults(t, bin, dir, []string{"renameat:error=EIO:when=" + strconv.Itoa(n), "unlinkat:error=EIO"}, "install", "--yes")
		left, _ := filepath.Glob(filepath.Join(dir, "home", ".claude", "ccc", "*", ".*ccc-hooks-tmp*"))
		more, _ := filepath.Glob(filepath.Join(dir, "home", ".claude", "ccc", "*", "*", ".*ccc-hooks-tmp*"))
		for _, f := range append(left, more...) {
			if !strings.Contains(out, f) {
				t.Errorf("renameat %d failing: %s is left and not named:\n%s", n, f, out)
			}
		}
	}
}

// TestRemovedFileSaidPlainly: an uninstall that removes the file install created, whose record
// in the ledger then cannot be dropped, says plainly that the file is removed (it is), exits 0,
// and the next run drops the record.
func TestRemovedFileSaidPlainly(t *testing.T) {
	needFaultStrace(t)
	bin := buildBinary(t)
	seen := false
	for n := 1; n <= 8; n++ {
		dir := t.TempDir()
		settings := filepath.Join(dir, "home", ".claude", "settings.json")
		faultRun(t, bin, dir, "install", "--yes")
		out, code := straceFaults(t, bin, dir, []string{"unlinkat:error=EIO:when=" + strconv.Itoa(n)}, "uninstall", "--yes")
		if _, err := os.Lstat(settings); !os.IsNotExist(err) {
			continue // the removal itself failed, and was put back
		}
		if !strings.Contains(out, "ledger") {
			continue // the ledger went too
		}
		seen = true
		if code != 0 || !strings.Contains(out, settings+" is removed, and stays removed") {
			t.Errorf("unlinkat %d failing: exit %d, and the removed file not said plainly to be gone:\n%s", n, code, out)
		}
		faultRun(t, bin, dir, "uninstall", "--yes")
		if records, _ := filepath.Glob(filepath.Join(dir, "home", ".claude", "ccc", "ledger", "settings.json-*.json")); len(records) > 0 {
			t.Errorf("unlinkat %d failing: the next run left the record %s", n, records)
		}
	}
	if !seen {
		t.Error("no run failed to drop the record after the file was removed: the injection points moved")
	}
}
