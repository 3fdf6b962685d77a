package doctor

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// vanishedCheck compares the ledger under the ccc-hooks home (which hooks ccc-hooks installed
// into which file, and when) with the files as they are now. Claude Code, or another tool,
// sometimes rewrites a settings file and drops entries it did not write; the hooks then stop
// firing without a word. Each such file is a warning with the command that puts them back.
type vanishedCheck struct{}

func (vanishedCheck) Name() string { return "vanished-hooks" }

func (vanishedCheck) Run(_ context.Context, s *Snapshot) []Result {
	var out []Result
	recorded := 0
	ledgers, problems := (&settings.FileStore{Home: s.Home}).Ledgers()
	for _, err := range problems {
		out = append(out, warn(err.Error()+"; doctor cannot tell whether the hooks recorded there are still in place, "+
			"and install and uninstall of that file stop until it is", ""))
	}
	for _, l := range ledgers {
		for _, in := range installer.InstallNotes(l) {
			recorded++
			if r, gone := vanished(l.Path, in, s); gone {
				out = append(out, r)
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	if recorded == 0 {
		return []Result{ok("no installation recorded in the ledger", "")}
	}
	return []Result{ok(fmt.Sprintf("the %d recorded installation%s still in place", recorded, plural(recorded, " is", "s are")), "")}
}

// vanished reports whether the events of in are missing from the file at path, and the
// warning that says so.
func vanished(path string, in installer.InstallNote, s *Snapshot) (Result, bool) {
	when := in.At.Local().Format("2006-01-02 15:04")
	fix := "put them back with `" + s.reinstallCommand(in) + "`"
	fi, err := os.Lstat(path)
	if err != nil {
		return warn(fmt.Sprintf("the %s hooks (%s) installed into %s on %s are gone with the file; %s",
			in.Profile, strings.Join(in.Events, ", "), path, when, fix), path), true
	}
	if !fi.Mode().IsRegular() {
		return Result{}, false // not a file ccc-hooks can read; the settings checks say more
	}
	data, err := settings.ReadFile(path)
	if err != nil {
		return Result{}, false
	}
	handlers, err := settings.Handlers(data)
	if err != nil {
		return Result{}, false // invalid: the settings check reports it as an error
	}
	f := File{Handlers: handlers}
	present := eventLabels(f.Ours())
	var missing []string
	for _, e := range in.Events {
		if !slices.Contains(present, e) {
			missing = append(missing, e)
		}
	}
	if len(missing) == 0 {
		return Result{}, false
	}
	return warn(fmt.Sprintf("the %s hooks installed into %s on %s are missing now (%s): Claude Code or another tool rewrote the file; %s",
		in.Profile, path, when, strings.Join(missing, ", "), fix), path), true
}

// reinstallCommand renders the recorded install arguments as a command line.
func (s *Snapshot) reinstallCommand(in installer.InstallNote) string {
	args := in.Reinstall
	if len(args) == 0 {
		args = []string{"install", "--profile", in.Profile}
	}
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = s.quote(a)
	}
	return s.program() + " " + strings.Join(quoted, " ")
}
