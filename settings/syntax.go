package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/jsonscan"
)

const commentMsg = "comments are not allowed in settings JSON (Claude Code rejects them)"

// isBlank reports whether src holds only JSON whitespace (an empty or missing file).
func isBlank(src []byte) bool {
	return len(bytes.Trim(src, " \t\r\n")) == 0
}

// checkSyntax returns a *SyntaxError when src is not one valid JSON value.
func checkSyntax(src []byte) error {
	if jsonscan.Valid(src) {
		return nil
	}
	var raw json.RawMessage
	err := json.Unmarshal(src, &raw)
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		if err == nil {
			// json.Valid and json.Unmarshal disagree; report at the start.
			return syntaxAt(src, 0, "invalid JSON")
		}
		return syntaxAt(src, 0, err.Error())
	}
	pos := int(se.Offset)
	msg := se.Error()
	if strings.HasPrefix(msg, "invalid character") && pos > 0 {
		pos-- // the offset counts the offending byte
	}
	if pos > len(src) {
		pos = len(src)
	}
	switch {
	case pos < len(src) && src[pos] == '/' && pos+1 < len(src) && (src[pos+1] == '/' || src[pos+1] == '*'):
		msg = commentMsg
	case pos == 0 && bytes.HasPrefix(src, []byte("\xef\xbb\xbf")):
		msg = "a byte order mark is not allowed at the start of the file"
	case pos < len(src) && (src[pos] == '}' || src[pos] == ']') && prevNonSpace(src, pos) == ',':
		msg = "trailing comma before '" + string(src[pos]) + "'"
	}
	return syntaxAt(src, pos, msg)
}

func prevNonSpace(src []byte, pos int) byte {
	for i := pos - 1; i >= 0; i-- {
		switch src[i] {
		case ' ', '\t', '\r', '\n':
			continue
		}
		return src[i]
	}
	return 0
}

// syntaxAt builds a SyntaxError for byte offset pos (1-based line, byte column).
func syntaxAt(src []byte, pos int, msg string) *SyntaxError {
	before := src[:pos]
	line := bytes.Count(before, []byte("\n")) + 1
	col := pos - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return &SyntaxError{Line: line, Column: col, Msg: msg}
}
