package checks

import (
	"context"
	"errors"
	"runtime"
	"testing"
)

// TestWallStands: on Linux a check that ran behind the wall for this review shows it stands and
// no trial is run; a reused result, a refused check or no check leaves it to the trial. Elsewhere
// it never stands, whatever the trial says.
func TestWallStands(t *testing.T) {
	refused := errors.New("no namespaces here")
	for _, tt := range []struct {
		name    string
		results []Result
		trial   error
		stands  bool
		tried   bool
	}{
		{"a check ran just now", []Result{{Outcome: Failed}}, refused, true, false},
		{"a reused result", []Result{{Outcome: Passed, Reused: true}}, refused, false, true},
		{"a refused check", []Result{{Outcome: Refused}}, nil, true, true},
		{"no checks, the trial stands", nil, nil, true, true},
		{"no checks, the trial fails", nil, refused, false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tried := false
			probe := func(context.Context) error { tried = true; return tt.trial }
			err := Evidence{Results: tt.results}.WallStands(context.Background(), "", probe)
			if runtime.GOOS != "linux" {
				if err == nil {
					t.Errorf("the wall stands on %s", runtime.GOOS)
				}
				return
			}
			if stands := err == nil; stands != tt.stands || tried != tt.tried {
				t.Errorf("stands %v (err %v), trial run %v; want %v, %v", stands, err, tried, tt.stands, tt.tried)
			}
		})
	}
}
