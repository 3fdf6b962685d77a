//go:build unix

package reviewguard

import (
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// notInManual are the options the tables hold that the installed program's --help or manual
// does not name, each on purpose.
var notInManual = map[string]string{
	// ugrep's, refused by name in grep's table (Claude Code's grep is ugrep).
	"grep --filter": "ugrep", "grep --pager": "ugrep", "grep --view": "ugrep", "grep --query": "ugrep",
	"grep -Q": "ugrep", "grep --save-config": "ugrep", "grep --config": "ugrep",
	"egrep --filter": "ugrep", "egrep --pager": "ugrep", "egrep --view": "ugrep", "egrep --query": "ugrep",
	"egrep -Q": "ugrep", "egrep --save-config": "ugrep", "egrep --config": "ugrep",
	"fgrep --filter": "ugrep", "fgrep --pager": "ugrep", "fgrep --view": "ugrep", "fgrep --query": "ugrep",
	"fgrep -Q": "ugrep", "fgrep --save-config": "ugrep", "fgrep --config": "ugrep",
	// Written in diff --help as --GTYPE-group-format and --LTYPE-line-format.
	"diff --changed-group-format": "GTYPE", "diff --new-group-format": "GTYPE",
	"diff --old-group-format": "GTYPE", "diff --unchanged-group-format": "GTYPE",
	"diff --new-line-format": "LTYPE", "diff --old-line-format": "LTYPE",
	"diff --unchanged-line-format": "LTYPE",
	// In the program's short-option string, not in its --help.
	"file -E": "file.c", "sort -y": "sort.c, obsolete", "tr -A": "tr.c",
	"od -B": "od.c", "od -D": "od.c", "od -F": "od.c", "od -H": "od.c", "od -I": "od.c",
	"od -L": "od.c", "od -O": "od.c", "od -X": "od.c", "od -e": "od.c", "od -h": "od.c",
	// Later versions' names, which this one refuses as unknown.
	"jq --library-path":       "jq 1.7",
	"realpath --canonicalize": "coreutils 9.8", "wc --debug": "coreutils 9.8", "wc --total": "coreutils 9.8",
	"rg --hostname-bin": "ripgrep 14", "rg --hyperlink-format": "ripgrep 14", "rg --stop-on-nonmatch": "ripgrep 14",
	"rg -d": "ripgrep 14", "rg --maxdepth": "ripgrep 14's alias", "rg --passthrough": "ripgrep 14's alias",
	"rg --sort-files": "hidden since ripgrep 13", "rg --no-sort-files": "hidden since ripgrep 13",
	"which -s": "BSD which",
	// Options revision.c and diff.c read, in every subcommand that takes them, that git 2.39's
	// manual pages leave out ("git" stands for any subcommand).
	"git --count": "rev-list's", "git --max-age": "rev-list's", "git --min-age": "rev-list's",
	"git --rename-empty": "diff.c", "git --no-rename-empty": "diff.c",
	"git --standard-notes": "deprecated", "git --no-standard-notes": "deprecated",
	"git --mailmap": "log's, in stash's table", "git --no-mailmap": "log's, in stash's table",
	"git -m": "rev-list's", "git --diff-merges": "rev-list's", "git --no-diff-merges": "rev-list's",
}

// helpOptions reads the option names a program's --help or manual page prints.
var helpOptions = regexp.MustCompile(`(?:^|[\s,\[(|/"'` + "`" + `])(--?[A-Za-z0-9.][A-Za-z0-9_-]*)`)

// TestTablesMatchTheirPrograms: every option a table names, granted or refused, is one the
// installed program names in its --help or manual (git: each subcommand's -h and manual page),
// but for those notInManual lists; a table written for another version shows here (git 2.43's
// --omit-empty in git branch and git tag did, for git 2.39). A program that is not installed is
// left out, and the test says so.
func TestTablesMatchTheirPrograms(t *testing.T) {
	t.Parallel()
	for _, p := range registry() {
		if p.help == nil {
			continue
		}
		if _, err := exec.LookPath(p.name); err != nil || p.builtin() {
			t.Logf("%s is not installed: its table is not compared", p.name)
			continue
		}
		out, _ := exec.Command(p.name, p.help...).CombinedOutput()
		compareTable(t, p.name, p.options, string(out)+manual(p.name))
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Log("git is not installed: its tables are not compared")
		return
	}
	for name, cmd := range gitCommands() {
		out, _ := exec.Command("git", name, "-h").CombinedOutput()
		compareTable(t, "git "+name, cmd.options, string(out)+manual("git-"+name)+gitSharedManuals(name))
	}
}

// gitSharedManuals are the manual pages whose options a subcommand shares: show, whatchanged,
// shortlog, stash and reflog take log's (revision.c) and diff's.
func gitSharedManuals(name string) string {
	switch name {
	case "show", "whatchanged", "shortlog", "stash", "reflog":
		return manual("git-log") + manual("git-diff")
	}
	return ""
}

func compareTable(t *testing.T, name string, opts []option, help string) {
	t.Helper()
	known := map[string]bool{}
	for _, m := range helpOptions.FindAllStringSubmatch(help, -1) {
		known[m[1]] = true
		if long, _, ok := strings.Cut(m[1], "="); ok {
			known[long] = true
		}
		if strings.HasPrefix(m[1], "--no-") {
			known["--"+strings.TrimPrefix(m[1], "--no-")] = true
		} else if strings.HasPrefix(m[1], "--") {
			known["--no-"+strings.TrimPrefix(m[1], "--")] = true
		}
	}
	var missing []string
	for _, o := range opts {
		for _, spelling := range []string{"--" + o.long, "-" + string(o.short)} {
			if spelling == "--" || spelling == "-\x00" || known[spelling] {
				continue
			}
			_, listed := notInManual[name+" "+spelling]
			if _, shared := notInManual["git "+spelling]; shared && strings.HasPrefix(name, "git ") {
				listed = true
			}
			if !listed {
				missing = append(missing, spelling)
			}
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("%s: the table names %s, which the installed %s's --help and manual do not", name, strings.Join(missing, " "), name)
	}
}

// manual returns the text of the manual page of name in section 1, or "" where none is installed.
func manual(name string) string {
	f, err := os.Open("/usr/share/man/man1/" + name + ".1.gz")
	if err != nil {
		return ""
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return ""
	}
	data, err := io.ReadAll(z)
	if err != nil {
		return ""
	}
	// roff: \- is a hyphen, \fB … \fR change the font.
	text := strings.NewReplacer(`\-`, "-", `\fB`, " ", `\fR`, " ", `\fI`, " ", `\fP`, " ", `\(aq`, "'", `\e`, `\`).Replace(string(data))
	return text
}
