package reviewer

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tidwall/gjson"

	"github.com/google/go-cmp/cmp"
)

func TestFromTextBareObjects(t *testing.T) {
	tests := []struct {
		name string
		text string
		want Verdict
	}{
		{
			"two bare objects: the last wins",
			`First I thought {"allow_stop": true, "feedback": "looks done"} but then {"allow_stop": false, "feedback": "tests fail"}.`,
			Verdict{Feedback: "tests fail"},
		},
		{
			"a later non-verdict object does not hide the verdict",
			`{"allow_stop": false, "feedback": "no"} and {"other": 1}`,
			Verdict{Feedback: "no"},
		},
		{
			"outer object ends last", `{"allow_stop": true, "feedback": "outer", "x": {"allow_stop": false, "feedback": "inner"}}`,
			Verdict{AllowStop: true, Feedback: "outer"},
		},
		{
			"verdict after garbage braces", strings.Repeat("{x ", 1000) + `{"allow_stop": true, "feedback": "ok"}`,
			Verdict{AllowStop: true, Feedback: "ok"},
		},
		{
			"verdict after an unclosed object", `{"note": "unfinished", "list": [1, 2 ... then {"allow_stop": true, "feedback": "ok"}`,
			Verdict{AllowStop: true, Feedback: "ok"},
		},
		{
			"verdict inside a broken object's string", `{"k": "see {\"allow_stop\": true}" oops {"allow_stop": false, "feedback": "b"}`,
			Verdict{Feedback: "b"},
		},
		{
			"brace in a prose quote", `He said "{ and then {"allow_stop": true, "feedback": "q"}`,
			Verdict{AllowStop: true, Feedback: "q"},
		},
		{"allow_stop not a bool", `{"allow_stop": "yes", "feedback": "s"}`, Verdict{Feedback: `{"allow_stop": "yes", "feedback": "s"}`}},
		{
			"feedback not a string: earlier verdict", `{"allow_stop": true, "feedback": "a"} {"allow_stop": false, "feedback": 3}`,
			Verdict{AllowStop: true, Feedback: "a"},
		},
		{"escapes in feedback", `{"allow_stop": false, "feedback": "say \"hi\" \u00e9 {x"}`, Verdict{Feedback: `say "hi" é {x`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, FromText(tt.text)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// pathological are reviewer results that made the parser quadratic.
var pathological = map[string]string{
	"150 KB of {x":         strings.Repeat("{x ", 50_000),
	"1 MB of {":            strings.Repeat("{", 1<<20),
	"1 MB of nested keys":  strings.Repeat(`{"a":`, 1<<20/5),
	"1 MB of open strings": strings.Repeat(`{"a":"{`, 1<<20/7),
	"1 MB of fences":       strings.Repeat("```json\n{\n", 1<<20/10),
}

// TestFromTextPathologicalIsQuick: each pathological text is answered (raw text as feedback)
// well within any review timeout. The bound is generous; BenchmarkFromTextPathological measures.
func TestFromTextPathologicalIsQuick(t *testing.T) {
	for name, text := range pathological {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			got, err := ParseOutput([]byte(`{"type":"result","result":` + jsonString(text) + `}`))
			if err != nil {
				t.Fatal(err)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
			if got.AllowStop || !strings.HasSuffix(got.Feedback, "…") {
				t.Errorf("got allow_stop %v, feedback of %d bytes; want the truncated text", got.AllowStop, len(got.Feedback))
			}
		})
	}
}

func BenchmarkFromTextPathological(b *testing.B) {
	for name, text := range pathological {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				FromText(text)
			}
		})
	}
}

func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// FuzzLastBareObject: whatever the text, the search never panics, and what it finds is a valid
// JSON object that decodes to a verdict.
func FuzzLastBareObject(f *testing.F) {
	for _, s := range []string{
		`x {"allow_stop": true, "feedback": "a"} y {"allow_stop": false}`, `{{{`, `{"a":"{\"b\":1}"}`,
		`{"allow_stop": true, "feedback": "\ud83d\ude00"}`, `{"k": [1, {"allow_stop": false, "feedback": ""}], "z": 1e5}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		start, end, ok := lastBareObject(text)
		if !ok {
			return
		}
		obj := text[start:end]
		if !json.Valid([]byte(obj)) || obj[0] != '{' {
			t.Fatalf("found %q, not a JSON object", obj)
		}
		if _, good := verdictOf(gjson.Parse(obj)); !good {
			t.Fatalf("found %q, not a verdict", obj)
		}
	})
}
