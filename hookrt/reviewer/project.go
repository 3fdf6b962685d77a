package reviewer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
	"github.com/ccc-hooks/ccc-hooks/settings"
	"github.com/tidwall/gjson"
)

// The project's settings are kept out of the review: their files are the agent's to write, and
// their hooks and env would act in the review (docs/supervisor.md, "Not the project's
// settings"). The reviewer loads the user's settings only (--setting-sources=user); of the
// project's files it takes the servers of .mcp.json that a file the agent does not write approves
// (the user's or the managed settings: projectMCP, given by --mcp-config, so that its tools and
// its cache are the session's), and of the variables their env sets only the provider's
// (package reviewer leaves out the rest).

// projectSettings is what the review takes from, and leaves out of, the project's settings files.
type projectSettings struct {
	env []string // the names the files' env sets
	mcp string   // --mcp-config for the approved servers of .mcp.json; "" for none
	// what the user's files approve of .mcp.json (the keys Claude Code reads for it)
	enableAll         bool
	enabled, disabled []string
}

// readProjectSettings reads the project settings file of start (Claude Code reads it only in the
// directory it started in) and the local settings files of start and of root (the top of the
// repository: where Claude Code reads it) for the env they set, and then start's .mcp.json, of
// whose servers the review starts those the files of approvers approve (projectMCP): the user's
// and the managed settings files, which the agent under review does not write. A missing file is
// nothing; a file that cannot be read or is not a JSON object is reported, and adds nothing
// (Claude Code skips such a file too).
func readProjectSettings(start, root string, approvers []string) (projectSettings, error) {
	files := []string{paths.ProjectFile(start), paths.LocalFile(start)}
	if root != "" && root != start {
		files = append(files, paths.LocalFile(root))
	}
	var ps projectSettings
	var errs []error
	for _, file := range files {
		doc, err := readJSON(file)
		if err != nil {
			errs = append(errs, err)
		}
		doc.Get("env").ForEach(func(k, _ gjson.Result) bool {
			if !slices.Contains(ps.env, k.String()) {
				ps.env = append(ps.env, k.String())
			}
			return true
		})
	}
	for _, file := range approvers {
		doc, err := readJSON(file)
		if err != nil {
			errs = append(errs, err)
		}
		ps.enableAll = ps.enableAll || doc.Get("enableAllProjectMcpServers").Bool()
		for key, list := range map[string]*[]string{"enabledMcpjsonServers": &ps.enabled, "disabledMcpjsonServers": &ps.disabled} {
			doc.Get(key).ForEach(func(_, name gjson.Result) bool {
				*list = append(*list, name.String())
				return true
			})
		}
	}
	if err := ps.projectMCP(filepath.Join(start, ".mcp.json")); err != nil {
		errs = append(errs, err)
	}
	return ps, errors.Join(errs...)
}

// readJSON reads the settings-like JSON file path; a missing file is an empty document.
func readJSON(path string) (gjson.Result, error) {
	data, err := safefile.ReadRegular(path, settings.MaxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return gjson.Result{}, nil
	}
	if err == nil && !gjson.ValidBytes(data) {
		err = fmt.Errorf("%s is not valid JSON", path)
	}
	if err != nil {
		return gjson.Result{}, err
	}
	return gjson.ParseBytes(data), nil
}

// projectMCP sets ps.mcp to the servers of the .mcp.json file path that the user's files approve
// (enableAllProjectMcpServers, or named by enabledMcpjsonServers) and do not refuse
// (disabledMcpjsonServers), as Claude Code approves them.
func (ps *projectSettings) projectMCP(path string) error {
	doc, err := readJSON(path)
	if err != nil {
		return err
	}
	servers := map[string]json.RawMessage{}
	doc.Get("mcpServers").ForEach(func(name, server gjson.Result) bool {
		n := name.String()
		if (ps.enableAll || slices.Contains(ps.enabled, n)) && !slices.Contains(ps.disabled, n) && server.IsObject() {
			servers[n] = json.RawMessage(server.Raw)
		}
		return true
	})
	if len(servers) == 0 {
		return nil
	}
	data, err := json.Marshal(map[string]any{"mcpServers": servers})
	ps.mcp = string(data)
	return err
}
