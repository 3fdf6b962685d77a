// Package gitview builds the view of the repository under review that the reviewer's git reads:
// the session's objects and work tree, through a configuration ccc-hooks writes.
//
// The repository under review is hostile: the agent under review writes its .git/config (and
// the files it includes), .git/hooks, .git/info/attributes, .gitattributes, .gitmodules, .git
// itself and the submodules' own git directories. Plain reading commands run programs named
// there: git diff runs diff.external, git log -p a textconv driver, git status a clean filter or
// core.fsmonitor, an index refresh the post-index-change hook, %GG gpg.program, a missing object
// a lazy fetch over core.sshCommand, git help a man.<tool>.cmd. Refusing options cannot help: the
// program names come from configuration whose key names the attacker chooses.
//
// So the reviewer's git never reads that configuration. Before each review, Build lays out a
// scratch git directory, the view, with a config file ccc-hooks writes (the repository's format
// and what keeps git from running programs: config.go), a copy of HEAD and of the index (a
// refresh writes the copy), and the repository's refs, reflogs and objects reached where they
// are (layout.go); Env points git at it (GIT_DIR, GIT_WORK_TREE, GIT_OBJECT_DIRECTORY) with the
// session's work tree. Together with an environment that reads no system or global
// configuration (reviewguard.Environment), whatever git the reviewer runs reads the session's
// objects and work tree through a configuration ccc-hooks writes and nothing else. No git runs in
// a submodule at all (submodules.go). A repository git would wait on, or read for hours — a
// named pipe in its git data outside the work tree, a tracked file too large to hash, a delta
// chain deeper than git writes or an object of gigabytes — gets no view (data.go, packs.go). The
// view is removed when the review ends; a view left by a hook that was killed is removed by a
// later review (sweep).
package gitview

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/proc"
	"github.com/ccc-hooks/ccc-hooks/internal/repo"
)

// Marker is the file every view holds: what the reviewer's hook looks for in $GIT_DIR before it
// grants a git command (CheckEnv). On disk the views keep the names of their first release
// (ccc-hooks-git-wall, <ccc-hooks home>/git-walls/wall-*), so that a later review still sweeps
// what an older one left.
const Marker = "ccc-hooks-git-wall"

// buildTimeout bounds each git command Build runs (to read the repository's format and its
// .gitmodules): an object file that is a FIFO must not hold a review back for long. The view
// takes a few milliseconds where nothing waits (docs/performance.md).
const buildTimeout = 5 * time.Second

// maxGitOutput bounds what Build keeps of a git command's output (a .gitmodules blob).
const maxGitOutput = 4 << 20

// A View is one review's scratch git directory and the repository it stands for.
type View struct {
	// Dir is the scratch git directory: $GIT_DIR of the reviewer's git.
	Dir string
	// WorkTree is the session's work tree ("" for a bare repository): $GIT_WORK_TREE.
	WorkTree string
	// Objects is the repository's object directory: $GIT_OBJECT_DIRECTORY.
	Objects string
	// GitDirs are the repository's own git directory and its common directory (once where
	// they are one), which the view only links to.
	GitDirs []string
}

// Env returns the variables that point git at the view. A nil View is one that could not be
// built: git is pointed at a path that cannot exist (noRepository), and fails there with "not a
// git repository" (the cheap direction: a reviewer without git, never git reading the
// repository's own configuration).
func (w *View) Env() []string {
	if w == nil {
		return []string{"GIT_DIR=" + noRepository}
	}
	env := []string{"GIT_DIR=" + w.Dir, "GIT_OBJECT_DIRECTORY=" + w.Objects}
	if w.WorkTree != "" {
		env = append(env, "GIT_WORK_TREE="+w.WorkTree)
	}
	return env
}

// noRepository is $GIT_DIR where no view stands: a path below the null device, which no one can
// create, so that git there always fails.
var noRepository = filepath.Join(os.DevNull, "no-repository-for-this-review")

// Remove removes the view (the scratch directory: the repository itself is only linked to).
func (w *View) Remove() error {
	if w == nil {
		return nil
	}
	return os.RemoveAll(w.Dir)
}

// Build lays out the view for the repository git finds from dir, in a new directory under
// parent (created if missing), after removing the views older reviews left there (sweep, by
// env's clock). The git it runs is the one on env's PATH, run with that PATH. A directory in no
// repository is an error that wraps ErrNoRepository, as is any repository the view cannot stand
// for; the caller then gives the reviewer Env of a nil View.
func Build(ctx context.Context, dir, parent string, env outside.Env) (*View, error) {
	env = env.OrSystem()
	src, err := repo.Find(dir)
	if err != nil {
		return nil, err
	}
	path := env.Getenv("PATH")
	git, err := findGit(src, env.LookPathIn, path)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(parent, 0o700); err != nil {
		return nil, err
	}
	sweep(parent, env.Now())
	scratch, err := newScratch(parent)
	if err != nil {
		return nil, err
	}
	b := &builder{ctx: ctx, gitPath: git, path: path, src: src, dir: scratch}
	w, err := b.build()
	if err != nil {
		_ = os.RemoveAll(scratch)
		return nil, fmt.Errorf("%s: %w", src.GitDir, err)
	}
	return w, nil
}

