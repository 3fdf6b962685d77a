//go:build unix

package reviewguard

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// A gitAttack is a repository laid out by a hostile agent so that a reading command the
// reviewer runs would run a program, open a connection or change a file: class "config" (the
// repository's configuration, its includes, hooks, attributes, gitfiles, alternates, promisor
// remotes, the user's global configuration the agent can write), "submodule" (a submodule's own
// configuration, reached through .gitmodules), "help" (a help viewer the configuration names),
// "environment" (a GIT_ variable that reached the session, as a project's settings' env does),
// "disarmed" (an option that runs what the configuration names, which the view's names nothing).
type gitAttack struct {
	class, name string
	plant       func(p *planter)
	command     string   // {tcp} is the run's listening port
	dir         string   // where the command runs, relative to the repository ("" for its top)
	env         []string // added to the session's environment
}

// signedCommit makes HEAD of the repository a commit carrying sig as its gpgsig header, as a signed commit
// does: verifying it runs the signature program of its format.
func signedCommit(p *planter, sig string) {
	const repo = "repo"
	p.t.Helper()
	tree := p.git(repo, "rev-parse", "HEAD^{tree}")
	parent := p.git(repo, "rev-parse", "HEAD")
	header := "gpgsig " + strings.ReplaceAll(strings.TrimSuffix(sig, "\n"), "\n", "\n ")
	body := fmt.Sprintf("tree %s\nparent %s\nauthor A <a@example.com> 1767322800 +0000\ncommitter A <a@example.com> 1767322800 +0000\n%s\n\nsigned\n", tree, parent, header)
	p.write("commit.txt", body, 0o644)
	oid := p.git(repo, "hash-object", "-t", "commit", "-w", "../commit.txt")
	p.git(repo, "update-ref", "refs/heads/main", oid)
	_ = os.Remove(filepath.Join(p.root, "commit.txt"))
}

// Signatures in the form of each format, enough for git to run the program that verifies it.
const (
	pgpSignature = "-----BEGIN PGP SIGNATURE-----\n\niQEzBAABCAAdFiEE\n=abcd\n-----END PGP SIGNATURE-----\n"
	sshSignature = "-----BEGIN SSH SIGNATURE-----\nU1NIU0lHAAAAAQ\n-----END SSH SIGNATURE-----\n"
)

// partialClone makes the repository a partial clone whose promisor remote is url, missing the blob of
// gone.txt (committed, then removed): a command that needs it starts a lazy fetch.
func partialClone(p *planter, url string) {
	const repo = "repo"
	p.t.Helper()
	p.write(filepath.Join(repo, "gone.txt"), "gone\n", 0o644)
	p.git(repo, "add", "gone.txt")
	p.git(repo, "commit", "-qm", "gone")
	oid := p.git(repo, "rev-parse", "HEAD:gone.txt")
	p.git(repo, "rm", "-q", "gone.txt")
	p.git(repo, "commit", "-qm", "no more")
	if err := os.Remove(filepath.Join(p.root, repo, ".git", "objects", oid[:2], oid[2:])); err != nil {
		p.t.Fatal(err)
	}
	p.config(repo, "core.repositoryformatversion", "1", "extensions.partialclone", "origin",
		"remote.origin.url", strings.ReplaceAll(url, "{tcp}", strconv.Itoa(p.tcp)), "remote.origin.promisor", "true", "remote.origin.partialclonefilter", "blob:none")
}

// submodule adds subsrc to repo as the submodule sub, makes its work tree dirty, and has its own
// configuration name P as its core.fsmonitor; ignore is written to .gitmodules for it.
func submodule(p *planter, ignore string) {
	p.t.Helper()
	p.git("repo", "-c", "protocol.file.allow=always", "submodule", "-q", "add", "../subsrc", "sub")
	p.git("repo", "commit", "-qm", "sub")
	p.config("repo/sub", "core.fsmonitor", p.program)
	p.write("repo/sub/s.txt", "changed\n", 0o644)
	if ignore != "" {
		p.git("repo", "config", "-f", ".gitmodules", "submodule.sub.ignore", ignore)
	}
}

