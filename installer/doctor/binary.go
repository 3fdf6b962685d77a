package doctor

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/buildinfo"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
)

// binaryCheck reports, for every ccc-hooks program named by a hook command, whether it exists,
// is executable and is this version of ccc-hooks (it runs `<program> version`).
type binaryCheck struct{ env Env }

func (binaryCheck) Name() string { return "hook-binary" }

// probe is what is known about one program, before naming the file that refers to it.
type probe struct {
	status Status
	msg    string
	// reinstall says the fix is installing again from this ccc-hooks.
	reinstall bool
}

func (c binaryCheck) Run(ctx context.Context, s *Snapshot) []Result {
	var out []Result
	seen := map[string]probe{}
	for _, f := range s.Usable() {
		var bins []string
		for _, r := range f.Ours() {
			if b := hookcmd.Binary(r.Command); !slices.Contains(bins, b) {
				bins = append(bins, b)
			}
		}
		for _, b := range bins {
			p, done := seen[b]
			if !done {
				p = c.probe(ctx, b, s)
				seen[b] = p
			}
			msg := fmt.Sprintf("%s (in %s): %s", b, label(f), p.msg)
			if p.reinstall {
				msg += ": run " + s.install(f) + " to point the hooks at this ccc-hooks"
			}
			out = append(out, Result{Status: p.status, Message: msg, Path: f.Path})
		}
	}
	if len(out) == 0 {
		return []Result{ok("no ccc-hooks hooks to check", "")}
	}
	return out
}

// probe inspects the program bin of a hook command; a relative bin is resolved against s's
// project directory, bare names against PATH.
func (c binaryCheck) probe(ctx context.Context, bin string, s *Snapshot) probe {
	projectDir := s.ProjectDir
	if bin == "" {
		return probe{StatusError, "the hook command names no program", true}
	}
	path := bin
	switch {
	case filepath.IsAbs(bin):
	case strings.ContainsAny(bin, `/\`):
		// Claude Code runs hooks in the project directory.
		path = filepath.Join(projectDir, bin)
	default:
		found, err := c.env.LookPath(bin)
		if err != nil {
			if fix := c.env.localBinFix(); bin == "ccc-hooks" && fix != "" {
				return probe{StatusError, "not found on PATH: " + fix, false}
			}
			return probe{StatusError, "not found on PATH", true}
		}
		path = found
	}
	fi, err := os.Stat(path)
	switch {
	case os.IsNotExist(err):
		return probe{StatusError, "does not exist, so the hooks cannot run", true}
	case err != nil:
		return probe{StatusError, err.Error(), true}
	case fi.IsDir():
		return probe{StatusError, "is a directory, not a program", true}
	case runtime.GOOS != "windows" && fi.Mode().Perm()&0o111 == 0:
		return probe{StatusError, fmt.Sprintf("is not executable: run `chmod +x %s`", s.quote(path)), false}
	}
	raw, err := c.env.output(ctx, path, "version")
	if err != nil {
		return probe{StatusError, fmt.Sprintf("`%s version` failed (%v), so the hooks fail too", s.quote(path), err), true}
	}
	got := strings.TrimSpace(string(raw))
	build, ok := buildinfo.Parse(got)
	if !ok {
		return probe{StatusWarn, fmt.Sprintf("`%s version` printed %q, not `ccc-hooks <version> (commit <hash>, …)`", s.quote(path), got), true}
	}
	if !build.Same(c.env.Build) {
		return probe{StatusWarn, fmt.Sprintf("is ccc-hooks %s, this is ccc-hooks %s", build, c.env.Build), true}
	}
	return probe{StatusOK, "ccc-hooks " + build.String() + ", this build", false}
}
