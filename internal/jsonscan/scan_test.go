package jsonscan

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestTokens: each scanner returns where its token ends, or the offset of the byte that makes
// it invalid, the same for a string and a byte slice.
func TestTokens(t *testing.T) {
	tests := []struct {
		name string
		scan func(string) (int, bool)
		src  string
		end  int
		ok   bool
	}{
		{"string", str, `"a\"b" x`, 6, true},
		{"string with \\u", str, `"\u00e9"`, 8, true},
		{"unclosed string", str, `"abc`, 4, false},
		{"control character", str, "\"a\nb\"", 2, false},
		{"bad escape", str, `"a\x"`, 3, false},
		{"short \\u", str, `"\u12g4"`, 5, false},
		{"\\u at the end", str, `"\u12`, 5, false},
		{"true", lit("true"), `true,`, 4, true},
		{"tru", lit("true"), `tru`, 0, false},
		{"number", num, `-0.5e+7]`, 7, true},
		{"leading zero ends the number", num, `01`, 1, true},
		{"no digit after the point", num, `1.x`, 2, false},
		{"no digit in the exponent", num, `1e+`, 3, false},
		{"a lone minus", num, `-`, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			end, ok := tt.scan(tt.src)
			if end != tt.end || ok != tt.ok {
				t.Errorf("scan(%q) = %d, %v; want %d, %v", tt.src, end, ok, tt.end, tt.ok)
			}
		})
	}
}

func str(s string) (int, bool) {
	end, ok := String(s, 0)
	if bend, bok := String([]byte(s), 0); bend != end || bok != ok {
		return -1, false // a string and its bytes disagree
	}
	return end, ok
}

func lit(word string) func(string) (int, bool) {
	return func(s string) (int, bool) { return Literal(s, 0, word) }
}

func num(s string) (int, bool) { return Number(s, 0) }

func TestSkipSpace(t *testing.T) {
	if got := SkipSpace(" \t\r\n x", 0); got != 5 {
		t.Errorf("SkipSpace = %d, want 5", got)
	}
	if got := SkipSpace("  ", 1); got != 2 {
		t.Errorf("SkipSpace at the end = %d, want 2", got)
	}
}

func TestValidDepth(t *testing.T) {
	for _, depth := range []int{MaxDepth, MaxDepth + 1} {
		src := []byte(strings.Repeat("[", depth) + strings.Repeat("]", depth))
		if got, want := Valid(src), json.Valid(src); got != want {
			t.Errorf("depth %d: Valid = %v, encoding/json says %v", depth, got, want)
		}
	}
}

// FuzzValid checks that Valid accepts exactly what encoding/json accepts.
func FuzzValid(f *testing.F) {
	for _, s := range []string{
		`0`, `-0.5e+7`, `01`, `1.`, `"\u12g4"`, `"\ud83d"`, "\"\x01\"", `[1,]`, `{"a" 1}`, `tru`, ` null `, "\xff",
		`{"a": [1, {"b": null}], "c": "d"}`, `{}`, `[]`, `{"a":1,}`, `[1 2]`, ``, ` `,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if got, want := Valid(src), json.Valid(src); got != want {
			t.Fatalf("Valid(%q) = %v, encoding/json says %v", src, got, want)
		}
	})
}
