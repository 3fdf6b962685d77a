module github.com/ccc-hooks/ccc-hooks

go 1.26.8

require (
	github.com/AlecAivazis/survey/v2 v2.3.7
	github.com/aymanbagabas/go-udiff v0.4.1
	github.com/creack/pty v1.1.24
	github.com/gofrs/flock v0.13.1
	github.com/google/go-cmp v0.7.0
	github.com/itchyny/gojq v0.12.20
	github.com/robfig/cron/v3 v3.0.1
	github.com/rogpeppe/go-internal v1.16.0
	github.com/spf13/cobra v1.10.2
	github.com/tidwall/gjson v1.20.0
	golang.org/x/sys v0.49.0
	golang.org/x/term v0.47.0
	golang.org/x/text v0.4.0
	mvdan.cc/sh/v3 v3.14.1
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/itchyny/timefmt-go v0.1.9 // indirect
	github.com/kballard/go-shellquote v0.0.0-20180428030007-95032a82bc51 // indirect
	github.com/mattn/go-colorable v0.1.2 // indirect
	github.com/mattn/go-isatty v0.0.24 // indirect
	github.com/mgutz/ansi v0.0.0-20170206155736-9520e82c474b // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.0 // indirect
	golang.org/x/tools v0.38.0 // indirect
)
