package doctor

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testuser"
)

func TestHomeCheck(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "ccc")
	if err := os.Mkdir(existing, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		home string
		want want
	}{
		{"writable", existing, want{StatusOK, []string{existing + " is writable"}}},
		{"not yet created", filepath.Join(dir, "a", "b", "ccc"), want{StatusOK, []string{"does not exist yet; " + dir + " is writable"}}},
		{"parent is a file", filepath.Join(file, "ccc"), want{StatusError, []string{file + " is not a directory", "CCC_CONFIG_DIR"}}},
		{"retention", existing, want{StatusOK, []string{
			existing + " is writable; the files of a session not written for 30 days are pruned, their decisions summed up in `ccc-hooks supervisor log` (retention_days in ",
		}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := snap()
			s.Home = tt.home
			if tt.name == "retention" {
				s.RetentionDays = 30
			}
			checkResults(t, homeCheck{}, s, []want{tt.want})
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "a")); !os.IsNotExist(err) {
		t.Errorf("the check created the home's parents: %v", err)
	}
	entries, _ := os.ReadDir(existing)
	if len(entries) != 0 {
		t.Errorf("probe files left in %s: %v", existing, entries)
	}
}

// TestHomeCheckReadOnly: a home in a directory the user cannot write is an error. Root writes
// anywhere: as root the test runs as nobody.
func TestHomeCheckReadOnly(t *testing.T) {
	if testuser.RunAsNobody(t) {
		return
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })
	s := snap()
	s.Home = filepath.Join(dir, "ccc")
	checkResults(t, homeCheck{}, s, []want{{StatusError, []string{"cannot write in " + dir, "chmod u+w"}}})
}

// TestHomeCheckKeptLonger: where a settings file makes Claude Code keep sessions longer than the
// home keeps their files, doctor says so and how to match them; as long or shorter, nothing.
func TestHomeCheckKeptLonger(t *testing.T) {
	home := t.TempDir()
	for _, tt := range []struct {
		files []File
		wants []want
	}{
		{[]File{user(`{"cleanupPeriodDays": 90}`)}, []want{
			{StatusOK, []string{home + " is writable"}},
			{StatusWarn, []string{"keeps a session 90 days (cleanupPeriodDays in ", "keeps its files 30", `set "retention_days": 90 in `}},
		}},
		{[]File{project(`{"cleanupPeriodDays": 30}`), user(`{"cleanupPeriodDays": "90"}`)}, []want{{StatusOK, []string{home + " is writable"}}}},
		{[]File{user(`{}`)}, []want{{StatusOK, []string{home + " is writable"}}}},
	} {
		s := snap(tt.files...)
		s.Home, s.RetentionDays = home, 30
		checkResults(t, homeCheck{}, s, tt.wants)
	}
}