var gitAttacks = []gitAttack{
	{"config", "diff.external", func(p *planter) { p.config("repo", "diff.external", p.program) }, "git diff", "", nil},
	{"config", "diff.external, a path", func(p *planter) { p.config("repo", "diff.external", p.program) }, "git diff HEAD~1 -- a.txt", "", nil},
	{"config", "diff.external from a subdirectory", func(p *planter) { p.config("repo", "diff.external", p.program) }, "git diff", "dir", nil},
	{"config", "a diff driver's command", func(p *planter) {
		p.write("repo/.gitattributes", "*.txt diff=drv\n", 0o644)
		p.config("repo", "diff.drv.command", p.program)
	}, "git diff", "", nil},
	{"config", "textconv, .gitattributes, git log -p", func(p *planter) {
		p.write("repo/.gitattributes", "*.txt diff=tc\n", 0o644)
		p.config("repo", "diff.tc.textconv", p.program)
	}, "git log -p -1", "", nil},
	{"config", "textconv, info/attributes, git show", func(p *planter) {
		p.write("repo/.git/info/attributes", "*.txt diff=tc\n", 0o644)
		p.config("repo", "diff.tc.textconv", p.program)
	}, "git show HEAD", "", nil},
	{"config", "textconv, git blame", func(p *planter) {
		p.write("repo/.git/info/attributes", "*.txt diff=tc\n", 0o644)
		p.config("repo", "diff.tc.textconv", p.program)
	}, "git blame a.txt", "", nil},
	{"config", "textconv, git diff of the work tree", func(p *planter) {
		p.write("repo/.gitattributes", "*.txt diff=tc\n", 0o644)
		p.config("repo", "diff.tc.textconv", p.program)
	}, "git diff", "", nil},
	{"config", "textconv, core.attributesFile in the tree", func(p *planter) {
		p.write("repo/dir/attrs", "*.txt diff=tc\n", 0o644)
		p.config("repo", "core.attributesFile", filepath.Join(p.repo, "dir", "attrs"), "diff.tc.textconv", p.program)
	}, "git log -p -1", "", nil},
	{"config", "clean filter, git status", func(p *planter) {
		p.write("repo/.gitattributes", "*.txt filter=cl\n", 0o644)
		p.config("repo", "filter.cl.clean", p.program)
	}, "git status", "", nil},
	{"config", "filter process, git diff", func(p *planter) {
		p.write("repo/.git/info/attributes", "*.txt filter=pr\n", 0o644)
		p.config("repo", "filter.pr.process", p.program)
	}, "git diff --stat", "", nil},
	{"config", "core.fsmonitor", func(p *planter) { p.config("repo", "core.fsmonitor", p.program) }, "git status", "", nil},
	{"config", "core.fsmonitor through include.path", func(p *planter) {
		p.write("repo/dir/inc.cfg", "[core]\n\tfsmonitor = "+p.program+"\n", 0o644)
		p.config("repo", "include.path", filepath.Join(p.repo, "dir", "inc.cfg"))
	}, "git status --short", "", nil},
	{"config", "core.fsmonitor through includeIf gitdir", func(p *planter) {
		p.write("repo/dir/inc.cfg", "[core]\n\tfsmonitor = "+p.program+"\n", 0o644)
		p.config("repo", "includeIf.gitdir:**.path", filepath.Join(p.repo, "dir", "inc.cfg"))
	}, "git diff", "", nil},
	{"config", "post-index-change hook", func(p *planter) {
		p.write("repo/.git/hooks/post-index-change", "#!/bin/sh\n"+p.program+" post-index-change\n", 0o755)
	}, "git diff", "", nil},
	{"config", "core.hooksPath in the tree", func(p *planter) {
		p.write("repo/dir/hooks/post-index-change", "#!/bin/sh\n"+p.program+" post-index-change\n", 0o755)
		p.config("repo", "core.hooksPath", filepath.Join(p.repo, "dir", "hooks"))
	}, "git diff HEAD", "", nil},
	{"config", "gpg.program on %GG", func(p *planter) {
		signedCommit(p, pgpSignature)
		p.config("repo", "gpg.program", p.program)
	}, "git log --format=%GG -1", "", nil},
	{"config", "gpg on $PATH on %G?", func(p *planter) { signedCommit(p, pgpSignature) }, "git log '--format=%G?' -1", "", nil},
	{"config", "gpg.ssh.program on %G?", func(p *planter) {
		signedCommit(p, sshSignature)
		p.write("repo/dir/signers", "a@example.com ssh-ed25519 AAAA\n", 0o644)
		p.config("repo", "gpg.ssh.program", p.program, "gpg.ssh.allowedSignersFile", filepath.Join(p.repo, "dir", "signers"))
	}, "git log '--format=%G?' -1", "", nil},
	{"config", "log.showSignature", func(p *planter) {
		signedCommit(p, pgpSignature)
		p.config("repo", "log.showSignature", "true", "gpg.program", p.program)
	}, "git log -1", "", nil},
	{"config", "core.alternateRefsCommand", func(p *planter) {
		p.git("", "clone", "-q", "--bare", "subsrc", "alt.git")
		p.write("repo/.git/objects/info/alternates", filepath.Join(p.root, "alt.git", "objects")+"\n", 0o644)
		p.config("repo", "core.alternateRefsCommand", p.program)
	}, "git log --alternate-refs --oneline -1", "", nil},
	{"config", "an alternate repository's configuration", func(p *planter) {
		p.git("", "clone", "-q", "--bare", "subsrc", "alt.git")
		p.config("alt.git", "core.fsmonitor", p.program, "core.pager", p.program, "diff.external", p.program)
		p.write("repo/.git/objects/info/alternates", filepath.Join(p.root, "alt.git", "objects")+"\n", 0o644)
		p.config("repo", "core.alternateRefsCommand", p.program)
	}, "git rev-list --alternate-refs --count HEAD", "", nil},
	{"config", "lazy fetch over core.sshCommand", func(p *planter) {
		partialClone(p, "ssh://127.0.0.1:{tcp}/x.git")
		p.config("repo", "core.sshCommand", p.program)
	}, "git show HEAD~1:gone.txt", "", nil},
	{"config", "lazy fetch over ssh on $PATH", func(p *planter) {
		partialClone(p, "ssh://127.0.0.1:{tcp}/x.git")
	}, "git diff HEAD~2 HEAD~1", "", nil},
	{"config", "lazy fetch over http", func(p *planter) {
		partialClone(p, "http://127.0.0.1:{tcp}/x.git")
	}, "git log -p -2", "", nil},
	{"config", "a .git file naming another repository", func(p *planter) {
		p.git("", "clone", "-q", "repo", "other")
		p.config("other", "diff.external", p.program, "core.fsmonitor", p.program)
		p.write("other/a.txt", "changed\n", 0o644)
		if err := os.RemoveAll(filepath.Join(p.repo, ".git")); err != nil {
			p.t.Fatal(err)
		}
		p.write("repo/.git", "gitdir: ../other/.git\n", 0o644)
	}, "git diff", "", nil},
	{"config", "commondir naming a planted common directory", func(p *planter) {
		p.git("", "clone", "-q", "--bare", "repo", "common.git")
		p.config("common.git", "core.fsmonitor", p.program, "core.bare", "false")
		p.write("repo/.git/commondir", "../../common.git\n", 0o644)
	}, "git status", "", nil},
	{"config", "the user's global configuration", func(p *planter) {
		p.write("home/.gitconfig", "[core]\n\tfsmonitor = "+p.program+"\n[diff]\n\texternal = "+p.program+"\n", 0o644)
	}, "git diff", "", nil},
	{"config", "the user's XDG configuration", func(p *planter) {
		p.write("home/.config/git/config", "[core]\n\tfsmonitor = "+p.program+"\n", 0o644)
	}, "git status -s", "", nil},
	{"config", "status.submoduleSummary", func(p *planter) {
		submodule(p, "")
		p.git("repo/sub", "commit", "-qam", "moved")
		p.config("repo", "status.submoduleSummary", "true", "diff.ignoreSubmodules", "none")
	}, "git status", "", nil},
	{"submodule", "ignore=none undoes diff.ignoreSubmodules", func(p *planter) { submodule(p, "none") }, "git status", "", nil},
	{"submodule", "ignore=none, git diff", func(p *planter) { submodule(p, "none") }, "git diff", "", nil},
	{"submodule", "ignore=untracked", func(p *planter) { submodule(p, "untracked") }, "git status --short", "", nil},
	{"submodule", "ignore=none in the index's .gitmodules", func(p *planter) {
		submodule(p, "none")
		p.git("repo", "add", ".gitmodules")
		if err := os.Remove(filepath.Join(p.repo, ".gitmodules")); err != nil {
			p.t.Fatal(err)
		}
	}, "git status", "", nil},
	{"submodule", "ignore=none in HEAD's .gitmodules", func(p *planter) {
		submodule(p, "none")
		p.git("repo", "commit", "-qam", "modules")
		p.git("repo", "rm", "-q", "--cached", ".gitmodules")
		if err := os.Remove(filepath.Join(p.repo, ".gitmodules")); err != nil {
			p.t.Fatal(err)
		}
	}, "git diff HEAD", "", nil},
	{"submodule", "a clean filter of the submodule's", func(p *planter) {
		submodule(p, "none")
		p.git("repo/sub", "config", "--unset", "core.fsmonitor")
		p.write("repo/sub/.git-attrs", "*.txt filter=cl\n", 0o644)
		p.config("repo/sub", "core.attributesFile", filepath.Join(p.repo, "sub", ".git-attrs"), "filter.cl.clean", p.program)
		// The same content, written again: the file's times no longer match the index, and git
		// hashes it anew, through the clean filter.
		p.write("repo/sub/s.txt", "s\n", 0o644)
		later := time.Now().Add(2 * time.Second)
		if err := os.Chtimes(filepath.Join(p.repo, "sub", "s.txt"), later, later); err != nil {
			p.t.Fatal(err)
		}
	}, "git status", "", nil},
	{"submodule", "a name with a quote and a dot", func(p *planter) {
		submodule(p, "")
		p.write("repo/.gitmodules", "[submodule \"s\\\"u.b\"]\n\tpath = sub\n\turl = ../subsrc\n\tignore = none\n", 0o644)
	}, "git status", "", nil},
	{"help", "man.<tool>.cmd", func(p *planter) {
		p.config("repo", "man.viewer", "tool", "man.tool.cmd", p.program)
	}, "git log --help", "", nil},
	{"help", "browser.<tool>.cmd", func(p *planter) {
		p.write("repo/dir/html/git-log.html", "<p>log</p>\n", 0o644)
		p.config("repo", "help.format", "web", "help.htmlPath", filepath.Join(p.repo, "dir", "html"),
			"help.browser", "tool", "browser.tool.cmd", p.program, "web.browser", "tool")
	}, "git log --help", "", nil},
	{"help", "git help", func(p *planter) {
		p.config("repo", "man.viewer", "tool", "man.tool.cmd", p.program)
	}, "git help log", "", nil},
	{"environment", "GIT_CONFIG_PARAMETERS", func(*planter) {}, "git status", "", []string{"GIT_CONFIG_PARAMETERS='core.fsmonitor'='{P}'"}},
	{"environment", "GIT_CONFIG_COUNT", func(*planter) {}, "git diff", "", []string{
		"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=diff.external", "GIT_CONFIG_VALUE_0={P}",
	}},
	{"environment", "GIT_EXTERNAL_DIFF", func(*planter) {}, "git diff", "", []string{"GIT_EXTERNAL_DIFF={P}"}},
	{"environment", "GIT_CONFIG_GLOBAL naming a file in the tree", func(p *planter) {
		p.write("repo/dir/global.cfg", "[core]\n\tfsmonitor = "+p.program+"\n", 0o644)
	}, "git status", "", []string{"GIT_CONFIG_GLOBAL={repo}/dir/global.cfg"}},
	{"environment", "GIT_DIR naming another repository", func(p *planter) {
		p.git("", "clone", "-q", "repo", "other")
		p.config("other", "diff.external", p.program)
		p.write("other/a.txt", "changed\n", 0o644)
	}, "git diff", "", []string{"GIT_DIR={root}/other/.git", "GIT_WORK_TREE={root}/other"}},
	{"environment", "GIT_SSH_COMMAND with a lazy fetch", func(p *planter) {
		partialClone(p, "ssh://127.0.0.1:{tcp}/x.git")
	}, "git show HEAD~1:gone.txt", "", []string{"GIT_SSH_COMMAND={P}"}},
	// Options that run what the configuration names, granted because the view names nothing:
	// each must be granted, and run through the view it runs nothing.
	{"disarmed", "--ext-diff, diff.external", func(p *planter) { p.config("repo", "diff.external", p.program) }, "git diff --ext-diff", "", nil},
	{"disarmed", "--ext-diff, a diff driver's command", func(p *planter) {
		p.write("repo/.gitattributes", "*.txt diff=drv\n", 0o644)
		p.config("repo", "diff.external", p.program, "diff.drv.command", p.program)
	}, "git log -p --ext-diff -1", "", nil},
	{"disarmed", "--ext-diff, git show", func(p *planter) {
		p.write("repo/.git/info/attributes", "*.txt diff=drv\n", 0o644)
		p.config("repo", "diff.drv.command", p.program)
	}, "git show --ext-diff HEAD", "", nil},
	{"disarmed", "--textconv, git show of a blob", func(p *planter) {
		p.write("repo/.gitattributes", "*.txt diff=tc\n", 0o644)
		p.config("repo", "diff.tc.textconv", p.program)
	}, "git show --textconv HEAD:a.txt", "", nil},
	{"disarmed", "--textconv, git grep", func(p *planter) {
		p.write("repo/.gitattributes", "*.txt diff=tc\n", 0o644)
		p.config("repo", "diff.tc.textconv", p.program)
	}, "git grep --textconv -n one", "", nil},
	{"disarmed", "--textconv, git cat-file", func(p *planter) {
		p.write("repo/.git/info/attributes", "*.txt diff=tc\n", 0o644)
		p.config("repo", "diff.tc.textconv", p.program)
	}, "git cat-file --textconv HEAD:a.txt", "", nil},
	{"disarmed", "cat-file --filters, a smudge filter", func(p *planter) {
		p.write("repo/.gitattributes", "*.txt filter=sm\n", 0o644)
		p.config("repo", "filter.sm.smudge", p.program)
	}, "git cat-file --filters HEAD:a.txt", "", nil},
	{"disarmed", "cat-file --filters --path, a filter process", func(p *planter) {
		p.write("repo/.git/info/attributes", "*.txt filter=pr\n", 0o644)
		p.config("repo", "filter.pr.process", p.program, "filter.pr.smudge", p.program)
	}, "git cat-file --filters --path=b.txt HEAD:a.txt", "", nil},
	{"disarmed", "--show-signature, gpg.program", func(p *planter) {
		signedCommit(p, pgpSignature)
		p.config("repo", "gpg.program", p.program)
	}, "git log --show-signature -1", "", nil},
	{"disarmed", "--show-signature, gpg on $PATH", func(p *planter) { signedCommit(p, pgpSignature) }, "git show --show-signature -s HEAD", "", nil},
	{"disarmed", "--show-signature, gpg.ssh.program", func(p *planter) {
		signedCommit(p, sshSignature)
		p.write("repo/dir/signers", "a@example.com ssh-ed25519 AAAA\n", 0o644)
		p.config("repo", "gpg.ssh.program", p.program, "gpg.ssh.allowedSignersFile", filepath.Join(p.repo, "dir", "signers"))
	}, "git log --show-signature -1", "", nil},
	{"disarmed", "tag -v, gpg.program", func(p *planter) {
		signedTag(p)
		p.config("repo", "gpg.program", p.program)
	}, "git tag -v signed", "", nil},
	{"disarmed", "tag --verify, gpg on $PATH", func(p *planter) { signedTag(p) }, "git tag --verify signed", "", nil},
}

