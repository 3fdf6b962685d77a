package config

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestRetentionDays: retention_days is a top-level whole number of days in 1..3650, 30 when
// missing; anything else is a problem named "retention_days" (its key, for doctor) and the
// default is used. The supervisor's and the workflow's keys are not affected by it.
func TestRetentionDays(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		want     int
		problems []string
	}{
		{"missing", `{}`, 30, nil},
		{"set", `{"retention_days": 90}`, 90, nil},
		{"lowest", `{"retention_days": 1}`, 1, nil},
		{"highest", `{"retention_days": 3650}`, 3650, nil},
		{"zero", `{"retention_days": 0}`, 30, []string{"retention_days"}},
		{"too many", `{"retention_days": 3651}`, 30, []string{"retention_days"}},
		{"fraction", `{"retention_days": 1.5}`, 30, []string{"retention_days"}},
		{"string", `{"retention_days": "30"}`, 30, []string{"retention_days"}},
		{"under the supervisor is not it", `{"supervisor": {"retention_days": 5}}`, 30, nil},
		{"invalid file", `{"retention_days": 5`, 30, []string{""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, problems := ParseAll([]byte(tt.in))
			if cfg.RetentionDays != tt.want {
				t.Errorf("RetentionDays = %d, want %d", cfg.RetentionDays, tt.want)
			}
			if cfg.Retention() != time.Duration(tt.want)*24*time.Hour {
				t.Errorf("Retention() = %s for %d days", cfg.Retention(), tt.want)
			}
			var fields []string
			for _, p := range problems {
				fields = append(fields, p.Field)
				if p.Key() != p.Field {
					t.Errorf("problem %q has key %q", p.Field, p.Key())
				}
			}
			if diff := cmp.Diff(tt.problems, fields); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
	_, problems := ParseAll([]byte(`{"retention_days": 0}`))
	if got, want := problems[0].String(), "retention_days: 0 is out of range 1..3650; using 30"; got != want {
		t.Errorf("problem = %q, want %q", got, want)
	}
	if sup, p := Parse([]byte(`{"retention_days": 0}`)); len(p) != 0 || !cmp.Equal(sup, Default()) {
		t.Errorf("the supervisor's settings took the retention problem: %+v, %v", sup, p)
	}
}
