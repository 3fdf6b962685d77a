package fakereview

import (
	"bytes"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/claudeversion"
	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// TestCapturedEveryTestedVersion: every tested Claude Code version has its reviews captured, each
// one JSON result object and a line end, the verdict in the result text and no
// structured_output; a review stopped by its budget is an error with no result.
func TestCapturedEveryTestedVersion(t *testing.T) {
	for _, v := range claudeversion.Tested() {
		for _, name := range []string{Block, Allow, Budget, APIError} {
			data, err := Captured(v.String(), name)
			if err != nil {
				t.Errorf("%s: %v (e2e's TestReviewerOutputAsCaptured captures it)", v, err)
				continue
			}
			if !bytes.HasSuffix(data, []byte("}\n")) || bytes.Count(data, []byte("\n")) != 1 || !gjson.ValidBytes(data) {
				t.Errorf("%s/%s is not one JSON object on a line", v, name)
			}
			out := gjson.ParseBytes(data)
			if out.Get("type").Str != "result" || out.Get("structured_output").Exists() {
				t.Errorf("%s/%s: type %q, structured_output %v", v, name, out.Get("type").Str, out.Get("structured_output").Exists())
			}
			switch name {
			case Budget:
				if !out.Get("is_error").Bool() || out.Get("subtype").Str != "error_max_budget_usd" || out.Get("result").Exists() {
					t.Errorf("%s/%s is not a budget error: %s", v, name, data)
				}
			case APIError:
				if !out.Get("is_error").Bool() || !strings.HasPrefix(out.Get("result").Str, "API Error: 400 ") {
					t.Errorf("%s/%s is not the API's error: %s", v, name, data)
				}
			default:
				if out.Get("is_error").Bool() || !strings.Contains(out.Get("result").Str, "```json\n{\"allow_stop\":") {
					t.Errorf("%s/%s holds no verdict in its result: %s", v, name, data)
				}
			}
		}
	}
}

// TestOutput: the newest version's captured review, with the text given as its result and every
// other byte as captured.
func TestOutput(t *testing.T) {
	text := Verdict(false, `Run "go test" <here> & fix it.`)
	if want := "I have reviewed the work.\n\n```json\n{\"allow_stop\":false,\"feedback\":\"Run \\\"go test\\\" <here> & fix it.\"}\n```"; text != want {
		t.Errorf("Verdict = %q, want %q", text, want)
	}
	got := Output(text)
	if r := gjson.GetBytes(got, "result"); r.Str != text || !strings.Contains(r.Raw, "<here> &") {
		t.Errorf("result = %s, want %q written as the client writes it", r.Raw, text)
	}
	captured, err := Captured(claudeversion.Newest().String(), Block)
	if err != nil {
		t.Fatal(err)
	}
	old := gjson.GetBytes(captured, "result")
	if want := string(captured[:old.Index]) + gjson.GetBytes(got, "result").Raw + string(captured[old.Index+len(old.Raw):]); string(got) != want {
		t.Errorf("Output changed more than the result:\n%s\nwant\n%s", got, want)
	}
	if c := CostUSD(); c <= 0 || c != gjson.GetBytes(captured, "total_cost_usd").Float() {
		t.Errorf("CostUSD = %v, want the captured review's", c)
	}
	if got := With(got, "usage.input_tokens", 900); gjson.GetBytes(got, "usage.input_tokens").Int() != 900 ||
		!slices.Equal(Shape(got), Shape(captured)) {
		t.Errorf("With changed the shape: %s", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("With a path the output does not hold did not panic")
		}
	}()
	With([]byte(`{"type":"result","is_error":true}`), "result", "x")
}

// TestShape: the paths of an object's keys in order, into objects but not arrays, the model
// names of modelUsage as *.
func TestShape(t *testing.T) {
	got := Shape([]byte(`{"b":1,"a":{"y":[{"z":1}],"x":{}},"modelUsage":{"claude-x":{"costUSD":1}},"c":null}`))
	want := []string{"b", "a", "a.y", "a.x", "modelUsage", "modelUsage.*", "modelUsage.*.costUSD", "c"}
	if !slices.Equal(got, want) {
		t.Errorf("Shape = %v, want %v", got, want)
	}
}

// TestScript: sh prints the output exactly, quotes, line ends and all.
func TestScript(t *testing.T) {
	sh := testneed.Program(t, "sh")
	out := Output("It's done: `go test` passes; $HOME is fine.\n\n```json\n{\"allow_stop\":true,\"feedback\":\"ok\"}\n```")
	got, err := exec.Command(sh, "-c", Script(out)).Output()
	if err != nil || !bytes.Equal(got, out) {
		t.Errorf("sh printed %q, %v; want %q", got, err, out)
	}
}
