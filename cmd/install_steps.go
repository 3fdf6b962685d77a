package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/installer"
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

// programWord is how install's next steps name the binary it installed (see programName).
func programWord(env *Env, binary string) string {
	onPath, _ := env.LookPath("ccc-hooks")
	return programName(adviceShell(env), binary, onPath)
}

// printNextSteps says, after a change, whether the supervisor will review sessions, how to
// turn it on or off, and how to check the setup.
func printNextSteps(env *Env, loc installer.Locator, target installer.Target, profile installer.Profile, binary string) error {
	steps := installer.NextSteps(loc, target, profile, programWord(env, binary))
	return env.say(strings.Join(steps, "\n"))
}
