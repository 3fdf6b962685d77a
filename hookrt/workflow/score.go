package workflow

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// ReviewCommand marks a subagent's task prompt as an expert review.
const ReviewCommand = "/mc-review"

// scoreLine matches a labelled score: 总分: X/10, **总分**: X/10, Score: X/10, 评分：X/10 …, with
// a half- or full-width colon, optional spaces and markdown bold, X an integer or a decimal.
var scoreLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:总分|评分|得分|score|rating)\s*(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(\d+(?:\.\d+)?)\s*(?:\*\*|__)?\s*[/／]\s*(\d+(?:\.\d+)?)`)
})

// bareScore matches an unlabelled X/10; it is only read in a subagent started with /mc-review.
var bareScore = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(\d+(?:\.\d+)?)\s*[/／]\s*(\d+(?:\.\d+)?)`) })

// ParseScore returns the last labelled score out of exactly 10 in text ("Score: 85/100" is not a
// score, nor is a value above 10). ok is false when there is none.
func ParseScore(text string) (score float64, ok bool) {
	return lastScore(scoreLine(), text)
}

// parseReviewScore reads a review's score: the last labelled score, else the last bare X/10.
func parseReviewScore(text string) (float64, bool) {
	if s, ok := ParseScore(text); ok {
		return s, true
	}
	return lastScore(bareScore(), text)
}

// halfWidth turns full-width digits and the full-width full stop into ASCII: "９／１０" is 9/10
// (the colon and slash are read in both widths by the patterns themselves).
var halfWidth = strings.NewReplacer("０", "0", "１", "1", "２", "2", "３", "3", "４", "4", "５", "5", "６", "6", "７", "7", "８", "8", "９", "9", "．", ".")

func lastScore(re *regexp.Regexp, text string) (score float64, ok bool) {
	for _, m := range re.FindAllStringSubmatch(halfWidth.Replace(text), -1) {
		x, err1 := strconv.ParseFloat(m[1], 64)
		d, err2 := strconv.ParseFloat(m[2], 64)
		if err1 != nil || err2 != nil || d != 10 || x < 0 || x > 10 {
			continue
		}
		score, ok = x, true
	}
	return score, ok
}

// formatScore prints a score without a needless decimal part: 9, 8.5.
func formatScore(s float64) string { return strconv.FormatFloat(s, 'f', -1, 64) }
