package settings

import "fmt"

// SyntaxError reports a settings file that is not valid JSON.
//
// Line and Column are 1-based; Column counts bytes (not runes) from the start of the line.
// Error returns "<line>:<column>: invalid JSON: <msg>".
type SyntaxError struct {
	Line   int
	Column int
	Msg    string
}

// Error implements error.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%d:%d: invalid JSON: %s", e.Line, e.Column, e.Msg)
}

// StructureError reports valid JSON whose shape is wrong on the path ccc-hooks reads or edits,
// for example "hooks" being an array or a handler being a string.
//
// Path is like "hooks.Stop[0].hooks[1]"; the root object itself is "(root)".
// Error returns "<path>: <msg>", e.g. "hooks.Stop: expected an array, found an object".
type StructureError struct {
	Path string
	Msg  string
}

// Error implements error.
func (e *StructureError) Error() string {
	return e.Path + ": " + e.Msg
}

// rootPath names the root value in a StructureError.
const rootPath = "(root)"

func wrongType(path, want, raw string) *StructureError {
	return &StructureError{Path: path, Msg: "expected " + want + ", found " + kindOf(raw)}
}

func duplicateKey(path string, n int) *StructureError {
	return &StructureError{
		Path: path,
		Msg:  fmt.Sprintf("key appears %d times in the same object (Claude Code would use only the last one)", n),
	}
}

// kindOf names the JSON type of a raw value for error messages.
func kindOf(raw string) string {
	if raw == "" {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	default:
		return "a number"
	}
}
