package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// statusOptions are the choices of one `ccc-hooks status`.
type statusOptions struct {
	JSON       bool
	ProjectDir string
	// ManagedPath replaces the operating system's managed-settings path; only Go tests set it.
	ManagedPath string
}

func newStatusCmd(env *Env) *cobra.Command {
	opts := &statusOptions{}
	c := &cobra.Command{
		Use:   "status",
		Short: "Show what ccc-hooks installed where",
		Long: `List every settings file Claude Code reads for this user and project (user, project,
local, the provider files settings-NAME.json of the Claude config dir, managed) and the
ccc-hooks plugin: the profiles and events installed, their timeout, the hook command and
whether it resolves for you, and whether the supervisor is on by default.

Paths in the home directory are written from ~ (~/.claude/settings.json). --json prints a JSON
array with one object per file (and plugin), full paths, and nothing else.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			return runStatus(c.Context(), env, opts)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&opts.JSON, "json", false, "print a JSON array of objects, one per settings file and plugin")
	fl.StringVar(&opts.ProjectDir, "project-dir", "", projectDirUsage)
	return c
}

func runStatus(_ context.Context, env *Env, opts *statusOptions) error {
	loc, err := (&targetFlags{ProjectDir: opts.ProjectDir}).locator(env)
	if err != nil {
		return err
	}
	loc.ManagedPath = opts.ManagedPath
	rows := installer.Status(installer.StatusOptions{Locator: loc, LookPath: env.LookPath})
	if opts.JSON {
		data, err := json.MarshalIndent(rows, "", "  ")
		if err != nil {
			return fmt.Errorf("status: %w", err)
		}
		_, err = env.IO.Out.Write(append(data, '\n'))
		return err
	}
	program := adviceProgram(env)
	source := paths.ConfigFile(env.Getenv)
	if _, err := os.Lstat(source); errors.Is(err, fs.ErrNotExist) {
		source = "the built-in default: there is no " + source
	}
	return env.say(statusText(rows, source, program, paths.HomeDir(env.Getenv)))
}

// statusText is one block per row: the scope and file, then, where ccc-hooks is installed, its
// profiles, events, timeout and command, labels aligned; last the supervisor default and where it
// comes from (source: ccc.json, or why the default is the built-in one). Paths in the home
// directory are written from ~ (see tildeHome).
func statusText(rows []installer.StatusRow, source, program, home string) string {
	var b strings.Builder
	const indent = "           " // under the file, past the scope column
	for _, r := range rows {
		where := r.Path
		if r.Plugin != "" {
			where = fmt.Sprintf("%s (%s scope) %s", r.Plugin, r.PluginScope, r.Path)
		}
		fmt.Fprintf(&b, "%-10s %s", r.Scope, where)
		if note := statusNote(r); note != "" {
			fmt.Fprintf(&b, "  (%s)\n", note)
			writeOwnCommands(&b, indent, r.OwnCommands)
			continue
		}
		b.WriteString("\n")
		profiles := strings.Join(r.Profiles, ", ")
		if profiles == "" {
			profiles = "none complete"
		}
		fmt.Fprintf(&b, "%s%-9s %s\n", indent, "profiles", profiles)
		fmt.Fprintf(&b, "%s%-9s %s\n", indent, "events", strings.Join(r.Events, ", "))
		fmt.Fprintf(&b, "%s%-9s %s\n", indent, "timeout", statusTimeouts(r.Hooks))
		var seen []string
		for _, h := range r.Hooks {
			if slices.Contains(seen, h.Command) {
				continue
			}
			seen = append(seen, h.Command)
			shown := h.Command
			if run, guarded := hookcmd.Unguard(h.Command); guarded {
				// The plugins' guard is long and always the same: the program it runs says it all.
				shown = run + ", behind a guard that says so when it is missing"
			}
			fmt.Fprintf(&b, "%s%-9s %s  (%s)\n", indent, "command", shown, resolution(h))
		}
		writeOwnCommands(&b, indent, r.OwnCommands)
		if !r.Enabled {
			fmt.Fprintf(&b, "%s%-9s %s\n", indent, "enabled", "no: switched off in Claude Code (/plugin enables it)")
		}
	}
	state, next := "off", "turn it on with `"+program+" supervisor on --default` (every session) or `"+
		program+" supervisor on` (or /supervisor in Claude Code) for one session"
	if len(rows) > 0 && rows[0].SupervisorDefault {
		state, next = "on", "turn it off with `"+program+" supervisor off --default`"
	}
	fmt.Fprintf(&b, "\n%-10s %s by default (%s)\n%s%s\n", "supervisor", state, source, indent, next)
	return tildeHome(b.String(), home)
}

// writeOwnCommands lists the user's commands that run ccc-hooks, each with what it means.
func writeOwnCommands(b *strings.Builder, indent string, own []installer.OwnCommand) {
	for _, o := range own {
		means := "yours: runs ccc-hooks; install and uninstall leave it as it is"
		if o.Beside {
			means += "; with the entry of ccc-hooks beside it, ccc-hooks runs twice on each " + o.Event + " (answered once)"
		}
		fmt.Fprintf(b, "%s%-9s %s on %s  (%s)\n", indent, "own", o.Command, o.Event, means)
	}
}

// statusNote is the one-line state of a row where nothing of ours is installed or the file is
// unusable; "" when the row has hooks of ours to show.
func statusNote(r installer.StatusRow) string {
	switch {
	case r.Scope == installer.ScopePlugin && r.Error == "" && len(r.Hooks) == 0 && !r.Enabled:
		return "installed, switched off in Claude Code"
	case !r.Exists:
		return "not present"
	case r.Error != "" && r.Scope == installer.ScopePlugin:
		return "error: " + r.Error
	case r.Error != "":
		return "error: " + r.Error + "; Claude Code skips this file"
	case len(r.Hooks) == 0:
		return "no ccc-hooks hooks"
	}
	return ""
}

func resolution(h installer.HookStatus) string {
	if h.Resolves {
		return "resolves to " + h.Program
	}
	return "does not resolve: " + h.Problem
}

// statusTimeouts lists the distinct timeouts of hooks: "600", "600, 300 (SubagentStop)".
func statusTimeouts(hooks []installer.HookStatus) string {
	var parts []string
	var first string
	for i, h := range hooks {
		t := "none (Claude Code's default)"
		if h.Timeout != nil {
			t = fmt.Sprintf("%g seconds", *h.Timeout)
		}
		if i == 0 {
			first = t
			parts = append(parts, t)
			continue
		}
		if t != first {
			parts = append(parts, t+" ("+h.Event+")")
		}
	}
	return strings.Join(parts, ", ")
}