// signedTag makes refs/tags/signed an annotated tag of HEAD carrying a PGP signature: verifying
// it runs the signature program.
func signedTag(p *planter) {
	p.t.Helper()
	tag := fmt.Sprintf("object %s\ntype commit\ntag signed\ntagger A <a@example.com> 1767322800 +0000\n\nsigned\n%s",
		p.git("repo", "rev-parse", "HEAD"), pgpSignature)
	p.write("tag.txt", tag, 0o644)
	oid := p.git("repo", "hash-object", "-t", "tag", "-w", "../tag.txt")
	p.git("repo", "update-ref", "refs/tags/signed", oid)
	_ = os.Remove(filepath.Join(p.root, "tag.txt"))
}

// TestGitAttacksRunNothing: every git attack, run with bash as the user's own git runs it,
// runs a planted program or opens a connection; run as the reviewer's git runs it — through the
// review's git view, in the reviewer's environment, and only where the guard grants it — it changes
// no file, runs nothing planted, connects nowhere and ends within gitBound. The options the view
// disarms (class "disarmed") are granted.
func TestGitAttacksRunNothing(t *testing.T) {
	t.Parallel()
	b := sharedGitBench(t)
	classes := map[string]int{}
	for _, a := range gitAttacks {
		classes[a.class]++
		t.Run(a.class+"/"+a.name, func(t *testing.T) {
			t.Parallel()
			if control := b.runGitAttack(t, a, plain); !control.ranOrConnected() {
				t.Errorf("plain git: %q showed no harm of the attack's (%v): it proves nothing\n%s", a.command, control.harm, control.output)
			}
			reviewed := b.runGitAttack(t, a, asReviewer)
			if reviewed.granted != nil {
				if a.class == "disarmed" {
					t.Errorf("refused %q, which runs nothing through the view: %v", a.command, reviewed.granted)
				}
				t.Logf("refused: %v", reviewed.granted)
				return
			}
			if len(reviewed.harm) > 0 {
				t.Errorf("the reviewer's git: %q did: %v\n%s", a.command, reviewed.harm, reviewed.output)
			}
		})
	}
	if len(gitAttacks) < 30 {
		t.Errorf("%d git attacks, want at least 30", len(gitAttacks))
	}
	t.Logf("git attacks by class: %v", classes)
}

