package window

import (
	"os"
	"strings"
	"testing"
)

func TestParseStat(t *testing.T) {
	// The 22nd field is the start; comm may hold spaces and parentheses.
	tail := " S 77 4242 4242 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 123456 1000 10 18446744073709551615"
	for _, comm := range []string{"claude", "a b", "x) S 1 (y", "))"} {
		st, err := parseStat([]byte("4243 (" + comm + ")" + tail + "\n"))
		if err != nil || st.ppid != 77 || st.start != "123456" {
			t.Errorf("comm %q: got %+v, %v; want ppid 77, start 123456", comm, st, err)
		}
	}
	for _, bad := range []string{"", "4243 claude S 77", "4243 (claude) S 77 1 2", "4243 (claude) S x" + strings.Repeat(" 1", 20), "4243 (claude) S 77" + strings.Repeat(" y", 20)} {
		if st, err := parseStat([]byte(bad)); err == nil {
			t.Errorf("parseStat(%q) = %+v, want an error", bad, st)
		}
	}
}

// TestStartNamesTheBoot: on Linux the start holds the boot's ID, so that a process of a later
// boot with the same ID and start time since boot is another window.
func TestStartNamesTheBoot(t *testing.T) {
	boot, err := os.ReadFile(bootIDFile)
	if err != nil {
		t.Skip(err)
	}
	w, err := Of(os.Getppid())
	if err != nil {
		t.Fatal(err)
	}
	st, err := readStat(os.Getppid())
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.TrimSpace(string(boot)) + "/" + st.start; w.Start != want {
		t.Errorf("start = %q, want %q", w.Start, want)
	}
}
