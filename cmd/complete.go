package cmd

import (
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/workflow"
	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/clip"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// registerCompletions teaches shell completion the values of flags and arguments, for every
// command of the tree under root that has them. Flags are matched by name, so a command that
// gains a --scope or --profile flag completes it without more code.
func registerCompletions(root *cobra.Command, env *Env) {
	flags := map[string]cobra.CompletionFunc{
		"scope":       completeScope,
		"profile":     completeProfile,
		"events":      completeEvents,
		"provider":    completeProvider(env),
		"session":     completeSession(env),
		"project-dir": completeDirs,
	}
	walk(root, func(c *cobra.Command) {
		for name, fn := range flags {
			if c.LocalFlags().Lookup(name) == nil {
				continue
			}
			if _, done := c.GetFlagCompletionFunc(name); !done {
				_ = c.RegisterFlagCompletionFunc(name, fn) // cannot fail: the flag exists and is not registered
			}
		}
		if c.ValidArgsFunction == nil {
			switch strings.TrimPrefix(c.CommandPath(), root.Name()+" ") {
			case "task show":
				c.ValidArgsFunction = completeTaskIDs(env, false)
			case "task confirm":
				c.ValidArgsFunction = completeTaskIDs(env, true)
			}
		}
	})
}

func walk(c *cobra.Command, fn func(*cobra.Command)) {
	fn(c)
	for _, sub := range c.Commands() {
		walk(sub, fn)
	}
}

func completeScope(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	descriptions := map[string]string{
		installer.ScopeUser:     "your settings.json in the Claude config dir",
		installer.ScopeProject:  "<project>/.claude/settings.json, shared with the team",
		installer.ScopeLocal:    "<project>/.claude/settings.local.json, yours in this project",
		installer.ScopeProvider: "settings-NAME.json in the Claude config dir (--provider NAME)",
		installer.ScopeManaged:  "the managed settings of the machine (administrators)",
	}
	var out []cobra.Completion
	for _, s := range installer.Scopes() {
		out = append(out, cobra.CompletionWithDesc(s, descriptions[s]))
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

func completeProfile(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	for _, p := range installer.Profiles() {
		out = append(out, cobra.CompletionWithDesc(p.Name, p.Description))
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeEvents completes the last item of a comma-separated --events list with the events of
// the --profile given so far (the supervisor's when none), leaving out those already listed.
// The candidates carry no description: cobra's bash script then matches them with compgen,
// which copes with the comma (its matcher for described candidates compares them shell-quoted,
// "stop\,subagent-stop", and so never matches a typed comma). bash inserts the comma quoted as
// "\,", which the shell reads as a comma.
func completeEvents(c *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	name, _ := c.Flags().GetString("profile")
	profile, err := installer.ProfileByName(name)
	if err != nil {
		profile = installer.Supervisor
	}
	done, last := "", toComplete
	if i := strings.LastIndexByte(toComplete, ','); i >= 0 {
		done, last = toComplete[:i+1], toComplete[i+1:]
	}
	listed := strings.Split(strings.TrimSuffix(done, ","), ",")
	var out []cobra.Completion
	for _, e := range profile.Events {
		if slices.Contains(listed, e.Name) || !strings.HasPrefix(e.Name, last) {
			continue
		}
		out = append(out, done+e.Name)
	}
	if done == "" && strings.HasPrefix("all", last) { //nolint:gocritic // offered when "all" starts with what was typed
		out = append(out, "all")
	}
	// A comma may follow: no space after the completed item.
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// completeProvider completes the provider names found as settings-NAME.json in the Claude
// config dir.
func completeProvider(env *Env) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		loc := installer.Locator{Getenv: env.Getenv}
		var out []cobra.Completion
		for _, name := range loc.ProviderNames() {
			out = append(out, cobra.CompletionWithDesc(name, "settings-"+name+".json"))
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeSession completes the sessions the supervisor has state for in the ccc-hooks home.
func completeSession(env *Env) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		entries, _ := os.ReadDir(paths.Home(env.Getenv))
		var out []cobra.Completion
		for _, e := range entries {
			id, isState := strings.CutPrefix(e.Name(), "supervisor-")
			id, isJSON := strings.CutSuffix(id, ".json")
			if isState && isJSON && event.ValidSessionID(id) {
				out = append(out, id)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

func completeDirs(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveFilterDirs
}

// completeTaskIDs completes the task ids of the project the command line names (--project-dir,
// else as `task` finds it), described by their task; open tasks only when openOnly is set.
func completeTaskIDs(env *Env, openOnly bool) cobra.CompletionFunc {
	return func(c *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		project, _ := c.Flags().GetString("project-dir")
		quiet := *env
		quiet.IO = &IOStreams{In: env.IO.In, Out: io.Discard, ErrOut: io.Discard}
		store, err := taskStore(&quiet, taskOptions{ProjectDir: project})
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		tasks, _ := store.List()
		var out []cobra.Completion
		for _, t := range tasks {
			if openOnly && t.Status != workflow.StatusInProgress {
				continue
			}
			out = append(out, cobra.CompletionWithDesc(t.TaskID, clip.OneLine(t.TaskDescription)))
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}
