package reviewguard

import (
	"slices"
	"strings"
)

// rules are the grants of supervisor.allowed_tools: tools by plain name, and Bash patterns.
// A rule for another tool with a specifier (Edit(docs/**), WebFetch(domain:x)) grants nothing:
// Check cannot tell what the specifier allows, and the user's own rules could widen it. An MCP
// server's tools are granted by the tool's name (mcp__server__tool), or all of them by the
// server's as Claude Code writes that rule (mcp__server, or mcp__server__*).
type rules struct {
	tools   map[string]bool
	bash    []string // patterns: "go test:*" (a prefix), "npm run *" (a wildcard), "make" (exact)
	anyBash bool     // Bash, Bash(*) or Bash(:*)
}

func parseRules(allowed []string) rules {
	r := rules{tools: map[string]bool{}}
	for _, rule := range allowed {
		rule = strings.TrimSpace(rule)
		name, spec, hasSpec := strings.Cut(rule, "(")
		if !hasSpec {
			r.tools[name] = true
			r.anyBash = r.anyBash || name == "Bash"
			continue
		}
		spec, closed := strings.CutSuffix(spec, ")")
		if name != "Bash" || !closed {
			continue
		}
		spec = strings.TrimSpace(spec)
		switch spec {
		case "*", ":*":
			r.anyBash = true
		case "":
		default:
			r.bash = append(r.bash, spec)
		}
	}
	return r
}

// grants reports whether a Bash rule matches the words bash hands a simple command, the way
// Claude Code matches its own rules on the command's text: "go test:*" matches "go test" and
// "go test ./..." but not "go testify"; "make check" only "make check"; a "*" elsewhere matches
// any text. A rule without "*" is matched word by word, so that one word holding a space
// (git 'status x') is never taken for two; a rule with "*" is matched on the words joined by one
// space, and so never when a word holds white space itself.
func (r rules) grants(words []string) bool {
	if r.anyBash {
		return true
	}
	cmd := strings.Join(words, " ")
	spaced := slices.ContainsFunc(words, func(w string) bool { return strings.ContainsAny(w, " \t\n") })
	for _, p := range r.bash {
		prefix, isPrefix := strings.CutSuffix(p, ":*")
		switch {
		case isPrefix && !strings.Contains(prefix, "*"):
			if want := strings.Fields(prefix); len(words) >= len(want) && slices.Equal(words[:len(want)], want) {
				return true
			}
		case !strings.Contains(p, "*"):
			if slices.Equal(words, strings.Fields(p)) {
				return true
			}
		case !spaced && wildcard(p, cmd):
			return true
		}
	}
	return false
}

// wildcard matches s against p, where each "*" stands for any text (spaces included).
func wildcard(p, s string) bool {
	parts := strings.Split(p, "*")
	if len(parts) == 1 {
		return p == s
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	for _, mid := range parts[1 : len(parts)-1] {
		i := strings.Index(s, mid)
		if i < 0 {
			return false
		}
		s = s[i+len(mid):]
	}
	return strings.HasSuffix(s, parts[len(parts)-1])
}

// grantsTool reports whether a rule names tool: by its name, or, for an MCP tool, by its server.
func (r rules) grantsTool(tool string) bool {
	if r.tools[tool] {
		return true
	}
	rest, ok := strings.CutPrefix(tool, "mcp__")
	if !ok {
		return false
	}
	server, _, ok := strings.Cut(rest, "__")
	return ok && server != "" && (r.tools["mcp__"+server] || r.tools["mcp__"+server+"__*"])
}
