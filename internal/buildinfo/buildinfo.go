// Package buildinfo says which build of ccc-hooks is running: its version, the commit it was
// built from and when. A build stamps them with the linker
// (-X github.com/ccc-hooks/ccc-hooks/internal/buildinfo.version=…, and .commit, .modified, .date):
// the release build (.goreleaser.yaml) stamps version, commit and date, ./install.sh's source
// build commit, modified and date (it asks git, which also works in a linked worktree, where the
// Go toolchain records nothing: golang/go#58218). A plain `go build` in a clone has no stamp; the
// commit, whether the work tree was modified and the commit's time then come from the Go
// toolchain's own record (debug.ReadBuildInfo, vcs.*). `ccc-hooks version` prints the line of
// Line, and doctor reads that line back from the binary a hook runs (Parse) to tell whether it is
// this build.
package buildinfo

import (
	"runtime/debug"
	"strings"
)

// The linker's stamp: empty in a build without -ldflags -X.
var (
	version  string
	commit   string
	modified string // "true" when the work tree held changes the commit does not
	date     string
)

// DevVersion is the version of a build without a release stamp.
const DevVersion = "dev"

// Info identifies one build.
type Info struct {
	// Version is the release (as its tag names it, without the "v"), or DevVersion.
	Version string
	// Commit is the full commit hash the binary was built from; "" when unknown.
	Commit string
	// Modified says the work tree held changes the commit does not (a source build only).
	Modified bool
	// Date is when the binary was built (a release) or when its commit was made (a source
	// build, DateIsCommit), in RFC 3339; "" when unknown.
	Date         string
	DateIsCommit bool
}

// Stamp is what the linker stamped into a build, each field "" when not.
type Stamp struct{ Version, Commit, Modified, Date string }

// Get returns the Info of the running binary.
func Get() Info {
	bi, _ := debug.ReadBuildInfo()
	return From(Stamp{Version: version, Commit: commit, Modified: modified, Date: date}, bi)
}

// From combines a stamp with the toolchain's record bi (nil when there is none): each stamped
// field wins; the commit and its state are read from bi's vcs settings only when none was
// stamped, and the date only when none was stamped and bi's commit is the build's.
func From(st Stamp, bi *debug.BuildInfo) Info {
	in := Info{Version: st.Version, Commit: st.Commit, Modified: st.Modified == "true", Date: st.Date}
	if in.Version == "" {
		in.Version = DevVersion
	}
	if bi == nil {
		return in
	}
	vcs := map[string]string{}
	for _, s := range bi.Settings {
		vcs[s.Key] = s.Value
	}
	if vcs["vcs"] != "git" || vcs["vcs.revision"] == "" {
		return in
	}
	if in.Commit == "" {
		in.Commit = vcs["vcs.revision"]
		in.Modified = vcs["vcs.modified"] == "true"
	}
	if in.Date == "" && in.Commit == vcs["vcs.revision"] && vcs["vcs.time"] != "" {
		in.Date, in.DateIsCommit = vcs["vcs.time"], true
	}
	return in
}

// String is the build as `ccc-hooks version` names it after the program's name:
// "1.2.0 (commit 0123…, built 2026-11-27T04:27:00Z)", "dev (commit 0123…, modified, committed
// 2026-11-26T10:00:00Z)", or "dev (commit unknown)".
func (in Info) String() string {
	parts := []string{"commit unknown"}
	if in.Commit != "" {
		parts[0] = "commit " + in.Commit
	}
	if in.Modified {
		parts = append(parts, "modified")
	}
	if in.Date != "" {
		word := "built "
		if in.DateIsCommit {
			word = "committed "
		}
		parts = append(parts, word+in.Date)
	}
	return in.Version + " (" + strings.Join(parts, ", ") + ")"
}

// Line is what `ccc-hooks version` and `ccc-hooks --version` print, newline included.
func (in Info) Line() string { return "ccc-hooks " + in.String() + "\n" }

// Same reports whether in and other are one build: the same version from the same commit, both
// modified or neither. The date does not count: two release builds of one commit differ only in
// it. A commit unknown on both sides leaves the version alone to compare.
func (in Info) Same(other Info) bool {
	return in.Version == other.Version && in.Commit == other.Commit && in.Modified == other.Modified
}

// Parse reads the first line a `ccc-hooks version` printed back into an Info. It accepts the
// line of every ccc-hooks: "ccc-hooks 0.1.0" (before builds named their commit, the commit is then
// unknown) as well as Line's. ok is false for anything else.
func Parse(line string) (in Info, ok bool) {
	rest, found := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "ccc-hooks ")
	if !found {
		return Info{}, false
	}
	ver, paren, hasParen := strings.Cut(rest, " ")
	if ver == "" || strings.ContainsAny(ver, "()\t") {
		return Info{}, false
	}
	in.Version = ver
	if !hasParen {
		return in, true
	}
	inner, opened := strings.CutPrefix(paren, "(")
	inner, closed := strings.CutSuffix(inner, ")")
	if !opened || !closed {
		return Info{}, false
	}
	for _, p := range strings.Split(inner, ", ") {
		switch {
		case p == "commit unknown":
		case p == "modified":
			in.Modified = true
		case strings.HasPrefix(p, "commit "):
			in.Commit = strings.TrimPrefix(p, "commit ")
		case strings.HasPrefix(p, "built "):
			in.Date = strings.TrimPrefix(p, "built ")
		case strings.HasPrefix(p, "committed "):
			in.Date, in.DateIsCommit = strings.TrimPrefix(p, "committed "), true
		default:
			return Info{}, false
		}
	}
	return in, true
}
