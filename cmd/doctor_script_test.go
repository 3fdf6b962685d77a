package cmd

import (
	"bytes"
	"encoding/json"
	"regexp"

	"github.com/rogpeppe/go-internal/testscript"
)

// doctorJSON is the script command `doctor-json FILE CHECK STATUS [REGEXP]`: FILE (usually
// stdout) is exactly one JSON array of {"check","status","message","path"} objects, and one of
// them has CHECK (any check for "*") and STATUS and a message matching REGEXP. With !, none does.
func doctorJSON(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 3 || len(args) > 4 {
		ts.Fatalf("usage: doctor-json FILE CHECK STATUS [REGEXP]")
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(ts.ReadFile(args[0]))))
	dec.DisallowUnknownFields()
	var results []struct {
		Check   *string `json:"check"`
		Status  *string `json:"status"`
		Message *string `json:"message"`
		Path    *string `json:"path"`
	}
	if err := dec.Decode(&results); err != nil {
		ts.Fatalf("%s: not a doctor JSON array: %v", args[0], err)
	}
	if dec.More() {
		ts.Fatalf("%s: more than one JSON value", args[0])
	}
	re := regexp.MustCompile("")
	if len(args) == 4 {
		re = regexp.MustCompile(args[3])
	}
	found := false
	for i, r := range results {
		if r.Check == nil || r.Status == nil || r.Message == nil || r.Path == nil {
			ts.Fatalf("%s: result %d lacks one of check, status, message, path", args[0], i)
		}
		if (args[1] == "*" || *r.Check == args[1]) && *r.Status == args[2] && re.MatchString(*r.Message) {
			found = true
		}
	}
	if found == neg {
		ts.Fatalf("%s: %s %s %q found: %t", args[0], args[1], args[2], re, found)
	}
}
