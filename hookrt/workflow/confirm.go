package workflow

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// ConfirmCommand is the prompt that confirms the session's task outright.
const ConfirmCommand = "/mc-confirm"

// negations reject a confirmation wherever they occur in the prompt. English phrases are matched
// on word boundaries; a negator up to three words before the verb still negates it
// ("hasn't been fixed yet", "not really resolved").
var negations = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		regexp.MustCompile(`(?:未|没有?|尚未|并未|仍未|还没有?|仍然没有?|未能|没能|不能|无法)\s*(?:能|被|有|得到|完全|彻底|真正|真的|成功)?\s*(?:修复|修好|解决|搞定)`),
		regexp.MustCompile(`修复\s*(?:失败|不了|未成功|没成功|没有成功|无效)|解决不了|修不好|(?:还是|仍然|依然)(?:不行|有问题|报错)`),
		regexp.MustCompile(`\b(?:not|never|isn't|isnt|aren't|wasn't|weren't|hasn't|hasnt|haven't|hadn't|didn't|didnt|doesn't|doesnt|don't|dont|won't|can't|cant|cannot|couldn't|wouldn't|shouldn't)(?:\s+\S+){0,3}?\s+(?:fixed|resolved|solved)\b`),
		regexp.MustCompile(`\b(?:unresolved|unfixed|unsolved)\b|\bstill (?:broken|fail(?:s|ing)?)\b|\b(?:doesn't|does not|isn't|is not|not) work(?:ing)?\b`),
		regexp.MustCompile(`用户确认\s*:\s*(?:否|不|没有)`),
	}
})

// zhConfirmations are Chinese confirmation phrases, matched as substrings after negations are
// ruled out.
var zhConfirmations = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`已修复|已经修复|修复成功|修好了|已解决|已经解决|问题解决(?:[^方]|$)|用户确认\s*:\s*是(?:[^否]|$)`)
})

// enConfirmations are English confirmation words, matched on word boundaries where a hyphen or
// underscore also joins words ("fixed-width" and "prefixed" do not confirm).
var enConfirmations = []string{"fixed", "resolved", "solved"}

// Confirms reports whether a user prompt confirms that the task is fixed: a confirmation phrase
// (已修复, 修复成功, 问题解决, 用户确认: 是, fixed, resolved …) in a clause that is not a question,
// and no negation (未修复, 修复失败, 问题未解决, not fixed, isn't fixed, unresolved …) anywhere.
func Confirms(prompt string) bool {
	text := normalize(prompt)
	for _, re := range negations() {
		if re.MatchString(text) {
			return false
		}
	}
	for _, c := range clauses(text) {
		if c.question {
			continue
		}
		if zhConfirmations().MatchString(c.text) {
			return true
		}
		for _, w := range enConfirmations {
			if containsWord(c.text, w) {
				return true
			}
		}
	}
	return false
}

// normalize lower-cases text and folds full-width punctuation and typographic apostrophes.
func normalize(s string) string {
	return strings.NewReplacer(
		"：", ":", "？", "?", "！", "!", "，", ",", "；", ";", "’", "'", "‘", "'",
	).Replace(strings.ToLower(s))
}

type clause struct {
	text     string
	question bool
}

// clauses splits text at sentence and clause punctuation; a clause ending in "?" or in a
// question particle (吗, 么, 呢, 没, 没有) is a question.
func clauses(text string) []clause {
	var out []clause
	start := 0
	flush := func(end int, question bool) {
		t := strings.TrimSpace(text[start:end])
		if t != "" {
			for _, p := range []string{"吗", "么", "呢", "没", "没有"} {
				question = question || strings.HasSuffix(t, p)
			}
			out = append(out, clause{text: t, question: question})
		}
	}
	for i, r := range text {
		switch r {
		case '.', '。', '!', ',', ';', '、', '\n', '?':
			flush(i, r == '?')
			start = i + len(string(r))
		}
	}
	flush(len(text), false)
	return out
}

// containsWord reports whether word occurs in s with no letter, digit, '-' or '_' on either side.
func containsWord(s, word string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], word)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(word)
		if !joins(lastRune(s[:j])) && !joins(firstRune(s[end:])) {
			return true
		}
		i = j + 1
	}
}

func joins(r rune) bool {
	return r == '-' || r == '_' || (r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)))
}

func firstRune(s string) rune {
	for _, r := range s {
		return r
	}
	return ' '
}

func lastRune(s string) rune {
	if s == "" {
		return ' '
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}
