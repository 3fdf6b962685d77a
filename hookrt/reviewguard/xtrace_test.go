//go:build unix

package reviewguard

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// bashTrace runs command with bash in dir, where every builtin is turned off (so that no cd,
// exec, eval or source acts, and each such name is looked up as a program), every program is a
// recorder (bashRuns), and a name found nowhere goes to a recorder too (command_not_found_handle);
// bash traces each simple command it runs (set -x, onto a file of its own through BASH_XTRACEFD),
// compound ones too ([[ … ]], (( … )), for …). It returns the words of every traced command, as
// bash itself wrote them: the oracle of what bash ran, which shares nothing with the guard's
// parser.
func bashTrace(t testing.TB, dir, command string) [][]string {
	t.Helper()
	tmp := t.TempDir()
	trace, argv := filepath.Join(tmp, "trace"), filepath.Join(tmp, "argv.log")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	preamble := strings.Join([]string{
		"exec {__fd}>" + shellQuote(trace),
		"command_not_found_handle() { " + shellQuote(self) + ` "$@"; }`,
		`for __b in $(compgen -b); do case $__b in set|enable) ;; *) enable -n "$__b" ;; esac; done`,
		"BASH_XTRACEFD=$__fd",
		"set -x",
	}, "\n")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := exec.CommandContext(ctx, "bash", "--norc", "--noprofile", "-c", preamble+"\n"+command)
	c.Dir = dir
	c.Env = []string{"PATH=" + recorders(t), argvLogEnv + "=" + argv, "HOME=" + dir, "LC_ALL=C", "PS4=+ "}
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
	_, _ = c.CombinedOutput()
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	records, err := xtraceRecords(string(data))
	if err != nil {
		t.Fatalf("trace %q: %v", data, err)
	}
	var out [][]string
	for _, words := range records {
		// The handler's own lines: the name bash could not find was traced already.
		if len(words) > 0 && (words[0] == "command_not_found_handle" || words[0] == self) {
			continue
		}
		out = append(out, words)
	}
	return out
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// xtraceRecords reads bash's trace: a record per command, each opening with one + or more (one
// for each level of nesting) and a space, its words separated by spaces, each plain, or in '…'
// (with '\” for a quote, and newlines and tabs as themselves), or in $'…' (with C escapes) —
// the forms bash writes them in. A newline outside quotes ends a record.
func xtraceRecords(trace string) ([][]string, error) {
	var records [][]string
	var words []string
	var cur strings.Builder
	inWord, start := false, true
	flush := func() {
		if inWord {
			words = append(words, cur.String())
			cur.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(trace); i++ {
		c := trace[i]
		if start {
			for i < len(trace) && trace[i] == '+' {
				i++
			}
			if i < len(trace) && trace[i] == ' ' {
				i++
			}
			start = false
			if i == len(trace) {
				break
			}
			c = trace[i]
		}
		switch {
		case c == '\n':
			flush()
			records = append(records, words)
			words, start = nil, true
		case c == ' ':
			flush()
		case c == '\'':
			end := strings.IndexByte(trace[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("an unclosed quote at %d", i)
			}
			cur.WriteString(trace[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '\\' && i+1 < len(trace):
			cur.WriteByte(trace[i+1])
			i++
			inWord = true
		case c == '$' && i+1 < len(trace) && trace[i+1] == '\'':
			n, err := ansiC(trace[i+2:], &cur)
			if err != nil {
				return nil, err
			}
			i += 1 + n
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	flush()
	if len(words) > 0 {
		records = append(records, words)
	}
	return records, nil
}

// ansiC decodes the body of a $'…' word up to its closing quote into b, and returns how many
// bytes it read, the quote included.
func ansiC(s string, b *strings.Builder) (int, error) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\'':
			return i + 1, nil
		case c != '\\' || i+1 == len(s):
			b.WriteByte(c)
		default:
			i++
			switch e := s[i]; e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'a':
				b.WriteByte('\a')
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'v':
				b.WriteByte('\v')
			case 'E', 'e':
				b.WriteByte(0x1b)
			case '0', '1', '2', '3', '4', '5', '6', '7':
				j := i
				for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
					j++
				}
				v, _ := strconv.ParseUint(s[i:j], 8, 8)
				b.WriteByte(byte(v))
				i = j - 1
			case 'x':
				j := i + 1
				for j < len(s) && j < i+3 && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0 {
					j++
				}
				v, _ := strconv.ParseUint(s[i+1:j], 16, 8)
				b.WriteByte(byte(v))
				i = j - 1
			default:
				b.WriteByte(e)
			}
		}
	}
	return 0, fmt.Errorf("an unclosed $' in %q", s)
}

// TestTraceIsBashs: the trace reader reads back what bash writes for words of every kind.
func TestTraceIsBashs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	words := []string{"plain", "a b", "it's", "", "tab\there", "new\nline", "ésc\x1bape", `back\slash`, "$dollar", "*"}
	var quoted []string
	for _, w := range words {
		quoted = append(quoted, shellQuote(w))
	}
	got := bashTrace(t, dir, "echo "+strings.Join(quoted, " "))
	want := append([]string{"echo"}, words...)
	if len(got) != 1 || strings.Join(got[0], "\x00") != strings.Join(want, "\x00") {
		t.Errorf("traced %q, want [%q]", got, want)
	}
}
