package repo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"

	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// MaxConfig bounds what is read of a repository's config file, and what git may print of it.
const MaxConfig = 1 << 20

// A Pair is one configuration entry as git lists it: the key as git canonicalizes it (section
// and name in lower case, subsection as written) and its value ("" for a key without one).
type Pair struct{ Key, Value string }

// ParseConfig has the git program at git parse data as a configuration file (git config
// --file=-, no includes) and returns the entries whose keys match the extended regular
// expression re, in the file's order. git, not this package, reads the file: its quoting,
// continuations and comments are read as git reads them. That git runs in no repository
// (GIT_DIR is the null device) and reads no other configuration, so that nothing of the
// repository data came from is read or run. No match is no entries; any other failure is an
// error.
func ParseConfig(ctx context.Context, git string, data []byte, re string) ([]Pair, error) {
	c := proc.Command(ctx, git, "config", "--file=-", "--no-includes", "-z", "--get-regexp", re)
	c.Dir = os.TempDir()
	c.Env = []string{"GIT_DIR=" + os.DevNull, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=" + os.DevNull, "LC_ALL=C"}
	c.Stdin = bytes.NewReader(data)
	out := &proc.Capped{Max: 2 * MaxConfig, Stop: true}
	c.Stdout = out
	err := proc.Run(c)
	got, over := out.Bytes()
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return nil, fmt.Errorf("git config: %w", ctx.Err())
	case over:
		return nil, fmt.Errorf("git config: more than %d bytes of output", out.Max)
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		return nil, nil // no key matches
	case err != nil:
		return nil, fmt.Errorf("git config: %w", err)
	}
	return parsePairs(got), nil
}

// parsePairs reads what git config -z --get-regexp prints: per entry the key, then a newline
// and the value when it has one, then a NUL.
func parsePairs(out []byte) []Pair {
	var pairs []Pair
	for entry := range bytes.SplitSeq(out, []byte{0}) {
		if len(entry) == 0 {
			continue
		}
		key, value, _ := bytes.Cut(entry, []byte("\n"))
		pairs = append(pairs, Pair{Key: string(key), Value: string(value)})
	}
	return pairs
}
