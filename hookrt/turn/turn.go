// Package turn tells, from a Claude Code session's transcript, who opened a turn and what the
// user typed last: the run of work the supervisor's cap bounds ends when the user speaks.
//
// Claude Code gives every turn a prompt_id, carried by each hook event of the turn and by the
// session transcript's user records (promptId). A block and the agent's continuation keep it; a
// prompt the user types gets a new one, and so do the turns Claude Code starts by itself when a
// background task ends or a scheduled wake-up fires (UserPromptSubmit fires for those too, with
// the same payload keys, so only the transcript tells them apart). The record that opens a turn
// says who opened it in turnOrigin: "human" for a typed prompt, "sdk" for `claude -p`,
// "task_notification" and "scheduled" for Claude Code's own turns (older records carry only
// origin.kind: "human" or "task-notification"). What the user types while the agent works opens
// no turn: Claude Code adds it to the running one as a queued_command attachment whose origin is
// human. Stop-hook feedback records carry none of these. Seen on Claude Code 2.1.328 and 2.1.332;
// docs/claude-code.md has the records.
package turn

import (
	"bytes"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// MaxTail is the most of a transcript read: its last bytes, where the turn being answered opened.
const MaxTail = 4 << 20

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

func (o Opener) String() string {
	switch o {
	case User:
		return "user"
	case Claude:
		return "claude"
	}
	return "unknown"
}

// Seen is what the tail of a transcript tells.
type Seen struct {
	// Opener is who opened the turn asked about.
	Opener Opener
	// LastTyped names the newest thing the user typed in the tail: "prompt:<promptId>" for a
	// prompt that opened a turn, "queued:<uuid>" for one added to a running turn; "" for none.
	LastTyped string
}

// Look reads the tail of transcript (at most MaxTail bytes) for the turn promptID.
func Look(transcript, promptID string) Seen {
	if transcript == "" {
		return Seen{}
	}
	tail, err := safefile.ReadTail(transcript, MaxTail)
	if err != nil {
		return Seen{}
	}
	if len(tail) == MaxTail {
		// The first line is cut short unless the file is exactly that long: skip it.
		if i := bytes.IndexByte(tail, '\n'); i >= 0 {
			tail = tail[i+1:]
		}
	}
	return look(tail, promptID)
}

// look reads JSONL records for the opener of promptID and the newest thing the user typed.
func look(data []byte, promptID string) Seen {
	var s Seen
	for line := range bytes.Lines(data) {
		if !bytes.Contains(line, []byte(`"turnOrigin"`)) && !bytes.Contains(line, []byte(`"origin"`)) || !gjson.ValidBytes(line) {
			continue
		}
		rec := gjson.ParseBytes(line)
		switch rec.Get("type").Str {
		case "user":
			opener, ok := openerOf(rec)
			if !ok {
				continue
			}
			id := rec.Get("promptId").Str
			if promptID != "" && id == promptID {
				s.Opener = opener
			}
			if opener == User && id != "" {
				s.LastTyped = "prompt:" + id
			}
		case "attachment":
			a := rec.Get("attachment")
			if a.Get("type").Str == "queued_command" && a.Get("origin.kind").Str == "human" && rec.Get("uuid").Str != "" {
				s.LastTyped = "queued:" + rec.Get("uuid").Str
			}
		}
	}
	return s
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
