//go:build unix

package reviewguard

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkCheckInALargeTree: what a command that walks (git status) costs the guard in a tree
// of 100,000 files in 1,000 directories, which it looks through for named pipes and devices
// (treeWalk), and for git for files too large to hash, against one that walks and reads what it
// finds (grep -rn) and one that does not walk (cat of one file).
func BenchmarkCheckInALargeTree(b *testing.B) {
	repo := b.TempDir()
	for d := range 1000 {
		dir := filepath.Join(repo, fmt.Sprintf("d%03d", d/10), fmt.Sprintf("e%02d", d%10))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		for f := range 100 {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.go", f)), nil, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	where := Place{Cwd: repo, Root: repo, Path: "/usr/local/bin:/usr/bin:/bin"}
	for _, command := range []string{"git status", "grep -rn x .", "cat d000/e00/f00.go"} {
		b.Run(command, func(b *testing.B) {
			for b.Loop() {
				if err := Check("Bash", bash(command), nil, where); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
