package plugins

import (
	"bytes"
	"testing"
)

func TestSupervisorCommands(t *testing.T) {
	cmds := Commands("supervisor")
	if len(cmds) != 2 || cmds[0].Name != "supervisor" || cmds[1].Name != "supervisor-off" {
		t.Fatalf("Commands(supervisor) = %v, want supervisor and supervisor-off", cmds)
	}
	for _, c := range cmds {
		state := "on"
		if c.Name == "supervisor-off" {
			state = "off"
		}
		if !bytes.Contains(c.Text, []byte("\n!`ccc-hooks supervisor "+state+"`\n")) {
			t.Errorf("/%s does not run `ccc-hooks supervisor %s`:\n%s", c.Name, state, c.Text)
		}
	}
	if got := Commands("nonesuch"); len(got) != 0 {
		t.Errorf("Commands(nonesuch) = %v, want none", got)
	}
}
