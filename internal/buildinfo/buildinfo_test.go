package buildinfo

import (
	"runtime/debug"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func vcs(revision, modified, time string) *debug.BuildInfo {
	return &debug.BuildInfo{Settings: []debug.BuildSetting{
		{Key: "-trimpath", Value: "true"},
		{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: revision},
		{Key: "vcs.time", Value: time},
		{Key: "vcs.modified", Value: modified},
	}}
}

const (
	rev  = "c043178e1f2a9b3c4d5e6f708192a3b4c5d6e7f8"
	rev2 = "53e57f0a1b2c3d4e5f60718293a4b5c6d7e8f901"
)

func TestFrom(t *testing.T) {
	for _, tt := range []struct {
		name  string
		stamp Stamp
		bi    *debug.BuildInfo
		want  Info
		line  string
	}{
		{
			name: "release stamp", stamp: Stamp{Version: "1.2.0", Commit: rev, Date: "2026-11-27T04:27:00Z"},
			bi:   vcs(rev2, "true", "2026-11-01T00:00:00Z"),
			want: Info{Version: "1.2.0", Commit: rev, Date: "2026-11-27T04:27:00Z"},
			line: "ccc-hooks 1.2.0 (commit " + rev + ", built 2026-11-27T04:27:00Z)\n",
		},
		{
			name: "source build in a clean checkout", bi: vcs(rev, "false", "2026-11-26T10:00:00Z"),
			want: Info{Version: "dev", Commit: rev, Date: "2026-11-26T10:00:00Z", DateIsCommit: true},
			line: "ccc-hooks dev (commit " + rev + ", committed 2026-11-26T10:00:00Z)\n",
		},
		{
			name: "source build with changes", bi: vcs(rev, "true", "2026-11-26T10:00:00Z"),
			want: Info{Version: "dev", Commit: rev, Modified: true, Date: "2026-11-26T10:00:00Z", DateIsCommit: true},
			line: "ccc-hooks dev (commit " + rev + ", modified, committed 2026-11-26T10:00:00Z)\n",
		},
		{
			name:  "stamped commit without a date takes the commit's time when it is the same commit",
			stamp: Stamp{Commit: rev}, bi: vcs(rev, "false", "2026-11-26T10:00:00Z"),
			want: Info{Version: "dev", Commit: rev, Date: "2026-11-26T10:00:00Z", DateIsCommit: true},
			line: "ccc-hooks dev (commit " + rev + ", committed 2026-11-26T10:00:00Z)\n",
		},
		{
			name:  "stamped commit without a date, another commit in the record (a worktree inside another clone)",
			stamp: Stamp{Commit: rev}, bi: vcs(rev2, "true", "2026-11-26T10:00:00Z"),
			want: Info{Version: "dev", Commit: rev},
			line: "ccc-hooks dev (commit " + rev + ")\n",
		},
		{
			name:  "install.sh's source build: commit, modified and date stamped",
			stamp: Stamp{Commit: rev, Modified: "true", Date: "2026-11-27T05:00:00Z"}, bi: &debug.BuildInfo{},
			want: Info{Version: "dev", Commit: rev, Modified: true, Date: "2026-11-27T05:00:00Z"},
			line: "ccc-hooks dev (commit " + rev + ", modified, built 2026-11-27T05:00:00Z)\n",
		},
		{
			name: "no record (-buildvcs=false, a source archive)", bi: &debug.BuildInfo{},
			want: Info{Version: "dev"},
			line: "ccc-hooks dev (commit unknown)\n",
		},
		{
			name: "no build info at all",
			want: Info{Version: "dev"},
			line: "ccc-hooks dev (commit unknown)\n",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := From(tt.stamp, tt.bi)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("From (-want +got):\n%s", d)
			}
			if l := got.Line(); l != tt.line {
				t.Errorf("Line() = %q, want %q", l, tt.line)
			}
			back, ok := Parse(got.Line())
			if !ok || !cmp.Equal(back, got) {
				t.Errorf("Parse(Line()) = %+v, %v; want %+v", back, ok, got)
			}
		})
	}
}

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		line string
		want Info
		ok   bool
	}{
		{"ccc-hooks 0.1.0\n", Info{Version: "0.1.0"}, true},
		{"ccc-hooks 0.0.1", Info{Version: "0.0.1"}, true},
		{
			"ccc-hooks 0.0.0-SNAPSHOT-c043178 (commit " + rev + ", built 2026-11-27T04:27:00Z)\r\n",
			Info{Version: "0.0.0-SNAPSHOT-c043178", Commit: rev, Date: "2026-11-27T04:27:00Z"},
			true,
		},
		{"ccc-hooks", Info{}, false},
		{"ccc-hooks ", Info{}, false},
		{"ccc 0.1.0", Info{}, false},
		{"ccc-hooks 1.0 extra words", Info{}, false},
		{"ccc-hooks 1.0 (commit abc", Info{}, false},
		{"ccc-hooks 1.0 (flavour sweet)", Info{}, false},
		{"ccc-hooks 1.0 commit abc)", Info{}, false},
	} {
		got, ok := Parse(tt.line)
		if ok != tt.ok || !cmp.Equal(got, tt.want) {
			t.Errorf("Parse(%q) = %+v, %v; want %+v, %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

func TestSame(t *testing.T) {
	a := Info{Version: "1.2.0", Commit: rev, Date: "2026-11-27T04:27:00Z"}
	for _, tt := range []struct {
		name string
		b    Info
		same bool
	}{
		{"another build date of one commit", Info{Version: "1.2.0", Commit: rev, Date: "2026-11-28T00:00:00Z"}, true},
		{"another commit", Info{Version: "1.2.0", Commit: rev2}, false},
		{"another version", Info{Version: "1.2.1", Commit: rev}, false},
		{"a modified work tree", Info{Version: "1.2.0", Commit: rev, Modified: true}, false},
		{"a binary that did not name its commit", Info{Version: "1.2.0"}, false},
	} {
		if got := a.Same(tt.b); got != tt.same {
			t.Errorf("%s: Same = %v, want %v", tt.name, got, tt.same)
		}
	}
}

// TestGetInATest: a test binary carries no stamp; Get still answers with a version.
func TestGetInATest(t *testing.T) {
	if got := Get(); got.Version != DevVersion {
		t.Errorf("Get().Version = %q, want %q", got.Version, DevVersion)
	}
}