// TestReadingCommandsThroughTheView: the reading commands of the shared bench (exec_test.go),
// granted by the guard in the environment of a view built for the bench's repository (whose
// submodule and nested repository name a planted program), run through that view as the
// reviewer runs them: each git command succeeds where the same command in the same environment
// without the view does (git log @{u}..HEAD has no upstream on the bench), none changes a file —
// not even the index a plain git diff refreshes — runs a planted program or opens a connection.
func TestReadingCommandsThroughTheView(t *testing.T) {
	t.Parallel()
	b := sharedBench(t)
	needRipgrep(t)
	root, bare := b.copy(t), b.copy(t)
	repo := filepath.Join(root, "repo")
	w, err := buildView(repo, filepath.Join(t.TempDir(), "walls"))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = w.Remove() }()
	marker := filepath.Join(t.TempDir(), "ran")
	hardened := slices.Concat(Environment(cleanEnv(filepath.Join(root, "home"), b.planted)), []string{markerEnv + "=" + filepath.Join(t.TempDir(), "ran")})
	env := slices.Concat(Environment(cleanEnv(filepath.Join(root, "home"), b.planted)), w.Env(), []string{markerEnv + "=" + marker})
	where := b.place(root)
	where.Tree, where.GitEnv = w.WorkTree, GitEnvironment(env)
	before := snapshot(t, root)
	ran := 0
	for _, command := range reading {
		if err := Check("Bash", bash(command), defaultRules, where); err != nil {
			t.Errorf("refused %q in the view's environment: %v", command, err)
			continue
		}
		l := countConnections(t)
		run := func(dir string, env []string) ([]byte, error) {
			c := exec.Command("bash", "--norc", "--noprofile", "-c", command)
			c.Dir, c.Env = dir, env
			return c.CombinedOutput()
		}
		out, err := run(repo, env)
		if n := l.finish(); n > 0 {
			t.Errorf("%q opened %d connection(s)", command, n)
		}
		if !strings.HasPrefix(command, "git ") {
			continue
		}
		ran++
		if _, errBare := run(filepath.Join(bare, "repo"), hardened); err != nil && errBare == nil {
			t.Errorf("%q fails through the view and not without it: %v\n%s", command, err, out)
		}
	}
	if data, err := os.ReadFile(marker); err == nil {
		t.Errorf("a planted program ran:\n%s", data)
	}
	after := snapshot(t, root)
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("the reading commands changed the bench (-before +after):\n%s", diff)
	}
	if ran < 25 {
		t.Errorf("%d git commands ran, want the bench's reading ones", ran)
	}
}
