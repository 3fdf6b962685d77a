package settings

// Entry is one matcher group ccc-hooks owns under hooks.<Event>, holding one command handler:
// {"matcher": Matcher, "hooks": [{"type": "command", "command": Command, "timeout": Timeout,
// "statusMessage": StatusMessage, "shell": Shell}]}.
type Entry struct {
	Event   string // e.g. "Stop", "PreToolUse"
	Matcher string // "" writes no matcher key
	Command string
	Timeout int // seconds
	// KeepTimeout keeps the timeout of the owned handler this entry replaces, as it is written
	// (a value the user set by hand, say 900): Timeout is then only the timeout of an entry that
	// had no owned handler with one.
	KeepTimeout bool
	// StatusMessage is what Claude Code shows in its spinner while the hook runs; "" writes no
	// statusMessage key.
	StatusMessage string
	// Shell is the shell Claude Code runs Command in ("bash" or "powershell"); "" writes no shell
	// key, and Claude Code picks its default.
	Shell string
}

// OwnerFunc reports whether a handler's command belongs to ccc-hooks.
type OwnerFunc func(command string) bool

// Handler is one handler found in a settings file (any owner's), as Handlers lists it.
type Handler struct {
	Event      string
	Matcher    string // "" when the group has no matcher (or an empty one)
	Group      int    // index of the matcher group in the event's array
	Index      int    // index of the handler in the group's hooks array
	Type       string
	Command    string
	Timeout    float64 // 0 when absent
	HasTimeout bool
	// StatusMessage and Shell are the handler's keys of those names; "" when absent or not a
	// string.
	StatusMessage string
	Shell         string
	// Exec is set for a handler in exec form ("args" beside "command"): Claude Code runs Command
	// as the program, with Args as its arguments, and no shell.
	Exec bool
	Args []string
}
