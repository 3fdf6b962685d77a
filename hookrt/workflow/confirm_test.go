package workflow

import "testing"

func TestConfirms(t *testing.T) {
	tests := []struct {
		name   string
		prompt string
		want   bool
	}{
		{"zh fixed", "已修复", true},
		{"zh fixed in sentence", "好的，已修复，谢谢", true},
		{"zh fix succeeded", "修复成功了", true},
		{"zh problem solved", "问题解决", true},
		{"zh already solved", "这个已经解决", true},
		{"zh user confirm", "用户确认: 是", true},
		{"zh user confirm full-width colon", "用户确认：是", true},
		{"zh user confirm no", "用户确认：否", false},
		{"en fixed", "fixed", true},
		{"en fixed sentence", "Looks good, it's fixed now. Thanks!", true},
		{"en resolved", "Resolved.", true},
		{"en curly apostrophe", "It’s fixed", true},
		{"zh not fixed", "未修复", false},
		{"zh not fixed 2", "没有修复", false},
		{"zh not fixed 3", "没修复", false},
		{"zh not yet fixed", "还没修复", false},
		{"zh fix failed", "修复失败", false},
		{"zh problem unresolved", "问题未解决", false},
		{"zh not fixed but polite", "谢谢，但是未修复", false},
		{"zh did not succeed", "没有修复成功", false},
		{"zh still broken", "已修复？还是不行", false},
		{"en not fixed", "not fixed", false},
		{"en isn't fixed", "it isn't fixed", false},
		{"en is not fixed", "It is not fixed yet.", false},
		{"en not yet fixed", "not yet fixed", false},
		{"en hasn't been fixed", "the bug hasn't been fixed", false},
		{"en not resolved", "Not resolved.", false},
		{"en unresolved", "still unresolved", false},
		{"en curly negation", "it isn’t fixed", false},
		{"en unfixed", "the unfixed bug", false},
		{"en prefixed", "the prefixed name is wrong", false},
		{"en fixed-width", "use a fixed-width font", false},
		{"en question", "is it fixed?", false},
		{"zh question", "已修复吗？", false},
		{"zh question without mark", "问题解决了吗", false},
		{"unrelated", "please look at the logs", false},
		{"empty", "", false},
		{"zh fix request", "请修复商店购买BUG", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Confirms(tt.prompt); got != tt.want {
				t.Errorf("Confirms(%q) = %v, want %v", tt.prompt, got, tt.want)
			}
		})
	}
}

func TestTaskDescription(t *testing.T) {
	tests := []struct {
		prompt string
		want   string
		ok     bool
	}{
		{"/mc 修复商店购买BUG", "修复商店购买BUG", true},
		{"  /mc  fix the login page  ", "fix the login page", true},
		{"/mc\nmulti\nline", "multi\nline", true},
		{"/mc", "", false},
		{"/mc   ", "", false},
		{"/mc-review please", "", false},
		{"/mc-confirm", "", false},
		{"/mcx foo", "", false},
		{"please /mc foo", "", false},
	}
	for _, tt := range tests {
		got, ok := taskDescription(tt.prompt)
		if got != tt.want || ok != tt.ok {
			t.Errorf("taskDescription(%q) = %q, %v; want %q, %v", tt.prompt, got, ok, tt.want, tt.ok)
		}
	}
}

func TestIsConfirmCommand(t *testing.T) {
	for prompt, want := range map[string]bool{
		"/mc-confirm":          true,
		" /mc-confirm  ":       true,
		"/mc-confirm the task": true,
		"/mc-confirmed":        false,
		"/mc confirm":          false,
	} {
		if got := isConfirmCommand(prompt); got != want {
			t.Errorf("isConfirmCommand(%q) = %v, want %v", prompt, got, want)
		}
	}
}

// FuzzConfirms checks that a prompt carrying a negation never confirms, whatever surrounds it.
func FuzzConfirms(f *testing.F) {
	for _, s := range []string{"已修复", "fixed", "", "用户确认：是"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, prompt string) {
		for _, neg := range []string{" 未修复 ", " not fixed "} {
			if Confirms(prompt + neg) {
				t.Errorf("Confirms(%q) = true", prompt+neg)
			}
		}
	})
}

// TestPluginNamespacedCommands: the workflow plugin's commands typed by their full name
// ("/workflow:mc …", "/workflow:mc-confirm") count like the short ones.
func TestPluginNamespacedCommands(t *testing.T) {
	if desc, ok := taskDescription("/workflow:mc fix the login bug"); !ok || desc != "fix the login bug" {
		t.Errorf("taskDescription(/workflow:mc …) = %q, %v", desc, ok)
	}
	for _, p := range []string{"/workflow:mc-confirm", " /workflow:mc-confirm all good"} {
		if !isConfirmCommand(p) {
			t.Errorf("isConfirmCommand(%q) = false", p)
		}
	}
	for _, p := range []string{"/workflow:mcp x", "/other:mc fix"} {
		if _, ok := taskDescription(p); ok {
			t.Errorf("taskDescription(%q) opened a task", p)
		}
	}
}
