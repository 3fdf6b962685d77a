package reviewguard

import (
	"errors"
	"slices"
)

// bashBuiltins are the bash builtins the reviewer may run (bash 5.2, bash(1), SHELL BUILTIN
// COMMANDS). echo prints its words (-n, -e, -E change only how); true and false read none; pwd
// takes -L and -P. test and [ evaluate an expression of file tests and string and integer
// comparisons: they only look (stat, access), but for -v, whose operand, a variable name with a
// subscript, bash evaluates as arithmetic, running any command substitution in it (`test -v
// 'a[$(cmd)]'`); so a word -v anywhere refuses the command, and test is not glob-safe (a glob
// could bring a file named -v). Integer comparisons take no arithmetic ("integer expression
// expected"). [ needs ] as its last word.
func bashBuiltins() []program {
	const v = "bash 5.2, bash(1) SHELL BUILTIN COMMANDS"
	test := func(args []string, _ Place) error {
		if slices.Contains(args, "-v") {
			return errors.New("test -v evaluates its operand's subscript as arithmetic, running any command substitution in it")
		}
		return nil
	}
	bracket := func(args []string, where Place) error {
		if len(args) == 0 || args[len(args)-1] != "]" {
			return errors.New("[ without ] as its last word")
		}
		return test(args, where)
	}
	return []program{
		{name: "echo", source: v, traits: globSafe | builtin},
		{name: "true", source: v, traits: globSafe | builtin},
		{name: "false", source: v, traits: globSafe | builtin},
		{name: "pwd", source: v, options: options(`-L -P`), traits: globSafe | builtin},
		{name: "test", source: v, check: test, never: test, traits: builtin},
		{name: "[", source: v, check: bracket, never: test, traits: builtin},
	}
}
