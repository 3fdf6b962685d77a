package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/checks"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/retention"
	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
	"github.com/ccc-hooks/ccc-hooks/internal/clip"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// supervisorLogOptions are the inputs of `supervisor log`.
type supervisorLogOptions struct {
	Session string // --session: one session's decisions; else the most recent sessions
	JSON    bool
	Limit   int // --limit: how many recent sessions
}

// defaultLogLimit is how many sessions `supervisor log` lists without --session.
const defaultLogLimit = 10

// feedbackExcerpt is how many characters of a decision's feedback the table shows.
const feedbackExcerpt = 70

func newSupervisorLogCmd(env *Env) *cobra.Command {
	var opts supervisorLogOptions
	c := &cobra.Command{
		Use:   "log [--session ID] [--json]",
		Short: "Show what the supervisor decided and what its reviews cost",
		Long: `log prints the supervisor's decisions of one session (--session): time, event, verdict,
feedback, how long the review took and what it cost, with totals. Without --session it lists the
sessions with the most recent decisions, one line each. --json prints the same as JSON.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			return runSupervisorLog(env, opts)
		},
	}
	c.Flags().StringVar(&opts.Session, "session", "", "show the decisions of the session `ID`")
	c.Flags().BoolVar(&opts.JSON, "json", false, "print JSON")
	c.Flags().IntVar(&opts.Limit, "limit", defaultLogLimit, "without --session, list at most `N` sessions (0: all)")
	return c
}

// sessionLog is the JSON of `supervisor log --session ID`.
type sessionLog struct {
	SessionID string                `json:"session_id"`
	Decisions []supervisor.Decision `json:"decisions"`
	Totals    supervisor.Totals     `json:"totals"`
}

// recentLogs is the JSON of `supervisor log` without --session. Pruned is what the logs of the
// sessions pruned from ccc-hooks home recorded (package retention); it is not in Totals.
type recentLogs struct {
	Sessions []sessionSummary  `json:"sessions"`
	Totals   supervisor.Totals `json:"totals"`
	Pruned   retention.Pruned  `json:"pruned"`
	// Quota is the usage limits the reviewer met that stand the supervisor aside now.
	Quota []supervisor.QuotaStanding `json:"quota,omitempty"`
}

type sessionSummary struct {
	SessionID string            `json:"session_id"`
	Totals    supervisor.Totals `json:"totals"`
}

func runSupervisorLog(env *Env, opts supervisorLogOptions) error {
	if opts.Limit < 0 {
		return usageErrorf("--limit must be 0 or more")
	}
	store := &supervisor.SessionStore{Home: paths.Home(env.Getenv), Now: env.Now}
	if opts.Session != "" {
		return printSessionLog(env, store, opts)
	}
	listed, err := retention.ReadLogs(store)
	if err != nil {
		return err
	}
	if listed.RecordErr != nil {
		warnf(env, "leaving out the totals of pruned sessions: %v", listed.RecordErr)
	}
	logs := listed.Sessions
	if opts.Limit > 0 && len(logs) > opts.Limit {
		logs = logs[:opts.Limit]
	}
	out := recentLogs{Sessions: []sessionSummary{}, Totals: supervisor.Sum(nil), Pruned: listed.Pruned}
	if out.Quota, err = store.Quotas(env.Now()); err != nil {
		warnf(env, "cannot tell whether the reviewer's account is out of quota: %v", err)
	}
	for _, l := range logs {
		decisions, bad, err := store.ReadLog(l.ID)
		if err != nil {
			return err
		}
		warnBadLines(env, store, l.ID, bad)
		sum := supervisor.Sum(decisions)
		out.Sessions = append(out.Sessions, sessionSummary{SessionID: l.ID, Totals: sum})
		out.Totals.Merge(sum)
	}
	if opts.JSON {
		return writeJSON(env.IO.Out, out)
	}
	if len(out.Sessions) == 0 {
		if out.Pruned.Sessions > 0 {
			return env.sayf("No supervisor decisions logged in the sessions kept (in %s).\n%s", store.Home, prunedLine(out.Pruned))
		}
		return env.sayf("No supervisor decisions logged yet (in %s).", store.Home)
	}
	var b bytes.Buffer
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "LAST\tSESSION\tDECISIONS\tREVIEWS\tVERDICTS\tDURATION\tCOST\tCACHE READ\tCACHE WRITE")
	for _, s := range out.Sessions {
		t := s.Totals
		fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\n", localTime(t.Last), s.SessionID, t.Decisions, t.Reviews,
			verdicts(t.Verdicts), duration(t.DurationMS), cost(t.CostUSD),
			tokens(t.CacheReadInputTokens), tokens(t.CacheCreationInputTokens))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(&b, "\n%s: %s\n", count(len(out.Sessions), "session"), totalsLine(out.Totals))
	if out.Pruned.Sessions > 0 {
		b.WriteString("plus " + prunedLine(out.Pruned) + "\n")
	}
	for _, q := range out.Quota {
		b.WriteString(quotaLine(q) + "\n")
	}
	b.WriteString("Details of one session: ccc-hooks supervisor log --session ID\n")
	_, err = env.IO.Out.Write(b.Bytes())
	return err
}

func printSessionLog(env *Env, store *supervisor.SessionStore, opts supervisorLogOptions) error {
	if !event.ValidSessionID(opts.Session) {
		return usageErrorf("invalid session ID %q: want [A-Za-z0-9._-]{1,128}", opts.Session)
	}
	decisions, bad, err := store.ReadLog(opts.Session)
	if err != nil {
		return err
	}
	warnBadLines(env, store, opts.Session, bad)
	if decisions == nil && bad == 0 {
		return fmt.Errorf("no decisions logged for session %s (%s does not exist); `ccc-hooks supervisor log` lists the sessions, "+
			"and the totals of those pruned (not written for %s)", opts.Session, store.LogPath(opts.Session), config.RetentionKey)
	}
	out := sessionLog{SessionID: opts.Session, Decisions: decisions, Totals: supervisor.Sum(decisions)}
	if out.Decisions == nil {
		out.Decisions = []supervisor.Decision{}
	}
	if opts.JSON {
		return writeJSON(env.IO.Out, out)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "Supervisor decisions of session %s\n\n", opts.Session)
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "TIME\tEVENT\tVERDICT\tDURATION\tCOST\tCACHE READ\tCACHE WRITE\tFEEDBACK")
	for _, d := range decisions {
		ev := d.Event
		if d.Tool != "" {
			ev = d.Tool
		}
		dur, c, read, written := "-", "-", "-", "-"
		if d.Reviewed() {
			dur, c = duration(d.DurationMS), cost(d.CostUSD)
			read, written = tokens(d.CacheReadInputTokens), tokens(d.CacheCreationInputTokens)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", localTime(d.Time), ev, d.Decision, dur, c, read, written,
			excerpt(d.Reason, feedbackExcerpt))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := checksTable(&b, decisions); err != nil {
		return err
	}
	fmt.Fprintf(&b, "\nTotal: %s\n", totalsLine(out.Totals))
	if quotas, err := store.Quotas(env.Now()); err == nil {
		for _, q := range quotas {
			b.WriteString(quotaLine(q) + "\n")
		}
	}
	_, err = env.IO.Out.Write(b.Bytes())
	return err
}

func warnBadLines(env *Env, store *supervisor.SessionStore, id string, bad int) {
	if bad > 0 {
		warnf(env, "%s: skipped %s that %s not a decision", store.LogPath(id), count(bad, "line"), plural(bad, "is", "are"))
	}
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// totalsLine is "3 decisions, 2 reviews (block 1, allow 1, capped 1); review time 12.0s; cost
// $0.0421; cache read 9.0k tokens, written 3.0k".
func totalsLine(t supervisor.Totals) string {
	s := count(t.Decisions, "decision") + ", " + count(t.Reviews, "review")
	if v := verdicts(t.Verdicts); v != "" {
		s += " (" + v + ")"
	}
	s += "; review time " + duration(t.DurationMS) + "; cost " + cost(t.CostUSD) +
		"; cache read " + tokens(t.CacheReadInputTokens) + " tokens, written " + tokens(t.CacheCreationInputTokens)
	if t.ChecksRun+t.ChecksReused > 0 {
		s += "; checks run " + strconv.Itoa(t.ChecksRun) + " (" + duration(t.ChecksMS) + ", the wall " + duration(t.ChecksWallMS) +
			"), reused " + strconv.Itoa(t.ChecksReused)
	}
	return s
}

// prunedLine is "3 pruned sessions: 12 decisions, …", the totals of the pruned sessions'
// logs.
func prunedLine(p retention.Pruned) string {
	return count(p.Sessions, "pruned session") + ": " + totalsLine(p.Totals)
}

// tokens is a token count for a table: 850, 9.0k, 1.25M.
func tokens(n int64) string {
	switch {
	case n < 1000:
		return strconv.FormatInt(n, 10)
	case n < 1000000:
		return fmt.Sprintf("%.1fk", float64(n)/1000)
	}
	return fmt.Sprintf("%.2fM", float64(n)/1000000)
}

func verdicts(m map[string]int) string {
	var parts []string
	seen := map[string]bool{}
	for _, k := range supervisor.Decisions() {
		if m[k] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
		}
		seen[k] = true
	}
	var rest []string
	for k, n := range m {
		if !seen[k] && n > 0 {
			rest = append(rest, fmt.Sprintf("%s %d", k, n))
		}
	}
	sort.Strings(rest)
	return strings.Join(append(parts, rest...), ", ")
}

func localTime(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format("2006-01-02 15:04:05")
}

func duration(ms int64) string {
	d := time.Duration(ms) * time.Millisecond
	if d < time.Minute {
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return d.Round(time.Second).String()
}

func cost(usd float64) string { return fmt.Sprintf("$%.4f", usd) }

// count is "1 review", "2 reviews".
func count(n int, word string) string {
	return fmt.Sprintf("%d %s", n, plural(n, word, word+"s"))
}

// excerpt is the start of s on one line, at most n characters.
func excerpt(s string, n int) string {
	s = clip.OneLine(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimRight(string(r[:n-1]), " ") + "…"
}

// checksTable writes the checks of the reviews that had any, one line each: when, the command,
// how it ended, how long it ran and the wall's own time around it (neither for a result reused
// or a check not run: they cost the review nothing). Nothing without checks.
func checksTable(b *bytes.Buffer, decisions []supervisor.Decision) error {
	found := false
	for _, d := range decisions {
		found = found || len(d.Checks) > 0
	}
	if !found {
		return nil
	}
	fmt.Fprintf(b, "\nChecks before the reviews (supervisor.checks):\n\n")
	w := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "TIME\tCHECK\tRESULT\tRAN\tWALL")
	for _, d := range decisions {
		for _, c := range d.Checks {
			result, dur, wallTime := c.Outcome, duration(c.DurationMS), duration(c.WallMS)
			switch {
			case c.Reused:
				result += ", reused from " + localTime(c.RanAt)
				dur, wallTime = "-", "-"
			case !checks.Ran(c):
				result += ": " + excerpt(c.Why, feedbackExcerpt)
				dur, wallTime = "-", "-"
			}
			if c.Outcome == checks.Failed {
				result = "exit status " + strconv.Itoa(c.ExitCode) + " (" + result + ")"
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", localTime(d.Time), excerpt(c.Command, 40), result, dur, wallTime)
		}
	}
	return w.Flush()
}
