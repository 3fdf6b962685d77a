//go:build unix

package installer

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO in place of Claude Code's records or of a settings file never hangs Plugins.
func TestPluginsFIFOsDoNotHang(t *testing.T) {
	loc, config := pluginWorld(t)
	local := filepath.Join(loc.ProjectDir, ".claude", "settings.local.json")
	if err := os.MkdirAll(filepath.Dir(local), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, fifo := range []string{filepath.Join(config, "settings.json"), local} {
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan []pluginRow, 1)
	go func() { done <- pluginRows(t, loc) }()
	select {
	case rows := <-done:
		if len(rows) != 2 || rows[0].Enabled || rows[1].Enabled {
			t.Errorf("rows = %+v, want both plugins, neither enabled (no readable enabledPlugins)", rows)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Plugins hangs on a FIFO settings file")
	}
	records := filepath.Join(config, "plugins", "installed_plugins.json")
	if err := os.Remove(records); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(records, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Plugins(loc); err == nil || !strings.Contains(err.Error(), "installed_plugins.json") {
		t.Errorf("FIFO records: err = %v, want one naming installed_plugins.json", err)
	}
}
