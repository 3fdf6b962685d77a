package installer

import "testing"

// TestMayWrap: a file holding ccc-hooks only in the text of our own entries (any binary path,
// .exe in any case, a quoted path, our status messages) holds no command of the user's that
// runs it; one that names it anywhere else, or holds a \u escape, may.
func TestMayWrap(t *testing.T) {
	entry := func(command string) string {
		return `{"model": "ccc-hooks docs", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "` + command +
			`", "statusMessage": "ccc-hooks supervisor reviewing"}]}], "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "ccc-hooks hook", "statusMessage": "ccc-hooks workflow checking the task"}]}]}}`
	}
	for _, tt := range []struct {
		src string
		may bool
	}{
		{`{"model": "opus"}`, false},
		{entry("/usr/local/bin/ccc-hooks hook"), false},
		{entry("ccc-hooks supervisor-hook"), false},
		{entry(`C:/Tools/CCC-HOOKS.EXE hook`), false},
		{entry(`'/my dir/ccc-hooks' hook`), false},
		{entry(`& 'C:/Jo Smith/ccc-hooks.exe' hook`), false},
		{entry(`\"/my dir/ccc-hooks\" hook`), true}, // an escape: read in full
		{entry(`ccc-hooks hook && notify-send done`), true},
		{entry(`ccc-hooks hook 2>>log`), true},
		{entry(`timeout 9 ccc-hooks hook`), true},
		{entry(`other-hook; ccc-hooks hook`), true},
		{`{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "statusMessage": "ccc-hooks is reviewing"}]}]}}`, true},
		{entry(`ccc-hooks hook; x`), true},
		{entry(`other; ccc-hooks  hook`), true},
		{entry(`c\u0063c-hooks hook`), true},
	} {
		if got := mayWrap([]byte(tt.src)); got != tt.may {
			t.Errorf("mayWrap(%s) = %v, want %v", tt.src, got, tt.may)
		}
	}
}

// TestIndexFold: the first occurrence in any letter case, at the very start and end too.
func TestIndexFold(t *testing.T) {
	for _, tt := range []struct {
		b    string
		want int
	}{
		{"ccc-hooks", 0},
		{"a-b ccc-hooks", 4},
		{"x CCC-Hooks.exe", 2},
		{"cc-hooks ccc-hook", -1},
		{"-", -1},
		{"", -1},
		{"ccc-hookz ccc-hooks", 10},
	} {
		if got := indexFold([]byte(tt.b), "ccc-hooks"); got != tt.want {
			t.Errorf("indexFold(%q) = %d, want %d", tt.b, got, tt.want)
		}
	}
}
