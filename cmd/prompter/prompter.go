// Package prompter asks the user questions on a terminal. Commands depend on the Prompter
// interface only; the survey implementation lives in this package alone.
package prompter

import (
	"errors"
	"io"
	"os"

	"github.com/AlecAivazis/survey/v2"
	"github.com/AlecAivazis/survey/v2/terminal"
)

// ErrCancelled is returned when the user interrupts a prompt with Ctrl-C or Esc, or input ends
// (Ctrl-D).
var ErrCancelled = errors.New("cancelled")

// Prompter asks questions. Implementations return ErrCancelled when the user interrupts.
type Prompter interface {
	// Select returns the index of the chosen option.
	Select(message string, options []string, defaultIndex int) (int, error)
	// MultiSelect returns the indexes of the chosen options.
	MultiSelect(message string, options []string, defaults []int) ([]int, error)
	// Input returns a line of text, defaultValue when the user just presses enter. A non-nil
	// validate is called with each answer; while it returns an error, the reason is shown where
	// the answer was typed and the question is asked again.
	Input(message, defaultValue string, validate func(string) error) (string, error)
	// Confirm returns a yes/no answer.
	Confirm(message string, defaultValue bool) (bool, error)
}

// Survey is a Prompter backed by survey/v2 on the given terminal streams.
//
// Every question reads the terminal through one reader that hands survey a single key at a
// time (see keyReader): survey reads each question through a buffer of its own and drops it
// afterwards, so keys typed ahead of the next question would otherwise be lost. The same reader
// turns Esc into Ctrl-C, so Esc cancels every question.
type Survey struct {
	stdio terminal.Stdio
}

// NewSurvey returns a survey Prompter on in/out/err; it does no work until asked.
func NewSurvey(in, out *os.File, errOut io.Writer) *Survey {
	keys := newKeyReader(in)
	return &Survey{stdio: terminal.Stdio{In: keys, Out: &queryWriter{f: out, keys: keys}, Err: errOut}}
}

func (s *Survey) opts() survey.AskOpt { return survey.WithStdio(s.stdio.In, s.stdio.Out, s.stdio.Err) }

// Select implements Prompter.
func (s *Survey) Select(message string, options []string, defaultIndex int) (int, error) {
	var idx int
	q := &survey.Select{Message: message, Options: options, Default: options[defaultIndex]}
	// AskOne fills idx: call it before idx is read (Go leaves the order of a variable and a call
	// in one return statement open).
	err := cancelled(survey.AskOne(q, &idx, s.opts()))
	return idx, err
}

// MultiSelect implements Prompter.
func (s *Survey) MultiSelect(message string, options []string, defaults []int) ([]int, error) {
	var idx []int
	def := make([]string, 0, len(defaults))
	for _, d := range defaults {
		def = append(def, options[d])
	}
	q := &survey.MultiSelect{Message: message, Options: options, Default: def}
	err := cancelled(survey.AskOne(q, &idx, s.opts(), survey.WithValidator(survey.MinItems(1))))
	return idx, err
}

// Input implements Prompter.
func (s *Survey) Input(message, defaultValue string, validate func(string) error) (string, error) {
	var v string
	q := &survey.Input{Message: message, Default: defaultValue}
	opts := []survey.AskOpt{s.opts()}
	if validate != nil {
		opts = append(opts, survey.WithValidator(func(ans any) error {
			text, _ := ans.(string)
			return validate(text)
		}))
	}
	err := cancelled(survey.AskOne(q, &v, opts...))
	return v, err
}

// Confirm implements Prompter.
func (s *Survey) Confirm(message string, defaultValue bool) (bool, error) {
	var v bool
	q := &survey.Confirm{Message: message, Default: defaultValue}
	err := cancelled(survey.AskOne(q, &v, s.opts()))
	return v, err
}

func cancelled(err error) error {
	if errors.Is(err, terminal.InterruptErr) || errors.Is(err, io.EOF) {
		return ErrCancelled
	}
	return err
}
