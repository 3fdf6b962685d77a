package reviewer

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/google/go-cmp/cmp"
)

// TestReadProjectSettings: the names of the env of the project file of the directory Claude Code
// started in and of the local files there and at the top of the repository are read (not the
// project file at the top); a file that is not JSON is reported and the others still read; the
// servers of .mcp.json go to --mcp-config as the user's files approve them, and never as the
// project's files do: the agent under review writes those.
func TestReadProjectSettings(t *testing.T) {
	t.Parallel()
	top := t.TempDir()
	start := filepath.Join(top, "sub")
	user, managed := filepath.Join(top, "user.json"), filepath.Join(top, "managed.json")
	for path, data := range map[string]string{
		filepath.Join(start, ".claude", "settings.json"):       `{"env":{"START_PROJECT":"1"},"enabledMcpjsonServers":["d"]}`,
		filepath.Join(start, ".claude", "settings.local.json"): `{"env":{"START_LOCAL":"1"}`,
		filepath.Join(top, ".claude", "settings.json"):         `{"env":{"TOP_PROJECT":"1"}}`,
		filepath.Join(top, ".claude", "settings.local.json"):   `{"env":{"TOP_LOCAL":"1"},"enableAllProjectMcpServers":true}`,
		filepath.Join(start, ".mcp.json"):                      `{"mcpServers":{"a":{"command":"a"},"b":{"command":"b"},"c":{"command":"c"},"d":{"command":"d"}}}`,
		user:                                                   `{"enabledMcpjsonServers":["a","c"],"disabledMcpjsonServers":["c"]}`,
		managed:                                                `{"enabledMcpjsonServers":["b"]}`,
	} {
		testfs.Write(t, path, data, 0o644)
	}
	approvers := []string{user, managed, filepath.Join(top, "missing.json")}
	ps, err := readProjectSettings(start, top, approvers)
	if err == nil || !strings.Contains(err.Error(), filepath.Join(start, ".claude", "settings.local.json")) {
		t.Errorf("error = %v, want the local file of %s named", err, start)
	}
	slices.Sort(ps.env)
	if diff := cmp.Diff([]string{"START_PROJECT", "TOP_LOCAL"}, ps.env); diff != "" {
		t.Errorf("env names (-want +got):\n%s", diff)
	}
	if want := `{"mcpServers":{"a":{"command":"a"},"b":{"command":"b"}}}`; ps.mcp != want {
		t.Errorf("mcp = %s, want %s", ps.mcp, want)
	}
	if ps, _ := readProjectSettings(start, top, nil); ps.mcp != "" {
		t.Errorf("mcp approved by the project's files alone = %s, want none", ps.mcp)
	}

	testfs.Write(t, user, `{"enableAllProjectMcpServers":true,"disabledMcpjsonServers":["d"]}`, 0o644)
	ps, err = readProjectSettings(start, top, approvers)
	if err == nil {
		t.Fatal("the local file of start is not JSON: no error")
	}
	if want := `{"mcpServers":{"a":{"command":"a"},"b":{"command":"b"},"c":{"command":"c"}}}`; ps.mcp != want {
		t.Errorf("mcp with every server approved = %s, want %s", ps.mcp, want)
	}
	if ps, err := readProjectSettings(top, "", approvers); err != nil || ps.mcp != "" || !slices.Equal(ps.env, []string{"TOP_PROJECT", "TOP_LOCAL"}) {
		t.Errorf("settings of %s: %+v, %v; want TOP_PROJECT, TOP_LOCAL and no servers (no .mcp.json there)", top, ps, err)
	}
	testfs.Write(t, filepath.Join(top, ".mcp.json"), `{"mcpServers":`, 0o644)
	if _, err := readProjectSettings(top, "", approvers); err == nil {
		t.Error("a .mcp.json that is not JSON: no error")
	}
}
