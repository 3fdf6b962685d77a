package installer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
	"github.com/ccc-hooks/ccc-hooks/plugins"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// Purge is what `ccc-hooks uninstall --all` takes off the machine: the hooks in every settings
// file ccc-hooks installed into (those Claude Code reads for this user and project, and the
// others its ledger knows), the slash command files it wrote, ccc.json, the ccc-hooks home and
// the binary; and what it leaves, with why. Anchored on rustup's and uv's `self uninstall` and
// chezmoi's `purge --binary`: one list, one question, then everything.
type Purge struct {
	// Hooks are the settings files that hold hooks of ours, each with the locator that finds
	// the files beside it (its project's command files).
	Hooks []PurgeFile
	// Commands are the command files ccc-hooks wrote (marked as ours) in the folders Claude
	// Code reads them from.
	Commands []string
	// Config is ccc.json, "" when it is not there or stays (see Left).
	Config string
	// Home is the ccc-hooks home, "" when it is not there.
	Home string
	// Binary is this binary, "" when it is not a ccc-hooks binary.
	Binary string
	// Left says what stays, and why: the plugin, the user's own prompt file, a ccc.json with
	// keys of other programs.
	Left []string
	loc  Locator
}

// PurgeFile is one settings file holding hooks of ours.
type PurgeFile struct {
	Loc      Locator
	Target   Target
	Profiles []Profile
}

// ourConfigKeys are the keys of ccc.json that ccc-hooks reads.
var ourConfigKeys = []string{config.SupervisorKey, config.WorkflowKey, config.RetentionKey}

// PlanPurge finds what uninstall --all removes for the user and project of loc, binary being
// this program's path.
func PlanPurge(loc Locator, binary string) Purge {
	p := Purge{loc: loc}
	seen := map[string]bool{}
	add := func(l Locator, t Target) {
		if seen[t.Path] {
			return
		}
		seen[t.Path] = true
		if profiles := l.InstalledIn(t.Path); len(profiles) > 0 {
			p.Hooks = append(p.Hooks, PurgeFile{Loc: l, Target: t, Profiles: profiles})
		}
	}
	for _, t := range loc.All() {
		if t.Scope == ScopeProject && loc.ProjectIsUser() {
			continue // the user file, under its own name
		}
		add(loc, t)
	}
	home := paths.Home(loc.Getenv)
	ledgers, unreadable := (&settings.FileStore{Home: home}).Ledgers()
	for _, l := range ledgers {
		if !seen[l.Path] {
			add(elsewhere(loc, l.Path))
		}
	}
	var dirs []string
	dirs = append(dirs, loc.ClaudeDir())
	for _, h := range p.Hooks {
		dirs = append(dirs, h.Loc.commandsDir(h.Target))
	}
	for _, dir := range dedupe(dirs) {
		for _, name := range []string{Supervisor.Name, Workflow.Name} {
			for _, c := range plugins.Commands(name) {
				if hasOurSlashCommand(dir, c.Name) {
					p.Commands = append(p.Commands, SlashCommandPath(dir, c.Name))
				}
			}
		}
	}
	p.Config, p.Left = purgeConfig(paths.ConfigFile(loc.Getenv))
	if fi, err := os.Lstat(home); err == nil && fi.IsDir() {
		if len(unreadable) == 0 {
			p.Home = home
		} else {
			// A record that cannot be read may name a file that still holds hooks of ours: the
			// home stays with it, never removed unread (docs/settings.md, the ledger).
			p.Left = append(p.Left, fmt.Sprintf("%s: kept, since a record in it cannot be read (%v); a settings file it names may still hold hooks of ours (`ccc-hooks doctor` names the record)",
				home, errors.Join(unreadable...)))
		}
	}
	if name := filepath.Base(binary); name == "ccc-hooks" || name == "ccc-hooks.exe" {
		if fi, err := os.Lstat(binary); err == nil && fi.Mode().IsRegular() {
			p.Binary = binary
		}
	}
	prompt := filepath.Join(paths.ConfigDir(loc.Getenv), "SUPERVISOR.md")
	if _, err := os.Stat(prompt); err == nil {
		p.Left = append(p.Left, prompt+": your own review prompt, left as it is")
	}
	if installed, err := Plugins(loc); err == nil {
		for _, pl := range installed {
			p.Left = append(p.Left, fmt.Sprintf("the Claude Code plugin %s (%s scope): `claude plugin uninstall %s` removes it", pl.ID, pl.Scope, pl.ID))
		}
	}
	return p
}

// elsewhere returns the locator and target of a settings file the ledger knows outside this
// user's and project's: a project's .claude/settings.json or settings.local.json with its project
// (so that its /mc commands go with it), else the file itself.
func elsewhere(loc Locator, path string) (Locator, Target) {
	dir := filepath.Dir(path)
	if filepath.Base(dir) == ".claude" {
		project := filepath.Dir(dir)
		switch filepath.Base(path) {
		case "settings.json":
			if !SamePath(dir, loc.ClaudeDir()) {
				return Locator{Getenv: loc.Getenv, ProjectDir: project, Root: project}, Target{Scope: ScopeProject, Path: path}
			}
		case "settings.local.json":
			return Locator{Getenv: loc.Getenv, ProjectDir: project, Root: project}, Target{Scope: ScopeLocal, Path: path}
		}
	}
	return loc, Target{Scope: ScopeFile, Path: path}
}

