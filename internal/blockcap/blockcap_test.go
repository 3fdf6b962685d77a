package blockcap

import "testing"

func TestFromEnv(t *testing.T) {
	tests := []struct {
		raw  string
		want int
	}{
		{"", Default},
		{"   ", Default},
		{"0", 0},
		{"3", 3},
		{" 20 ", 20},
		{"-1", Default},
		{"lots", Default},
		{"2.5", Default},
	}
	for _, tt := range tests {
		getenv := func(k string) string {
			if k == Var {
				return tt.raw
			}
			return ""
		}
		if got := FromEnv(getenv); got != tt.want {
			t.Errorf("%s=%q: got %d, want %d", Var, tt.raw, got, tt.want)
		}
	}
}

func TestParse(t *testing.T) {
	for _, raw := range []string{"", " ", "-3", "x", "8x"} {
		if n, ok := Parse(raw); ok {
			t.Errorf("Parse(%q) = %d, ok; want not ok", raw, n)
		}
	}
	if n, ok := Parse(" 12\n"); !ok || n != 12 {
		t.Errorf("Parse(\" 12\\n\") = %d, %t; want 12, true", n, ok)
	}
}
