package transcript

import "github.com/tidwall/gjson"

// Who opened a turn, as the transcript's records tell it: the record that opens a turn names its
// opener in turnOrigin ("human", "sdk", "task_notification", "scheduled"; older records only
// origin.kind), and what the user types mid-turn is a queued_command attachment of the running
// turn (docs/claude-code.md, "Turns, prompt_id and who opened a turn").

// turnTail is the most of a transcript ReadTurn reads: its last bytes, where the turn asked
// about opened.
const turnTail = 4 << 20

// Opener is who opened a turn.
type Opener int

const (
	// Unknown: the transcript cannot tell (unreadable, or the turn's opening record is not in
	// its tail, for instance not written yet).
	Unknown Opener = iota
	// User: the user typed the prompt (or sent it through claude -p).
	User
	// Claude: Claude Code opened the turn by itself (a background task's notification, a
	// scheduled wake-up).
	Claude
)

// Turn is what the tail of a transcript tells of a turn and of the user.
type Turn struct {
	// Opener is who opened the turn asked about.
	Opener Opener
	// LastTyped names the newest thing the user typed in the tail: "prompt:<promptId>" for a
	// prompt that opened a turn, "queued:<uuid>" for one added to a running turn; "" for none.
	LastTyped string
}

// ReadTurn reads the tail of the transcript at path (at most 4 MiB) for the turn promptID. A
// transcript that cannot be read tells nothing.
func ReadTurn(path, promptID string) Turn {
	if path == "" {
		return Turn{}
	}
	tail, err := Tail(path, turnTail)
	if err != nil {
		return Turn{}
	}
	return turnIn(tail, promptID)
}

// turnIn reads JSONL records for the opener of promptID and the newest thing the user typed.
func turnIn(data []byte, promptID string) Turn {
	var t Turn
	for rec := range Records(data, `"turnOrigin"`, `"origin"`) {
		switch rec.Get("type").Str {
		case "user":
			opener, ok := openerOf(rec)
			if !ok {
				continue
			}
			id := rec.Get("promptId").Str
			if promptID != "" && id == promptID {
				t.Opener = opener
			}
			if opener == User && id != "" {
				t.LastTyped = "prompt:" + id
			}
		case "attachment":
			a := rec.Get("attachment")
			if a.Get("type").Str == "queued_command" && a.Get("origin.kind").Str == "human" && rec.Get("uuid").Str != "" {
				t.LastTyped = "queued:" + rec.Get("uuid").Str
			}
		}
	}
	return t
}

// openerOf says who opened the turn whose opening record rec is; ok is false for a record that
// opens no turn (a tool result, Stop-hook feedback) or names an opener not known here.
func openerOf(rec gjson.Result) (Opener, bool) {
	kind := rec.Get("turnOrigin").Str
	if kind == "" {
		kind = rec.Get("origin.kind").Str
	}
	switch kind {
	case "human", "sdk":
		return User, true
	case "task_notification", "task-notification", "scheduled":
		return Claude, true
	}
	return Unknown, false
}
