package reviewguard

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

func bash(command string) json.RawMessage {
	in, _ := json.Marshal(map[string]string{"command": command, "description": "x"})
	return in
}

// defaultRules are supervisor.allowed_tools' defaults, plus a test runner as a user would add.
var defaultRules = []string{"Bash(git diff:*)", "Bash(git log:*)", "Bash(git status:*)", "Bash(go test:*)"}

// here is where the commands of the table tests run: the review's own directory, with a $PATH
// of absolute directories.
var here = Place{Cwd: "/repo", Root: "/repo", Path: "/usr/local/bin:/usr/bin:/bin", Home: "/home/no-one"}

func TestCheckBash(t *testing.T) {
	t.Parallel()
	tests := []struct {
		command string
		granted bool
	}{
		{"git status", true},
		{"git diff HEAD~1 -- main.go", true},
		{"git --no-pager log --oneline -5", true},
		{"git -C sub show HEAD:go.mod", false},
		{"ls -la && cat go.mod | head -20", true},
		{"go test ./... 2>&1 | tail -30", true},
		{"grep -rn TODO . 2>/dev/null; wc -l main.go", true},
		{"find . -name '*.go' -newer go.mod", true},
		{"(cd sub && git log -3)", false},
		{"(git log -3; git status)", true},
		{"cat <<'EOF'\nhello\nEOF", true},
		{"sort < names.txt", true},
		{"git branch -a", true},
		{"git -P --no-pager log -1", true},
		{"git --no-pager -c x=y log", false},
		{"find -L . -name '*.go' -print", true},
		{"find -H -P . -type f", true},
		{"find -D tree . -type f", false},
		{"find -L", true},
		{"find . dir", true},
		{"find . -newermt 2026-01-01", true},
		{"find . -newermq x", false},
		{"find . -newerqm x", false},
		{"git stash show -p", true},
		{"git stash list", true},
		{"git stash drop", false},
		{"ls >&/dev/null", true},
		{"ls <&/dev/null", false},
		{"sort -- -k", true},
		{"sort -k2 -- -o", false},
		{"head -- -5", true},
		{"rg --max-count=3 x", true},
		{"rg --max-count 3 x", true},
		{"rg -m3 x", true},
		{"rg -zm3 x", false},
		{"ls --color", true},
		{"ls --color=auto", true},
		{"ls --all=yes", false},
		{"git stash list", true},
		{"ls 2>&- 1>&2", true},
		{"ls 2>&0 3>&9 4>&10", true},
		{"cat <<< hello", true},
		{"cat <<< $X", false},
		{"ls >&out", false},
		{"ls 2>&1x", false},
		{"git", false},
		{"git --no-pager", false},
		{"git -C", false},
		{"", false},
		{"rm -f keep-me.txt", false},
		{"git checkout .", false},
		{"git stash", false},
		{"git branch -D main", false},
		{"git diff && rm -f x", false},
		{"git log; git checkout .", false},
		{"git status || git reset --hard", false},
		{"git diff | tee out.patch", false},
		{"git diff | xargs rm", false},
		{"git diff > out.patch", false},
		{"git diff >> out.patch", false},
		{"cat go.mod &> copy", false},
		{"echo $(rm -f x)", false},
		{"echo `rm -f x`", false},
		{"diff <(git show HEAD:a) a", false},
		{"git diff --output=leak", false},
		{"git diff --ext-diff", true}, // the view's configuration names no diff driver
		{"git -c core.pager=evil log", false},
		{"find . -delete", false},
		{"find . -name x -exec rm {} ;", false},
		{"sort -o out names.txt", false},
		{"sort -ro out names.txt", false},
		{"sort --compress-program=evil big.txt", false},
		{"rg --pre ./evil x", false},
		{"FOO=1 go test ./...", false},
		{"$CMD", false},
		{"ls $DIR", false},
		{"touch x", false},
		{"sleep 1 &", false},
		{"for f in *; do rm $f; done", false},
		{"f() { rm x; }; f", false},
		{"\\rm x", false},
		{"/bin/rm x", false},
		{"echo 'unterminated", false},
		{"go testify", false},
		{"go test -run X ./... && git checkout -- .", false},
	}
	for _, tt := range tests {
		err := Check("Bash", bash(tt.command), defaultRules, here)
		if granted := err == nil; granted != tt.granted {
			t.Errorf("Check(Bash %q) = %v, want granted %v", tt.command, err, tt.granted)
		}
		var refused *RefusedError
		if err != nil && !errors.As(err, &refused) {
			t.Errorf("Check(Bash %q) = %T, want *RefusedError", tt.command, err)
		}
	}
}

