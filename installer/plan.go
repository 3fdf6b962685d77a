package installer

import (
	"bytes"
	"errors"
	"io/fs"
	"slices"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// Install describes the entries one install writes into a settings file.
type Install struct {
	Profile Profile
	Events  []Event
	// Command is the full hook command, see HookCommand.
	Command string
	// Timeout is the handler timeout in seconds.
	Timeout int
	// ReplaceLegacy removes entries of the older `ccc supervisor-hook` from the same events first.
	ReplaceLegacy bool
}

// Entries returns the matcher groups this install owns.
func (in Install) Entries() []settings.Entry {
	entries := make([]settings.Entry, len(in.Events))
	for i, e := range in.Events {
		entries[i] = settings.Entry{
			Event:   e.Hook,
			Matcher: e.Matcher,
			Command: in.Command,
			Timeout: in.Timeout,
		}
	}
	return entries
}

// Change is the settings.ChangeFunc of this install.
func (in Install) Change(old []byte, _ bool) ([]byte, bool, error) {
	src := old
	if in.ReplaceLegacy {
		var err error
		if src, err = settings.RemoveEntries(src, hookNames(in.Events), IsLegacy); err != nil {
			return nil, false, err
		}
	}
	out, err := settings.InsertEntries(src, in.Entries(), IsOurs)
	return out, false, err
}

// Legacy returns the entries of the older `ccc supervisor-hook` in the events of this install.
func (in Install) Legacy(src []byte) ([]settings.Handler, error) {
	names := hookNames(in.Events)
	refs, err := settings.EventHandlers(src, names)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(refs, func(r settings.Handler) bool {
		return !IsLegacy(r.Command) || !slices.Contains(names, r.Event)
	}), nil
}

// Uninstall describes taking one profile's entries out of a settings file.
type Uninstall struct {
	Profile Profile
	// Ledger is what ccc-hooks remembers of the file (see settings.FileStore.Ledger), nil when
	// nothing. With it, only the containers install created go, an empty container that was
	// there before install comes back as it was, and once nothing but an empty object would be
	// left, a file install created is removed and a blank file gets its original bytes back.
	// Without it, every container that became empty goes.
	Ledger *settings.Ledger
}

// Change is the settings.ChangeFunc of this uninstall. Events that another profile installed in
// the same file still needs (Stop is shared by both profiles) are left in place.
func (un Uninstall) Change(old []byte, exists bool) ([]byte, bool, error) {
	if !exists {
		return old, false, nil
	}
	refs, err := un.readRefs(old)
	if err != nil {
		return nil, false, err
	}
	var events []string
	for _, e := range un.Profile.Events {
		if !neededByOther(un.Profile, e, refs) && !slices.Contains(events, e.Hook) {
			events = append(events, e.Hook)
		}
	}
	out, err := settings.RemoveEntriesWith(old, events, IsOurs, un.Ledger)
	if err != nil {
		return nil, false, err
	}
	if l := un.Ledger; l != nil && !bytes.Equal(out, old) && settings.IsEmpty(out) {
		switch {
		case l.CreatedFile:
			return out, true, nil
		case l.Blank != nil:
			return []byte(*l.Blank), false, nil
		}
	}
	return out, false, nil
}

// readRefs lists the handlers of the profile's own events, which must be well formed, and of the
// events that tell whether another profile is installed, which are skipped when they are not:
// bad structure in an event uninstall does not touch never blocks it.
func (un Uninstall) readRefs(src []byte) ([]settings.Handler, error) {
	refs, err := settings.EventHandlers(src, hookNames(un.Profile.Events))
	if err != nil {
		return nil, err
	}
	for _, other := range Profiles() {
		if other.Name == un.Profile.Name {
			continue
		}
		for _, e := range other.exclusive() {
			if r, err := settings.EventHandlers(src, []string{e.Hook}); err == nil {
				refs = append(refs, r...)
			}
		}
	}
	return refs, nil
}

// Installed reports which profiles have entries of ours in the handlers of one file. A profile
// counts as installed when an event only it uses carries our command.
func Installed(refs []settings.Handler) []Profile {
	var out []Profile
	for _, p := range Profiles() {
		if hasOurs(refs, p.exclusive()) {
			out = append(out, p)
		}
	}
	return out
}

func neededByOther(p Profile, e Event, refs []settings.Handler) bool {
	for _, other := range Installed(refs) {
		if other.Name != p.Name && slices.Contains(other.Events, e) {
			return true
		}
	}
	return false
}

func hasOurs(refs []settings.Handler, events []Event) bool {
	for _, r := range refs {
		if !IsOurs(r.Command) {
			continue
		}
		for _, e := range events {
			if r.Event == e.Hook && (e.Matcher == "" || r.Matcher == e.Matcher) {
				return true
			}
		}
	}
	return false
}

func hookNames(events []Event) []string {
	var names []string
	for _, e := range events {
		if !slices.Contains(names, e.Hook) {
			names = append(names, e.Hook)
		}
	}
	return names
}

// InstalledAnywhere reports whether profile p stays installed in any settings file Claude Code
// reads for this user and project, given that the file at changed (which may be any file) will
// hold after. A file that cannot be read or parsed counts as installed: what depends on the
// profile is kept when in doubt.
func (l Locator) InstalledAnywhere(p Profile, changed string, after []byte) bool {
	targets := append(l.All(), Target{Path: changed})
	for _, t := range targets {
		data := after
		if t.Path != changed {
			var err error
			if data, err = safefile.ReadRegular(t.Path, 64<<20); errors.Is(err, fs.ErrNotExist) {
				continue
			} else if err != nil {
				return true
			}
		}
		refs, err := settings.EventHandlers(data, hookNames(p.Events))
		if err != nil {
			return true
		}
		if slices.ContainsFunc(Installed(refs), func(q Profile) bool { return q.Name == p.Name }) {
			return true
		}
	}
	return false
}
