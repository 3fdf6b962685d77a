package checks

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/clip"
)

// Evidence is what the checks of one review found.
type Evidence struct {
	Dir     string
	Fresh   bool // a Stop review (checks run), not a question review (results reused)
	Results []Result
	// Refused, when set, is why the checks did not run: the machine cannot give the wall.
	Refused string
	Tree    Tree
}

// How much of each check's output the reviewer is shown: the last maxLines lines, each cut to
// maxLineBytes. Test runners end with their verdict and failures (go test's FAIL lines and the
// failing test's output, pytest's short summary, cargo's list of failures), so the end is what
// tells; and the prompt is one argument of claude (Linux takes 128 KiB at most), which the
// reviewer's instructions, the agent's last message and the questions share.
const (
	maxLines     = 40
	maxLineBytes = 300
	// maxSection bounds the whole section of every check together.
	maxSection = 16 << 10
)

// Summary is how the checks ended in a few words, for the line the user sees after a review:
// "checks: 2 passed, 1 failed"; "" without checks.
func (e Evidence) Summary() string {
	if len(e.Results) == 0 {
		return ""
	}
	counts := map[string]int{}
	for _, r := range e.Results {
		counts[r.Outcome]++
	}
	var parts []string
	for _, o := range []string{Passed, Failed, TimedOut, Refused, Errored, NotRun} {
		if counts[o] > 0 {
			parts = append(parts, strconv.Itoa(counts[o])+" "+o)
		}
	}
	return "checks: " + strings.Join(parts, ", ")
}

// Section is the part of the review prompt that gives the evidence, in language ("en" or
// "zh"); "" without checks.
func (e Evidence) Section(language string) string {
	if len(e.Results) == 0 {
		return ""
	}
	w := words[language]
	if w.heading == "" {
		w = words["en"]
	}
	var b strings.Builder
	b.WriteString("\n\n" + w.heading + "\n\n")
	switch {
	case !e.anyRan():
		b.WriteString(w.noneRan)
	case e.Fresh:
		b.WriteString(fmt.Sprintf(w.ranFresh, e.Dir) + " " + w.weigh)
	default:
		b.WriteString(fmt.Sprintf(w.ranBefore, e.Dir) + " " + w.weigh)
	}
	if e.Tree.Foreign > 0 {
		b.WriteString(" " + fmt.Sprintf(w.foreign, e.Tree.Foreign))
	}
	budget := maxSection
	if n := len(e.Results); n > 0 {
		budget /= n
	}
	for _, r := range e.Results {
		b.WriteString("\n\n### `" + clip.OneLine(r.Command) + "`: " + w.outcome(r))
		if r.Output == "" {
			continue
		}
		out := fitBytes(r.Output, budget)
		shown := strings.Count(out, "\n") + 1
		if r.Truncated {
			b.WriteString("\n\n" + fmt.Sprintf(w.lastOfMore, shown))
		} else {
			b.WriteString("\n\n" + fmt.Sprintf(w.lastLines, shown, r.Lines))
		}
		fence := strings.Repeat("`", max(3, longestRun(out, '`')+1))
		b.WriteString("\n\n" + fence + "\n" + out + "\n" + fence)
	}
	return b.String()
}

// phrases is the wording of the evidence in one language.
type phrases struct {
	heading, ranFresh, ranBefore, noneRan, weigh, foreign, lastLines, lastOfMore string
	exit, timedOut, refused, errored, notRun, reused, diskFull                   string
	outcomeWord                                                                  map[string]string
}

