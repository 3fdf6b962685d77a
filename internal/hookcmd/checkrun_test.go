package hookcmd

import "testing"

// TestCheckRun: the run behind the wall names the binary, the directory and the command, each as
// a POSIX shell reads it back, and the limit; a process runs one when its first two arguments
// after the program are `supervisor checks`, and never for fewer or other words.
func TestCheckRun(t *testing.T) {
	got := CheckRun("/opt/my tools/ccc-hooks", "/p/it's", 42, "go test ./... && echo 'ok'")
	want := `'/opt/my tools/ccc-hooks' supervisor checks --dir '/p/it'\''s' --timeout 42 --run 'go test ./... && echo '\''ok'\'''`
	if got != want {
		t.Errorf("CheckRun = %s\nwant        %s", got, want)
	}
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"/bin/ccc-hooks", "supervisor", "checks"}, true},
		{[]string{"ccc-hooks", "supervisor", "checks", "--run", "ls"}, true},
		{[]string{"ccc-hooks", "supervisor"}, false},
		{[]string{"ccc-hooks", "supervisor", "log"}, false},
		{[]string{"ccc-hooks", "checks", "supervisor"}, false},
		{[]string{"supervisor", "checks"}, false},
		{nil, false},
	} {
		if got := IsCheckRun(tc.args); got != tc.want {
			t.Errorf("IsCheckRun(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}
