package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// parentExists refuses a --file whose directory does not exist: a typo in the path must not
// create directories.
func parentExists(path string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usageErrorf("install: --file %s: directory %s does not exist (ccc-hooks creates no directory for --file); nothing was changed", path, dir)
	case err != nil:
		return fmt.Errorf("install: --file %s: %w; nothing was changed", path, err)
	case !fi.IsDir():
		return usageErrorf("install: --file %s: %s is not a directory; nothing was changed", path, dir)
	}
	return nil
}

// hookCommand is the command our entries run: `ccc-hooks hook` in files shared with other
// people (installer.Shared) unless --absolute, else this binary's absolute path.
func hookCommand(env *Env, target installer.Target, binary string, absolute bool) string {
	if absolute || !installer.Shared(target.Scope) {
		return installer.HookCommand(binary)
	}
	if installer.LookPath("ccc-hooks", env.Getenv("PATH")) == "" {
		warnf(env, "ccc-hooks is not on your PATH, and %s runs `%s` for everyone who uses it; "+
			"put ccc-hooks on PATH, or re-run with --absolute to write this binary's path", target.Path, installer.SharedHookCommand)
	}
	return installer.SharedHookCommand
}

// programWord is how install's next steps name the binary it installed (see programName).
func programWord(env *Env, binary string) string {
	return programName(binary, installer.LookPath("ccc-hooks", env.Getenv("PATH")))
}

// supervisorOnByDefault reports the supervisor default of ccc.json (off when unreadable).
func supervisorOnByDefault(env *Env) bool {
	sup, _, err := config.Load(paths.ConfigFile(env.Getenv))
	return err == nil && sup.Enabled
}

// supervisorDefaultChange sets the supervisor default in ccc.json, as
// `ccc-hooks supervisor on|off --default` does.
func supervisorDefaultChange(env *Env, on bool) fileChange {
	path := paths.ConfigFile(env.Getenv)
	state := "off"
	if on {
		state = "on"
	}
	return fileChange{
		path:   path,
		change: config.SetEnabled(on),
		done:   func(settings.Change) string { return fmt.Sprintf("The supervisor is %s by default (%s).", state, path) },
	}
}

// printNextSteps says, after a change, whether the supervisor will review sessions, how to
// turn it on or off, and how to check the setup.
func printNextSteps(env *Env, profile installer.Profile, binary string, target installer.Target) error {
	prog := programWord(env, binary)
	var lines []string
	if profile.Name == installer.Supervisor.Name {
		if supervisorOnByDefault(env) {
			lines = append(lines, fmt.Sprintf("The supervisor is on by default: it reviews every session (turn it off with `%s supervisor off --default`).", prog))
		} else {
			oneSession := ""
			if hasOurSlashCommand(env, "supervisor") {
				oneSession = ", or for one session with /supervisor"
			}
			lines = append(lines, "The supervisor is off by default: it reviews no session until you turn it on.",
				fmt.Sprintf("Turn it on for every session with `%s supervisor on --default`%s.", prog, oneSession))
		}
	}
	if profile.Name == installer.Workflow.Name {
		mc := installer.SlashCommandPath(workflowCommandsDir(env, target), "mc")
		if b, err := safefile.ReadRegular(mc, 1<<20); err == nil && installer.IsOurSlashCommand(b) {
			lines = append(lines, "Start a task in Claude Code with /mc <description>.")
		}
	}
	lines = append(lines, fmt.Sprintf("Check the setup with `%s doctor`.", prog))
	_, err := fmt.Fprintln(env.IO.Out, strings.Join(lines, "\n"))
	return err
}

// hasOurSlashCommand reports whether the command file /name that ccc-hooks writes is in place.
func hasOurSlashCommand(env *Env, name string) bool {
	b, err := safefile.ReadRegular(installer.SlashCommandPath(paths.ConfigDir(env.Getenv), name), 1<<20)
	return err == nil && installer.IsOurSlashCommand(b)
}
