package cmd

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/cmd/prompter"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
)

// testEnv returns an Env with a temporary HOME as its whole environment (Getenv and Environ
// alike), a fixed clock, captured output and no terminal.
func testEnv(t *testing.T) (*Env, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	home := t.TempDir()
	vars := map[string]string{"HOME": home}
	var out, errOut bytes.Buffer
	// Wide enough that every message stays on one line, as the scripts have it (COLUMNS=1000);
	// the tests of fitting to a terminal set their own width.
	env := &Env{IO: &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut, Width: 1000}, Env: outside.System(&errOut)}
	env.Getenv = func(k string) string { return vars[k] }
	env.Environ = func() []string {
		list := make([]string, 0, len(vars))
		for k, v := range vars {
			list = append(list, k+"="+v)
		}
		return list
	}
	env.Now = func() time.Time { return time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC) }
	env.Getwd = func() (string, error) { return home, nil }
	env.Executable = func() (string, error) { return filepath.Join(home, "bin", "ccc-hooks"), nil }
	return env, &out, &errOut
}

// scriptedPrompter answers prompts from a list, in order, and records the questions.
type scriptedPrompter struct {
	t       *testing.T
	answers []any // int for Select, []int for MultiSelect, string for Input, bool for Confirm, error to fail
	asked   []string
	// defaults records the default each question offered, formatted with %v.
	defaults []string
	// invalid records the reasons Input's validator gave for refused answers.
	invalid []string
}

func (p *scriptedPrompter) next(message string) any {
	p.t.Helper()
	p.asked = append(p.asked, message)
	if len(p.answers) == 0 {
		p.t.Fatalf("unexpected prompt %q", message)
	}
	a := p.answers[0]
	p.answers = p.answers[1:]
	return a
}

func answer[T any](p *scriptedPrompter, message string) (T, error) {
	var zero T
	a := p.next(message)
	if err, ok := a.(error); ok {
		return zero, err
	}
	v, ok := a.(T)
	if !ok {
		return zero, fmt.Errorf("prompt %q: scripted answer %v has the wrong type", message, a)
	}
	return v, nil
}

func (p *scriptedPrompter) Select(m string, _ []string, def int) (int, error) {
	p.defaults = append(p.defaults, strconv.Itoa(def))
	return answer[int](p, m)
}

func (p *scriptedPrompter) MultiSelect(m string, _ []string, def []int) ([]int, error) {
	p.defaults = append(p.defaults, fmt.Sprint(def))
	return answer[[]int](p, m)
}

// Input asks again, as the terminal does, while validate refuses the answer; an empty answer
// is the default, as Enter is on the terminal.
func (p *scriptedPrompter) Input(m, def string, validate func(string) error) (string, error) {
	p.defaults = append(p.defaults, def)
	for {
		a, err := answer[string](p, m)
		if a == "" {
			a = def
		}
		if err != nil || validate == nil {
			return a, err
		}
		if err := validate(a); err != nil {
			p.invalid = append(p.invalid, err.Error())
			continue
		}
		return a, nil
	}
}

func (p *scriptedPrompter) Confirm(m string, def bool) (bool, error) {
	p.defaults = append(p.defaults, strconv.FormatBool(def))
	return answer[bool](p, m)
}

var _ prompter.Prompter = (*scriptedPrompter)(nil)

// unwrapped is output as one line, its words joined by one space: what a message says, whatever
// width it was fitted to.
func unwrapped(output string) string { return strings.Join(strings.Fields(output), " ") }
