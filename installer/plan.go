package installer

import (
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// Plan is the file changes of one install or uninstall (PlanInstall, PlanUninstall), in the
// order they are made: the settings file first; then what follows from what it holds once
// changed (warnings, slash command files, the ccc.json default); last, the ledger's record of
// the installation. Each change carries what is said once it is written.
type Plan struct {
	verb   string
	home   string
	target Target
	// seen is the settings file as read before anything was asked (nil: read when applied).
	seen *settings.Change
	// settings is the settings file's change, given its ledger before the plan is applied.
	settings func(before *settings.Ledger) fileChange
	// follow returns what follows from the settings file's change.
	follow func(ch settings.Change) []fileChange
	// record notes the installation in the ledger.
	record func(st *settings.FileStore, now time.Time) error
	// note is what is said when nothing changed, nor would.
	note func(ch settings.Change, before *settings.Ledger, dryRun bool) string
	// inexact, when set, is what is said before anything is written where there is no record of
	// the file that ccc-hooks acts on: the change then cannot be exact, and says what it does
	// (see inexactNote). ch is the change as it would be made without a record.
	inexact func(rec settings.Record, ch settings.Change) string
}

// ApplyOptions say how a plan is applied.
type ApplyOptions struct {
	UI UI
	// Now is the clock of the backups and the ledger (nil: time.Now).
	Now func() time.Time
	// DryRun shows the diffs and writes nothing.
	DryRun bool
	// Ask shows the diffs and asks before writing anything.
	Ask bool
}

// Outcome is what applying a plan did.
type Outcome struct {
	// Wrote is set when a file was written.
	Wrote bool
	// Note is what to say when nothing changed, nor would (a dry run): complete lines, "" for
	// nothing.
	Note string
}

// Apply carries out p: each change is written and said as it comes, or, for a dry run or
// when asking, all are shown as diffs first and written after one "yes". The installation is
// recorded in the ledger once the settings file is as the plan wants it (a failure to record
// is a warning: the file itself is as asked).
func (p Plan) Apply(opts ApplyOptions) (Outcome, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	r := &run{
		ApplyOptions: opts,
		st:           &settings.FileStore{Home: p.home, Now: opts.Now, Ours: hookcmd.IsOurs},
		verb:         p.verb,
		preview:      opts.DryRun || opts.Ask,
	}
	rec, err := r.st.Record(p.target.Path)
	if err != nil {
		return Outcome{}, fileError(p.verb, p.target.Path, err)
	}
	before := rec.Ledger
	if rec.Untrusted != "" {
		before = nil
	}
	if p.inexact != nil && before == nil {
		if err := p.sayInexact(r, rec); err != nil {
			return Outcome{}, err
		}
	}
	var ch settings.Change
	if p.seen != nil && r.preview {
		ch, err = r.addFrom(*p.seen, p.settings(before))
	} else {
		ch, err = r.add(p.settings(before))
	}
	if err != nil {
		return Outcome{}, err
	}
	follow := p.follow(ch)
	for _, fc := range follow { // what was found is said before any of these files is written
		if fc.warning != "" {
			opts.UI.Warn(fc.warning)
		}
	}
	for _, fc := range follow {
		if fc.warning != "" {
			continue
		}
		if _, err := r.add(fc); err != nil {
			return Outcome{}, err
		}
	}
	written, err := r.finish()
	if err != nil {
		return Outcome{}, err
	}
	if !opts.DryRun && (written || !r.preview || !ch.Changed) {
		if err := p.record(r.st, opts.Now()); err != nil {
			opts.UI.Warn(err.Error())
		}
	}
	out := Outcome{Wrote: r.wrote}
	if !r.changed() {
		out.Note = p.note(ch, before, opts.DryRun)
	}
	return out, nil
}

// sayInexact says, before anything is written, what p's change does without a record of the
// file (see Plan.inexact).
func (p Plan) sayInexact(r *run, rec settings.Record) error {
	var cur settings.Change
	if p.seen != nil {
		cur = *p.seen
	} else {
		var err error
		if cur, err = read(r.st, p.verb, p.target.Path); err != nil {
			return err
		}
	}
	ch, err := settings.Recompute(cur, p.settings(nil).with(nil))
	if err != nil {
		return nil //nolint:nilerr // the change itself reports it, naming the file
	}
	if note := p.inexact(rec, ch); note != "" {
		r.UI.Warn(note)
	}
	return nil
}

// Planned returns the settings file as the plan would leave it, computed from what the file
// holds now, without writing anything (install says what would stop its hooks before it writes).
func (p Plan) Planned() ([]byte, error) {
	st := &settings.FileStore{Home: p.home}
	var cur settings.Change
	if p.seen != nil {
		cur = *p.seen
	} else {
		var err error
		if cur, err = read(st, p.verb, p.target.Path); err != nil {
			return nil, err
		}
	}
	ch, err := settings.Recompute(cur, p.settings(ledgerIn(st, p.target.Path)).with(ledgerIn(st, p.target.Path)))
	if err != nil {
		return nil, fileError(p.verb, p.target.Path, err)
	}
	return ch.New, nil
}
