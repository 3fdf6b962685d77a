// Package config reads the supervisor settings from ccc.json (key "supervisor"), a file shared with
// the ccc tool. Bad values never stop the hook: each falls back to its default and is reported as a
// Problem, which doctor prints.
package config

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// Defaults and limits of the supervisor settings.
const (
	DefaultMaxIterations  = 20
	MinMaxIterations      = 1
	MaxMaxIterations      = 100
	DefaultTimeoutSeconds = 600
	MinTimeoutSeconds     = 10
	MaxTimeoutSeconds     = 3600
	DefaultLanguage       = "en"
)

// Key is the top-level key of ccc.json that holds the supervisor settings.
const Key = "supervisor"

// Supervisor is the effective supervisor configuration.
type Supervisor struct {
	Enabled        bool
	MaxIterations  int
	TimeoutSeconds int
	Language       string // "en" or "zh"
	ClaudeCommand  string
	ClaudeArgs     []string
}

// Problem is one value of ccc.json the runtime ignored, and why.
type Problem struct {
	Field string // e.g. "supervisor.max_iterations"; "" for the file as a whole
	Msg   string
}

func (p Problem) String() string {
	if p.Field == "" {
		return p.Msg
	}
	return p.Field + ": " + p.Msg
}

// Default returns the configuration used when ccc.json is missing.
func Default() Supervisor {
	return Supervisor{
		MaxIterations:  DefaultMaxIterations,
		TimeoutSeconds: DefaultTimeoutSeconds,
		Language:       DefaultLanguage,
	}
}

// MaxFileSize bounds ccc.json; a larger file (or one that is not a regular file: a FIFO, a
// device) is an error, read no further than that.
const MaxFileSize = 1 << 20

// Load reads the supervisor settings from path. A missing file gives the defaults and no problem.
// The error is only for a file that exists but cannot be read; the returned Supervisor is then the
// defaults, so callers that must not fail can ignore it.
func Load(path string) (Supervisor, []Problem, error) {
	data, err := safefile.ReadRegular(path, MaxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return Default(), nil, nil
	}
	if err != nil {
		return Default(), nil, fmt.Errorf("read %s: %w", path, err)
	}
	cfg, problems := Parse(data)
	return cfg, problems, nil
}

// Parse reads the supervisor settings from the bytes of ccc.json.
func Parse(data []byte) (Supervisor, []Problem) {
	cfg := Default()
	if !gjson.ValidBytes(data) {
		return cfg, []Problem{{Msg: "invalid JSON; using the default supervisor settings"}}
	}
	root := gjson.ParseBytes(data)
	if !root.IsObject() {
		return cfg, []Problem{{Msg: "not a JSON object; using the default supervisor settings"}}
	}
	sup := root.Get(Key)
	if !sup.Exists() || sup.Type == gjson.Null {
		return cfg, nil
	}
	if !sup.IsObject() {
		return cfg, []Problem{{Field: Key, Msg: "not an object; using the defaults"}}
	}
	var p problems
	if v := sup.Get("enabled"); v.Exists() {
		if v.IsBool() {
			cfg.Enabled = v.Bool()
		} else {
			p.add("enabled", "want true or false, got %s; using false", v.Raw)
		}
	}
	cfg.MaxIterations = p.intIn(sup, "max_iterations", MinMaxIterations, MaxMaxIterations, DefaultMaxIterations)
	cfg.TimeoutSeconds = p.intIn(sup, "timeout_seconds", MinTimeoutSeconds, MaxTimeoutSeconds, DefaultTimeoutSeconds)
	if v := sup.Get("language"); v.Exists() {
		switch {
		case v.Type == gjson.String && (v.Str == "en" || v.Str == "zh"):
			cfg.Language = v.Str
		default:
			p.add("language", `want "en" or "zh", got %s; using "en"`, v.Raw)
		}
	}
	if v := sup.Get("claude_command"); v.Exists() {
		if v.Type == gjson.String {
			cfg.ClaudeCommand = v.Str
		} else {
			p.add("claude_command", "want a string, got %s; using claude on PATH", v.Raw)
		}
	}
	if v := sup.Get("claude_args"); v.Exists() {
		cfg.ClaudeArgs = p.strings(v)
	}
	return cfg, p
}

type problems []Problem

func (p *problems) add(field, format string, args ...any) {
	*p = append(*p, Problem{Field: Key + "." + field, Msg: fmt.Sprintf(format, args...)})
}

// intIn returns the integer at field when it is a whole number in [lo, hi], else def (with a problem).
func (p *problems) intIn(sup gjson.Result, field string, lo, hi, def int) int {
	v := sup.Get(field)
	if !v.Exists() {
		return def
	}
	if v.Type != gjson.Number || v.Num != float64(int64(v.Num)) {
		p.add(field, "want a whole number in %d..%d, got %s; using %d", lo, hi, v.Raw, def)
		return def
	}
	if n := v.Num; n < float64(lo) || n > float64(hi) {
		p.add(field, "%s is out of range %d..%d; using %d", v.Raw, lo, hi, def)
		return def
	}
	return int(v.Num)
}

func (p *problems) strings(v gjson.Result) []string {
	if !v.IsArray() {
		p.add("claude_args", "want an array of strings, got %s; ignoring it", v.Raw)
		return nil
	}
	var out []string
	for _, e := range v.Array() {
		if e.Type != gjson.String {
			p.add("claude_args", "want an array of strings, got element %s; ignoring claude_args", e.Raw)
			return nil
		}
		out = append(out, e.Str)
	}
	return out
}
