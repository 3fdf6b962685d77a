package settings

import (
	"fmt"
	"strings"
	"testing"
)

func TestSmoke(t *testing.T) {
	ours := func(c string) bool { return strings.Contains(c, "ccc-hooks") }
	es := []Entry{{Event: "Stop", Handler: Handler{"/x/ccc-hooks hook", 600}}, {Event: "PreToolUse", Matcher: "AskUserQuestion", Handler: Handler{"/x/ccc-hooks hook", 600}}}
	for _, in := range []string{"", "{}", `{"a":1}`, `{"a": 1, "b": 2}`, "{\n    \"a\": 1\n}\n", "{\r\n\t\"hooks\": {\r\n\t\t\"Stop\": [\r\n\t\t\t{\"hooks\": []}\r\n\t\t]\r\n\t}\r\n}", `{"hooks":{"Stop":[]}}`} {
		out, err := Install([]byte(in), es, ours)
		fmt.Printf("---- %q\n%s\nerr=%v\n", in, out, err)
		u, err := Uninstall(out, nil, ours)
		fmt.Printf("uninstall: %q %v same=%v\n", u, err, string(u) == in)
	}
}