// ErrNoRepository is matched by Build's error for a directory in no repository.
var ErrNoRepository = repo.ErrNone

// findGit is the git program on path, the hook's $PATH, which the reviewer inherits, as lookPath
// finds it (outside.Env.LookPathIn), never through a relative directory of path; one inside the
// work tree under review is refused too: the agent put it there.
func findGit(src repo.Repo, lookPath func(name, path string) (string, error), path string) (string, error) {
	git, err := lookPath("git", path)
	if err != nil {
		return "", err
	}
	if abs, err := filepath.Abs(git); err == nil && src.WorkTree != "" && paths.Within(abs, src.WorkTree) {
		return "", fmt.Errorf("git on $PATH is %s, inside the repository under review", abs)
	}
	return git, nil
}

// newScratch makes a new, empty view directory under parent, readable by its owner only.
func newScratch(parent string) (string, error) {
	var r [8]byte
	if _, err := rand.Read(r[:]); err != nil {
		return "", err
	}
	dir := filepath.Join(parent, "wall-"+hex.EncodeToString(r[:]))
	if err := os.Mkdir(dir, 0o700); err != nil {
		return "", err
	}
	return dir, nil
}

// A builder lays out one view.
type builder struct {
	ctx     context.Context
	gitPath string // the git program
	path    string // the PATH it runs with
	src     repo.Repo
	dir     string // the scratch directory
}

func (b *builder) build() (*View, error) {
	if err := checkData(b.src); err != nil {
		return nil, err
	}
	f, err := b.readFormat()
	if err != nil {
		return nil, err
	}
	objects := filepath.Join(b.src.Common, "objects")
	alternates, err := alternateDirs(objects, 0)
	if err != nil {
		return nil, err
	}
	if err := checkObjects(append([]string{objects}, alternates...), f.hashLen()); err != nil {
		return nil, err
	}
	if err := b.layOut(); err != nil {
		return nil, err
	}
	// git reads .gitmodules (below) in the view as it stands so far: a config without
	// submodule names, which keeps git from running anything.
	w := &View{Dir: b.dir, WorkTree: b.src.WorkTree, Objects: filepath.Join(b.src.Common, "objects"), GitDirs: []string{b.src.GitDir}}
	if b.src.Common != b.src.GitDir {
		w.GitDirs = append(w.GitDirs, b.src.Common)
	}
	if err := b.writeConfig(f, nil); err != nil {
		return nil, err
	}
	names, err := b.submoduleNames()
	if err != nil {
		return nil, err
	}
	if err := b.writeConfig(f, names); err != nil {
		return nil, err
	}
	if err := b.checkTracked(); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(b.dir, Marker), []byte("a scratch git directory of one ccc-hooks review\n"), 0o600); err != nil {
		return nil, err
	}
	return w, nil
}

// git runs the git program with args in the view as built so far, with stdin, in an
// environment that reads no configuration but the view's (gitEnv), bounded in time
// (buildTimeout) and output (maxGitOutput). It returns git's output and exit status; err is a
// git that could not run, ran too long or said too much.
func (b *builder) git(stdin []byte, args ...string) (stdout []byte, code int, err error) {
	return b.gitUpTo(maxGitOutput, stdin, args...)
}

// gitUpTo is git with limit bytes of output at most.
func (b *builder) gitUpTo(limit int, stdin []byte, args ...string) (stdout []byte, code int, err error) {
	ctx, cancel := context.WithTimeout(b.ctx, buildTimeout)
	defer cancel()
	c := proc.Command(ctx, b.gitPath, args...)
	c.Dir = b.dir
	c.Env = gitEnv(b.path, b.dir, filepath.Join(b.src.Common, "objects"))
	c.Stdin = bytes.NewReader(stdin)
	out := &proc.Capped{Max: limit, Stop: true}
	c.Stdout = out
	err = proc.Run(c)
	got, over := out.Bytes()
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return nil, 0, fmt.Errorf("git %s: did not end within %s", args[0], buildTimeout)
	case over:
		return nil, 0, fmt.Errorf("git %s: more than %d bytes of output", args[0], limit)
	case errors.As(err, &exit):
		return got, exit.ExitCode(), nil
	case err != nil:
		return nil, 0, fmt.Errorf("git %s: %w", args[0], err)
	}
	return got, 0, nil
}

// gitEnv is the whole environment of the git commands Build runs: path as $PATH, and the view's
// own variables with those that keep system and global configuration out.
func gitEnv(path, gitDir, objects string) []string {
	return append(Hardening(), "PATH="+path, "LC_ALL=C", "GIT_DIR="+gitDir, "GIT_OBJECT_DIRECTORY="+objects)
}
