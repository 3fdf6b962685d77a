package reviewguard

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// argvLogEnv makes this test binary an argv recorder (see recordArgv).
const argvLogEnv = "CCC_REVIEWGUARD_ARGV_LOG"

func TestMain(m *testing.M) {
	if log := os.Getenv(argvLogEnv); log != "" {
		os.Exit(recordArgv(log))
	}
	code := m.Run()
	cleanUp()
	os.Exit(code)
}

// recordArgv is what the test binary does when bash runs it under the name of a program (a
// link named cat, git …): it appends the words it was given — its name first — as one JSON line
// to log, and exits 0.
func recordArgv(log string) int {
	words := append([]string{filepath.Base(os.Args[0])}, os.Args[1:]...)
	line, err := json.Marshal(words)
	if err != nil {
		return 3
	}
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return 3
	}
	defer f.Close()
	if _, err := f.Write(append(line, '\n')); err != nil {
		return 3
	}
	return 0
}
