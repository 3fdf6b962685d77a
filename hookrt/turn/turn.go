// Package turn tells who opened a turn of a Claude Code session: the user, by typing something,
// or Claude Code itself, when a background task ended or a scheduled wake-up fired.
//
// Claude Code gives every turn a prompt_id, carried by each hook event of the turn and by each
// user record of the session's transcript (promptId). A block and the agent's continuation keep
// it; a prompt the user types gets a new one, and so does a turn Claude Code starts by itself,
// with no UserPromptSubmit. The transcript tells them apart by the record that opened the turn:
// its origin is {"kind": "human"} for what the user typed, and {"kind": "task-notification", …}
// for a finished background task or a fired wake-up; Stop-hook feedback records are isMeta, and
// tool results carry no origin (docs/claude-code.md).
package turn

import (
	"bytes"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// MaxTail is the most of a transcript read: its last bytes, where a turn being answered opened.
const MaxTail = 4 << 20

// Opener is who opened a turn.
type Opener int

const (
	// Unknown: the transcript cannot tell (unreadable, or the turn's opening record is not in
	// its tail, for instance not written yet).
	Unknown Opener = iota
	// User: the user typed the prompt that opened the turn.
	User
	// Claude: Claude Code opened it by itself (a background task's notification, a wake-up).
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

// OpenedBy reads the tail of transcript for the record that opened the turn promptID and says
// who opened it.
func OpenedBy(transcript, promptID string) Opener {
	if transcript == "" || promptID == "" {
		return Unknown
	}
	tail, err := safefile.ReadTail(transcript, MaxTail)
	if err != nil {
		return Unknown
	}
	if len(tail) == MaxTail {
		// The first line is cut short unless the file is exactly that long: skip it.
		if i := bytes.IndexByte(tail, '\n'); i >= 0 {
			tail = tail[i+1:]
		}
	}
	return openerIn(tail, []byte(promptID))
}

// openerIn finds, in JSONL records, the user record of promptID that carries an origin.
func openerIn(data, promptID []byte) Opener {
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if !bytes.Contains(line, promptID) || !bytes.Contains(line, []byte(`"origin"`)) || !gjson.ValidBytes(line) {
			continue
		}
		rec := gjson.ParseBytes(line)
		if rec.Get("type").Str != "user" || rec.Get("promptId").Str != string(promptID) || rec.Get("isMeta").Bool() {
			continue
		}
		origin := rec.Get("origin")
		if !origin.IsObject() {
			continue
		}
		if origin.Get("kind").Str == "human" {
			return User
		}
		return Claude
	}
	return Unknown
}
