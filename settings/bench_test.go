package settings

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// largeDir, when set, makes TestWriteLargeSettings write the generated files there
// (scripts/time-install.sh times whole processes on them).
var largeDir = flag.String("large-dir", "", "write settings-500KB.json, -5MB.json and -20MB.json here")

// largeSettings generates a pretty-printed settings file of about size bytes: many permission
// rules, environment variables and foreign hook groups in several events.
func largeSettings(size int) []byte {
	var b strings.Builder
	b.Grow(size + 4096)
	rules := max(size/80, 10)
	b.WriteString("{\n  \"model\": \"opus\",\n  \"permissions\": {\n    \"allow\": [\n")
	for i := range rules / 2 {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "      \"Bash(tool-%d --flag \\\"value %d\\\" ./path/to/dir/%d)\"", i, i, i)
	}
	b.WriteString("\n    ],\n    \"deny\": [\n")
	for i := range rules / 4 {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "      \"Read(./secrets/%d/**)\"", i)
	}
	b.WriteString("\n    ]\n  },\n  \"hooks\": {\n")
	events := []string{"PreToolUse", "PostToolUse", "Notification", "Stop", "UserPromptSubmit"}
	groups := max(size/2000, 2)
	for ei, ev := range events {
		if ei > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "    %q: [\n", ev)
		for g := range groups / len(events) {
			if g > 0 {
				b.WriteString(",\n")
			}
			fmt.Fprintf(&b, "      {\n        \"matcher\": \"Tool%d\",\n        \"hooks\": [\n          {\n"+
				"            \"type\": \"command\",\n            \"command\": \"/usr/bin/other-%d --event %s\",\n"+
				"            \"timeout\": %d\n          }\n        ]\n      }", g, g, ev, g%60+1)
		}
		b.WriteString("\n    ]")
	}
	b.WriteString("\n  },\n  \"env\": {\n")
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "    \"VAR_%d\": \"%s\"", i, strings.Repeat("v", 60))
	}
	b.WriteString("\n  }\n}\n")
	return []byte(b.String())
}

// BenchmarkInstallLarge installs into files of 0.5, 5 and 20 MB; the baseline sub-benchmarks
// run encoding/json.Valid over the same bytes (the least any reader of the whole file costs), so
// the two can be compared as a ratio from one run.
func BenchmarkInstallLarge(b *testing.B) {
	for _, size := range []int{500 << 10, 5 << 20, 20 << 20} {
		src := largeSettings(size)
		entries := supervisorEntries(testCommand, 600)
		b.Run(fmt.Sprintf("install/%dKB", len(src)>>10), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if _, err := InsertEntries(src, entries, testOwner); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("baseline-json-valid/%dKB", len(src)>>10), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if !json.Valid(src) {
					b.Fatal("invalid benchmark input")
				}
			}
		})
	}
}

func BenchmarkUninstallLarge(b *testing.B) {
	for _, size := range []int{500 << 10, 5 << 20, 20 << 20} {
		src, err := InsertEntries(largeSettings(size), supervisorEntries(testCommand, 600), testOwner)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%dKB", len(src)>>10), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if _, err := RemoveEntries(src, nil, testOwner); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestInstallLargeIsReversible checks the benchmark input round-trips exactly.
func TestInstallLargeIsReversible(t *testing.T) {
	src := largeSettings(1 << 20)
	out, err := InsertEntries(src, supervisorEntries(testCommand, 600), testOwner)
	if err != nil {
		t.Fatal(err)
	}
	back, err := RemoveEntries(out, nil, testOwner)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back, src) {
		t.Error("RemoveEntries(InsertEntries(large)) differs from the input")
	}
}

// TestWriteLargeSettings writes the benchmark's generated files for scripts/time-install.sh:
// go test ./settings -run TestWriteLargeSettings -large-dir DIR.
func TestWriteLargeSettings(t *testing.T) {
	if *largeDir == "" {
		t.Skip("no -large-dir given")
	}
	for name, size := range map[string]int{"500KB": 500 << 10, "5MB": 5 << 20, "20MB": 20 << 20} {
		path := filepath.Join(*largeDir, "settings-"+name+".json")
		if err := os.WriteFile(path, largeSettings(size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
