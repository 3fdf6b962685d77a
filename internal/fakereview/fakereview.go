// Package fakereview is for tests only: what a fake reviewer prints, in the shape the real one
// prints it. The supervisor runs `claude -p --output-format json` for a review, which prints one
// JSON result object: the reviewer's final text in "result" (the verdict as a fenced JSON block
// in it, as the review prompt asks), its cost and usage, and no "structured_output" (the reviewer
// runs without --json-schema). captured/<version>/ holds that output as each tested Claude Code
// version printed it (captured/README.md says how it was captured), and Output writes it with
// the text a test's reviewer ends with.
package fakereview

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"path"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/claudeversion"
	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// The outputs captured of each version.
const (
	// Block is a review that ended with a verdict that blocks.
	Block = "review-block.json"
	// Allow is a review that ended with a verdict that allows.
	Allow = "review-allow.json"
	// Budget is a review that --max-budget-usd stopped (is_error true, claude exits 1).
	Budget = "review-budget.json"
	// APIError is a review whose request the API refused (is_error true, claude exits 1).
	APIError = "review-api-error.json"
	// UsageLimit is a review whose request the API refused because the account hit its usage
	// limit (is_error true, api_error usage_limit_reached, claude exits 1).
	UsageLimit = "review-usage-limit.json"
	// RateLimit is a review whose request the API refused with a rate limit that names no reset,
	// as behind an API key (is_error true, api_error_status 429, claude exits 1).
	RateLimit = "review-rate-limit.json"
)

//go:embed captured
var captured embed.FS

// Captured returns the output of a review that Claude Code version printed, name one of Block,
// Allow, Budget, APIError, UsageLimit and RateLimit.
func Captured(version, name string) ([]byte, error) {
	return captured.ReadFile(path.Join("captured", version, name))
}

// Output returns what the newest tested Claude Code prints for a review whose reviewer ended with
// text: its captured Block review, text in place of the captured result.
func Output(text string) []byte {
	data, err := Captured(claudeversion.Newest().String(), Block)
	if err != nil {
		panic(fmt.Sprintf("fakereview: no review captured of the newest tested version: %v", err))
	}
	return With(data, "result", text)
}

// Refused returns what the newest tested Claude Code prints for a review whose request the API
// refused, result the error as the client words it ("API Error: 400 …"); the client then exits
// with status 1. It is its captured APIError review, result in place of the captured result.
func Refused(result string) []byte {
	data, err := Captured(claudeversion.Newest().String(), APIError)
	if err != nil {
		panic(fmt.Sprintf("fakereview: no review captured of the newest tested version: %v", err))
	}
	return With(data, "result", result)
}

// LimitHit returns what the newest tested Claude Code prints for a review whose account hit its
// usage limit, result the client's words for it ("You've hit your 5-hour limit · resets 8:18am
// (UTC)"); the client then exits with status 1. It is its captured UsageLimit review, result in
// place of the captured result.
func LimitHit(result string) []byte {
	data, err := Captured(claudeversion.Newest().String(), UsageLimit)
	if err != nil {
		panic(fmt.Sprintf("fakereview: no usage limit captured of the newest tested version: %v", err))
	}
	return With(data, "result", result)
}

// RateLimited returns what the newest tested Claude Code prints for a review whose request met a
// rate limit that names no reset, result the client's words for it ("API Error: Request rejected
// (429) · …"); the client then exits with status 1. It is its captured RateLimit review, result in
// place of the captured result.
func RateLimited(result string) []byte {
	data, err := Captured(claudeversion.Newest().String(), RateLimit)
	if err != nil {
		panic(fmt.Sprintf("fakereview: no rate limit captured of the newest tested version: %v", err))
	}
	return With(data, "result", result)
}

// CostUSD is what a review of Output reports it cost: total_cost_usd of the captured review.
func CostUSD() float64 { return gjson.GetBytes(Output(""), "total_cost_usd").Float() }

// With returns the output data with value, written as JSON, in place of the value at key (a
// gjson path such as "total_cost_usd" or "usage.input_tokens"), every other byte kept. It panics
// when data holds no value there: a test's fake would no longer be of the real shape.
func With(data []byte, key string, value any) []byte {
	r := gjson.GetBytes(data, key)
	if r.Index <= 0 {
		panic("fakereview: the output holds no " + key + " to replace")
	}
	return bytes.Join([][]byte{data[:r.Index], marshal(value), data[r.Index+len(r.Raw):]}, nil)
}

// Shape lists the paths of the keys of the JSON object data (a.b for key b of object a), in
// order: what two outputs of the same shape share whatever their values. The keys of modelUsage,
// which name the model, read as *.
func Shape(data []byte) []string {
	var out []string
	var walk func(prefix string, v gjson.Result)
	walk = func(prefix string, v gjson.Result) {
		v.ForEach(func(k, val gjson.Result) bool {
			key := k.Str
			if prefix == "modelUsage." {
				key = "*"
			}
			out = append(out, prefix+key)
			if val.IsObject() {
				walk(prefix+key+".", val)
			}
			return true
		})
	}
	walk("", gjson.ParseBytes(data))
	return out
}

// Script is a line of POSIX shell that prints out as it is: the body of a fake claude program.
func Script(out []byte) string { return "printf '%s' " + shellword.POSIX.Arg(string(out)) + "\n" }

// Verdict is the final text of a reviewer that gives the verdict allow with feedback, as the
// review prompt asks for it: a sentence, then the verdict as a fenced JSON block.
func Verdict(allow bool, feedback string) string {
	v := marshal(map[string]any{"allow_stop": allow, "feedback": feedback})
	return "I have reviewed the work.\n\n```json\n" + string(v) + "\n```"
}

// marshal writes v as JSON on one line, as the client and a model write it: <, > and & as they
// are. v is a value of a test's fake output: a string, a number or a map of them.
func marshal(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // plain values: cannot fail
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}