func TestCheckTools(t *testing.T) {
	t.Parallel()
	tests := []struct {
		tool    string
		allowed []string
		granted bool
	}{
		{"Read", nil, true},
		{"Grep", nil, true},
		{"Glob", nil, true},
		{"Agent", nil, true},
		{"ToolSearch", nil, true},
		{"Edit", nil, false},
		{"Write", nil, false},
		{"NotebookEdit", nil, false},
		{"MultiEdit", nil, false},
		{"AskUserQuestion", nil, false},
		{"Skill", nil, false},
		{"WebFetch", nil, false},
		{"mcp__db__drop", nil, false},
		{"WebFetch", []string{"WebFetch"}, true},
		{"Edit", []string{"Edit(docs/**)"}, false},
		{"mcp__db__query", []string{"mcp__db__query"}, true},
		{"mcp__db__drop", []string{"mcp__db__query"}, false},
		{"mcp__db__drop", []string{"mcp__db"}, true},
		{"mcp__db__drop", []string{"mcp__db__*"}, true},
		{"mcp__dbx__drop", []string{"mcp__db"}, false},
		{"mcp__db", []string{"mcp__db"}, true},
		{"mcp____x", []string{"mcp__"}, false},
		{"mcp__db__drop", []string{"mcp__db(query)"}, false},
	}
	for _, tt := range tests {
		err := Check(tt.tool, json.RawMessage(`{"prompt":"look"}`), tt.allowed, here)
		if granted := err == nil; granted != tt.granted {
			t.Errorf("Check(%s, allowed %q) = %v, want granted %v", tt.tool, tt.allowed, err, tt.granted)
		}
	}
}

// TestCheckAgentIsolation: a subagent is granted (its calls meet the same hook), but not in a
// git worktree of its own or remotely.
func TestCheckAgentIsolation(t *testing.T) {
	t.Parallel()
	for input, granted := range map[string]bool{
		`{"prompt":"look","subagent_type":"Explore"}`:          true,
		`{"prompt":"look","isolation":"worktree"}`:             false,
		`{"prompt":"look","isolation":"remote"}`:               false,
		`{"prompt":"look","isolation":1}`:                      false,
		`{"prompt":"look","isolation":"worktree","x":"Agent"}`: false,
	} {
		for _, tool := range []string{"Agent", "Task"} {
			if err := Check(tool, json.RawMessage(input), []string{"Agent", "Task"}, here); (err == nil) != granted {
				t.Errorf("Check(%s %s) = %v, want granted %v", tool, input, err, granted)
			}
		}
	}
}

func TestRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rules   []string
		command string
		granted bool
	}{
		{[]string{"Bash"}, "rm -f x", true},
		{[]string{"Bash(*)"}, "make clean", true},
		{[]string{"Bash(make check)"}, "make check", true},
		{[]string{"Bash(make check)"}, "make check-all", false},
		{[]string{"Bash(npm run *)"}, "npm run test", true},
		{[]string{"Bash(npm run *)"}, "npm install evil", false},
		{[]string{"Bash(make * check)"}, "make -j4 check", true},
		{[]string{"Bash(make * check)"}, "make -j4 install", false},
		{[]string{"Bash(make * check)"}, "make check", false},
		{[]string{"Bash(mytool *-l *)"}, "mytool -l x", true},
		{[]string{"Bash(mytool *-l *)"}, "mytool -a x", false},
		// A rule may grant cd, never git after it: git would read the new directory's repository.
		{[]string{"Bash(cd:*)"}, "cd sub && ls", true},
		{[]string{"Bash(cd:*)", "Bash(git log:*)"}, "cd sub && git log", false},
		{[]string{"Bash(cd:*)", "Bash(git log:*)"}, "git log; (cd sub)", false},
		// A word holding a space is one word: never two of a rule.
		{[]string{"Bash(go test:*)"}, "go 'test ./...'", false},
		{[]string{"Bash(go test:*)"}, "'go test' ./...", false},
		{[]string{"Bash(make check)"}, "make 'check'", true},
		{[]string{"Bash(make check)"}, "'make check'", false},
		{[]string{"Bash(npm run *)"}, "npm 'run x'", false},
		{[]string{"Bash(git status:*)"}, `git status\ git log`, false},
		{[]string{"Bash(go *:*)"}, "go vet ./...", false},
		{[]string{"Bash(go test:*)"}, "go test", true},
		{[]string{"Bash(rm:*)"}, "rm -f x", true},
		{[]string{"Bash(git diff:*)"}, "git diff --output=x", false},
		{[]string{"Bash(git:*)"}, "git diff --output=x", false},
		{[]string{"Bash()"}, "rm -f x", false},
		{[]string{"Bash(rm:*"}, "rm -f x", false},
		// A rule grants the program, never its options that write or run, nor a glob.
		{[]string{"Bash(sort:*)"}, "sort -o x a.txt", false},
		{[]string{"Bash(sort:*)"}, "sort --compress=gzip a.txt", false},
		{[]string{"Bash(sort:*)"}, "sort -u a.txt", true},
		{[]string{"Bash(find:*)"}, "find . -name x -delete", false},
		{[]string{"Bash(find:*)"}, "find . -newermt 2026-01-01", true},
		{[]string{"Bash(rg:*)"}, "rg --pre=x y", false},
		{[]string{"Bash(tail:*)"}, "tail *", false},
		{[]string{"Bash(*)"}, "go test *", false},
		{[]string{"Bash(*)"}, "git -C x status", false},
		{[]string{"Bash(*)"}, "git log --remerge-diff", false},
	}
	for _, tt := range tests {
		err := Check("Bash", bash(tt.command), tt.rules, here)
		if granted := err == nil; granted != tt.granted {
			t.Errorf("rules %q: Check(Bash %q) = %v, want granted %v", tt.rules, tt.command, err, tt.granted)
		}
	}
}

func TestReasonSaysVerdict(t *testing.T) {
	t.Parallel()
	err := Check("Bash", bash("rm -f keep-me.txt"), nil, here)
	reason := Reason(err)
	for _, want := range []string{"read-only", `"rm -f keep-me.txt" is not a read-only command`, "verdict"} {
		if !strings.Contains(reason, want) {
			t.Errorf("Reason = %q, want it to contain %q", reason, want)
		}
	}
	if err := Check("Bash", json.RawMessage(`{"command": 1}`), nil, here); err == nil {
		t.Errorf("a Bash call without a command string was granted")
	}
}

// TestRuleGrantsNoPlantedProgram: a program a rule grants is still not run from a directory of
// $PATH that is not absolute.
func TestRuleGrantsNoPlantedProgram(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	testfs.Write(t, filepath.Join(repo, "bin", "go"), "#!/bin/sh\n", 0o755)
	where := Place{Cwd: repo, Root: repo, Path: "bin" + string(os.PathListSeparator) + "/usr/bin"}
	if err := Check("Bash", bash("go test ./..."), []string{"Bash(go test:*)"}, where); err == nil {
		t.Error("granted go test, found first in bin/ of the tree")
	}
	where.Path = "/usr/bin"
	if err := Check("Bash", bash("go test ./..."), []string{"Bash(go test:*)"}, where); err != nil {
		t.Errorf("refused go test from an absolute directory: %v", err)
	}
}
