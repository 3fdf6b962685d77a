package installer

// pluginStatusRows are the status rows of the ccc-hooks plugins Claude Code installed for this user
// and project (see Plugins): one per installation, its hooks resolved like a settings file's.
// When Claude Code's record of its plugins cannot be read, one row names that file and why.
func pluginStatusRows(opts StatusOptions) []StatusRow {
	plugins, err := Plugins(opts.Locator)
	if err != nil {
		return []StatusRow{{Scope: ScopePlugin, Path: opts.Locator.InstalledPluginsFile(), Exists: true, Error: err.Error()}}
	}
	var rows []StatusRow
	for _, p := range plugins {
		row := StatusRow{
			Scope: ScopePlugin, Path: p.InstallPath, Exists: true, Enabled: p.Enabled,
			Plugin: p.ID, PluginScope: p.Scope,
		}
		if _, err := ProfileByName(p.Name); err == nil {
			row.Profiles = []string{p.Name}
		}
		if p.HooksErr != nil {
			row.Error = p.HooksErr.Error()
		}
		for _, h := range p.Hooks {
			row.addHook(hookStatus(h, opts))
		}
		rows = append(rows, row)
	}
	return rows
}
