package cmd

import (
	"bytes"
	"os"
	"testing"
)

func TestZZProf(t *testing.T) {
	f := os.Getenv("PROF_FILE")
	if f == "" {
		t.Skip()
	}
	src, _ := os.ReadFile("/tmp/ev/s5.json")
	for i := 0; i < 5; i++ {
		os.WriteFile(f, src, 0o644)
		env := System()
		var o bytes.Buffer
		env.IO.Out = &o
		env.IO.Interactive = false
		if c := Main(env, []string{"install", "--yes", "--file", f}); c != 0 {
			t.Fatal(c)
		}
		if c := Main(env, []string{"install", "--yes", "--file", f}); c != 0 {
			t.Fatal(c)
		}
		if c := Main(env, []string{"uninstall", "--yes", "--file", f}); c != 0 {
			t.Fatal(c)
		}
	}
}
