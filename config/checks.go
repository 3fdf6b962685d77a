package config

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

// Limits of supervisor.checks.
const (
	// DefaultCheckTimeoutSeconds is a check's time limit when it names none, the wall's own
	// (wall.DefaultTimeout): enough for the test suite of most projects on a laptop.
	DefaultCheckTimeoutSeconds = wall.DefaultTimeoutSeconds
	MinCheckTimeoutSeconds     = 1
	// MaxCheckTimeoutSeconds is the most a check may take; a Stop review waits for its checks,
	// and the hook's own timeout must cover them and the review.
	MaxCheckTimeoutSeconds = 3600
	// MaxChecks is the most checks a list may hold.
	MaxChecks = 20
)

// Check is one command of supervisor.checks: run before each Stop review behind the
// copy-on-write wall (package internal/wall), its result the reviewer's evidence.
type Check struct {
	Command        string // run by /bin/sh -c in the event's cwd
	TimeoutSeconds int
	// Project, when set, is the directory (absolute) whose sessions run the check: it runs
	// where the event's cwd is that directory or below it. Empty: in every project.
	Project string
}

// ChecksFor returns the checks of s that run in a session whose cwd is dir.
func (s Supervisor) ChecksFor(dir string) []Check {
	var out []Check
	for _, c := range s.Checks {
		if c.Project == "" || paths.Within(dir, c.Project) {
			out = append(out, c)
		}
	}
	return out
}

// checks reads supervisor.checks: a list whose elements are a command (a string, with the
// default time limit) or {"command": …, "timeout_seconds": N, "project": DIR}. A bad element is
// a problem naming it and is left out; the others stay. A list that is not one is a problem,
// and no check runs.
func (p *problems) checks(v gjson.Result) []Check {
	if !v.Exists() || v.Type == gjson.Null {
		return nil
	}
	if !v.IsArray() {
		p.add(SupervisorKey, "checks", "want a list of commands or {\"command\", \"timeout_seconds\"} objects, got %s; running no checks", v.Raw)
		return nil
	}
	var out []Check
	for i, e := range v.Array() {
		field := "checks[" + strconv.Itoa(i) + "]"
		if len(out) == MaxChecks {
			p.add(SupervisorKey, field, "more than %d checks; leaving out the rest", MaxChecks)
			break
		}
		if c, ok := p.check(field, e); ok {
			out = append(out, c)
		}
	}
	return out
}

// check reads one element of supervisor.checks.
func (p *problems) check(field string, e gjson.Result) (Check, bool) {
	c := Check{TimeoutSeconds: DefaultCheckTimeoutSeconds}
	switch {
	case e.Type == gjson.String:
		c.Command = e.Str
	case e.IsObject():
		cmd := e.Get("command")
		if cmd.Type != gjson.String {
			p.add(SupervisorKey, field, "want a \"command\" string, got %s; leaving this check out", e.Raw)
			return c, false
		}
		c.Command = cmd.Str
		c.TimeoutSeconds = p.intIn(SupervisorKey+"."+field, e, "timeout_seconds", MinCheckTimeoutSeconds, MaxCheckTimeoutSeconds, DefaultCheckTimeoutSeconds)
		if dir := e.Get("project"); dir.Exists() {
			if dir.Type != gjson.String || !filepath.IsAbs(dir.Str) {
				p.add(SupervisorKey, field+".project", "want an absolute directory, got %s; leaving this check out", dir.Raw)
				return c, false
			}
			c.Project = filepath.Clean(dir.Str)
		}
		e.ForEach(func(k, _ gjson.Result) bool {
			if k.Str != "command" && k.Str != "timeout_seconds" && k.Str != "project" {
				p.add(SupervisorKey, field+"."+k.Str, "unknown key; ignoring it (known: command, timeout_seconds, project)")
			}
			return true
		})
	default:
		p.add(SupervisorKey, field, "want a command string or a {\"command\": …} object, got %s; leaving this check out", e.Raw)
		return c, false
	}
	if strings.TrimSpace(c.Command) == "" {
		p.add(SupervisorKey, field, "the command is empty; leaving this check out")
		return c, false
	}
	if strings.ContainsRune(c.Command, 0) {
		p.add(SupervisorKey, field, "the command holds a NUL byte; leaving this check out")
		return c, false
	}
	return c, true
}
