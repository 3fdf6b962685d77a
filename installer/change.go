package installer

import (
	"bytes"
	"errors"
	"io/fs"
	"slices"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// InstallSpec is everything one install decides: the profile, its events, the hook command and
// timeout, and whether entries of the older `ccc supervisor-hook` go.
type InstallSpec struct {
	Profile Profile
	// Events are the profile's events to install. The profile's installed events become exactly
	// these: our entries in its other events are taken out, except where another profile
	// installed in the same file still needs them (Stop is shared by both profiles).
	Events []Event
	// Command is the full hook command and Shell the handler's shell ("" for none), see Locator.HookFor.
	Command string
	Shell   string
	// Timeout is the handler timeout in seconds.
	Timeout int
	// KeepTimeouts keeps the timeout each entry of ours already has (one the user set by hand);
	// Timeout is then that of new entries only. A re-install without --timeout keeps them.
	KeepTimeouts bool
	// ReplaceLegacy removes entries of the older `ccc supervisor-hook` from the same events first.
	ReplaceLegacy bool
}

// Install is one install, built whole by NewInstall from every decision. It has no setters:
// a change function taken from it (in.Change, as a method value) computes exactly what was
// decided, and nothing can be decided after the change function was handed out.
type Install struct {
	spec InstallSpec
}

// NewInstall returns the install that spec describes.
func NewInstall(spec InstallSpec) Install {
	spec.Events = slices.Clone(spec.Events)
	return Install{spec: spec}
}

// Entries returns the matcher groups this install owns in a file where the supervisor is
// installed once it is done (supervisor), which decides the statusMessage of Stop (see
// StatusMessage).
func (in Install) Entries(supervisor bool) []settings.Entry {
	entries := make([]settings.Entry, len(in.spec.Events))
	for i, e := range in.spec.Events {
		entries[i] = settings.Entry{
			Event:         e.Hook,
			Matcher:       e.Matcher,
			Command:       in.spec.Command,
			Timeout:       in.spec.Timeout,
			KeepTimeout:   in.spec.KeepTimeouts,
			StatusMessage: StatusMessage(e, supervisor),
			Shell:         in.spec.Shell,
		}
	}
	return entries
}

// ChangeWith is the settings.ChangeFunc of this install given the file's ledger (nil when there
// is none). The ledger tells which profiles were installed (a Stop-only supervisor beside the
// workflow shows nothing of its own in the file) and how to take out an event no longer chosen:
// an empty container that was there before install is left as it was.
//
// The file is checked and parsed by settings.Install once; before that, only its "hooks"
// object is looked at to find whether anything must be taken out first (legacy entries, events
// no longer chosen), so a large file without such entries costs one pass.
func (in Install) ChangeWith(l *settings.Ledger) settings.ChangeFunc {
	return func(old []byte, _ bool) ([]byte, bool, error) {
		src := old
		var handlers []settings.Handler
		if in.spec.ReplaceLegacy && mayHold(old, "supervisor-hook") || len(in.spec.Events) < len(in.spec.Profile.Events) {
			handlers = handlersOf(old)
		}
		if in.spec.ReplaceLegacy && slices.ContainsFunc(handlers, func(r settings.Handler) bool { return hookcmd.IsLegacy(r.Command) }) {
			var err error
			if src, err = settings.RemoveEntries(src, hookNames(in.spec.Events), hookcmd.IsLegacy); err != nil {
				return nil, false, err
			}
		}
		if drop := in.dropped(handlers, l); len(drop) > 0 {
			var err error
			if src, err = settings.RemoveGroupsWith(src, drop, hookcmd.IsOurs, l); err != nil {
				return nil, false, err
			}
		}
		// An install of the workflow leaves the supervisor as it is: whether it is installed in
		// the file decides the text of the Stop handler they share.
		supervisor := in.spec.Profile.Name == Supervisor.Name
		if !supervisor {
			if handlers == nil {
				handlers = handlersOf(old)
			}
			supervisor = hasSupervisor(InstalledWith(handlers, l))
		}
		out, err := settings.InsertEntries(src, in.Entries(supervisor), hookcmd.IsOurs)
		if err != nil {
			return nil, false, err
		}
		// The supervisor installed without Stop beside the workflow: the workflow's Stop handler
		// now serves the supervisor too.
		if supervisor && !slices.ContainsFunc(in.spec.Events, func(e Event) bool { return e.Hook == "Stop" }) {
			out, err = restatusStop(out, true)
		}
		return out, false, err
	}
}

func hasSupervisor(profiles []Profile) bool {
	return slices.ContainsFunc(profiles, func(p Profile) bool { return p.Name == Supervisor.Name })
}

// restatusStop gives our Stop handler in src the statusMessage of a file where the supervisor is
// installed (supervisor) or not, keeping its command, timeout (as written) and shell. A Stop with none or
// several handlers of ours, or one in a group with a matcher, is left as it is (an install of
// the profile writes it whole).
func restatusStop(src []byte, supervisor bool) ([]byte, error) {
	if !mayHold(src, "ccc-hooks") {
		return src, nil
	}
	all, err := settings.EventHandlers(hooksOnly(src), []string{"Stop"})
	if err != nil {
		return src, nil //nolint:nilerr // a Stop Claude Code cannot read is not ours to fix here
	}
	ours := slices.DeleteFunc(all, func(h settings.Handler) bool { return !IsOurs(h) })
	want := StatusMessage(Event{Hook: "Stop"}, supervisor)
	if len(ours) != 1 {
		return src, nil
	}
	h := ours[0]
	if h.StatusMessage == want || h.Matcher != "" || !h.HasTimeout {
		return src, nil
	}
	return settings.InsertEntries(src, []settings.Entry{{
		Event: "Stop", Command: h.Command, KeepTimeout: true, StatusMessage: want, Shell: h.Shell,
	}}, hookcmd.IsOurs)
}

// dropped returns the groups that hold an entry of ours for one of the profile's events that is
// not chosen, and that no chosen event or other installed profile needs.
func (in Install) dropped(handlers []settings.Handler, l *settings.Ledger) []settings.Group {
	p := in.spec.Profile
	var drop []settings.Group
	for _, e := range p.Events {
		if slices.Contains(in.spec.Events, e) || slices.Contains(drop, e.group()) ||
			slices.ContainsFunc(in.spec.Events, func(c Event) bool { return c.group() == e.group() }) ||
			!hasOurs(handlers, []Event{e}) || neededByOther(p, e, handlers, l) {
			continue
		}
		drop = append(drop, e.group())
	}
	return drop
}

// Legacy returns the entries of the older `ccc supervisor-hook` in the given events of src, by
// a quick look at its "hooks" object: src must be a file that was checked in full (by
// settings.EventHandlers, or an install computed from it).
func Legacy(src []byte, events []Event) []settings.Handler {
	names := hookNames(events)
	return slices.DeleteFunc(handlersOf(src), func(r settings.Handler) bool {
		return !hookcmd.IsLegacy(r.Command) || !slices.Contains(names, r.Event)
	})
}

// Uninstall describes taking one profile's entries out of a settings file.
type Uninstall struct {
	Profile Profile
	// Ledger is what ccc-hooks remembers of the file (see Locator.Ledger), nil when
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
	out, err := settings.RemoveChosenEntries(old, profileHookNames(), un.events, hookcmd.IsOurs, un.Ledger)
	if err != nil {
		return nil, false, err
	}
	// The Stop handler kept for the workflow serves the workflow alone once the supervisor goes.
	if un.Profile.Name == Supervisor.Name && hasSupervisor(InstalledWith(handlersOf(old), un.Ledger)) {
		if out, err = restatusStop(out, false); err != nil {
			return nil, false, err
		}
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

// events names the groups to take the profile's entries out of, given the handlers of the
// profiles' events (bad structure in one of them never blocks the uninstall): of each event
// another profile installed in the file does not need, the groups of its matcher.
func (un Uninstall) events(handlers []settings.Handler) []settings.Group {
	groups := []settings.Group{}
	for _, e := range un.Profile.Events {
		if !neededByOther(un.Profile, e, handlers, un.Ledger) && !slices.Contains(groups, e.group()) {
			groups = append(groups, e.group())
		}
	}
	return groups
}

// Kept returns the events of the profile whose entries of ours an uninstall leaves in place
// because another profile installed in the same file needs them, given the file's handlers and
// ledger.
func (un Uninstall) Kept(handlers []settings.Handler) []Event {
	var kept []Event
	for _, e := range un.Profile.Events {
		if hasOurs(handlers, []Event{e}) && neededByOther(un.Profile, e, handlers, un.Ledger) {
			kept = append(kept, e)
		}
	}
	return kept
}

// Installed reports which profiles have entries of ours in the handlers of one file. A profile
// counts as installed when an event only it uses carries our command.
func Installed(handlers []settings.Handler) []Profile { return InstalledWith(handlers, nil) }

// InstalledWith is Installed knowing the file's ledger (nil when there is none): a profile also
// counts as installed when the ledger records it and one of its recorded events carries our
// command. A supervisor installed for Stop only beside the workflow has nothing in the file
// that only it uses; the ledger tells it is there.
func InstalledWith(handlers []settings.Handler, l *settings.Ledger) []Profile {
	var out []Profile
	for _, p := range Profiles() {
		if hasOurs(handlers, p.exclusive()) || recorded(p, handlers, l) {
			out = append(out, p)
		}
	}
	return out
}

func recorded(p Profile, handlers []settings.Handler, l *settings.Ledger) bool {
	if l == nil {
		return false
	}
	for _, in := range InstallNotes(l) {
		if in.Profile != p.Name {
			continue
		}
		for _, e := range p.Events {
			if slices.Contains(in.Events, e.Label()) && hasOurs(handlers, []Event{e}) {
				return true
			}
		}
	}
	return false
}

func neededByOther(p Profile, e Event, handlers []settings.Handler, l *settings.Ledger) bool {
	for _, other := range InstalledWith(handlers, l) {
		if other.Name != p.Name && slices.Contains(other.Events, e) {
			return true
		}
	}
	return false
}

func hasOurs(handlers []settings.Handler, events []Event) bool {
	for _, r := range handlers {
		if !IsOurs(r) {
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
	return InstalledInAny(p, l.All(), changed, after)
}

// InstalledInAny is InstalledAnywhere over the given targets (and the file at changed).
func InstalledInAny(p Profile, targets []Target, changed string, after []byte) bool {
	targets = append(slices.Clone(targets), Target{Path: changed})
	for _, t := range targets {
		data := hooksOnly(after) // our own output: the quick look is enough
		if t.Path != changed {
			var err error
			if data, err = settings.ReadFile(t.Path); errors.Is(err, fs.ErrNotExist) {
				continue
			} else if err != nil {
				return true
			}
		}
		handlers, err := settings.EventHandlers(data, hookNames(p.Events))
		if err != nil {
			return true
		}
		if slices.ContainsFunc(Installed(handlers), func(q Profile) bool { return q.Name == p.Name }) {
			return true
		}
	}
	return false
}
