// Package config owns ccc.json, the file in the Claude config dir (internal/paths.ConfigFile)
// that ccc-hooks shares with the ccc tool: every key ccc-hooks reads there ("supervisor" for the
// supervisor, "workflow" for the workflow), their defaults and limits, and the edits ccc-hooks
// makes to it. Bad values never stop a hook: each falls back to its default and is reported as a
// Problem naming its key, which doctor prints.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// Config is the effective content of ccc.json: the settings of every key, each value missing or
// ignored replaced by its default.
type Config struct {
	Supervisor Supervisor
	Workflow   Workflow
	// RetentionDays is how many days ccc-hooks home keeps a session's files after its last write.
	RetentionDays int
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

// Key returns the top-level key of ccc.json the problem is under ("supervisor", "workflow",
// "retention_days"), or "" for the file as a whole.
func (p Problem) Key() string {
	key, _, _ := strings.Cut(p.Field, ".")
	return key
}

// MaxFileSize bounds ccc.json; a larger file (or one that is not a regular file: a FIFO, a
// device) is an error, read no further than that.
const MaxFileSize = 1 << 20

// LoadAll reads every key of ccc.json from path. A missing file gives the defaults and no
// problem. The error is only for a file that exists but cannot be read; the returned Config is
// then the defaults, so callers that must not fail can ignore it.
func LoadAll(path string) (Config, []Problem, error) {
	data, err := safefile.ReadRegular(path, MaxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return defaults(), nil, nil
	}
	if err != nil {
		return defaults(), nil, fmt.Errorf("read %s: %w", path, err)
	}
	cfg, problems := ParseAll(data)
	return cfg, problems, nil
}

// ParseAll reads every key of ccc.json from its bytes. Its problems are those of the file as a
// whole, else those of each key.
func ParseAll(data []byte) (Config, []Problem) {
	cfg := defaults()
	if !gjson.ValidBytes(data) {
		return cfg, []Problem{{Msg: "invalid JSON; using the default supervisor settings"}}
	}
	root := gjson.ParseBytes(data)
	if !root.IsObject() {
		return cfg, []Problem{{Msg: "not a JSON object; using the default supervisor settings"}}
	}
	var p problems
	cfg.Supervisor = p.supervisor(root.Get(SupervisorKey))
	cfg.Workflow = p.workflow(root.Get(WorkflowKey))
	cfg.RetentionDays = p.retentionDays(root)
	return cfg, p
}

// Load reads the supervisor's settings from ccc.json at path, as LoadAll does; its problems are
// those of the file as a whole and of the "supervisor" key.
func Load(path string) (Supervisor, []Problem, error) {
	cfg, problems, err := LoadAll(path)
	return cfg.Supervisor, supervisorProblems(problems), err
}

// Parse reads the supervisor's settings from the bytes of ccc.json, as ParseAll does; its
// problems are those of the file as a whole and of the "supervisor" key.
func Parse(data []byte) (Supervisor, []Problem) {
	cfg, problems := ParseAll(data)
	return cfg.Supervisor, supervisorProblems(problems)
}

func supervisorProblems(all []Problem) []Problem {
	var out []Problem
	for _, p := range all {
		if k := p.Key(); k == "" || k == SupervisorKey {
			out = append(out, p)
		}
	}
	return out
}

// defaults is the Config of a missing file.
func defaults() Config {
	return Config{Supervisor: Default(), Workflow: DefaultWorkflow(), RetentionDays: DefaultRetentionDays}
}

// problems collects the Problems of a file while its keys are read.
type problems []Problem

// add records a problem of field under key ("" for the key itself; a top-level field has no
// key).
func (p *problems) add(key, field, format string, args ...any) {
	switch {
	case key == "":
		key = field
	case field != "":
		key += "." + field
	}
	*p = append(*p, Problem{Field: key, Msg: fmt.Sprintf(format, args...)})
}

// section returns the object at key (ok false, with a problem when it is something else);
// a missing key or null is no problem.
func (p *problems) section(key string, v gjson.Result) (ok bool) {
	if !v.Exists() || v.Type == gjson.Null {
		return false
	}
	if !v.IsObject() {
		p.add(key, "", "not an object; using the defaults")
		return false
	}
	return true
}

// boolean returns the literal at key.field, or false (with a problem) when it is something else.
func (p *problems) boolean(key, field string, v gjson.Result) bool {
	if !v.IsBool() {
		p.add(key, field, "want true or false, got %s; using false", v.Raw)
		return false
	}
	return v.Bool()
}

// intIn returns the integer at field of the section key (sec; the whole file for key "") when it
// is a whole number in [lo, hi], else def (with a problem).
func (p *problems) intIn(key string, sec gjson.Result, field string, lo, hi, def int) int {
	v := sec.Get(field)
	if !v.Exists() {
		return def
	}
	if v.Type != gjson.Number || v.Num != float64(int64(v.Num)) {
		p.add(key, field, "want a whole number in %d..%d, got %s; using %d", lo, hi, v.Raw, def)
		return def
	}
	if n := v.Num; n < float64(lo) || n > float64(hi) {
		p.add(key, field, "%s is out of range %d..%d; using %d", v.Raw, lo, hi, def)
		return def
	}
	return int(v.Num)
}
