package reviewguard

import (
	"encoding/json"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// writers are programs that change files or run other programs: whatever Check grants must not
// run one of them, anywhere in a command line.
var writers = map[string]bool{
	"rm": true, "mv": true, "cp": true, "tee": true, "dd": true, "touch": true, "chmod": true,
	"chown": true, "ln": true, "mkdir": true, "rmdir": true, "truncate": true, "sed": true,
	"awk": true, "perl": true, "python": true, "python3": true, "sh": true, "bash": true,
	"xargs": true, "env": true, "eval": true, "exec": true, "source": true, ".": true,
	"install": true, "patch": true, "make": true, "npm": true, "curl": true, "wget": true,
}

// gitWriters are git subcommands that change the repository or the work tree.
var gitWriters = map[string]bool{
	"checkout": true, "reset": true, "commit": true, "push": true, "clean": true, "apply": true,
	"am": true, "rebase": true, "merge": true, "restore": true, "switch": true, "rm": true,
	"mv": true, "add": true, "config": true, "pull": true, "fetch": true, "cherry-pick": true,
	"revert": true, "worktree": true, "gc": true, "update-ref": true, "init": true, "clone": true,
}

// FuzzCheckBash: Check never panics, and whatever Bash command line it grants (with the default
// rules and a test runner) holds no command or process substitution, no redirection that writes
// a file, no background job, no assignment or expansion, and no writer anywhere in its chain —
// judged by this independent reading of the parsed command, not by Check's own rules.
func FuzzCheckBash(f *testing.F) {
	for _, seed := range []string{
		"git status", "git diff HEAD~1 -- main.go", "ls -la && cat go.mod | head -20",
		"go test ./... 2>&1 | tail -30", "grep -rn TODO . 2>/dev/null; wc -l main.go",
		"(cd sub && git log -3)", "cat <<'EOF'\nhello\nEOF", "git diff && rm -f x",
		"git log; git checkout .", "git diff | tee out.patch", "echo $(rm -f x)", "ls >&out",
		"cat <(rm x)", "find . -delete", "sort -o out in", "git -c core.pager=sh log",
		"{ git diff; } > f", "ls & rm x", "X=1 ls", "ls $HOME", "git diff --output=f",
		"echo ok 1>/dev/null 2>&1", "if true; then rm x; fi", "f() { rm x; }; f",
		`grep -rn TODO . 2>/de""v/null`, `ls 2>'/dev/'null`, `ls 2>"/dev/nul"l.txt`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, command string) {
		input := bash(command)
		if Check("Bash", input, defaultRules) != nil {
			return
		}
		// What Check saw: JSON carries no invalid UTF-8, so such bytes arrive replaced.
		var in struct{ Command string }
		if err := json.Unmarshal(input, &in); err != nil {
			t.Fatal(err)
		}
		command = in.Command
		file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
		if err != nil {
			t.Fatalf("granted %q, which does not parse: %v", command, err)
		}
		syntax.Walk(file, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp, *syntax.ArithmCmd,
				*syntax.ParamExp, *syntax.FuncDecl, *syntax.IfClause, *syntax.WhileClause,
				*syntax.ForClause, *syntax.CaseClause, *syntax.DeclClause, *syntax.LetClause,
				*syntax.TestClause, *syntax.TimeClause, *syntax.CoprocClause:
				t.Fatalf("granted %q, which holds a %T", command, n)
			case *syntax.Stmt:
				if n.Background || n.Coprocess || n.Disown {
					t.Fatalf("granted %q, which runs a background job", command)
				}
			case *syntax.Redirect:
				checkGrantedRedirect(t, command, n)
			case *syntax.CallExpr:
				checkGrantedCall(t, command, n)
			}
			return true
		})
	})
}

func checkGrantedRedirect(t *testing.T, command string, rd *syntax.Redirect) {
	t.Helper()
	// The file a redirection writes is its word as the shell reads it, quotes removed
	// (2>/de""v/null writes /dev/null); a word with expansions is printed as it stands.
	target, ok := literal(rd.Word)
	if !ok {
		target = printWord(rd.Word)
	}
	switch rd.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob:
		if target != "/dev/null" {
			t.Fatalf("granted %q, which writes %s", command, target)
		}
	case syntax.DplOut, syntax.DplIn:
		if strings.Trim(target, "0123456789") != "" && target != "-" {
			t.Fatalf("granted %q, which duplicates onto %s", command, target)
		}
	case syntax.RdrIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
	default:
		t.Fatalf("granted %q, with the redirection %s", command, rd.Op)
	}
}

func checkGrantedCall(t *testing.T, command string, c *syntax.CallExpr) {
	t.Helper()
	if len(c.Assigns) > 0 {
		t.Fatalf("granted %q, which assigns a variable", command)
	}
	if len(c.Args) == 0 {
		return
	}
	var words []string
	for _, w := range c.Args {
		s, ok := literal(w)
		if !ok {
			t.Fatalf("granted %q, whose word %s expands", command, printWord(w))
		}
		words = append(words, s)
	}
	if writers[words[0]] {
		t.Fatalf("granted %q, which runs %s", command, words[0])
	}
	if words[0] != "git" {
		return
	}
	for i, w := range words[1:] {
		if strings.HasPrefix(w, "-c") || strings.HasPrefix(w, "--exec-path") || strings.HasPrefix(w, "--output") || strings.HasPrefix(w, "--ext-diff") {
			t.Fatalf("granted %q, which gives git %s", command, w)
		}
		if !strings.HasPrefix(w, "-") && (i == 0 || words[i] != "-C") {
			if gitWriters[w] {
				t.Fatalf("granted %q, which runs git %s", command, w)
			}
			return
		}
	}
}

// FuzzCheck: any tool name and input, well-formed or not, gets an answer and never a panic; an
// Agent call asking for isolation is never granted.
func FuzzCheck(f *testing.F) {
	f.Add("Bash", []byte(`{"command":"ls"}`))
	f.Add("Agent", []byte(`{"prompt":"review","isolation":"worktree"}`))
	f.Add("Edit", []byte(`{"file_path":"a","old_string":"x","new_string":"y"}`))
	f.Add("Read", []byte(`not json`))
	f.Fuzz(func(t *testing.T, tool string, input []byte) {
		err := Check(tool, json.RawMessage(input), defaultRules)
		var in struct {
			Isolation string `json:"isolation"`
		}
		if err == nil && (tool == "Agent" || tool == "Task") && json.Unmarshal(input, &in) == nil && in.Isolation != "" {
			t.Fatalf("granted an isolated %s: %s", tool, input)
		}
	})
}
