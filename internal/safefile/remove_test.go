package safefile

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRemoveChecked: the check sees the file's content under its moved-aside name; approved, the
// file is gone; refused, it is back at its name byte for byte; refused while another program
// created a new file at the name, the new file stays and the old content is kept beside it,
// named in the error. No temporary file is left behind in any case.
func TestRemoveChecked(t *testing.T) {
	for _, tc := range []struct {
		name     string
		approve  bool
		foreign  bool
		wantGone bool
		wantErr  string
		want     string // content at target afterwards ("" when absent)
		wantKept string // content of target.ccc-hooks-kept ("" when absent)
	}{
		{name: "approved", approve: true, wantGone: true},
		{name: "refused", want: "old"},
		{
			name: "refused, rewritten meanwhile", foreign: true, want: "foreign", wantKept: "old",
			wantErr: "another program wrote it meanwhile; its content is kept in ",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			target := filepath.Join(dir, "settings.json")
			if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
			gone, err := RemoveChecked(target, func(aside string) bool {
				if got, err := os.ReadFile(aside); err != nil || string(got) != "old" {
					t.Errorf("check saw %q, %v", got, err)
				}
				if tc.foreign {
					if err := os.WriteFile(target, []byte("foreign"), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return tc.approve
			})
			if gone != tc.wantGone {
				t.Errorf("gone = %v; want %v", gone, tc.wantGone)
			}
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("err = %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr+target+".ccc-hooks-kept")):
				t.Errorf("err = %v; want %q", err, tc.wantErr)
			}
			for path, want := range map[string]string{target: tc.want, target + ".ccc-hooks-kept": tc.wantKept} {
				got, err := os.ReadFile(path)
				if want == "" && !os.IsNotExist(err) || want != "" && string(got) != want {
					t.Errorf("%s: %q, %v; want %q", path, got, err, want)
				}
			}
			ents, _ := os.ReadDir(dir)
			for _, e := range ents {
				if strings.Contains(e.Name(), tempMarker) {
					t.Errorf("temporary file left: %s", e.Name())
				}
			}
		})
	}
}

// TestRemoveCheckedMissing: removing a file that is not there is an error naming it, and the
// check is not asked.
func TestRemoveCheckedMissing(t *testing.T) {
	target := filepath.Join(t.TempDir(), "settings.json")
	gone, err := RemoveChecked(target, func(string) bool { t.Error("check called"); return true })
	if gone || err == nil || !strings.HasPrefix(err.Error(), "remove "+target+": ") {
		t.Errorf("RemoveChecked(missing) = %v, %v", gone, err)
	}
}

// TestWithinRemoveStaleTemps removes the temporary files of any target in the directory and
// nothing else; a missing directory is no error.
func TestWithinRemoveStaleTemps(t *testing.T) {
	dir := t.TempDir()
	names := map[string]bool{
		".settings.json.ccc-hooks-tmp-0123456789abcdef": false,
		".other.json.ccc-hooks-tmp-fedcba9876543210":    false,
		".settings.json.ccc-hooks-tmp-notours":          true,
		"settings.json.ccc-hooks-tmp-0123456789abcdef":  true,
		"settings.json":                   true,
		".ccc-hooks-tmp-0123456789abcdef": true,
	}
	for n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	w, err := OpenWithin(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := w.RemoveStaleTemps("."); err != nil {
		t.Fatal(err)
	}
	for n, keep := range names {
		_, err := os.Stat(filepath.Join(dir, n))
		if kept := err == nil; kept != keep {
			t.Errorf("%s: kept %v, want %v", n, kept, keep)
		}
	}
	if err := w.RemoveStaleTemps("missing"); err != nil {
		t.Errorf("missing directory: %v", err)
	}
}

// TestKindOf names each kind of file an error message may have to name.
func TestKindOf(t *testing.T) {
	for m, want := range map[fs.FileMode]string{
		fs.ModeDir | 0o755:                "a directory",
		fs.ModeNamedPipe | 0o644:          "a FIFO (named pipe)",
		fs.ModeSocket:                     "a socket",
		fs.ModeDevice | fs.ModeCharDevice: "a character device",
		fs.ModeDevice:                     "a block device",
		fs.ModeSymlink | 0o777:            "a symbolic link",
		fs.ModeIrregular:                  "not a regular file (?---------)",
	} {
		if got := KindOf(m); got != want {
			t.Errorf("KindOf(%v) = %q; want %q", m, got, want)
		}
	}
}
