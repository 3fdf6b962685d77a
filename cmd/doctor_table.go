package cmd

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/width"

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

// writeDoctorTable prints one aligned row per result (check, status, message) and a summary.
// Messages are wrapped at word boundaries to fit cols columns, continuation lines indented to the
// message column; a word longer than the column (a long path) is broken after a '/' where it can
// be, so nothing spills into the check column. The status is coloured only when color is true;
// padding is computed on the plain text so the colour codes do not break the alignment. Results
// come from doctor.Run, errors and warnings first.
func writeDoctorTable(w io.Writer, results []doctor.Result, color bool, cols int) error {
	if cols <= 0 {
		cols = defaultWidth
	}
	checkW := len("CHECK")
	for _, r := range results {
		checkW = max(checkW, textWidth(r.Check))
	}
	const statusW = len("STATUS")
	msgCol := checkW + 2 + statusW + 1
	msgW := max(cols-msgCol, minMessageWidth)
	var b strings.Builder
	fmt.Fprintf(&b, "%s  %-*s %s\n", pad("CHECK", checkW), statusW, "STATUS", "MESSAGE")
	counts := map[doctor.Status]int{}
	for _, r := range results {
		counts[r.Status]++
		status := fmt.Sprintf("%-*s", statusW, r.Status)
		if color {
			status = statusColor[r.Status] + string(r.Status) + "\x1b[0m" + status[len(r.Status):]
		}
		for i, line := range wrapText(r.Message, msgW) {
			if i == 0 {
				fmt.Fprintf(&b, "%s  %s %s\n", pad(r.Check, checkW), status, line)
			} else {
				fmt.Fprintf(&b, "%s%s\n", strings.Repeat(" ", msgCol), line)
			}
		}
	}
	fmt.Fprintf(&b, "\n%d %s, %d %s, %d ok\n",
		counts[doctor.StatusError], plural(counts[doctor.StatusError], "error", "errors"),
		counts[doctor.StatusWarn], plural(counts[doctor.StatusWarn], "warning", "warnings"),
		counts[doctor.StatusOK])
	_, err := io.WriteString(w, b.String())
	return err
}

// pad fills s with spaces to n terminal columns.
func pad(s string, n int) string {
	return s + strings.Repeat(" ", max(n-textWidth(s), 0))
}

// textWidth is the number of terminal columns s takes: East Asian wide and fullwidth characters
// take two.
func textWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

func runeWidth(r rune) int {
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// wrapText splits s into lines of at most n columns, breaking between words; a word wider than n
// is broken by breakWord.
func wrapText(s string, n int) []string {
	var lines []string
	var line strings.Builder
	lineW := 0
	flush := func() {
		lines = append(lines, line.String())
		line.Reset()
		lineW = 0
	}
	for _, word := range strings.Fields(s) {
		ww := textWidth(word)
		if lineW > 0 && lineW+1+ww <= n {
			line.WriteByte(' ')
			line.WriteString(word)
			lineW += 1 + ww
			continue
		}
		if lineW > 0 {
			flush()
		}
		for ww > n {
			head, tail := breakWord(word, n)
			line.WriteString(head)
			flush()
			word, ww = tail, textWidth(tail)
		}
		line.WriteString(word)
		lineW = ww
	}
	if lineW > 0 || len(lines) == 0 {
		flush()
	}
	return lines
}

// breakWord splits word so that head takes at most n columns: after the last '/' that fits,
// else after the last other separator, else at n columns.
func breakWord(word string, n int) (head, tail string) {
	cut, lastSlash, lastSep, w := 0, 0, 0, 0
	for i, r := range word {
		rw := runeWidth(r)
		if w+rw > n {
			break
		}
		w += rw
		cut = i + utf8.RuneLen(r)
		switch {
		case r == '/' || r == '\\':
			lastSlash = cut
		case strings.ContainsRune("-_.,:;=", r):
			lastSep = cut
		}
	}
	switch {
	case lastSlash > n/3:
		cut = lastSlash
	case lastSep > n/3:
		cut = lastSep
	case cut == 0:
		_, cut = utf8.DecodeRuneInString(word)
	}
	return word[:cut], word[cut:]
}
