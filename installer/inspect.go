package installer

import (
	"bytes"
	"slices"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// hooksOnly returns a document holding only the "hooks" member of src, or nil when src has
// none. It is a quick look for decisions made before the full check: finding one member of
// the root skips over the others without validating them, so a large file costs little. What
// it finds is only trusted for files that are then checked in full (settings.Install and
// settings.Uninstall check every byte), or for bytes ccc-hooks itself produced.
func hooksOnly(src []byte) []byte {
	h := gjson.GetBytes(src, "hooks")
	if !h.Exists() {
		return nil
	}
	doc := make([]byte, 0, len(h.Raw)+len(`{"hooks":}`))
	doc = append(doc, `{"hooks":`...)
	doc = append(doc, h.Raw...)
	return append(doc, '}')
}

// handlersOf lists the handlers of our profiles' events in src's "hooks" object by a quick look
// (see hooksOnly); a file it cannot read has none, and the full check that follows reports why.
func handlersOf(src []byte) []settings.Handler {
	hooks := hooksOnly(src)
	if hooks == nil {
		return nil
	}
	names := profileHookNames()
	handlers, err := settings.EventHandlers(hooks, names)
	if err == nil {
		return handlers
	}
	// One event at a time: bad structure in one hides nothing in the others.
	for _, name := range names {
		if r, err := settings.EventHandlers(hooks, []string{name}); err == nil {
			handlers = append(handlers, r...)
		}
	}
	return handlers
}

// profileHookNames returns the Claude Code events of every profile, each once.
func profileHookNames() []string {
	var events []Event
	for _, p := range Profiles() {
		events = append(events, p.Events...)
	}
	return hookNames(events)
}

// Installation is what a settings file holds of one profile.
type Installation struct {
	// Events are the profile's events that carry an entry of ours, in the profile's order.
	Events []Event
	// Timeout is the timeout of the first of our handlers in those events that has one (0: none).
	Timeout int
}

// Installed reports what handlers (those of one file) hold of profile p.
func (p Profile) Installed(handlers []settings.Handler) Installation {
	var in Installation
	for _, e := range p.Events {
		if hasOurs(handlers, []Event{e}) {
			in.Events = append(in.Events, e)
		}
	}
	for _, r := range handlers {
		if in.Timeout == 0 && r.HasTimeout && IsOurs(r) && r.Timeout >= 1 && r.Timeout == float64(int(r.Timeout)) &&
			slices.ContainsFunc(in.Events, func(e Event) bool { return e.Hook == r.Event }) {
			in.Timeout = int(r.Timeout)
		}
	}
	return in
}

// InstalledIn returns the profiles installed in the settings file at path, by its contents and
// its ledger (none when it is missing, unreadable or broken: doctor explains those).
func (l Locator) InstalledIn(path string) []Profile {
	data, err := settings.ReadFile(path)
	if err != nil {
		return nil
	}
	handlers, err := settings.Handlers(data)
	if err != nil {
		return nil
	}
	return InstalledWith(handlers, l.Ledger(path))
}

// Ledger returns what ccc-hooks home records of the settings file at path (nil: nothing).
func (l Locator) Ledger(path string) *settings.Ledger {
	return readLedger(paths.Home(l.Getenv), path)
}

// mayHold reports whether src may hold one of words inside a JSON string: it does when a word
// is there as it is, and may when src holds any \u escape (which can spell a word in another
// way). A false answer is certain, so a quick look that finds nothing can be skipped.
func mayHold(src []byte, words ...string) bool {
	for _, w := range words {
		if bytes.Contains(src, []byte(w)) {
			return true
		}
	}
	return bytes.Contains(src, []byte(`\u`))
}
