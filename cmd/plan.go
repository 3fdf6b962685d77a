package cmd

import (
	"fmt"
	"slices"

	"github.com/ccc-hooks/ccc-hooks/settings"
)

// fileChange is one file a command means to change.
type fileChange struct {
	path   string
	change settings.ChangeFunc
	// done says what was done, once the change is written.
	done func(settings.Change) string
}

// applyChanges previews every change and then, as the flags and the terminal say, prints the
// diffs (with --dry-run, or before the confirmation on a terminal), asks, and writes the changes
// in order. It returns the previews; written is false when nothing was written (dry run, a "no"
// at the prompt, or nothing to change).
func applyChanges(env *Env, verb string, changes []fileChange, dryRun, ask bool) (previews []settings.Change, written bool, err error) {
	st := store(env)
	for _, fc := range changes {
		p, err := st.Preview(fc.path, fc.change)
		if err != nil {
			return nil, false, fileError(verb, fc.path, err)
		}
		previews = append(previews, p)
	}
	changed := slices.ContainsFunc(previews, func(p settings.Change) bool { return p.Changed })
	if dryRun || (ask && changed) {
		for _, p := range previews {
			if p.Changed {
				if err := writeDiff(env, p); err != nil {
					return previews, false, err
				}
			}
		}
	}
	if !dryRun {
		for i, fc := range changes {
			if !previews[i].Changed {
				_ = st.Tidy(fc.path) // what a killed run left goes even when nothing changes
			}
		}
	}
	if dryRun || !changed {
		return previews, false, nil
	}
	if ask {
		ok, err := env.Prompter.Confirm(confirmQuestion(previews), true)
		if err != nil {
			return previews, false, cancelled(verb, err)
		}
		if !ok {
			_, err := fmt.Fprintln(env.IO.Out, "Nothing was changed.")
			return previews, false, err
		}
	}
	for _, fc := range changes {
		ch, err := st.Update(fc.path, fc.change)
		if err != nil {
			return previews, true, fileError(verb, fc.path, err)
		}
		if ch.Changed && fc.done != nil {
			if _, err := fmt.Fprintln(env.IO.Out, fc.done(ch)); err != nil {
				return previews, true, err
			}
		}
	}
	return previews, true, nil
}

func confirmQuestion(previews []settings.Change) string {
	var paths []string
	for _, p := range previews {
		if p.Changed {
			paths = append(paths, p.Path)
		}
	}
	if len(paths) == 1 {
		return fmt.Sprintf("Write these changes to %s?", paths[0])
	}
	return fmt.Sprintf("Write these changes to %d files?", len(paths))
}
