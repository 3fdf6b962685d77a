// Command ccc-hooks installs Claude Code hooks and runs them.
package main

import (
	"os"

	"github.com/ccc-hooks/ccc-hooks/cmd"
)

func main() {
	os.Exit(cmd.Main(cmd.System(), os.Args[1:]))
}
