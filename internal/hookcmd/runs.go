package hookcmd

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Runs reports whether command runs ccc-hooks as a hook: a command of ours (IsOurs), or a
// command the user wrote that runs it among other things — `ccc-hooks hook && notify-send done`,
// `ccc-hooks hook 2>>log`, `other-hook; ccc-hooks hook`, `ccc-hooks hook | tee -a log`,
// `timeout 900 ccc-hooks hook`. The latter are the user's: ccc-hooks never replaces or removes
// them, and install, status and doctor say they are there.
//
// It is a reading for what is said, not a guard: a simple command anywhere in the command whose
// words hold a ccc-hooks program followed by a hook subcommand counts, as bash would split it
// (or, where bash cannot parse it, as PowerShell splits words).
func Runs(command string) bool {
	if IsOurs(command) {
		return true
	}
	if !maySpell(command, "ccc-hooks") {
		return false
	}
	calls, ok := bashCalls(command)
	if !ok {
		calls = powerShellCalls(command)
	}
	return slices.ContainsFunc(calls, runsHook)
}

// runsHook reports whether the words of one simple command run ccc-hooks as a hook: its program
// is ccc-hooks, or a program that runs the rest of its words as a command (exec, env, timeout,
// nice, …: see prefixes), whose options, assignments and durations are passed over.
func runsHook(args []string) bool {
	for i := range args {
		switch {
		case isProgram(args[i], "ccc-hooks"):
			return i+1 < len(args) && slices.Contains(subcommands, args[i+1])
		case i > 0 && (strings.HasPrefix(args[i], "-") || strings.Contains(args[i], "=") || duration(args[i])):
			continue // an option, assignment or duration of the program before
		case !slices.Contains(prefixes, baseName(args[i])):
			return false
		}
	}
	return false
}

// prefixes are programs that run their remaining words as a command.
var prefixes = []string{"exec", "command", "env", "nice", "nohup", "setsid", "stdbuf", "time", "timeout", "ionice", "chronic", "caffeinate"}

// duration reports whether s is a number with an optional unit, as timeout takes it.
func duration(s string) bool {
	s = strings.TrimRight(s, "smhd")
	return s != "" && strings.Trim(s, "0123456789.") == ""
}

func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}

// powerShellCalls splits command into its statements where PowerShell (or a shell bash cannot
// parse) separates them — ; | & outside quotes — and each into words as powerShellSplit does.
func powerShellCalls(command string) [][]string {
	var calls [][]string
	var quote byte
	start := 0
	for i := 0; i <= len(command); i++ {
		if i < len(command) {
			c := command[i]
			switch {
			case quote != 0:
				if c == quote {
					quote = 0
				}
				continue
			case c == '\'' || c == '"':
				quote = c
				continue
			case c != ';' && c != '|' && c != '&' && c != '\n':
				continue
			}
		}
		if ws := powerShellSplit(command[start:i]); len(ws) > 0 {
			calls = append(calls, ws)
		}
		start = i + 1
	}
	return calls
}

// RunsExec reports whether a handler in exec form ("command" the program, "args" its arguments,
// no shell: docs/claude-code.md, "Exec-form hooks") runs ccc-hooks as a hook: a program named
// ccc-hooks or ccc-hooks.exe whose first argument is hook or supervisor-hook. ccc-hooks never
// writes one in a settings file, so it is always the user's.
func RunsExec(program string, args []string) bool {
	return isProgram(program, "ccc-hooks") && len(args) > 0 && slices.Contains(subcommands, args[0])
}

// simple reports whether command is one program and its words and nothing else: no second
// command, pipe, redirection, background job or expansion, as bash reads it; a command bash
// cannot parse (PowerShell's `& 'C:/…' …`) holds none of the characters that join commands or
// redirect in either shell.
func simple(command string) bool {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		rest := strings.TrimPrefix(strings.TrimLeft(command, " \t"), "&")
		return !strings.ContainsAny(rest, ";|&<>\n")
	}
	if len(f.Stmts) != 1 {
		return false
	}
	s := f.Stmts[0]
	call, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || s.Background || s.Negated || s.Coprocess || len(s.Redirs) > 0 || len(call.Assigns) > 0 {
		return false
	}
	for _, w := range call.Args {
		if _, ok := literal(w); !ok {
			return false
		}
	}
	return true
}

// bashCalls returns the words of every simple command in command as bash parses it (a word that
// is not plain text is ""); ok is false when bash cannot parse it.
func bashCalls(command string) (calls [][]string, ok bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		return nil, false
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if call, isCall := n.(*syntax.CallExpr); isCall {
			args := make([]string, len(call.Args))
			for i, w := range call.Args {
				args[i] = reading(w)
			}
			calls = append(calls, args)
		}
		return true
	})
	return calls, true
}

// reading returns w as literal reads it, with each part that is not plain text (an expansion,
// such as the $HOME of `$HOME/bin/ccc-hooks`) as a NUL byte: a program's base name after it still
// reads as bash will run it, and a word that is an expansion as a whole names no program.
func reading(w *syntax.Word) string {
	if s, ok := literal(w); ok {
		return s
	}
	var b strings.Builder
	for _, p := range w.Parts {
		if s, ok := literal(&syntax.Word{Parts: []syntax.WordPart{p}}); ok {
			b.WriteString(s)
		} else {
			b.WriteByte(0)
		}
	}
	return b.String()
}

// literal returns the text bash makes of w when it is plain text, quoted or not; ok is false
// for a word with an expansion.
func literal(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(unescape(p.Value, ""))
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return "", false
			}
			for _, q := range p.Parts {
				lit, isLit := q.(*syntax.Lit)
				if !isLit {
					return "", false
				}
				b.WriteString(unescape(lit.Value, "$`\"\\\n"))
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// unescape removes the backslashes bash removes: before any character outside quotes (only
// empty), before one of only inside double quotes.
func unescape(s, only string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (only == "" || strings.IndexByte(only, s[i+1]) >= 0) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
