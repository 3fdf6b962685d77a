package gitview

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// writeConfig writes the view's config file: the repository's format, what git needs to read it
// as it is (bare or not), and settings that keep git from running a program or another git: the
// settings of git's environment (envSettings), and more. A setting named here is one whose
// default would run something in a reading command; settings git leaves unset run nothing, and
// the file names no program at all:
//   - core.fsmonitor=false: no file-system monitor is started (the index may name one).
//   - core.hooksPath=/dev/null: no hook; git diff's index refresh would run the
//     post-index-change hook, even with GIT_OPTIONAL_LOCKS=0.
//   - core.pager=cat: git runs no pager, whatever $PAGER says (pager.c treats "cat" as none).
//   - core.excludesFile=/dev/null and core.attributesFile=/dev/null: git reads no file of the
//     home directory. Unset, they default to $XDG_CONFIG_HOME/git/ignore and
//     $XDG_CONFIG_HOME/git/attributes, else ~/.config/git/… (git 2.39, dir.c
//     setup_standard_excludes and attr.c git_attr_global_file, by xdg_config_home), which the
//     agent under review can write as the user: a named pipe there would stall every git that
//     reads excludes or attributes, and an attributes file there names diff drivers and
//     filters. The home's configuration files are not read either (GIT_CONFIG_GLOBAL=/dev/null,
//     env.go); no other default path of git 2.39 below the home directory is read by the
//     commands the reviewer may run (credentials, templates, a commit template: none of them).
//   - diff.ignoreSubmodules=all, submodule.recurse=false and submodule.<name>.ignore=all for
//     every name of .gitmodules (submodules.go): no git runs in a submodule.
//   - gpg.program, gpg.openpgp.program, gpg.x509.program and gpg.ssh.program: a path below the
//     null device, which no one can create: %G? or %GG in a format verifies a commit's signature
//     by running the program its format names (gpg, gpgsm, ssh-keygen on $PATH when unset), and
//     with none to run it reports the signature unverified.
//   - protocol.allow=never: no transport, should anything try to fetch.
//   - gc.auto=0, maintenance.auto=false: no command starts housekeeping in the background.
//
// The tracking of branches is carried (format.tracking). Names are written as quoted
// subsections (quoteName); a name git could not have read from a file (a newline or NUL in it) is
// an error.
func (b *builder) writeConfig(f format, submodules []string) error {
	var s strings.Builder
	s.WriteString("# Written by ccc-hooks for one review: git reads the session's repository through this file,\n" +
		"# never through the repository's own configuration. Removed when the review ends.\n")
	fmt.Fprintf(&s, "[core]\n\trepositoryformatversion = %d\n\tbare = %t\n\tpager = cat\n", f.version, b.src.WorkTree == "")
	if f.objectFormat != "" {
		fmt.Fprintf(&s, "[extensions]\n\tobjectformat = %s\n", f.objectFormat)
	}
	for _, kv := range envSettings {
		section, name, _ := strings.Cut(kv[0], ".")
		fmt.Fprintf(&s, "[%s]\n\t%s = %s\n", section, name, quoteValue(kv[1]))
	}
	for _, name := range submodules {
		if strings.ContainsAny(name, "\n\x00") {
			return fmt.Errorf("submodule name %q cannot be written", name)
		}
		fmt.Fprintf(&s, "[submodule %s]\n\tignore = all\n", quoteName(name))
	}
	for _, p := range f.tracking {
		// branch.<name>.<key> or remote.<name>.<key>: the name between the first and the last dot.
		first, last := strings.IndexByte(p.Key, '.'), strings.LastIndexByte(p.Key, '.')
		name := p.Key[first+1 : last]
		if strings.ContainsAny(name, "\n\x00") {
			return fmt.Errorf("%s cannot be written", p.Key)
		}
		fmt.Fprintf(&s, "[%s %s]\n\t%s = %s\n", p.Key[:first], quoteName(name), p.Key[last+1:], quoteValue(p.Value))
	}
	noProgram := quoteValue(filepath.Join(os.DevNull, "no-signature-program"))
	fmt.Fprintf(&s, "[gpg]\n\tprogram = %s\n", noProgram)
	for _, format := range []string{"openpgp", "x509", "ssh"} {
		fmt.Fprintf(&s, "[gpg %q]\n\tprogram = %s\n", format, noProgram)
	}
	s.WriteString("[gc]\n\tauto = 0\n[maintenance]\n\tauto = false\n")
	return os.WriteFile(filepath.Join(b.dir, "config"), []byte(s.String()), 0o600)
}

// quoteValue writes a value in double quotes, as git reads it back unchanged: a backslash
// before " and \ (a path on Windows holds backslashes), and newline, tab and backspace as \n, \t
// and \b.
func quoteValue(v string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`, "\b", `\b`).Replace(v) + `"`
}

// quoteName writes a subsection name in double quotes, as git reads it back unchanged: a
// backslash before " and \, and every other character as it is (git reads a backslash in a
// subsection name as "the next character", so \t there would be t).
func quoteName(name string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(name) + `"`
}
