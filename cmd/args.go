package cmd

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"
)

// oneWordOf is the positional-argument rule of a command that takes exactly one word out of its
// ValidArgs (or the name of one of its subcommands). A missing, extra or unknown word is a usage
// error that names every accepted word, so `ccc-hooks supervisor` alone says what it wants.
// noun names the word in messages ("action", "shell").
func oneWordOf(noun string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		words := acceptedWords(c)
		want := joinOr(words)
		name := strings.TrimPrefix(c.CommandPath(), c.Root().Name()+" ")
		switch {
		case len(args) == 0:
			return usageErrorf("%s needs %s %s: %s (see `%s --help`)", name, article(noun), noun, want, c.CommandPath())
		case len(args) > 1:
			return usageErrorf("%s takes one %s (%s), got %d arguments: %s", name, noun, want, len(args), strings.Join(args, " "))
		case !slices.Contains(words, args[0]):
			return usageErrorf("%s: unknown %s %q: want %s", name, noun, args[0], want)
		}
		return nil
	}
}

// acceptedWords lists the ValidArgs of c (without their completion descriptions) and the names
// of its subcommands.
func acceptedWords(c *cobra.Command) []string {
	var words []string
	for _, v := range c.ValidArgs {
		word, _, _ := strings.Cut(v, "\t")
		words = append(words, word)
	}
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() && !slices.Contains(words, sub.Name()) {
			words = append(words, sub.Name())
		}
	}
	return words
}

// joinOr joins words as prose: "a", "a or b", "a, b or c".
func joinOr(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

func article(noun string) string {
	if noun != "" && strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an"
	}
	return "a"
}
