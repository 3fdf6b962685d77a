package reviewer

// Usage is what one review cost, read from the result object of `claude -p --output-format json`.
// Fields the output lacks stay zero.
type Usage struct {
	// ForkID is the session id of the reviewer's fork (never saved to disk).
	ForkID                   string  `json:"review_session_id,omitempty"`
	CostUSD                  float64 `json:"cost_usd,omitempty"` // total_cost_usd
	NumTurns                 int     `json:"num_turns,omitempty"`
	InputTokens              int64   `json:"input_tokens,omitempty"`
	OutputTokens             int64   `json:"output_tokens,omitempty"`
	CacheCreationInputTokens int64   `json:"cache_creation_input_tokens,omitempty"`
	CacheReadInputTokens     int64   `json:"cache_read_input_tokens,omitempty"`
	// PermissionDenials counts the tool calls the reviewer's permissions refused: a hint to widen
	// supervisor.allowed_tools.
	PermissionDenials int `json:"permission_denials,omitempty"`
}

// usage reads the usage of o's result object (a single object, or with --verbose an array of
// messages ending in one). Output that holds none gives a zero Usage.
func (o output) usage() Usage {
	if !o.ok {
		return Usage{}
	}
	msg := o.msg
	u := msg.Get("usage")
	return Usage{
		ForkID:                   msg.Get("session_id").Str,
		CostUSD:                  msg.Get("total_cost_usd").Float(),
		NumTurns:                 int(msg.Get("num_turns").Int()),
		InputTokens:              u.Get("input_tokens").Int(),
		OutputTokens:             u.Get("output_tokens").Int(),
		CacheCreationInputTokens: u.Get("cache_creation_input_tokens").Int(),
		CacheReadInputTokens:     u.Get("cache_read_input_tokens").Int(),
		PermissionDenials:        len(msg.Get("permission_denials").Array()),
	}
}
