package bashsandbox

import (
	"context"
	"encoding/json"
	"errors"
	"os/exec"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// machine is a fake machine: the programs on its PATH and what a run of bwrap does.
type machine struct {
	onPath []string
	bwrap  func(ctx context.Context) ([]byte, error)
	ran    [][]string
}

func (m *machine) env(goos string) Machine {
	return Machine{
		GOOS: goos,
		LookPath: func(name string) (string, error) {
			if slices.Contains(m.onPath, name) {
				return "/usr/bin/" + name, nil
			}
			return "", exec.ErrNotFound
		},
		Output: func(ctx context.Context, name string, args ...string) ([]byte, error) {
			m.ran = append(m.ran, append([]string{name}, args...))
			return m.bwrap(ctx)
		},
	}
}

func works(context.Context) ([]byte, error) { return nil, nil }

func TestCheck(t *testing.T) {
	noNamespace := func(context.Context) ([]byte, error) {
		return nil, &exec.ExitError{Stderr: []byte("bwrap: No permissions to create new namespace\n")}
	}
	tests := []struct {
		name   string
		goos   string
		onPath []string
		bwrap  func(context.Context) ([]byte, error)
		want   Finding
		ran    bool
	}{
		{
			name: "linux with both", goos: "linux", onPath: []string{"bwrap", "socat"}, bwrap: works,
			want: Finding{Backend: "bubblewrap"}, ran: true,
		},
		{
			name: "linux without socat", goos: "linux", onPath: []string{"bwrap"}, bwrap: works,
			want: Finding{Backend: "bubblewrap", Missing: []string{"socat"}}, ran: true,
		},
		{
			name: "linux without either", goos: "linux", bwrap: works,
			want: Finding{Backend: "bubblewrap", Missing: []string{"bwrap", "socat"}},
		},
		{
			name: "bwrap without namespaces", goos: "linux", onPath: []string{"bwrap", "socat"}, bwrap: noNamespace,
			want: Finding{Backend: "bubblewrap", Broken: "bwrap: No permissions to create new namespace"}, ran: true,
		},
		{
			name: "bwrap silent failure", goos: "linux", onPath: []string{"bwrap", "socat"},
			bwrap: func(context.Context) ([]byte, error) { return nil, errors.New("exit status 1") },
			want:  Finding{Backend: "bubblewrap", Broken: "exit status 1"}, ran: true,
		},
		{name: "macOS has Seatbelt", goos: "darwin", want: Finding{Backend: "Seatbelt"}},
		{name: "Windows has none", goos: "windows", onPath: []string{"bwrap", "socat"}, want: Finding{}},
		{name: "FreeBSD has none", goos: "freebsd", onPath: []string{"bwrap", "socat"}, want: Finding{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &machine{onPath: tt.onPath, bwrap: tt.bwrap}
			got := Check(context.Background(), m.env(tt.goos))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Check (-want +got):\n%s", diff)
			}
			if got.Available() != (tt.want.Backend != "" && len(tt.want.Missing) == 0 && tt.want.Broken == "") {
				t.Errorf("Available() = %v for %+v", got.Available(), got)
			}
			if (len(m.ran) > 0) != tt.ran {
				t.Fatalf("ran %q, want a trial run: %v", m.ran, tt.ran)
			}
			if tt.ran {
				want := append([]string{"/usr/bin/bwrap"}, probeArgs...)
				if diff := cmp.Diff(want, m.ran[0]); diff != "" {
					t.Errorf("trial run (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// TestCheckTimesOut: the trial run gets a deadline of at most ProbeTimeout, and a bwrap still
// running when it passes is reported as such (here the caller's deadline has passed already).
func TestCheckTimesOut(t *testing.T) {
	m := &machine{onPath: []string{"bwrap", "socat"}, bwrap: func(ctx context.Context) ([]byte, error) {
		if deadline, ok := ctx.Deadline(); !ok || time.Until(deadline) > ProbeTimeout {
			t.Errorf("trial run without a deadline within %s", ProbeTimeout)
		}
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	ctx, cancel := context.WithDeadline(context.Background(), time.Now())
	defer cancel()
	got := Check(ctx, m.env("linux"))
	if got.Available() || got.Broken != "bwrap did not finish within "+ProbeTimeout.String() {
		t.Errorf("Check = %+v, want a bwrap that did not finish", got)
	}
}

// TestCheckThisMachine runs the trial for real where the machine has bubblewrap: it must agree
// with bwrap itself.
func TestCheckThisMachine(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("bubblewrap is Linux's")
	}
	bwrap := testneed.Program(t, "bwrap")
	env := Machine{GOOS: "linux", LookPath: exec.LookPath, Output: func(ctx context.Context, name string, args ...string) ([]byte, error) {
		return exec.CommandContext(ctx, name, args...).Output()
	}}
	f := Check(context.Background(), env)
	direct := exec.Command(bwrap, probeArgs...).Run()
	if (f.Broken == "") != (direct == nil) {
		t.Errorf("Check says broken %q, bwrap itself: %v", f.Broken, direct)
	}
}

// TestSettings pins the sandbox object the reviewer gets, as Claude Code reads it.
func TestSettings(t *testing.T) {
	tests := []struct {
		plan Plan
		want string
	}{
		{Plan{ReadOnly: []string{"/work/p", "/home/u"}}, `{"allowUnsandboxedCommands":false,"autoAllowBashIfSandboxed":false,"enabled":true,` +
			`"failIfUnavailable":false,"filesystem":{"denyWrite":["/work/p","/home/u"],"disabled":false}}`},
		{Plan{ReadOnly: []string{"/w"}, Excluded: []string{"go test:*"}}, `{"allowUnsandboxedCommands":false,"autoAllowBashIfSandboxed":false,"enabled":true,` +
			`"excludedCommands":["go test:*"],"failIfUnavailable":false,"filesystem":{"denyWrite":["/w"],"disabled":false}}`},
	}
	for _, tt := range tests {
		data, err := json.Marshal(tt.plan.Settings())
		if err != nil {
			t.Fatal(err)
		}
		if string(data) != tt.want {
			t.Errorf("Settings of %+v = %s, want %s", tt.plan, data, tt.want)
		}
	}
}
