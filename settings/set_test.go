package settings

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSetValue(t *testing.T) {
	tests := []struct {
		name, in string
		path     []string
		raw      string
		want     string
	}{
		{"blank creates", "", []string{"a", "b"}, "true", "{\n  \"a\": {\n    \"b\": true\n  }\n}\n"},
		{"replace in place", "{\n\t\"a\": {\"b\": 1.0, \"c\": 2}\n}", []string{"a", "b"}, "3", "{\n\t\"a\": {\"b\": 3, \"c\": 2}\n}"},
		{"add to tab file", "{\n\t\"x\": 1\n}\n", []string{"a", "b"}, `"v"`, "{\n\t\"x\": 1,\n\t\"a\": {\n\t\t\"b\": \"v\"\n\t}\n}\n"},
		{"crlf", "{\r\n  \"a\": {\r\n    \"x\": 1\r\n  }\r\n}\r\n", []string{"a", "b"}, "false", "{\r\n  \"a\": {\r\n    \"x\": 1,\r\n    \"b\": false\r\n  }\r\n}\r\n"},
		{"compact", `{"x":1}`, []string{"a", "b"}, "true", `{"x":1,"a":{"b":true}}`},
		{"unicode kept", "{\"名\": \"\\u4e2d\"}", []string{"名"}, `"x"`, `{"名": "x"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := SetValue([]byte(tt.in), tt.path, tt.raw)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestSetValueRefuses(t *testing.T) {
	var syn *SyntaxError
	if _, err := SetValue([]byte(`{"a":`), []string{"a"}, "1"); !errors.As(err, &syn) {
		t.Errorf("truncated JSON: err = %v, want a SyntaxError", err)
	}
	var st *StructureError
	for _, in := range []string{`[1]`, `{"a": []}`, `{"a": "on"}`} {
		if _, err := SetValue([]byte(in), []string{"a", "b"}, "1"); !errors.As(err, &st) {
			t.Errorf("%s: err = %v, want a StructureError", in, err)
		}
	}
	if _, err := SetValue([]byte(`{}`), []string{"a"}, "not json"); err == nil {
		t.Error("raw that is not JSON was accepted")
	}
}
