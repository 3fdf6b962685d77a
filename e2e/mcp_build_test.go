//go:build unix

package e2e

import (
	"path/filepath"
	"sync"
	"testing"
)

// mcpBuild is the one build of the MCP server shared by every test of this run, in the
// product's build directory.
var mcpBuild struct {
	once   sync.Once
	server MCPServer
	err    error
}

// builtMCPServer builds the MCP server on first use and fails the test when the build does.
func builtMCPServer(t testing.TB) MCPServer {
	t.Helper()
	mcpBuild.once.Do(func() {
		moduleDir, err := filepath.Abs("..")
		if err != nil {
			mcpBuild.err = err
			return
		}
		mcpBuild.server, mcpBuild.err = BuildMCPServer(moduleDir, build.dir)
	})
	if mcpBuild.err != nil {
		t.Fatal(mcpBuild.err)
	}
	return mcpBuild.server
}
