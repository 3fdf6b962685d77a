package once

// The tests run under Wine too (scripts/windows-check.sh).
import _ "github.com/ccc-hooks/ccc-hooks/internal/winetest"