var words = map[string]phrases{
	"en": {
		heading:   "## Checks ccc-hooks ran (evidence)",
		ranFresh:  "Before this review ccc-hooks ran the project's checks (supervisor.checks) in %s, behind a copy-on-write wall (no network; their writes, memory, processes and time bounded): they saw the files as they are now, and nothing they did lasted.",
		ranBefore: "These are the results of the project's checks (supervisor.checks) in %s, run behind a copy-on-write wall before an earlier review of this session, for files unchanged since; checks with no result for these files are marked not run.",
		noneRan: "No result of the project's checks (supervisor.checks) stands for the files as they are now; each says why below. " +
			"Judge with what you can read and run yourself, and do not take the agent's word for what a check would show. " +
			"Where the wall can stand, you may run a check yourself with Bash from the session's directory: it runs behind the wall.",
		weigh: "A check's exit status is evidence; what the agent says about tests and builds is a claim. Where they disagree, weigh the checks and the repository over the agent's words. " +
			"A failed or timed-out check is a reason to send the agent back, unless it clearly has nothing to do with the agent's work or the agent has named a blocker only the user can remove. " +
			"You may run a check again yourself with Bash from the session's directory: it runs behind the same wall.",
		foreign:    "(%d files or directories in the project belong to another user: behind the wall they can be read but not changed, which may make a check fail that would pass outside.)",
		lastLines:  "The last %d of its %d lines of output:",
		lastOfMore: "The last %d lines of its output (it wrote more than ccc-hooks keeps):",
		exit:       "exit status %d (%s) after %s",
		timedOut:   "timed out after %s (its limit, timeout_seconds %d): ended with everything it started, no exit status",
		refused:    "not run: %s. ccc-hooks never runs a check outside the wall",
		errored:    "not run to its end: %s",
		notRun:     "not run for this question: %s",
		reused: "; the same result as when it ran at %s UTC: the project's files (tracked, untracked and ignored, the git index, the targets of symbolic links) have not changed since. " +
			"What the fingerprint cannot see may have: files outside the project that the check reads (your home directory, the system, a dependency installed there), the network, the time of day",
		diskFull:    "; its writes filled the wall's disk bound (supervisor.wall.disk_mb), which may be why it failed",
		outcomeWord: map[string]string{Passed: "passed", Failed: "failed"},
	},
	"zh": {
		heading:   "## ccc-hooks 运行的检查（证据）",
		ranBefore: "以下是本会话早先一次审查前、在 %s 中隔离墙后运行的项目检查（supervisor.checks）的结果，文件此后没有变化；对这些文件没有结果的检查标为未运行。",
		ranFresh:  "在这次审查之前，ccc-hooks 在 %s 中、在一层写时复制的隔离墙后（没有网络；写入、内存、进程和时间都有上限）运行了项目的检查（supervisor.checks）：它们看到的是现在的文件，所做的一切都没有留下。",
		noneRan:   "这次审查没有运行项目的检查（supervisor.checks）；ccc-hooks 只在写时复制的隔离墙后运行它们。请用你自己能阅读和运行的内容来判断，不要凭智能体的话认定检查会得出什么结果。",
		weigh: "检查的退出状态是证据；智能体关于测试和构建的说法只是声明。两者不一致时，以检查和仓库为准，而不是智能体的话。" +
			"失败或超时的检查是让智能体继续工作的理由，除非它显然与智能体的工作无关，或者智能体说明了只有用户才能解除的阻碍。" +
			"你可以在会话的目录中用 Bash 自己再运行某个检查：它会在同一层隔离墙后运行。",
		foreign:    "（项目中有 %d 个文件或目录属于其他用户：在隔离墙后它们可读但不可改，这可能让一个在墙外能通过的检查失败。）",
		lastLines:  "其输出共 %[2]d 行，最后 %[1]d 行：",
		lastOfMore: "其输出的最后 %d 行（输出比 ccc-hooks 保留的更长）：",
		exit:       "exit status %d（%s），用时 %s",
		timedOut:   "超时，用时 %s（上限 timeout_seconds %d）：已连同它启动的一切被终止，没有退出状态",
		refused:    "未运行：%s。ccc-hooks 从不在隔离墙外运行检查",
		errored:    "未运行完：%s",
		notRun:     "本次提问未运行：%s",
		reused: "；与它在 %s UTC 运行时的结果相同：此后项目的文件（已跟踪、未跟踪和被忽略的，git 索引，符号链接的目标）没有变化。" +
			"指纹看不到的东西可能已经变了：检查读取的项目之外的文件（你的主目录、系统、安装在那里的依赖）、网络、当天的时间",
		diskFull:    "；它的写入占满了隔离墙的磁盘上限（supervisor.wall.disk_mb），这可能是它失败的原因",
		outcomeWord: map[string]string{Passed: "通过", Failed: "失败"},
	},
}

