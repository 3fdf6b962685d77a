package plugins_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/installer/pluginhooks"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

var update = flag.Bool("update", false, "write plugins/*/hooks/hooks.json as pluginhooks.Of writes them")

// TestHooksFileIsWritten: each plugin's hooks/hooks.json is, byte for byte, what the one writer of
// our hook entries writes for the profile of its name (pluginhooks.Of): nobody keeps it by
// hand. `go test ./plugins -run TestHooksFileIsWritten -update` writes the files.
func TestHooksFileIsWritten(t *testing.T) {
	for _, name := range pluginNames() {
		profile, err := installer.ProfileByName(name)
		if err != nil {
			t.Fatal(err)
		}
		want := pluginhooks.Of(profile)
		if *update {
			if err := os.WriteFile(filepath.Join(name, "hooks", "hooks.json"), want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if got := hooksFile(t, name); !bytes.Equal(got, want) {
			t.Errorf("%s/hooks/hooks.json is not what pluginhooks.Of writes (go test ./plugins -run %s -update):\n%s",
				name, t.Name(), cmp.Diff(string(want), string(got)))
		}
	}
}

// Each plugin's hooks are the events of the installer profile of the same name, each running
// `ccc-hooks hook` behind the guard for a missing program (hookcmd reads it as ours, running
// ccc-hooks from PATH) with the installer's default timeout and the statusMessage a settings
// install of that profile alone writes: a plugin install and a settings install of one profile
// fire on the same events, and Claude Code's spinner says the same while they run.
func TestPluginHooksAreTheProfilesEvents(t *testing.T) {
	for _, name := range pluginNames() {
		profile, err := installer.ProfileByName(name)
		if err != nil {
			t.Fatal(err)
		}
		handlers, err := settings.Handlers(hooksFile(t, name))
		if err != nil {
			t.Fatalf("%s/hooks/hooks.json: %v", name, err)
		}
		var got, want []string
		for _, r := range handlers {
			got = append(got, installer.Event{Hook: r.Event, Matcher: r.Matcher}.Label())
			if r.Type != "command" || !strings.HasSuffix(r.Command, "; exec ccc-hooks hook") || !hookcmd.IsOurs(r.Command) ||
				hookcmd.Binary(r.Command) != "ccc-hooks" || !r.HasTimeout || r.Timeout != 600 {
				t.Errorf("%s: %s runs %s %q (timeout %v), want command `ccc-hooks hook` behind the guard, timeout 600",
					name, r.Event, r.Type, r.Command, r.Timeout)
			}
			if want := installer.StatusMessage(installer.Event{Hook: r.Event, Matcher: r.Matcher}, name == installer.Supervisor.Name); r.StatusMessage != want || r.Shell != "" {
				t.Errorf("%s: %s has statusMessage %q and shell %q, want %q and none", name, r.Event, r.StatusMessage, r.Shell, want)
			}
		}
		for _, e := range profile.Events {
			want = append(want, e.Label())
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s plugin hooks (-profile events +plugin events):\n%s", name, diff)
		}
	}
}

// The marketplace at the repository root is named ccc-hooks and lists every plugin from its
// folder, under the name its plugin.json gives: one plugin for each installer profile, in the
// profiles' order.
func TestMarketplaceListsThePlugins(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", ".claude-plugin", "marketplace.json"))
	if err != nil {
		t.Fatal(err)
	}
	var market struct {
		Name    string `json:"name"`
		Plugins []struct {
			Name   string `json:"name"`
			Source string `json:"source"`
		} `json:"plugins"`
	}
	if err := json.Unmarshal(data, &market); err != nil {
		t.Fatal(err)
	}
	if market.Name != installer.PluginMarketplace {
		t.Errorf("marketplace name %q, want %q", market.Name, installer.PluginMarketplace)
	}
	var names []string
	for _, p := range market.Plugins {
		names = append(names, p.Name)
		if p.Source != "./plugins/"+p.Name {
			t.Errorf("plugin %s: source %q, want ./plugins/%s", p.Name, p.Source, p.Name)
		}
		var manifest struct {
			Name string `json:"name"`
		}
		if err := json.Unmarshal(readFile(t, filepath.Join(p.Name, ".claude-plugin", "plugin.json")), &manifest); err != nil || manifest.Name != p.Name {
			t.Errorf("plugin %s: plugin.json name %q (%v), want %q", p.Name, manifest.Name, err, p.Name)
		}
	}
	if diff := cmp.Diff(pluginNames(), names); diff != "" {
		t.Errorf("marketplace plugins (-want +got):\n%s", diff)
	}
}

// pluginNames lists the plugins: one for each installer profile, of the profile's name.
func pluginNames() []string {
	var names []string
	for _, p := range installer.Profiles() {
		names = append(names, p.Name)
	}
	return names
}

// hooksFile returns the hooks/hooks.json of the named plugin, as it is in the repository.
func hooksFile(t *testing.T, plugin string) []byte {
	t.Helper()
	return readFile(t, filepath.Join(plugin, "hooks", "hooks.json"))
}

// readFile returns the file at path, from this folder.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
