package reviewer

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/internal/claudeversion"
	"github.com/ccc-hooks/ccc-hooks/internal/fakereview"
)

func TestParseOutput(t *testing.T) {
	tests := []struct {
		name string
		out  string
		want Verdict
	}{
		{
			"last fenced block", `{"result":"a\n` + "```json" + `\n{\"allow_stop\":true,\"feedback\":\"1\"}\n` + "```" + `\nb\n` + "```json" + `\n{\"allow_stop\":false,\"feedback\":\"2\"}\n` + "```" + `\n"}`,
			Verdict{Feedback: "2"},
		},
		{
			"fenced without verdict is skipped", `{"result":"` + "```json" + `\n{\"allow_stop\":true,\"feedback\":\"1\"}\n` + "```" + `\n` + "```json" + `\n{\"other\":1}\n` + "```" + `"}`,
			Verdict{AllowStop: true, Feedback: "1"},
		},
		{
			"bare object", `{"result":"Verdict: {\"allow_stop\": true, \"feedback\": \"fine {really}\"} end"}`,
			Verdict{AllowStop: true, Feedback: "fine {really}"},
		},
		{
			"nested bare object", `{"result":"{\"verdict\": {\"allow_stop\": true, \"feedback\": \"in\"}}"}`,
			Verdict{AllowStop: true, Feedback: "in"},
		},
		{"missing feedback", `{"result":"{\"allow_stop\":true}"}`, Verdict{AllowStop: true}},
		{"raw text", `{"result":"  Tests fail.  "}`, Verdict{Feedback: "Tests fail."}},
		{"empty result", `{"result":""}`, Verdict{Feedback: NoVerdictFeedback}},
		{"empty output", ``, Verdict{Feedback: NoVerdictFeedback}},
		{"not JSON output", `plain words`, Verdict{Feedback: "plain words"}},
		{
			"verbose array", `[{"type":"system"},{"type":"result","result":"{\"allow_stop\":false,\"feedback\":\"arr\"}"}]`,
			Verdict{Feedback: "arr"},
		},
		{
			"array of the result alone", `[{"type":"result","result":"Tests fail."}]`,
			Verdict{Feedback: "Tests fail."},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseOutput([]byte(tt.out))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseOutputCaptured: the verdict, or claude's report of its error, in what each tested
// Claude Code printed for a review (package fakereview).
func TestParseOutputCaptured(t *testing.T) {
	for _, v := range claudeversion.Tested() {
		for name, want := range map[string]Verdict{
			fakereview.Block: {Feedback: "Add a test for the empty-input case before stopping."},
			fakereview.Allow: {AllowStop: true, Feedback: "Complete now."},
		} {
			data, err := fakereview.Captured(v.String(), name)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := ParseOutput(data); err != nil || got != want {
				t.Errorf("%s/%s: ParseOutput = %+v, %v; want %+v", v, name, got, err, want)
			}
		}
		for name, want := range map[string]string{fakereview.Budget: "error_max_budget_usd", fakereview.APIError: "API Error: 400 the request was refused"} {
			data, err := fakereview.Captured(v.String(), name)
			if err != nil {
				t.Fatal(err)
			}
			var reported *ReportedError
			if _, err := ParseOutput(data); !errors.As(err, &reported) || reported.Msg != want {
				t.Errorf("%s/%s: ParseOutput error %v, want claude's report %q", v, name, err, want)
			}
		}
	}
}

// TestParseOutputStructured: the one test of structured_output, which claude prints only for a
// --json-schema run; the reviewer is not one, so no real review carries it (package
// fakereview), but a claude_args that adds --json-schema would. A verdict there wins over the
// result text; one that is no verdict leaves the text to decide.
func TestParseOutputStructured(t *testing.T) {
	tests := []struct {
		name string
		out  string
		want Verdict
	}{
		{
			"structured", `{"type":"result","is_error":false,"result":"x","structured_output":{"allow_stop":true,"feedback":"ok"}}`,
			Verdict{AllowStop: true, Feedback: "ok"},
		},
		{
			"structured wins over result", `{"result":"{\"allow_stop\":false,\"feedback\":\"no\"}","structured_output":{"allow_stop":true,"feedback":"yes"}}`,
			Verdict{AllowStop: true, Feedback: "yes"},
		},
		{
			"bad structured falls back", `{"result":"{\"allow_stop\":false,\"feedback\":\"no\"}","structured_output":{"allow_stop":"yes"}}`,
			Verdict{Feedback: "no"},
		},
		{"missing feedback", `{"structured_output":{"allow_stop":true}}`, Verdict{AllowStop: true}},
		{
			"verbose array", `[{"type":"system"},{"type":"result","structured_output":{"allow_stop":false,"feedback":"arr"}}]`,
			Verdict{Feedback: "arr"},
		},
	}
	for _, tt := range tests {
		got, err := ParseOutput([]byte(tt.out))
		if err != nil || got != tt.want {
			t.Errorf("%s: ParseOutput = %+v, %v; want %+v", tt.name, got, err, tt.want)
		}
	}
}

// TestFromTextFences: which fenced blocks hold the verdict (json, JSON or unnamed; the last that
// holds one), and that a fence wins over a bare object anywhere in the text.
func TestFromTextFences(t *testing.T) {
	const fence = "```"
	for _, tt := range []struct {
		name, text string
		want       Verdict
	}{
		{
			"fence first, then a bare object",
			fence + "json\n{\"allow_stop\":true,\"feedback\":\"fenced\"}\n" + fence + "\nNot this: {\"allow_stop\":false,\"feedback\":\"bare\"}",
			Verdict{AllowStop: true, Feedback: "fenced"},
		},
		{
			"JSON, then unnamed",
			"a\n" + fence + "JSON\n{\"allow_stop\":false,\"feedback\":\"upper\"}\n" + fence + "\n" +
				fence + "\n{\"allow_stop\":true,\"feedback\":\"unnamed\"}\n" + fence + "\nThen {\"allow_stop\":false,\"feedback\":\"bare\"}",
			Verdict{AllowStop: true, Feedback: "unnamed"},
		},
		{
			"JSON alone, then a bare object",
			"a\n" + fence + "JSON\n{\"allow_stop\":true,\"feedback\":\"upper\"}\n" + fence + "\nThen {\"allow_stop\":false,\"feedback\":\"bare\"}",
			Verdict{AllowStop: true, Feedback: "upper"},
		},
		{
			"another language's fence is no verdict",
			"a\n" + fence + "json\n{\"allow_stop\":false,\"feedback\":\"json\"}\n" + fence + "\n" +
				fence + "go\n{\"allow_stop\":true,\"feedback\":\"code\"}\n" + fence,
			Verdict{Feedback: "json"},
		},
		{
			"an empty fenced block, then one with the verdict",
			"a\n" + fence + "json\n" + fence + "\n" + fence + "json\n{\"allow_stop\":true,\"feedback\":\"second\"}\n" + fence +
				"\nThen {\"allow_stop\":false,\"feedback\":\"bare\"}",
			Verdict{AllowStop: true, Feedback: "second"},
		},
	} {
		if got := FromText(tt.text); got != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestParseOutputIsError(t *testing.T) {
	_, err := ParseOutput([]byte(`{"type":"result","subtype":"error_max_turns","is_error":true}`))
	var rep *ReportedError
	if !errors.As(err, &rep) || rep.Msg != "error_max_turns" {
		t.Fatalf("got %v, want a ReportedError naming the subtype", err)
	}
}

func TestFromTextTruncates(t *testing.T) {
	got := FromText(strings.Repeat("é", maxFeedback))
	if len(got.Feedback) > maxFeedback+len("…") || !strings.HasSuffix(got.Feedback, "…") {
		t.Fatalf("feedback of %d bytes", len(got.Feedback))
	}
}