// purgeConfig decides about ccc.json at path: it goes when every key in it is one ccc-hooks
// reads; a file with keys of another program (ccc, which shares the file) stays whole, and the
// note says which keys are ccc-hooks's to take out by hand.
func purgeConfig(path string) (remove string, left []string) {
	data, err := safefile.ReadRegular(path, 1<<20)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			left = append(left, fmt.Sprintf("%s: cannot be read (%v), left as it is", path, err))
		}
		return "", left
	}
	root := gjson.ParseBytes(data)
	if !gjson.ValidBytes(data) || !root.IsObject() {
		return "", []string{path + ": not a JSON object, left as it is"}
	}
	var others []string
	root.ForEach(func(k, _ gjson.Result) bool {
		if !slices.Contains(ourConfigKeys, k.String()) {
			others = append(others, k.String())
		}
		return true
	})
	if len(others) == 0 {
		return path, nil
	}
	return "", []string{fmt.Sprintf("%s: left as it is, since it holds keys of other programs too (%s); take out %s by hand",
		path, strings.Join(others, ", "), strings.Join(ourConfigKeys, ", "))}
}

func dedupe(list []string) []string {
	var out []string
	for _, s := range list {
		if !slices.ContainsFunc(out, func(o string) bool { return SamePath(o, s) }) {
			out = append(out, s)
		}
	}
	return out
}

// Empty reports whether nothing of ccc-hooks is left to remove.
func (p Purge) Empty() bool {
	return len(p.Hooks) == 0 && len(p.Commands) == 0 && p.Config == "" && p.Home == "" && p.Binary == ""
}

// Lines lists what the purge removes, one thing a line, for the question before it.
func (p Purge) Lines() []string {
	var lines []string
	for _, h := range p.Hooks {
		names := make([]string, len(h.Profiles))
		for i, pr := range h.Profiles {
			names[i] = pr.Name
		}
		lines = append(lines, fmt.Sprintf("  the %s hooks in %s", strings.Join(names, " and "), h.Target))
	}
	for _, c := range p.Commands {
		lines = append(lines, fmt.Sprintf("  /%s (%s)", strings.TrimSuffix(filepath.Base(c), ".md"), c))
	}
	if p.Config != "" {
		lines = append(lines, "  "+p.Config+" (its settings)")
	}
	if p.Home != "" {
		lines = append(lines, "  "+p.Home+" (ccc-hooks home: sessions' state, decision logs, and the backups of your settings files)")
	}
	if p.Binary != "" {
		lines = append(lines, "  "+p.Binary+" (this program)")
	}
	return lines
}

// Apply removes what p lists, in order: the hooks (each file as uninstall changes it, saying
// what it did), the command files, ccc.json, the home, the binary, and returns every failure.
// Where hooks could not be taken out of a file (managed settings without root, say), the rest of
// the hooks go, but the home (whose ledger an exact uninstall of that file needs) and the binary
// (which those hooks run) stay, and the error says how to finish.
func (p Purge) Apply(opts ApplyOptions) error {
	var errs []error
	for _, h := range p.Hooks {
		for _, pr := range h.Profiles {
			if _, err := PlanUninstall(h.Loc, h.Target, pr).Apply(opts); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if len(errs) > 0 {
		errs = append(errs, errors.New("the ccc-hooks home, ccc.json, the slash commands and the binary were kept, since hooks that "+
			"need them are still installed: take those out (with root for managed settings), then run `ccc-hooks uninstall --all` again"))
		return errors.Join(errs...)
	}
	say := func(line string) {
		if err := opts.UI.Say(line); err != nil {
			errs = append(errs, err)
		}
	}
	for _, c := range p.Commands {
		// What an uninstall above took out already is gone; a file someone has put in its place
		// since is not ours, and stays.
		if b, err := safefile.ReadRegular(c, 1<<20); err != nil || !IsOurSlashCommand(b) {
			continue
		}
		if err := os.Remove(c); err != nil {
			errs = append(errs, fmt.Errorf("remove %s: %w", c, err))
			continue
		}
		say(fmt.Sprintf("Removed /%s (%s).", strings.TrimSuffix(filepath.Base(c), ".md"), c))
	}
	if p.Config != "" {
		if err := os.Remove(p.Config); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, fmt.Errorf("remove %s: %w", p.Config, err))
		} else {
			say("Removed " + p.Config + ".")
		}
	}
	if p.Home != "" {
		if err := safefile.RemoveTree(p.Home); err != nil {
			errs = append(errs, fmt.Errorf("remove ccc-hooks home: %w", err))
		} else {
			say("Removed " + p.Home + " (ccc-hooks home).")
		}
	}
	if p.Binary != "" {
		if err := os.Remove(p.Binary); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, fmt.Errorf("remove %s: %w (delete it yourself once this command has ended)", p.Binary, err))
		} else {
			say("Removed " + p.Binary + ".")
		}
	}
	return errors.Join(errs...)
}
