//go:build unix

package e2e

import "github.com/ccc-hooks/ccc-hooks/internal/claudeversion"

// Where the tested Claude Code versions differ in something a test checks: the first version
// that does it. docs/claude-code.md lists every difference and how it was seen.
var (
	// printFlushesTranscript: `claude -p` writes a turn's last reply to the transcript before the
	// Stop hooks run. 2.1.331's release notes: "Fixed Stop hooks that read the transcript missing
	// the last reply". Seen on 2.1.332 at every Stop hook run, while 2.1.328 often had not
	// written the reply yet. Interactive sessions do not do it on either version.
	printFlushesTranscript = claudeversion.Version{Major: 2, Minor: 1, Patch: 331}
	// monitorTaskType: background_tasks lists a Monitor's script with type "monitor" (2.1.329's
	// release notes: "Changed Stop and SubagentStop hooks to list a Monitor's script as
	// `monitor`, not `shell`"); seen on 2.1.332, while 2.1.328 says "shell".
	monitorTaskType = claudeversion.Version{Major: 2, Minor: 1, Patch: 329}
)
