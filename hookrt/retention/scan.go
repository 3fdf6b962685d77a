package retention

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// file is one file of a group, and its modification time when it was found.
type file struct {
	kind Kind
	path string
	mod  time.Time
}

// group is the files of one session or window.
type group struct {
	key   string // "session:<id>", "window:<key>": the order of a pass
	kind  Group
	name  string
	files []file
}

// scan lists the directories of kinds below home and returns the keys of the groups found
// there, in order, and the temporary files that killed writes of the pruner's own files (its
// record and list) left in the home. Only regular files are taken: a link, a directory or a FIFO
// with such a name is not a file a hook wrote, and is left alone. A directory that does not
// exist holds nothing.
func scan(home string, kinds []Kind) (keys, ownTemps []string, err error) {
	seen := map[string]bool{}
	dirs := map[string][]Kind{}
	var order []string
	for _, k := range kinds {
		if _, ok := dirs[k.Dir]; !ok {
			order = append(order, k.Dir)
		}
		dirs[k.Dir] = append(dirs[k.Dir], k)
	}
	for _, dir := range order {
		names, err := regularFiles(filepath.Join(home, dir))
		if err != nil {
			return nil, nil, err
		}
		for _, n := range names {
			if dir == "" && (safefile.IsTempOf(n, RecordFile) || safefile.IsTempOf(n, PassFile)) {
				ownTemps = append(ownTemps, n)
			}
			for _, k := range dirs[dir] {
				if name, ok := k.name(n); ok {
					seen[string(k.Group)+":"+name] = true
				}
			}
		}
	}
	keys = make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys, ownTemps, nil
}

// groupOf returns the group of key, with none of its files yet (see whole); ok is false for a
// key that names no group.
func groupOf(key string) (g *group, ok bool) {
	kind, name, ok := strings.Cut(key, ":")
	if !ok || name == "" || (Group(kind) != Session && Group(kind) != Window && Group(kind) != Temp) {
		return nil, false
	}
	return &group{key: key, kind: Group(kind), name: name}, true
}

// regularFiles returns the names of the regular files in dir, unsorted (the groups are sorted).
func regularFiles(dir string) ([]string, error) {
	d, err := os.Open(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", dir, err)
	}
	defer func() { _ = d.Close() }() // read only
	entries, err := d.ReadDir(-1)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", dir, err)
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// lastWrite returns when the group was last written, as whole found it: the newest
// modification time of its files other than lock files (dataWrite), or of its lock files when it
// has nothing else (a lock file is created once and never written). ok is false when it has no
// file.
func (g *group) lastWrite() (t time.Time, ok bool) {
	if t, ok := g.dataWrite(); ok {
		return t, true
	}
	for _, f := range g.files {
		t, ok = later(t, f.mod), true
	}
	return t, ok
}

// dataWrite returns the newest modification time of g's files other than lock files; ok is
// false when it has none.
func (g *group) dataWrite() (t time.Time, ok bool) {
	for _, f := range g.files {
		if !f.kind.IsLock {
			t, ok = later(t, f.mod), true
		}
	}
	return t, ok
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// whole returns the group with every kind's file of its name that is there now: a file a hook
// created since the listing counts for the group's last write.
func (g *group) whole(home string, kinds []Kind) *group {
	out := &group{key: g.key, kind: g.kind, name: g.name}
	for _, k := range kinds {
		if k.Group != g.kind || k.Match != nil && !k.Match(g.name) {
			continue
		}
		p := k.path(home, g.name)
		if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() {
			out.files = append(out.files, file{kind: k, path: p, mod: fi.ModTime()})
		}
	}
	return out
}

// locks returns the lock files that the writers of every kind of g's group hold, each once, in
// a fixed order: held together, they keep every writer of the group out, also of a file the
// group does not have yet.
func (g *group) locks(home string, kinds []Kind) []string {
	var out []string
	for _, k := range kinds {
		if l := k.lockPath(home, g.name); k.Group == g.kind && l != "" && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out
}
