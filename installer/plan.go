package installer

import (
	"bytes"
	"slices"

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
			Handler: settings.Handler{Command: in.Command, Timeout: in.Timeout},
		}
	}
	return entries
}

// Change is the settings.ChangeFunc of this install.
func (in Install) Change(old []byte, _ bool) ([]byte, bool, error) {
	src := old
	if in.ReplaceLegacy {
		var err error
		if src, err = settings.Uninstall(src, hookNames(in.Events), IsLegacy); err != nil {
			return nil, false, err
		}
	}
	out, err := settings.Install(src, in.Entries(), IsOurs)
	return out, false, err
}

// Legacy returns the entries of the older `ccc supervisor-hook` in the events of this install.
func (in Install) Legacy(src []byte) ([]settings.HandlerRef, error) {
	refs, err := settings.Handlers(src)
	if err != nil {
		return nil, err
	}
	names := hookNames(in.Events)
	return slices.DeleteFunc(refs, func(r settings.HandlerRef) bool {
		return !IsLegacy(r.Command) || !slices.Contains(names, r.Event)
	}), nil
}

// Uninstall describes taking one profile's entries out of a settings file.
type Uninstall struct {
	Profile Profile
	// CreatedByUs is true when ccc-hooks created the file; it is then removed once nothing but
	// an empty object would be left.
	CreatedByUs bool
}

// Change is the settings.ChangeFunc of this uninstall. Events that another profile installed in
// the same file still needs (Stop is shared by both profiles) are left in place.
func (un Uninstall) Change(old []byte, exists bool) ([]byte, bool, error) {
	if !exists {
		return old, false, nil
	}
	refs, err := settings.Handlers(old)
	if err != nil {
		return nil, false, err
	}
	var events []string
	for _, e := range un.Profile.Events {
		if !neededByOther(un.Profile, e, refs) && !slices.Contains(events, e.Hook) {
			events = append(events, e.Hook)
		}
	}
	out, err := settings.Uninstall(old, events, IsOurs)
	if err != nil {
		return nil, false, err
	}
	remove := un.CreatedByUs && !bytes.Equal(out, old) && settings.IsEmpty(out)
	return out, remove, nil
}

// Installed reports which profiles have entries of ours in the handlers of one file. A profile
// counts as installed when an event only it uses carries our command.
func Installed(refs []settings.HandlerRef) []Profile {
	var out []Profile
	for _, p := range Profiles() {
		if hasOurs(refs, p.exclusive()) {
			out = append(out, p)
		}
	}
	return out
}

func neededByOther(p Profile, e Event, refs []settings.HandlerRef) bool {
	for _, other := range Installed(refs) {
		if other.Name != p.Name && slices.Contains(other.Events, e) {
			return true
		}
	}
	return false
}

func hasOurs(refs []settings.HandlerRef, events []Event) bool {
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
