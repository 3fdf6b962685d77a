package supervisor

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/internal/fakereview"
)

func TestSwitchID(t *testing.T) {
	explicit := func(id string) IDSource { return IDSource{Name: "--session", ID: id} }
	session := IDSource{Name: "session_id", ID: "s-1"}
	tests := []struct {
		name     string
		explicit IDSource
		envID    string
		session  IDSource
		want     string
		badIn    string // the source an *InvalidIDError names; "" for no error
	}{
		{"the session's own", IDSource{}, "", session, "s-1", ""},
		{"the variable before the session's", IDSource{}, "group-1", session, "group-1", ""},
		{"the explicit one before all", explicit("mine"), "group-1", session, "mine", ""},
		{"an invalid variable is an error", IDSource{}, "../x", session, "", "$CCC_SUPERVISOR_ID"},
		{"an invalid explicit one is an error", explicit("-rf"), "group-1", session, "", "--session"},
		{"an invalid variable under an explicit one is not read", explicit("mine"), "../x", session, "mine", ""},
		{"an invalid session's own is an error", IDSource{}, "", IDSource{Name: "$CLAUDE_CODE_SESSION_ID", ID: "a/b"}, "", "$CLAUDE_CODE_SESSION_ID"},
		{"none", IDSource{}, "", IDSource{}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(k string) string {
				if k == SupervisorIDVar {
					return tt.envID
				}
				return ""
			}
			got, err := (&Switch{Getenv: getenv}).ID(tt.explicit, tt.session)
			var bad *InvalidIDError
			switch {
			case tt.badIn == "" && (err != nil || got != tt.want):
				t.Errorf("got %q, %v; want %q", got, err, tt.want)
			case tt.badIn != "" && (!errors.As(err, &bad) || bad.Name != tt.badIn || got != ""):
				t.Errorf("got %q, %v; want an InvalidIDError naming %s", got, err, tt.badIn)
			}
		})
	}
}

// TestHandleInvalidSupervisorID: an invalid $CCC_SUPERVISOR_ID neither fails the hook nor is passed
// over in silence: the session's own state decides, and the user is told in a systemMessage.
func TestHandleInvalidSupervisorID(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":false}}`, hooktest.AllowScript)
	e.Vars[SupervisorIDVar] = "../x"
	if err := (&Switch{Store: storeOf(e)}).Set(context.Background(), "s", true, false); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	opts := optsOf(e)
	opts.Stderr = &stderr
	o, err := run(context.Background(), hooktest.Stop("s"), opts)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := o.Write(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, `"reason":"ok"`) {
		t.Errorf("out = %s, want the review the session's own state turns on", out)
	}
	if !strings.Contains(out, `"systemMessage":"ccc-hooks supervisor: allowed the stop (review 1 of 20, `+usd(fakereview.CostUSD())+`).\nccc-hooks: invalid session ID \"../x\" in $CCC_SUPERVISOR_ID`) {
		t.Errorf("out = %s, want the review's line, then a notice naming the variable and its value", out)
	}
	if !strings.Contains(stderr.String(), "ignoring an invalid CCC_SUPERVISOR_ID") {
		t.Errorf("stderr lacks the warning:\n%s", stderr.String())
	}
}

// TestWithNotice: a notice makes an empty answer one that says it, and follows what an answer
// already tells the user.
func TestWithNotice(t *testing.T) {
	if out := event.WithNotice(nil, "b"); out == nil || out.SystemMessage != "b" || out.Decision != "" || out.Reason != nil {
		t.Errorf("event.WithNotice(nil) = %+v, want only the message", out)
	}
	s := &supervision{ev: hooktest.Stop("s"), opts: Options{}}
	out := s.capAnswer(&Decision{Count: 1, Max: 1}, iterationCapped, 0, 0)
	if got := event.WithNotice(out, "b").SystemMessage; !strings.HasSuffix(got, "your next prompt.\nb") {
		t.Errorf("SystemMessage = %q, want the cap's message, then the notice", got)
	}
}
