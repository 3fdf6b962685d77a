package pluginhooks

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/internal/release"
)

// TestOf: a plugin's hooks.json holds, for each event of the profile of its name and in
// the profile's order, one handler running `ccc-hooks hook` from PATH behind the guard, whose
// line names the plugin, what goes unchecked and the install line of the binary alone; with the
// install's default timeout and the statusMessage of a settings install of that profile alone. It
// is indented JSON with the shell's characters as they are.
func TestOf(t *testing.T) {
	type handler struct {
		Type, Command, StatusMessage string
		Timeout                      int
	}
	type group struct {
		Matcher string
		Hooks   []handler
	}
	for _, p := range installer.Profiles() {
		data := Of(p)
		var file struct {
			Description string
			Hooks       map[string][]group
		}
		if err := json.Unmarshal(data, &file); err != nil {
			t.Fatalf("%s: %v\n%s", p.Name, err, data)
		}
		if !strings.HasPrefix(file.Description, "ccc-hooks "+p.Name+" — "+p.Description) {
			t.Errorf("%s: description %q", p.Name, file.Description)
		}
		say := "ccc-hooks " + p.Name + ": the ccc-hooks program is not on PATH, so " + p.Unchecked +
			". Install the binary alone with `" + release.InstallLine + " -- --no-setup`, then restart Claude Code."
		want := map[string][]group{}
		var order []string
		for _, e := range p.Events {
			h := handler{"command", hookcmd.Guarded("ccc-hooks", say), installer.StatusMessage(e, p.Name == installer.Supervisor.Name), installer.DefaultTimeout}
			want[e.Hook] = []group{{Matcher: e.Matcher, Hooks: []handler{h}}}
			order = append(order, `"`+e.Hook+`": [`)
		}
		if diff := cmp.Diff(want, file.Hooks); diff != "" {
			t.Errorf("%s (-want +got):\n%s", p.Name, diff)
		}
		if !bytes.HasPrefix(data, []byte("{\n  \"description\"")) || !bytes.Contains(data, []byte(" >/dev/null 2>&1 || {")) {
			t.Errorf("%s: not indented, or the shell's characters escaped:\n%s", p.Name, data)
		}
		last := -1
		for _, key := range order {
			i := bytes.Index(data, []byte(key))
			if i < last {
				t.Errorf("%s: %s stands before the event before it in the profile", p.Name, key)
			}
			last = i
		}
	}
}
