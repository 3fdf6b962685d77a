package installer

import (
	"encoding/json"
	"runtime"
)

// ourProgram is the file name of the ccc-hooks program on this system: ccc-hooks.exe on Windows,
// where a program is known by its extension, else ccc-hooks.
func ourProgram() string {
	if runtime.GOOS == "windows" {
		return "ccc-hooks.exe"
	}
	return "ccc-hooks"
}

// jsonString writes s as a JSON string (a Windows path's backslashes escaped).
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
