package retention

import (
	"path/filepath"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// Group names what the files of a kind belong to: files of one group go together, and only when
// the newest of them was last written longer ago than the retention window.
type Group string

const (
	// Session groups the files of one session (or supervisor ID), named by its ID.
	Session Group = "session"
	// Window groups the record of one Claude Code window, named by its key.
	Window Group = "window"
	// Temp is a temporary file that a write killed before its rename left, named by itself.
	Temp Group = "temp"
)

// Kind is one sort of file that ccc-hooks home gathers per session or per window: where it lies,
// how its name reads, the lock its writers hold, and whether its content is counted before it
// goes.
type Kind struct {
	What   string // for messages and docs
	Dir    string // below the home; "" for the home itself
	Prefix string
	Suffix string
	// Match, when set, takes the place of Prefix and Suffix: it says whether a file of Dir is
	// of the kind, and the file's whole name is the group's.
	Match func(file string) bool
	Group Group
	// Lock returns the lock file (below the home) that the writers of the file of name hold
	// while they write it; "" when they hold none. The pruner takes it without waiting and
	// leaves the group alone while another process holds it.
	Lock func(name string) string
	// IsLock marks the lock files themselves: they are never written, so their times say
	// nothing of when the session was last in use, and each is removed while held.
	IsLock bool
	// Log marks the supervisor's decision logs: their totals are added to the summary before
	// they are removed (see Record).
	Log bool
}

// supervisorLock is the lock of a session's supervisor state (hookrt/supervisor's SessionStore).
func supervisorLock(id string) string { return filepath.Join("locks", "supervisor-"+id+".lock") }

// Kinds returns every kind of file the pruner removes. Adding a per-session or per-window file to
// ccc-hooks home is one entry here (TestKindsNameTheStoresFiles checks the entries against the
// stores that write them). The answered-once records (hookrt/once) prune themselves, and the
// backups of settings files are bounded per file (settings): neither is listed.
func Kinds() []Kind {
	return []Kind{
		{What: "supervisor state", Prefix: "supervisor-", Suffix: ".json", Group: Session, Lock: supervisorLock},
		{What: "supervisor decision log", Prefix: "supervisor-", Suffix: ".log", Group: Session, Lock: supervisorLock, Log: true},
		{What: "supervisor lock", Dir: "locks", Prefix: "supervisor-", Suffix: ".lock", Group: Session, Lock: supervisorLock, IsLock: true},
		{What: "check results", Prefix: "checks-", Suffix: ".json", Group: Session, Lock: supervisorLock},
		{
			What: "workflow block counters", Prefix: "workflow-", Suffix: ".json", Group: Session,
			Lock: func(string) string { return filepath.Join("locks", "workflow.lock") },
		},
		{What: "window record", Dir: "windows", Suffix: ".json", Group: Window, Lock: windowLock},
		{What: "window lock", Dir: "locks", Prefix: "window-", Suffix: ".lock", Group: Window, Lock: windowLock, IsLock: true},
		tempKind(""),
		tempKind("windows"),
	}
}

// windowLock is the lock of a Claude Code window's record (hookrt/supervisor's SessionStore),
// named by the window's process ID.
func windowLock(pid string) string { return filepath.Join("locks", "window-"+pid+".lock") }

// tempKind is the temporary files that atomic writes (safefile) of the kinds of dir leave when
// they are killed before their rename. A writer renames its file within milliseconds, under the
// lock of the file it writes; one as old as the retention window was left by a writer that was
// killed. The pruner's own (of its record and list) it removes itself when a pass starts.
func tempKind(dir string) Kind {
	target := func(file string) (Kind, string, bool) {
		i := strings.LastIndex(file, tempMarker)
		if i < 2 || !safefile.IsTempOf(file, file[1:i]) {
			return Kind{}, "", false
		}
		for _, k := range Kinds() {
			if name, ok := k.name(file[1:i]); ok && k.Dir == dir && k.Match == nil {
				return k, name, true
			}
		}
		return Kind{}, "", false
	}
	return Kind{
		What: "temporary file of a killed write", Dir: dir, Group: Temp,
		Match: func(file string) bool {
			_, _, ok := target(file)
			return ok
		},
		Lock: func(file string) string {
			if k, name, ok := target(file); ok {
				return k.Lock(name)
			}
			return ""
		},
	}
}

// tempMarker is what the name of every temporary file of safefile holds.
const tempMarker = ".ccc-hooks-tmp-"

// name returns what a file called file in k's directory names (a session ID, a window key), and
// ok false for a file that is not of k. Only names a hook could have written are taken: never
// a file of someone else's that happens to sit there.
func (k Kind) name(file string) (name string, ok bool) {
	if k.Match != nil {
		return file, k.Match(file)
	}
	rest, ok := strings.CutPrefix(file, k.Prefix)
	if !ok {
		return "", false
	}
	name, ok = strings.CutSuffix(rest, k.Suffix)
	if !ok || !event.ValidSessionID(name) {
		return "", false
	}
	return name, true
}

// path returns the file of k for name, below home.
func (k Kind) path(home, name string) string {
	return filepath.Join(home, k.Dir, k.Prefix+name+k.Suffix)
}

// lockPath returns the lock of k's file for name, below home; "" for none.
func (k Kind) lockPath(home, name string) string {
	if l := k.Lock(name); l != "" {
		return filepath.Join(home, l)
	}
	return ""
}
