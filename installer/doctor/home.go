package doctor

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/config"
)

// homeCheck reports whether the ccc-hooks home (state, logs, backups, locks) is writable, and
// how long it keeps a session's files. It never creates the home: when it does not exist yet,
// the nearest existing parent must be writable. The probe is a temporary file, created and
// removed at once.
type homeCheck struct{}

func (homeCheck) Name() string { return "ccc-home" }

func (homeCheck) Run(_ context.Context, s *Snapshot) []Result {
	const fix = "or set CCC_CONFIG_DIR to a writable directory"
	dir := s.Home
	var fi os.FileInfo
	for {
		var err error
		if fi, err = os.Stat(dir); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		// A missing directory, or a file where a directory should be: look further up.
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) || parent == dir {
			return []Result{fail(fmt.Sprintf("cannot use %s (%v), so hooks cannot keep state or locks: fix its permissions, %s",
				s.Home, err, fix), s.Home)}
		}
		dir = parent
	}
	if !fi.IsDir() {
		return []Result{fail(fmt.Sprintf("%s is not a directory, so ccc-hooks cannot keep its state in %s: move it away, %s",
			dir, s.Home, fix), s.Home)}
	}
	f, err := os.CreateTemp(dir, ".doctor-*")
	if err != nil {
		return []Result{fail(fmt.Sprintf("cannot write in %s (%v), so hooks cannot keep state or locks: run `chmod u+w %s`, %s",
			dir, err, s.quote(dir), fix), s.Home)}
	}
	name := f.Name()
	_ = f.Close() // empty probe file, removed next
	if err := os.Remove(name); err != nil {
		return []Result{warn(fmt.Sprintf("could not remove the probe file %s (%v): delete it", name, err), s.Home)}
	}
	res := ok(s.Home+" is writable"+s.retention(), s.Home)
	if dir != s.Home {
		res = ok(fmt.Sprintf("%s does not exist yet; %s is writable, so it can be created%s", s.Home, dir, s.retention()), s.Home)
	}
	if w, found := s.keptLonger(); found {
		return []Result{res, w}
	}
	return []Result{res}
}

// keptLonger warns when a settings file makes Claude Code keep sessions longer
// (cleanupPeriodDays) than the home keeps their files: a session resumed after retention_days
// days would have lost the supervisor's on or off of its own and fall back to the default — a
// review skipped where it was on.
func (s *Snapshot) keptLonger() (Result, bool) {
	if s.RetentionDays <= 0 {
		return Result{}, false
	}
	for _, f := range s.Files {
		days := f.Get("cleanupPeriodDays")
		if days.Type == gjson.Number && days.Float() > float64(s.RetentionDays) {
			return warn(fmt.Sprintf("Claude Code keeps a session %s days (cleanupPeriodDays in %s) but ccc-hooks home keeps its files %d, so a session resumed later than that has lost the supervisor's on or off of its own: set %q: %s in %s",
				days.Raw, f.Path, s.RetentionDays, config.RetentionKey, days.Raw, s.ConfigPath), s.ConfigPath), true
		}
	}
	return Result{}, false
}

// retention says how long the home keeps a session's files (ccc.json retention_days).
func (s *Snapshot) retention() string {
	if s.RetentionDays <= 0 {
		return ""
	}
	return fmt.Sprintf("; the files of a session not written for %d days are pruned, their decisions summed up in `%s supervisor log` (%s in %s)",
		s.RetentionDays, s.program(), config.RetentionKey, s.ConfigPath)
}
