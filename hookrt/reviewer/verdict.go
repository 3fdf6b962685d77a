package reviewer

import (
	"strings"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/clip"
)

// Verdict is the reviewer's answer.
type Verdict struct {
	AllowStop bool   `json:"allow_stop"`
	Feedback  string `json:"feedback"`
}

// NoVerdictFeedback is the feedback when the reviewer's answer holds neither a verdict nor text.
const NoVerdictFeedback = "The supervisor's review gave no verdict. Check that the task is complete " +
	"and verified (tests run, nothing left unfinished), then try again."

// maxFeedback bounds the raw text used as feedback.
const maxFeedback = 16 << 10

// ReportedError is claude's own report of a failed run (is_error true): its result (else its
// subtype), its api_error when it names one ("usage_limit_reached": see UsageLimit), and the
// API's answer it failed on (api_error_status, api_error_type: 429 and "rate_limit_error" for a
// rate limit, see rateLimitOf).
type ReportedError struct {
	Msg       string
	APIError  string
	APIStatus int
	APIType   string
}

func (e *ReportedError) Error() string { return "claude reported an error: " + e.Msg }

// ParseOutput reads the stdout of `claude -p --output-format json`: a result object (or, with
// --verbose, an array of messages ending in one). The verdict is structured_output (which claude
// prints only for a --json-schema run; the reviewer is not one), else the last
// fenced JSON block of result, else a bare JSON object in result; failing all three it is
// allow_stop=false with the raw text as feedback. is_error true is a *ReportedError.
func ParseOutput(stdout []byte) (Verdict, error) { return readOutput(stdout).verdict() }

// output is claude's JSON output, checked and parsed once: its text and its result object (ok
// false when there is none).
type output struct {
	text string
	msg  gjson.Result
	ok   bool
}

func readOutput(stdout []byte) output {
	text := strings.TrimSpace(string(stdout))
	msg, ok := resultMessage(text)
	return output{text: text, msg: msg, ok: ok}
}

// verdict is ParseOutput of o.
func (o output) verdict() (Verdict, error) {
	text, msg := o.text, o.msg
	if o.ok {
		if msg.Get("is_error").Bool() {
			why := msg.Get("result").String()
			if why == "" {
				why = msg.Get("subtype").String()
			}
			return Verdict{}, &ReportedError{
				Msg: clip.Truncate(why, 2000), APIError: clip.Truncate(msg.Get("api_error").String(), 100),
				APIStatus: int(msg.Get("api_error_status").Int()), APIType: clip.Truncate(msg.Get("api_error_type").String(), 100),
			}
		}
		if v, ok := verdictOf(msg.Get("structured_output")); ok {
			return v, nil
		}
		text = strings.TrimSpace(msg.Get("result").String())
	}
	return FromText(text), nil
}

// resultMessage returns the result object of claude's JSON output text: the text itself when it
// is one object, or with --verbose the last message of type "result" in an array of messages.
// ok is false for text that is not valid JSON or holds no such object.
func resultMessage(text string) (msg gjson.Result, ok bool) {
	if !gjson.Valid(text) {
		return gjson.Result{}, false
	}
	msg = gjson.Parse(text)
	if msg.IsArray() {
		arr := msg.Array()
		msg = gjson.Result{}
		for i := len(arr) - 1; i >= 0; i-- {
			if arr[i].Get("type").Str == "result" {
				msg = arr[i]
				break
			}
		}
	}
	return msg, msg.IsObject()
}

// FromText finds the verdict in free text: the last fenced JSON block, else the last bare JSON
// object, else allow_stop=false with the text itself (or NoVerdictFeedback) as feedback.
func FromText(text string) Verdict {
	if v, ok := lastFenced(text); ok {
		return v
	}
	if v, ok := lastBare(text); ok {
		return v
	}
	if strings.TrimSpace(text) == "" {
		return Verdict{Feedback: NoVerdictFeedback}
	}
	return Verdict{Feedback: clip.Truncate(strings.TrimSpace(text), maxFeedback)}
}

func verdictOf(r gjson.Result) (Verdict, bool) {
	if !r.IsObject() {
		return Verdict{}, false
	}
	allow := r.Get("allow_stop")
	if !allow.IsBool() {
		return Verdict{}, false
	}
	fb := r.Get("feedback")
	if fb.Exists() && fb.Type != gjson.String {
		return Verdict{}, false
	}
	return Verdict{AllowStop: allow.Bool(), Feedback: fb.Str}, true
}

// lastFenced returns the verdict of the last ```json block that holds one.
func lastFenced(text string) (Verdict, bool) {
	var blocks []string
	rest := text
	for {
		i := strings.Index(rest, "```")
		if i < 0 {
			break
		}
		body := rest[i+3:]
		nl := strings.IndexByte(body, '\n')
		if nl < 0 {
			break
		}
		lang := strings.TrimSpace(body[:nl])
		end := strings.Index(body[nl+1:], "```")
		if end < 0 {
			break
		}
		if lang == "json" || lang == "JSON" || lang == "" {
			blocks = append(blocks, body[nl+1:nl+1+end])
		}
		rest = body[nl+1+end+3:]
	}
	for i := len(blocks) - 1; i >= 0; i-- {
		b := strings.TrimSpace(blocks[i])
		if gjson.Valid(b) {
			if v, ok := verdictOf(gjson.Parse(b)); ok {
				return v, true
			}
		}
	}
	return Verdict{}, false
}

// lastBare returns the verdict of the last JSON object embedded in text (see bare.go).
func lastBare(text string) (Verdict, bool) {
	start, end, ok := lastBareObject(text)
	if !ok {
		return Verdict{}, false
	}
	return verdictOf(gjson.Parse(text[start:end]))
}
