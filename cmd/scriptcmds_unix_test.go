//go:build unix

package cmd

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"

	"github.com/rogpeppe/go-internal/testscript"
)

func init() {
	// mkfifo PATH...: make named pipes (what a settings path must never hang on).
	scriptBuiltins["mkfifo"] = func(ts *testscript.TestScript, neg bool, args []string) {
		for _, p := range args {
			ts.Check(syscall.Mkfifo(ts.MkAbs(p), 0o644))
		}
	}
	// chown ID PATH...: give each path to uid and gid ID (root only).
	scriptBuiltins["chown"] = func(ts *testscript.TestScript, neg bool, args []string) {
		if len(args) < 2 {
			ts.Fatalf("usage: chown ID PATH...")
		}
		id, err := strconv.Atoi(args[0])
		ts.Check(err)
		for _, p := range args[1:] {
			ts.Check(os.Lchown(ts.MkAbs(p), id, id))
		}
	}
	// owned ID DIR [RECORDS-ID]: everything under DIR (DIR included) belongs to uid and gid ID,
	// but the files of a ledger directory (the records), which belong to RECORDS-ID when given.
	scriptBuiltins["owned"] = func(ts *testscript.TestScript, neg bool, args []string) {
		if len(args) != 2 && len(args) != 3 {
			ts.Fatalf("usage: owned ID DIR [RECORDS-ID]")
		}
		id, err := strconv.Atoi(args[0])
		ts.Check(err)
		records := id // the owner of the files in a ledger directory: the records
		if len(args) == 3 {
			records, err = strconv.Atoi(args[2])
			ts.Check(err)
		}
		var wrong []string
		ts.Check(filepath.WalkDir(ts.MkAbs(args[1]), func(p string, _ fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			fi, err := os.Lstat(p)
			if err != nil {
				return err
			}
			want := id
			if fi.Mode().IsRegular() && filepath.Base(filepath.Dir(p)) == "ledger" {
				want = records
			}
			if st := fi.Sys().(*syscall.Stat_t); int(st.Uid) != want || int(st.Gid) != want {
				wrong = append(wrong, p)
			}
			return nil
		}))
		if len(wrong) > 0 != neg {
			ts.Fatalf("not owned by %d: %v", id, wrong)
		}
	}
}
