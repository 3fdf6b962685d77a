package installer

import (
	"path/filepath"
	"strings"
)

// ProviderNames returns the NAME of every provider file settings-NAME.json in the Claude config
// dir, sorted: the values --provider accepts for files that exist.
func (l Locator) ProviderNames() []string {
	var names []string
	for _, t := range l.providers() {
		names = append(names, strings.TrimSuffix(strings.TrimPrefix(filepath.Base(t.Path), "settings-"), ".json"))
	}
	return names
}
