package settings

// Handlers lists every handler under "hooks" in file order, for diagnostics. It checks the
// whole hooks structure and fails like InsertEntries on bad input; a blank src has no handlers.
func Handlers(src []byte) ([]Handler, error) {
	return handlers(src, nil)
}

// EventHandlers lists the handlers of the named events only (Handlers lists every event); bad
// structure in other events is not looked at.
//
// The handlers come in file order. src must still be valid JSON whose root and "hooks" are
// objects; a named event that is missing has no handlers, and an empty list names no event.
func EventHandlers(src []byte, events []string) ([]Handler, error) {
	if events == nil {
		events = []string{}
	}
	return handlers(src, events)
}

// handlers lists the handlers of the named events (nil: every event) in file order.
func handlers(src []byte, events []string) ([]Handler, error) {
	_, evs, err := readEvents(cutBOM(src), func(*document) []string { return events }, nil)
	if err != nil {
		return nil, err
	}
	var handlers []Handler
	for _, ev := range evs {
		handlers = append(handlers, ev.handlers()...)
	}
	return handlers, nil
}

// handlers lists the handlers of ev in file order.
func (ev event) handlers() []Handler {
	var handlers []Handler
	for gi, g := range ev.groups {
		for hi, h := range g.list {
			handlers = append(handlers, Handler{
				Event: ev.key, Matcher: g.matcher, Group: gi, Index: hi,
				Type: h.typ, Command: h.command, Timeout: h.timeout, HasTimeout: h.hasTimeout,
				StatusMessage: h.status, Shell: h.shell, Args: h.args, Exec: h.hasArgs,
			})
		}
	}
	return handlers
}
