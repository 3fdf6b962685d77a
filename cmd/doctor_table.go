package cmd

import (
	"fmt"
	"io"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/installer/doctor"
)

// statusColor is the ANSI colour of each status on a terminal.
var statusColor = map[doctor.Status]string{
	doctor.StatusOK:    "\x1b[32m",
	doctor.StatusWarn:  "\x1b[33m",
	doctor.StatusError: "\x1b[31m",
}

// minMessageWidth is the narrowest message column; on a terminal narrower than the check and
// status columns plus this, lines are longer than the terminal rather than unreadable.
const minMessageWidth = 24

// doctorTable is how the table is printed.
type doctorTable struct {
	// Color colours the statuses (on a terminal).
	Color bool
	// Cols is the width the table fits; defaultWidth when 0.
	Cols int
	// All lists the ok rows too; without it they are counted, and AllCommand (the command that
	// lists them) named.
	All        bool
	AllCommand string
}

// writeDoctorTable prints a summary line that answers "will it work?", then one aligned row per
// result (check, status, message): every result with All, else only those not ok, and a line
// that names the command listing the rest. Messages are wrapped at word boundaries to fit the
// columns, continuation lines indented to the message column; a word longer than the column (a
// long path) is broken after a '/' where it can be, so nothing spills into the check column. The
// status is coloured only when Color is true; padding is computed on the plain text so the colour
// codes do not break the alignment. Results come from doctor.Run, errors and warnings first.
func writeDoctorTable(w io.Writer, results []doctor.Result, t doctorTable) error {
	cols := t.Cols
	if cols <= 0 {
		cols = defaultWidth
	}
	counts := map[doctor.Status]int{}
	var shown []doctor.Result
	for _, r := range results {
		counts[r.Status]++
		if t.All || r.Status != doctor.StatusOK {
			shown = append(shown, r)
		}
	}
	var b strings.Builder
	b.WriteString(wrap(doctorSummary(counts), cols) + "\n")
	if len(shown) > 0 {
		b.WriteString("\n")
		writeRows(&b, shown, t.Color, cols)
	}
	if hidden := counts[doctor.StatusOK]; hidden > 0 && !t.All {
		b.WriteString("\n" + wrap(fmt.Sprintf("%d %s ok, not shown: %#q lists every check.",
			hidden, plural(hidden, "check is", "checks are"), t.AllCommand), cols) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// doctorSummary says in one line whether ccc-hooks will work, and how many checks are errors,
// warnings and ok.
func doctorSummary(counts map[doctor.Status]int) string {
	errs, warns, oks := counts[doctor.StatusError], counts[doctor.StatusWarn], counts[doctor.StatusOK]
	switch {
	case errs > 0:
		return fmt.Sprintf("%d %s, %d %s, %d ok: ccc-hooks will not work as it should until the %s fixed.",
			errs, plural(errs, "error", "errors"), warns, plural(warns, "warning", "warnings"), oks, plural(errs, "error is", "errors are"))
	case warns > 0:
		return fmt.Sprintf("No errors; %d %s, %d ok: read the %s below.", warns, plural(warns, "warning", "warnings"), oks,
			plural(warns, "warning", "warnings"))
	}
	return fmt.Sprintf("No errors, no warnings: all %d checks are ok.", oks)
}

// writeRows writes the header and one row per result.
func writeRows(b *strings.Builder, results []doctor.Result, color bool, cols int) {
	checkW := len("CHECK")
	for _, r := range results {
		checkW = max(checkW, textWidth(r.Check))
	}
	const statusW = len("STATUS")
	msgCol := checkW + 2 + statusW + 1
	msgW := max(cols-msgCol, minMessageWidth)
	fmt.Fprintf(b, "%s  %-*s %s\n", pad("CHECK", checkW), statusW, "STATUS", "MESSAGE")
	for _, r := range results {
		status := fmt.Sprintf("%-*s", statusW, r.Status)
		if color {
			status = statusColor[r.Status] + string(r.Status) + "\x1b[0m" + status[len(r.Status):]
		}
		for i, line := range wrapWords(r.Message, msgW, false) {
			if i == 0 {
				fmt.Fprintf(b, "%s  %s %s\n", pad(r.Check, checkW), status, line)
			} else {
				fmt.Fprintf(b, "%s%s\n", strings.Repeat(" ", msgCol), line)
			}
		}
	}
}
