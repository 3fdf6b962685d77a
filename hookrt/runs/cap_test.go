package runs

import (
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/blockcap"
)

// TestCap: the cap as the hook sees it, a value that is not a whole number ≥ 0 taken for unset.
func TestCap(t *testing.T) {
	tests := []struct {
		raw  string
		want int
	}{
		{"", blockcap.Default},
		{"   ", blockcap.Default},
		{"0", 0},
		{"3", 3},
		{" 20 ", 20},
		{"-1", blockcap.Default},
		{"lots", blockcap.Default},
		{"2.5", blockcap.Default},
	}
	for _, tt := range tests {
		getenv := func(k string) string {
			if k == CapVar {
				return tt.raw
			}
			return ""
		}
		if got := Cap(getenv); got != tt.want {
			t.Errorf("%s=%q: got %d, want %d", CapVar, tt.raw, got, tt.want)
		}
	}
}
