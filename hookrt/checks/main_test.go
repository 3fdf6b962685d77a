package checks

import (
	"os"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

// TestMain lets the test binary be the wall's own process, as ccc-hooks is.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == wall.InitArg {
		os.Exit(wall.Init())
	}
	os.Exit(m.Run())
}
