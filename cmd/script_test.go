package cmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/internal/claudeversion"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

var update = flag.Bool("update", false, "rewrite the cmp files of testdata/script with what the commands printed")

// scriptCommands are the programs testscript scripts can exec; test files of this package may add
// fakes (a fake claude, for example) in their own TestMain-free helpers via addScriptCommand.
var scriptCommands = map[string]func(){
	"ccc-hooks":   func() { os.Exit(Main(System(), os.Args[1:])) },
	"fake-claude": fakeClaude,
}

func TestMain(m *testing.M) {
	testscript.Main(m, scriptCommands)
}

// TestScripts runs every testdata/script/*.txtar with HOME=$WORK/home, CLAUDE_PROJECT_DIR=
// $WORK/project (both exist, empty), COLUMNS=1000, no other Claude Code environment, and $CCC_BIN set to the
// absolute path of the ccc-hooks under test. -update rewrites the files the scripts cmp against.
func TestScripts(t *testing.T) {
	testscript.Run(t, scriptParams(filepath.Join("..", "testdata", "script")))
}

// scriptParams runs the scripts of dir as TestScripts describes.
func scriptParams(dir string) testscript.Params {
	return testscript.Params{
		Dir:                 dir,
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Cmds:                scriptBuiltins,
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "root":
				return os.Geteuid() == 0, nil
			case "bashsandbox": // this machine has Claude Code's Bash sandbox: the reviewer gets it
				return reviewer.SandboxCheckOf(outside.System(io.Discard))(context.Background(), os.Getenv("PATH")).Available(), nil
			case "wall": // this machine gives the copy-on-write wall supervisor.checks run behind
				return wall.Probe(context.Background(), "") == nil, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Setup: func(e *testscript.Env) error {
			home := filepath.Join(e.WorkDir, "home")
			for _, d := range []string{home, filepath.Join(e.WorkDir, "project")} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					return err
				}
			}
			e.Setenv("HOME", home)
			e.Setenv("CLAUDE_CONFIG_DIR", "")
			e.Setenv("CCC_CONFIG_DIR", "")
			e.Setenv("CCC_SUPERVISOR_ID", "")
			e.Setenv("CCC_SUPERVISOR_HOOK", "")
			e.Setenv("CLAUDE_CODE_SESSION_ID", "")
			e.Setenv("CLAUDE_PID", "")
			e.Setenv("CLAUDE_CODE_STOP_HOOK_BLOCK_CAP", "")
			// The fixtures' cwd names a directory of another machine: keep every project in $WORK.
			e.Setenv("CLAUDE_PROJECT_DIR", filepath.Join(e.WorkDir, "project"))
			e.Setenv("CCC_CLAUDE", "")
			// The Claude Code versions ccc-hooks is tested on, for fake-claude's answer to --version.
			e.Setenv("CLAUDE_TESTED_OLDEST", claudeversion.Oldest().String())
			e.Setenv("CLAUDE_TESTED_NEWEST", claudeversion.Newest().String())
			e.Setenv("NO_COLOR", "1")
			// Tables fit $COLUMNS: wide enough that every doctor message stays on one line, so
			// scripts match whole messages; doctor_table_width.txtar sets its own.
			e.Setenv("COLUMNS", "1000")
			bin, err := exec.LookPath("ccc-hooks")
			if err != nil {
				return err
			}
			e.Setenv("CCC_BIN", bin)
			return nil
		},
	}
}
