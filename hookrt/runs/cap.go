package runs

import "github.com/ccc-hooks/ccc-hooks/internal/blockcap"

// CapVar is the variable in which Claude Code's cap on Stop blocks in a row is set.
const CapVar = blockcap.Var

// Cap returns Claude Code's cap on Stop blocks in a row as the hook sees it (Claude Code hands
// its environment, the "env" of its settings included, to hooks): 0 means none. A value that is
// not a whole number ≥ 0 counts as unset, which is the default. Both profiles read the cap here.
func Cap(getenv func(string) string) int {
	if n, ok := blockcap.Parse(getenv(CapVar)); ok {
		return n
	}
	return blockcap.Default
}
