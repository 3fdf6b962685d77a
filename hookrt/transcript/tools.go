package transcript

import "iter"

// ToolCalls yields the name of each tool the agent called in the records of data: the tool_use,
// server_tool_use and mcp_tool_use parts of an assistant record's message content, in order. A
// line that is not JSON, and a tool call mentioned in words, yield nothing.
func ToolCalls(data []byte) iter.Seq[string] {
	return func(yield func(string) bool) {
		for rec := range Records(data, "tool_use") {
			if rec.Get("type").String() != "assistant" {
				continue
			}
			for _, part := range rec.Get("message.content").Array() {
				switch part.Get("type").String() {
				case "tool_use", "server_tool_use", "mcp_tool_use":
					if !yield(part.Get("name").String()) {
						return
					}
				}
			}
		}
	}
}
