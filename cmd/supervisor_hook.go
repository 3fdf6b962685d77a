package cmd

import (
	"github.com/spf13/cobra"
)

// newSupervisorHookCmd is `supervisor-hook`, the hook command of the older ccc tool, kept so that
// its settings entries keep working.
func newSupervisorHookCmd(env *Env) *cobra.Command {
	var opts hookOptions
	c := &cobra.Command{
		Use:   "supervisor-hook [--session-id ID]",
		Short: "Alias of hook, compatible with ccc supervisor-hook",
		Long: `supervisor-hook is hook under the name the ccc tool used. With --session-id, stdin is
not read and the event is a Stop of that session.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			opts.HasSessionID = c.Flags().Changed("session-id")
			opts.Command = "supervisor-hook"
			return runHook(c.Context(), env, opts)
		},
	}
	c.Flags().StringVar(&opts.SessionID, "session-id", "", "review a Stop of this session instead of reading stdin")
	return c
}
