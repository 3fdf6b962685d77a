package blockcap

import "testing"

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
