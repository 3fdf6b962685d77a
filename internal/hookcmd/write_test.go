package hookcmd

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestFor: the hook of a settings file, on Linux and macOS and on Windows (see Program), is read
// back as ours, naming the binary (with forward slashes on Windows).
func TestFor(t *testing.T) {
	for _, tt := range []struct {
		goos, binary string
		want         Hook
	}{
		{"linux", "/usr/local/bin/ccc-hooks", Hook{Command: "/usr/local/bin/ccc-hooks hook"}},
		{"linux", "/home/u/My Tools/ccc-hooks", Hook{Command: `'/home/u/My Tools/ccc-hooks' hook`}},
		{"darwin", "/opt/a$b/ccc-hooks", Hook{Command: `'/opt/a$b/ccc-hooks' hook`}},
		{"linux", "/opt/it's/ccc-hooks", Hook{Command: `'/opt/it'\''s/ccc-hooks' hook`}},
		{"windows", `C:\Users\me\bin\ccc-hooks.exe`, Hook{Command: "C:/Users/me/bin/ccc-hooks.exe hook"}},
		{"windows", `C:\Users\José\.local\bin\ccc-hooks.exe`, Hook{Command: "C:/Users/José/.local/bin/ccc-hooks.exe hook"}},
		{"windows", `C:\Users\Jo Smith\bin\ccc-hooks.exe`, Hook{Command: "& 'C:/Users/Jo Smith/bin/ccc-hooks.exe' hook", Shell: "powershell"}},
		{"windows", `C:\Program Files (x86)\ccc-hooks.exe`, Hook{Command: "& 'C:/Program Files (x86)/ccc-hooks.exe' hook", Shell: "powershell"}},
		{"windows", `D:\it's $mine\ccc-hooks.exe`, Hook{Command: "& 'D:/it''s $mine/ccc-hooks.exe' hook", Shell: "powershell"}},
		{"windows", `\\server\tools\ccc-hooks.exe`, Hook{Command: "//server/tools/ccc-hooks.exe hook"}},
	} {
		got := For(tt.binary, tt.goos)
		if got != tt.want {
			t.Errorf("For(%q, %s) = %+v, want %+v", tt.binary, tt.goos, got, tt.want)
		}
		if !IsOurs(got.Command) {
			t.Errorf("IsOurs(%q) = false", got.Command)
		}
		want := tt.binary
		if tt.goos == "windows" {
			want = strings.ReplaceAll(want, `\`, "/")
		}
		if b := Binary(got.Command); b != want {
			t.Errorf("Binary(%q) = %q, want %q", got.Command, b, want)
		}
		if word, _ := Program(tt.binary, tt.goos); got.Command != word+" hook" {
			t.Errorf("For(%q, %s) runs %q, not Program's word %q", tt.binary, tt.goos, got.Command, word)
		}
	}
	if !IsOurs(Shared) || Binary(Shared) != "ccc-hooks" {
		t.Errorf("the shared command %q is not read as ours running ccc-hooks", Shared)
	}
}

// TestBackslashed: the spelling of the first releases, byte for byte as go-shellquote's Join
// wrote each path (captured from the library before it left the module), is written again and
// read back as ours.
func TestBackslashed(t *testing.T) {
	for _, tt := range []struct{ path, want string }{
		{"/usr/local/bin/ccc-hooks", "/usr/local/bin/ccc-hooks"},
		{"/opt/it's/ccc-hooks", `/opt/it\'s/ccc-hooks`},
		{"/home/u/My Tools/ccc-hooks", "'/home/u/My Tools/ccc-hooks'"},
		{`C:\Users\me\ccc-hooks.exe`, `C:\\Users\\me\\ccc-hooks.exe`},
		{"~/bin/ccc-hooks", `\~/bin/ccc-hooks`},
		{"/a~b/ccc-hooks", "/a~b/ccc-hooks"},
		{"'/x", `\'/x`},
		{"/x'", `/x\'`},
		{"/a''b c", `'/a'\'\''b c'`},
		{"/a b'", `'/a b'\'`},
		{"", "''"},
		{"/é ü/ccc-hooks", "'/é ü/ccc-hooks'"},
		{"/a\tb", "'/a\tb'"},
		{"/a$b/[x]/(y)/ccc-hooks", `/a\$b/\[x]/\(y\)/ccc-hooks`},
		{"/a!b?c*d;e|f&g<h>i{j`k\"l/ccc-hooks", "/a\\!b\\?c\\*d\\;e\\|f\\&g\\<h\\>i\\{j\\`k\\\"l/ccc-hooks"},
		{"~", `\~`},
		{"/a'b c'd", `'/a'\''b c'\''d'`},
	} {
		if got := backslashed(tt.path); got != tt.want {
			t.Errorf("backslashed(%q) = %q, want %q", tt.path, got, tt.want)
		}
		if strings.HasSuffix(tt.path, "/ccc-hooks") && !IsOurs(tt.want+" hook") {
			t.Errorf("IsOurs(%q) = false: an entry of the first releases is not read as ours", tt.want+" hook")
		}
	}
}

// TestGuarded: the plugins' guarded command, as Guarded writes it, is read back by Unguard as
// the command it runs, is ours, and runs the program it looks for.
func TestGuarded(t *testing.T) {
	for _, program := range []string{"ccc-hooks", "/opt/x/ccc-hooks"} {
		say := "ccc-hooks supervisor: the ccc-hooks program is not on PATH. Install it with `sh -c \"$(curl x || echo exit 1)\"`."
		command := Guarded(program, say)
		run, ok := Unguard(command)
		if !ok || run != program+" hook" || !IsOurs(command) || Binary(command) != program {
			t.Errorf("Guarded(%q) = %q: Unguard %q %v, IsOurs %v, Binary %q", program, command, run, ok, IsOurs(command), Binary(command))
		}
		if !strings.Contains(command, `'{"systemMessage":"ccc-hooks supervisor: the ccc-hooks program is not on PATH. Install it with `+
			"`sh -c \\\"$(curl x || echo exit 1)\\\"`.\"}'") {
			t.Errorf("Guarded(%q) does not print the message as one JSON object in single quotes: %s", program, command)
		}
	}
}

// TestHandlerJSON: a handler is written with its keys in Claude Code's order, the exec form with
// its args (also none), the shell form without; nothing escaped for HTML.
func TestHandlerJSON(t *testing.T) {
	for _, tt := range []struct {
		h    Handler
		want string
	}{
		{Exec("/opt/ccc-hooks", "hook"), `{"type":"command","command":"/opt/ccc-hooks","args":["hook"]}`},
		{Exec("/opt/crashes"), `{"type":"command","command":"/opt/crashes","args":[]}`},
		{
			Handler{Command: "/a b/ccc-hooks", Args: []string{"hook"}, Timeout: 60, OnFailure: "block"},
			`{"type":"command","command":"/a b/ccc-hooks","args":["hook"],"timeout":60,"onFailure":"block"}`,
		},
		{
			For(`C:\Jo Smith\ccc-hooks.exe`, "windows").Of(600, "ccc-hooks supervisor reviewing"),
			`{"type":"command","command":"& 'C:/Jo Smith/ccc-hooks.exe' hook","shell":"powershell","timeout":600,"statusMessage":"ccc-hooks supervisor reviewing"}`,
		},
		{Hook{Command: "a >/dev/null 2>&1 && b"}.Of(0, ""), `{"type":"command","command":"a >/dev/null 2>&1 && b"}`},
	} {
		got, err := json.Marshal(struct{ H Handler }{tt.h})
		if err != nil {
			t.Fatal(err)
		}
		// json.Marshal escapes for HTML around a value's own JSON; MarshalJSON itself does not.
		own, _ := tt.h.MarshalJSON()
		if string(own) != tt.want {
			t.Errorf("%+v.MarshalJSON() = %s, want %s", tt.h, own, tt.want)
		}
		var back struct{ H map[string]any }
		if err := json.Unmarshal(got, &back); err != nil || back.H["command"] != tt.h.Command {
			t.Errorf("%s does not read back: %v", got, err)
		}
	}
}

// FuzzForIsOurs: the command an install writes for a binary anywhere, on Linux or Windows,
// is ours and names that binary; anything the user writes around it (another command, a
// redirection, a pipe, an argument) makes it the user's, which still runs ccc-hooks.
func FuzzForIsOurs(f *testing.F) {
	for _, dir := range []string{"/usr/local/bin", "/home/u/My Tools", "/opt/it's", `C:\Users\Jo Smith`, "/a;b", "/x$y`z", "/é/ü"} {
		f.Add(dir)
	}
	around := []string{` && notify-send "review done"`, " 2>>log", "; other-hook", " | tee -a log", " --flag", " &"}
	f.Fuzz(func(t *testing.T, dir string) {
		if strings.ContainsAny(dir, "\x00\n\r") || !utf8.ValidString(dir) || !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, `C:\`) {
			t.Skip("not an absolute path a hook command holds")
		}
		for _, goos := range []string{"linux", "windows"} {
			bin := dir + "/ccc-hooks"
			if goos == "windows" {
				bin += ".exe"
			}
			h := For(bin, goos)
			if !IsOurs(h.Command) {
				t.Fatalf("For(%q, %s) = %q, not ours", bin, goos, h.Command)
			}
			for _, a := range around {
				if IsOurs(h.Command + a) {
					t.Errorf("%q is taken for ours", h.Command+a)
				}
				if goos == "linux" && !Runs(h.Command+a) {
					t.Errorf("%q does not run ccc-hooks", h.Command+a)
				}
			}
		}
	})
}
