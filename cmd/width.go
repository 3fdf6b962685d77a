package cmd

import (
	"strconv"
	"strings"

	"golang.org/x/term"
)

// defaultWidth is the width of output that does not go to a terminal, or to one whose width is
// unknown.
const defaultWidth = 80

// terminalWidth is the number of columns tables are fitted to: $COLUMNS when it is a positive
// number (the shell's own idea of the width, and how tests and scripts choose one), else the
// width of the terminal on fd, else defaultWidth.
func terminalWidth(columns string, fd int) int {
	if n, err := strconv.Atoi(strings.TrimSpace(columns)); err == nil && n > 0 {
		return n
	}
	if term.IsTerminal(fd) {
		if w, _, err := term.GetSize(fd); err == nil && w > 0 {
			return w
		}
	}
	return defaultWidth
}

// stderrWidth is the number of columns errors and warnings are fitted to: terminalWidth when fd is
// a terminal, else 0 (not fitted).
func stderrWidth(columns string, fd int) int {
	if !term.IsTerminal(fd) {
		return 0
	}
	return terminalWidth(columns, fd)
}
