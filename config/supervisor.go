package config

import (
	"slices"

	"github.com/tidwall/gjson"
)

// SupervisorKey is the top-level key of ccc.json that holds the supervisor settings.
const SupervisorKey = "supervisor"

// Defaults and limits of the supervisor settings.
const (
	DefaultMaxIterations  = 20
	MinMaxIterations      = 1
	MaxMaxIterations      = 100
	DefaultTimeoutSeconds = 600
	MinTimeoutSeconds     = 10
	MaxTimeoutSeconds     = 3600
	DefaultLanguage       = "en"
	// DefaultPermissionMode is the reviewer's permission mode: tools outside allowed_tools are
	// refused without asking anyone (nobody could answer inside a hook).
	DefaultPermissionMode = "dontAsk"
)

// PermissionModes are the values supervisor.permission_mode accepts: "default" and its other name
// "manual" ask (in claude -p: refuse) outside the allowed tools; auto, bypass and the modes that
// accept edits are never a reviewer's (docs/supervisor.md, "Configuration").
var PermissionModes = []string{"dontAsk", "default", "manual"}

// DefaultAllowedTools are the reviewer's permission rules beyond what Claude Code allows a dontAsk
// session anyway (Read, and the Bash commands it judges read-only, such as ls, cat, grep, find,
// git status, git diff, git log, git show): read-only git commands, so it can see what the agent
// changed.
func DefaultAllowedTools() []string {
	return []string{"Bash(git diff:*)", "Bash(git log:*)", "Bash(git status:*)"}
}

// Supervisor is the effective supervisor configuration.
type Supervisor struct {
	Enabled        bool
	MaxIterations  int
	TimeoutSeconds int
	Language       string // "en" or "zh"
	ClaudeCommand  string
	ClaudeArgs     []string
	PermissionMode string   // one of PermissionModes
	AllowedTools   []string // passed as --allowedTools; never nil after Parse
	MaxBudgetUSD   float64  // --max-budget-usd when positive; 0 means no limit
	// SessionBudgetUSD, when positive, is what a session's reviews may cost in all: once their
	// logged cost reaches it, the session is not reviewed again. 0 means no limit.
	SessionBudgetUSD float64
	// Checks are run behind a copy-on-write wall before each Stop review, their results the
	// reviewer's evidence (supervisor.checks; none by default).
	Checks []Check
	// Wall bounds what a command behind that wall may take, and names more credential files of
	// the home directory that are empty inside it (supervisor.wall).
	Wall Wall
}

// Default returns the supervisor configuration used when ccc.json or its key is missing.
func Default() Supervisor {
	return Supervisor{
		MaxIterations:  DefaultMaxIterations,
		TimeoutSeconds: DefaultTimeoutSeconds,
		Language:       DefaultLanguage,
		PermissionMode: DefaultPermissionMode,
		AllowedTools:   DefaultAllowedTools(),
		Wall:           DefaultWall(),
	}
}

// supervisor reads the supervisor settings from the value of SupervisorKey.
func (p *problems) supervisor(sup gjson.Result) Supervisor {
	cfg := Default()
	if !p.section(SupervisorKey, sup) {
		return cfg
	}
	if v := sup.Get("enabled"); v.Exists() {
		cfg.Enabled = p.boolean(SupervisorKey, "enabled", v)
	}
	cfg.MaxIterations = p.intIn(SupervisorKey, sup, "max_iterations", MinMaxIterations, MaxMaxIterations, DefaultMaxIterations)
	cfg.TimeoutSeconds = p.intIn(SupervisorKey, sup, "timeout_seconds", MinTimeoutSeconds, MaxTimeoutSeconds, DefaultTimeoutSeconds)
	if v := sup.Get("language"); v.Exists() {
		switch {
		case v.Type == gjson.String && (v.Str == "en" || v.Str == "zh"):
			cfg.Language = v.Str
		default:
			p.add(SupervisorKey, "language", `want "en" or "zh", got %s; using "en"`, v.Raw)
		}
	}
	if v := sup.Get("claude_command"); v.Exists() {
		if v.Type == gjson.String {
			cfg.ClaudeCommand = v.Str
		} else {
			p.add(SupervisorKey, "claude_command", "want a string, got %s; using claude on PATH", v.Raw)
		}
	}
	if v := sup.Get("claude_args"); v.Exists() {
		cfg.ClaudeArgs, _ = p.stringList("claude_args", v, true)
	}
	p.reviewerLimits(sup, &cfg)
	cfg.Checks = p.checks(sup.Get("checks"))
	cfg.Wall = p.wall(sup.Get("wall"))
	return cfg
}

// reviewerLimits reads permission_mode, allowed_tools, max_budget_usd and session_budget_usd.
func (p *problems) reviewerLimits(sup gjson.Result, cfg *Supervisor) {
	if v := sup.Get("permission_mode"); v.Exists() {
		if v.Type == gjson.String && slices.Contains(PermissionModes, v.Str) {
			cfg.PermissionMode = v.Str
		} else {
			p.add(SupervisorKey, "permission_mode", `want one of "dontAsk", "default" or "manual", got %s; using %q`, v.Raw, DefaultPermissionMode)
		}
	}
	if v := sup.Get("allowed_tools"); v.Exists() {
		// An empty list is a choice: no tools beyond Claude Code's read-only ones.
		if tools, ok := p.stringList("allowed_tools", v, false); ok {
			cfg.AllowedTools = append([]string{}, tools...)
		}
	}
	cfg.MaxBudgetUSD = p.dollars(sup, "max_budget_usd")
	cfg.SessionBudgetUSD = p.dollars(sup, "session_budget_usd")
}

// stringList returns the array of strings at field v of the supervisor settings (ok false, with a
// problem, when it is not one); allowEmpty lets elements be "".
func (p *problems) stringList(field string, v gjson.Result, allowEmpty bool) (list []string, ok bool) {
	if !v.IsArray() {
		p.add(SupervisorKey, field, "want an array of strings, got %s; ignoring it", v.Raw)
		return nil, false
	}
	var out []string
	for _, e := range v.Array() {
		if e.Type != gjson.String || (e.Str == "" && !allowEmpty) {
			kind := "strings"
			if !allowEmpty {
				kind = "non-empty strings"
			}
			p.add(SupervisorKey, field, "want an array of %s, got element %s; ignoring %s", kind, e.Raw, field)
			return nil, false
		}
		out = append(out, e.Str)
	}
	return out, true
}

// dollars returns the budget at field of the supervisor settings: a number greater than 0, else
// 0 for no budget (with a problem when the field is there).
func (p *problems) dollars(sup gjson.Result, field string) float64 {
	v := sup.Get(field)
	if !v.Exists() {
		return 0
	}
	if v.Type == gjson.Number && v.Num > 0 {
		return v.Num
	}
	p.add(SupervisorKey, field, "want a number of dollars greater than 0, got %s; using no budget", v.Raw)
	return 0
}
