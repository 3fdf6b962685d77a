package cmd

import (
	"io"
	"strings"

	"github.com/spf13/cobra"
)

// fitHelp makes the help of root and every command below it fit the terminal: each command's long
// description is unfolded into paragraphs (see unfold), and help prints it, then cobra's usage
// (the commands and flags), fitted to the width of the output (see fitText and wrap).
func fitHelp(root *cobra.Command, env *Env) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Long = unfold(c.Long)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	root.SetHelpFunc(func(c *cobra.Command, _ []string) {
		about := c.Long
		if about == "" {
			about = c.Short
		}
		cols := env.IO.width()
		if _, err := io.WriteString(env.IO.Out, fitText(about, cols)+"\n\n"+wrap(c.UsageString(), cols)); err != nil {
			c.PrintErrln(err)
		}
	})
}

// unfold joins the lines of each paragraph of a text written to fit source code, so that it can
// be fitted to the terminal instead. A line continues the one before it when both are text:
// neither blank nor indented, and the line no list item or flag ("-…"). Indented lines
// (commands, examples) stay as written.
func unfold(text string) string {
	lines := strings.Split(text, "\n")
	out := lines[:0]
	for _, line := range lines {
		if n := len(out); n > 0 && isText(out[n-1]) && isText(line) && !strings.HasPrefix(line, "-") {
			out[n-1] += " " + line
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// fitText is wrap of a description, but for its indented lines: commands a person types stay
// whole, one to a line, however wide.
func fitText(text string, cols int) string {
	lines := strings.Split(strings.TrimRight(text, " \n"), "\n")
	for i, line := range lines {
		if !strings.HasPrefix(line, " ") {
			lines[i] = wrap(line, cols)
		}
	}
	return strings.Join(lines, "\n")
}

// isText reports whether line is a line of a paragraph: not blank, not indented.
func isText(line string) bool { return line != "" && !strings.HasPrefix(line, " ") }
