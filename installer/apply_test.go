package installer

import (
	"testing"

	"github.com/ccc-hooks/ccc-hooks/settings"
)

// TestPlannedChangeReuse: the planned bytes are written while the file still holds what the plan
// read and, for a change made from the ledger, the ledger is still the one planned with;
// otherwise the change is computed again.
func TestPlannedChangeReuse(t *testing.T) {
	planned := settings.Change{Old: []byte("old"), New: []byte("planned"), Existed: true, Changed: true}
	fresh := func(old []byte, _ bool) ([]byte, bool, error) { return append([]byte("fresh:"), old...), false, nil }
	created := &settings.Ledger{Path: "/s.json", CreatedFile: true}
	tests := []struct {
		name     string
		ledgered bool
		old      string
		exists   bool
		ledger   *settings.Ledger
		want     string
	}{
		{"same bytes", false, "old", true, nil, "planned"},
		{"other bytes", false, "new", true, nil, "fresh:new"},
		{"same bytes, file gone", false, "old", false, nil, "fresh:old"},
		{"same bytes, same ledger", true, "old", true, &settings.Ledger{Path: "/s.json", CreatedFile: true}, "planned"},
		{"same bytes, ledger changed", true, "old", true, &settings.Ledger{Path: "/s.json"}, "fresh:old"},
		{"same bytes, ledger gone", true, "old", true, nil, "fresh:old"},
		{"same bytes, installs changed", true, "old", true, &settings.Ledger{Path: "/s.json", CreatedFile: true, Installs: []byte(`[]`)}, "fresh:old"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := plannedChange{ch: planned}
			if tt.ledgered {
				p.ledgered = func(*settings.Ledger) settings.ChangeFunc { return fresh }
				p.ledger = created
			}
			got, _, err := p.reuse(fresh, tt.ledger)([]byte(tt.old), tt.exists)
			if err != nil || string(got) != tt.want {
				t.Errorf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}
