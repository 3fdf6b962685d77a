package wall

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

// TestSpecRefusesWhatCannotBeAWall: relative paths, a directory outside the project, the whole
// system as the project and no command are refused before anything runs; a home directory that
// is not one gets no layer.
func TestSpecRefusesWhatCannotBeAWall(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name    string
		s       Spec
		refused bool // a *RefusedError, else another error
	}{
		{"relative project", Spec{Project: "p", Dir: dir, Command: "true"}, false},
		{"relative directory", Spec{Project: dir, Dir: "p", Command: "true"}, false},
		{"directory outside", Spec{Project: filepath.Join(dir, "a"), Dir: filepath.Join(dir, "ab"), Command: "true"}, false},
		{"the root", Spec{Project: "/", Dir: "/", Command: "true"}, true},
		{"no command", Spec{Project: dir, Dir: dir, Command: " \n"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Run(context.Background(), tc.s)
			if err == nil || isRefused(err) != tc.refused {
				t.Errorf("err %v, refused %v", err, isRefused(err))
			}
		})
	}
	for home, want := range map[string]string{
		"/": "", "rel/home": "", filepath.Join(dir, "missing"): "", dir + "/": dir, "": "",
	} {
		s := Spec{Project: dir, Dir: dir, Home: home, Command: "true"}
		if err := s.check(); err != nil || s.Home != want {
			t.Errorf("home %q: became %q (%v), want %q", home, s.Home, err, want)
		}
	}
}

// isRefused reports whether err is a wall this machine cannot give.
func isRefused(err error) bool {
	var r *RefusedError
	return errors.As(err, &r)
}

// TestSpecLeftEmptyIsBounded: a Spec that names no time limit and no bounds runs under
// DefaultTimeout and DefaultBounds, never unbounded; an empty Spec is an error, not a panic.
func TestSpecLeftEmptyIsBounded(t *testing.T) {
	dir := t.TempDir()
	s := Spec{Project: dir, Dir: dir, Command: "true"}
	if err := s.check(); err != nil || s.Timeout != DefaultTimeout || s.Bounds != DefaultBounds {
		t.Errorf("check() = %v: timeout %s, bounds %+v; want %s and %+v", err, s.Timeout, s.Bounds, DefaultTimeout, DefaultBounds)
	}
	if _, err := Run(context.Background(), Spec{}); err == nil {
		t.Error("Run of an empty Spec: no error")
	}
}
