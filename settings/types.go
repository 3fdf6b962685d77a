package settings

// Handler is one command hook handler as ccc-hooks writes it:
// {"type": "command", "command": Command, "timeout": Timeout}.
type Handler struct {
	Command string
	Timeout int // seconds
}

// Entry is one matcher group ccc-hooks owns under hooks.<Event>.
type Entry struct {
	Event   string // e.g. "Stop", "PreToolUse"
	Matcher string // "" writes no matcher key
	Handler Handler
}

// OwnerFunc reports whether a handler's command belongs to ccc-hooks.
type OwnerFunc func(command string) bool

// HandlerRef describes one handler found in a settings file.
type HandlerRef struct {
	Event      string
	Matcher    string // "" when the group has no matcher (or an empty one)
	Group      int    // index of the matcher group in the event's array
	Index      int    // index of the handler in the group's hooks array
	Type       string
	Command    string
	Timeout    float64 // 0 when absent
	HasTimeout bool
}
