//go:build unix

package gitview

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// BenchmarkBuild measures what a review pays for its view — Build, then Remove — on this
// module's own repository (wherever the test runs: a clone, a linked worktree) and on a
// generated one of 10,000 files in 100 directories. The baseline is one plain `git status` in
// the same repository, which a loaded machine slows alike: each op runs both, in a shuffled
// order, and the benchmark reports their medians (ms/view, ms/status) and the ratio of the two.
// The numbers are in docs/performance.md.
func BenchmarkBuild(b *testing.B) {
	wd, err := os.Getwd()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("this repository", func(b *testing.B) { benchAgainstStatus(b, wd) })
	k := newKit(b)
	big := filepath.Join(k.dir, "big")
	k.git(k.dir, "init", "-q", big)
	for d := range 100 {
		files := map[string]string{}
		for f := range 100 {
			files[fmt.Sprintf("d%03d/f%03d.txt", d, f)] = strings.Repeat(fmt.Sprintf("line %d %d\n", d, f), 20)
		}
		k.write(big, files)
	}
	k.git(big, "add", "-A")
	k.git(big, "commit", "-qm", "10000 files")
	b.Run("10000 files", func(b *testing.B) { benchAgainstStatus(b, big) })
}

func benchAgainstStatus(b *testing.B, dir string) {
	b.Helper()
	parent := b.TempDir()
	env := plainEnv(b.TempDir())
	build := func() {
		w, err := Build(context.Background(), dir, parent, testEnv())
		if err != nil {
			b.Fatal(err)
		}
		if err := w.Remove(); err != nil {
			b.Fatal(err)
		}
	}
	status := func() {
		c := exec.Command("git", "status", "--porcelain")
		c.Dir, c.Env = dir, env
		if out, err := c.CombinedOutput(); err != nil {
			b.Fatalf("%v\n%s", err, out)
		}
	}
	var views, statuses []time.Duration
	steps := []struct {
		run   func()
		times *[]time.Duration
	}{{build, &views}, {status, &statuses}}
	for b.Loop() {
		rand.Shuffle(len(steps), func(i, j int) { steps[i], steps[j] = steps[j], steps[i] })
		for _, step := range steps {
			start := time.Now()
			step.run()
			*step.times = append(*step.times, time.Since(start))
		}
	}
	w, s := median(views), median(statuses)
	b.ReportMetric(float64(w)/1e6, "ms/view")
	b.ReportMetric(float64(s)/1e6, "ms/status")
	b.ReportMetric(float64(w)/float64(s), "view/status")
}

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
