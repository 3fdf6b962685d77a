package workflow

import (
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// The /mc design lets the user confirm a fix in the task's context.md too: under a heading
// "### 用户反馈" they write "用户确认: 是" or "已修复". ccc-hooks reads that section with the same
// words and rules as a prompt (Confirms: a negation never confirms), leaving out HTML comments,
// where the template explains the section.

// FeedbackHeading is the heading of the section of context.md the user confirms in.
const FeedbackHeading = "用户反馈"

// feedbackMark is the level the template writes FeedbackHeading at; any level is read.
const feedbackMark = "###"

// maxContext bounds what is read of a context.md.
const maxContext = 1 << 20

var (
	headingLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(#{1,6})[ \t]+(.*?)[ \t#]*$`) })
	htmlComment = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?s)<!--.*?(?:-->|$)`) })
)

// feedback returns the text of the feedback section of the Markdown md (from the heading to the
// next heading of the same or a higher level), its HTML comments left out; found is false when
// md has no such heading.
func feedback(md string) (text string, found bool) {
	level := 0
	var b strings.Builder
	for _, line := range strings.Split(md, "\n") {
		m := headingLine().FindStringSubmatch(strings.TrimRight(line, "\r"))
		switch {
		case m != nil && level > 0 && len(m[1]) <= level:
			return htmlComment().ReplaceAllString(b.String(), ""), true
		case m != nil && level == 0 && strings.TrimSpace(m[2]) == FeedbackHeading:
			level = len(m[1])
		case level > 0:
			b.WriteString(line + "\n")
		}
	}
	return htmlComment().ReplaceAllString(b.String(), ""), level > 0
}

// feedbackConfirms reports whether the feedback section of md confirms the fix.
func feedbackConfirms(md string) bool {
	text, found := feedback(md)
	return found && Confirms(text)
}

// confirmedInContext reports whether the user confirmed t's fix in its context.md. A file that
// cannot be read (missing, not a regular file) confirms nothing.
func (t *Task) confirmedInContext() bool {
	data, err := safefile.ReadRegular(filepath.Join(t.Dir, ContextFile), maxContext)
	return err == nil && feedbackConfirms(string(data))
}
