//go:build unix

package e2e

import "testing"

// TestComparePrefix checks how shared prompt bytes are counted: tools as sent, system without
// the billing header, cache_control marks and the string form of content ignored, and nothing
// counted after the first difference.
func TestComparePrefix(t *testing.T) {
	t.Parallel()
	const session = `{"tools":[{"name":"Bash"},{"name":"Edit"}],` +
		`"system":[{"type":"text","text":"x-anthropic-billing-header: cc_entrypoint=cli;"},{"type":"text","text":"You are Claude Code.","cache_control":{"type":"ephemeral"}}],` +
		`"messages":[{"role":"user","content":[{"type":"text","text":"Do it.","cache_control":{"type":"ephemeral"}}]}]}`
	tests := []struct {
		name, fork string
		cached     bool // the whole session prompt is a prefix of the fork's
	}{
		{"fork", `{"tools":[{"name":"Bash"},{"name":"Edit"}],` +
			`"system":[{"type":"text","text":"x-anthropic-billing-header: cc_entrypoint=sdk-cli;"},{"type":"text","text":"You are Claude Code."}],` +
			`"messages":[{"role":"user","content":"Do it."},{"role":"assistant","content":"Done."},{"role":"user","content":"Review."}]}`, true},
		{"tools changed", `{"tools":[{"name":"Bash"},{"name":"StructuredOutput"}],` +
			`"system":[{"type":"text","text":"You are Claude Code."}],` +
			`"messages":[{"role":"user","content":"Do it."}]}`, false},
		{"system changed", `{"tools":[{"name":"Bash"},{"name":"Edit"}],` +
			`"system":[{"type":"text","text":"You are a reviewer."}],"messages":[{"role":"user","content":"Do it."}]}`, false},
	}
	for _, tt := range tests {
		p, err := ComparePrefix(&Request{Raw: []byte(session)}, &Request{Raw: []byte(tt.fork)})
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Cached() == p.Total(); got != tt.cached {
			t.Errorf("%s: %s; want all cached %v", tt.name, p, tt.cached)
		}
		if tt.name == "tools changed" && (p.Cached() != p.Tools.Shared || p.Tools.Shared >= p.Tools.Total) {
			t.Errorf("%s: %s; want only the shared start of the tools cached", tt.name, p)
		}
	}
}
