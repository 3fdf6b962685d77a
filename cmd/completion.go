package cmd

import (
	"github.com/spf13/cobra"
)

func newCompletionCmd(env *Env) *cobra.Command {
	return &cobra.Command{
		Use:   "completion bash|zsh|fish|powershell",
		Short: "Print a shell completion script",
		Long: `Print the completion script of one shell. It completes commands, flags and flag values:
scopes, profiles, events (comma lists), the provider names found as settings-NAME.json in the
Claude config dir, the actions of supervisor and the task ids of task show and confirm.

bash (needs the bash-completion package: apt install bash-completion, or brew install
bash-completion@2), in this shell, then in every new one:
    source <(ccc-hooks completion bash)
    ccc-hooks completion bash > ~/.local/share/bash-completion/completions/ccc-hooks

zsh (compinit must be enabled):
    ccc-hooks completion zsh > "${fpath[1]}/_ccc-hooks"

fish:
    ccc-hooks completion fish > ~/.config/fish/completions/ccc-hooks.fish

powershell:
    ccc-hooks completion powershell | Out-String | Invoke-Expression`,
		Args:      oneWordOf("shell"),
		ValidArgs: []string{"bash", "zsh", "fish", "powershell"},
		RunE: func(c *cobra.Command, args []string) error {
			root := c.Root()
			out := env.IO.Out
			switch args[0] {
			case "bash":
				return root.GenBashCompletionV2(out, true)
			case "zsh":
				return root.GenZshCompletion(out)
			case "fish":
				return root.GenFishCompletion(out, true)
			default:
				return root.GenPowerShellCompletionWithDesc(out)
			}
		},
	}
}
