package workflow

import "testing"

// TestNotifyOnlyWhenTrue: a blocked task is announced only when workflow.notify is the literal
// true in valid JSON; any other value, or a file that cannot be used, means no notification.
func TestNotifyOnlyWhenTrue(t *testing.T) {
	tests := []struct {
		name   string
		config string // "" for no file
		want   int
	}{
		{"no file", "", 0},
		{"true", `{"workflow": {"notify": true}}`, 1},
		{"false", `{"workflow": {"notify": false}}`, 0},
		{"a string", `{"workflow": {"notify": "yes"}}`, 0},
		{"a number", `{"workflow": {"notify": 1}}`, 0},
		{"workflow not an object", `{"workflow": true}`, 0},
		{"invalid JSON", `{"workflow": {"notify": true}`, 0},
		{"beside bad supervisor settings", `{"supervisor": {"max_iterations": 0}, "workflow": {"notify": true}}`, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			if tt.config != "" {
				f.writeConfig(tt.config)
			}
			f.prompt("/mc fix it")
			f.stop()
			if len(f.notes) != tt.want {
				t.Errorf("notifications %q, want %d", f.notes, tt.want)
			}
		})
	}
}
