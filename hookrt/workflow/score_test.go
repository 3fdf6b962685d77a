package workflow

import "testing"

func TestParseScore(t *testing.T) {
	tests := []struct {
		name string
		text string
		want float64
		ok   bool
	}{
		{"zh half-width colon", "总分: 9/10", 9, true},
		{"zh full-width colon", "总分：7/10", 7, true},
		{"markdown bold label", "**总分**: 8/10", 8, true},
		{"markdown bold label full-width", "**总分：** 8/10", 8, true},
		{"bold value", "总分: **9**/10", 9, true},
		{"bold line", "**Score: 9/10**", 9, true},
		{"english", "Score: 6/10", 6, true},
		{"lower case", "final score: 8/10", 8, true},
		{"spaces", "总分 ： 8 / 10", 8, true},
		{"decimal", "总分: 8.5/10", 8.5, true},
		{"last match wins", "初评总分: 6/10\n修改后复查……\n最终总分: 9/10", 9, true},
		{"last match wins downwards", "Score: 9/10 before, Score: 7/10 after", 7, true},
		{"denominator 100", "Score: 85/100", 0, false},
		{"at most 10 over 100", "Score: 9/100", 0, false},
		{"at most 10 over 5", "总分: 4/5", 0, false},
		{"at most 10 over 20", "总分：9/20", 0, false},
		{"over 100 after a real score", "Score: 6/10, later Score: 9/100", 6, true},
		{"denominator 100 then 10", "Score: 85/100, 总分: 8/10", 8, true},
		{"denominator 10 then 100", "总分: 8/10, Score: 85/100", 8, true},
		{"above 10", "Score: 12/10", 0, false},
		{"zero", "Score: 0/10", 0, true},
		{"full marks", "总分: 10/10", 10, true},
		{"unlabelled", "初评 6/10 … 最终 9/10", 0, false},
		{"none", "looks good", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := ParseScore(tt.text)
			if got != tt.want || ok != tt.ok {
				t.Errorf("ParseScore(%q) = %v, %v; want %v, %v", tt.text, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestParseReviewScore(t *testing.T) {
	tests := []struct {
		name string
		text string
		want float64
		ok   bool
	}{
		{"unlabelled last match", "初评 6/10 … 最终 9/10", 9, true},
		{"labelled wins over bare", "总分: 7/10, 3/10 checks failed", 7, true},
		{"bare 85/100", "85/100", 0, false},
		{"bare 9/100", "9/100", 0, false},
		{"labelled 9/100", "Score: 9/100", 0, false},
		{"none", "no score", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := parseReviewScore(tt.text)
			if got != tt.want || ok != tt.ok {
				t.Errorf("parseReviewScore(%q) = %v, %v; want %v, %v", tt.text, got, ok, tt.want, tt.ok)
			}
		})
	}
}

// FuzzParseScore checks that a score, when read, is out of 10 and within 0..10, and that the
// review parser agrees with the labelled one whenever a labelled score exists.
func FuzzParseScore(f *testing.F) {
	for _, s := range []string{"总分: 9/10", "**总分**：7/10", "Score: 85/100", "初评 6/10 … 最终 9/10", "8.5/10", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, ok := ParseScore(text)
		if ok && (s < 0 || s > 10) {
			t.Errorf("ParseScore(%q) = %v, out of range", text, s)
		}
		r, rok := parseReviewScore(text)
		if rok && (r < 0 || r > 10) {
			t.Errorf("parseReviewScore(%q) = %v, out of range", text, r)
		}
		if ok && (!rok || r != s) {
			t.Errorf("parseReviewScore(%q) = %v, %v; ParseScore gave %v", text, r, rok, s)
		}
	})
}