// outcome is the heading's words for how r ended.
func (w phrases) outcome(r Result) string {
	var s string
	switch r.Outcome {
	case Passed, Failed:
		s = fmt.Sprintf(w.exit, r.ExitCode, w.outcomeWord[r.Outcome], duration(r.DurationMS))
	case TimedOut:
		s = fmt.Sprintf(w.timedOut, duration(r.DurationMS), r.TimeoutSeconds)
	case Refused:
		return fmt.Sprintf(w.refused, r.Why)
	case Errored:
		return fmt.Sprintf(w.errored, r.Why)
	default:
		return fmt.Sprintf(w.notRun, r.Why)
	}
	if r.DiskFull {
		s += w.diskFull
	}
	if r.Reused {
		s += fmt.Sprintf(w.reused, r.RanAt.UTC().Format(time.TimeOnly))
	}
	return s
}

// Took is how long the check ran, as the evidence writes it.
func (r Result) Took() string { return duration(r.DurationMS) }

func duration(ms int64) string {
	d := time.Duration(ms) * time.Millisecond
	switch {
	case d < time.Second:
		return d.String()
	case d < 10*time.Second:
		return d.Round(10 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}

// ansi matches the escape sequences test runners colour their output with, begun by ESC or by
// the C1 control that stands for ESC [ (U+009B). It is compiled when a check's output is first
// read, never at the start of a hook run (docs/performance.md).
var ansi = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\x1b(\[[0-9;?]*[\x20-\x2f]*[\x40-\x7e]|\][^\x07\x1b]*(\x07|\x1b\\)|[\x40-\x5a\x5c-\x5f])|\x{9b}[0-9;?]*[\x20-\x2f]*[\x40-\x7e]`)
})

// lastLines returns the last n lines of out, cleaned for the prompt (escape sequences and the
// characters control names taken out, a line redrawn with \r kept as last drawn, each line cut
// to maxLineBytes), and how many lines out has in all.
func lastLines(out []byte, n int) (string, int) {
	text := strings.ToValidUTF8(ansi().ReplaceAllString(string(out), ""), "?")
	text = strings.TrimRight(text, "\n")
	if text == "" {
		return "", 0
	}
	lines := strings.Split(text, "\n")
	total := len(lines)
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	for i, l := range lines {
		if j := strings.LastIndexByte(strings.TrimRight(l, "\r"), '\r'); j >= 0 {
			l = l[j+1:]
		}
		l = strings.Map(func(r rune) rune {
			if control(r) {
				return -1
			}
			return r
		}, l)
		lines[i] = cutBytes(l, maxLineBytes)
	}
	return strings.Join(lines, "\n"), total
}

// control reports whether r is a character the prompt never shows: a C0 control but the tab, DEL,
// a C1 control (U+0080..U+009F: a terminal reads U+009B as the start of an escape sequence), or
// one that changes the direction text is shown in (the bidirectional marks, embeddings, overrides
// and isolates: they make a line read otherwise than it is, as in "Trojan Source").
func control(r rune) bool {
	switch {
	case r < 0x20:
		return r != '\t'
	case r >= 0x7f && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// fitBytes keeps the last whole lines of s within limit bytes.
func fitBytes(s string, limit int) string {
	for len(s) > limit {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return cutBytes(s, limit)
		}
		s = s[i+1:]
	}
	return s
}

// cutBytes cuts s (valid UTF-8) to at most limit bytes on a rune boundary, marking the cut.
func cutBytes(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	return clip.Truncate(s, limit-len("…"))
}

func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := range len(s) {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// Records returns the results as the decision log keeps them: without their output.
func (e Evidence) Records() []Result {
	if len(e.Results) == 0 {
		return nil
	}
	out := make([]Result, len(e.Results))
	for i, r := range e.Results {
		r.Output = ""
		out[i] = r
	}
	return out
}

// anyRan reports whether a check ran to an end of its own (now, or before and reused).
func (e Evidence) anyRan() bool {
	for _, r := range e.Results {
		if keep(r) {
			return true
		}
	}
	return false
}
