package config

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestWallBadValues: a bound out of range or not a whole number, a credentials path outside the
// home directory and an unknown key are each a problem naming the field; the defaults and the
// good paths stay.
func TestWallBadValues(t *testing.T) {
	in := `{"supervisor":{"wall":{"disk_mb":1,"memory_mb":"lots","processes":299,"credentials":["/etc/shadow","~/../x","","ok",3],"size":1,"reviewer":"no"}}}`
	cfg, problems := Parse([]byte(in))
	want := Wall{Bounds: DefaultWall().Bounds, Credentials: []string{"ok"}}
	if diff := cmp.Diff(want, cfg.Wall); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	var fields []string
	for _, p := range problems {
		fields = append(fields, p.Field)
	}
	wantFields := []string{
		"supervisor.wall.disk_mb", "supervisor.wall.memory_mb", "supervisor.wall.processes",
		"supervisor.wall.credentials[0]", "supervisor.wall.credentials[1]", "supervisor.wall.credentials[2]",
		"supervisor.wall.credentials[4]", "supervisor.wall.reviewer", "supervisor.wall.size",
	}
	if diff := cmp.Diff(wantFields, fields); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
	if cfg, problems := Parse([]byte(`{"supervisor":{"wall":{"credentials":".ssh2"}}}`)); len(problems) != 1 || cfg.Wall.Credentials != nil {
		t.Errorf("a credentials value that is no list: %v, %+v", problems, cfg.Wall)
	}
}
