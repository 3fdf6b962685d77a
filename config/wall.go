package config

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

// Wall is supervisor.wall: what a command behind the copy-on-write wall may take (the checks, and
// the reviewer's Bash commands), and more files below the home directory that are empty inside
// it beside the built-in list (wall.Credentials).
type Wall struct {
	Bounds wall.Bounds
	// Credentials are paths below the home directory, relative to it.
	Credentials []string
	// Reviewer says whether the reviewer's Bash commands run behind the wall where it stands
	// (true by default); false leaves them to the read-only rule alone, as where it cannot.
	Reviewer bool
}

// DefaultWall is the wall of a ccc.json that names none.
func DefaultWall() Wall { return Wall{Bounds: wall.DefaultBounds, Reviewer: true} }

// wall reads supervisor.wall: {"disk_mb": N, "memory_mb": N, "processes": N, "credentials":
// ["~/.config/tool/token", …], "reviewer": false}. A bad value is a problem naming it, and its default is used; a
// bad credentials element is a problem and is left out.
func (p *problems) wall(v gjson.Result) Wall {
	w := DefaultWall()
	const key = SupervisorKey + ".wall"
	if !p.section(key, v) {
		return w
	}
	d := wall.DefaultBounds
	w.Bounds.DiskMB = p.intIn(key, v, "disk_mb", wall.MinDiskMB, wall.MaxDiskMB, d.DiskMB)
	w.Bounds.MemoryMB = p.intIn(key, v, "memory_mb", wall.MinMemoryMB, wall.MaxMemoryMB, d.MemoryMB)
	w.Bounds.Processes = p.intIn(key, v, "processes", wall.MinProcesses, wall.MaxProcesses, d.Processes)
	if c := v.Get("credentials"); c.Exists() {
		if !c.IsArray() {
			p.add(key, "credentials", "want a list of paths below the home directory, got %s; ignoring it", c.Raw)
			c = gjson.Result{}
		}
		for i, e := range c.Array() {
			rel, ok := strings.CutPrefix(e.Str, "~/")
			if e.Type != gjson.String || !ok && filepath.IsAbs(e.Str) || !filepath.IsLocal(rel) {
				p.add(key, "credentials["+strconv.Itoa(i)+"]", "want a path below the home directory (~/.config/tool/token or .config/tool/token), got %s; leaving it out", e.Raw)
				continue
			}
			w.Credentials = append(w.Credentials, filepath.Clean(rel))
		}
	}
	if r := v.Get("reviewer"); r.Exists() {
		w.Reviewer = p.boolean(key, "reviewer", r)
	}
	v.ForEach(func(k, _ gjson.Result) bool {
		switch k.Str {
		case "disk_mb", "memory_mb", "processes", "credentials", "reviewer":
		default:
			p.add(key, k.Str, "unknown key; ignoring it (known: disk_mb, memory_mb, processes, credentials, reviewer)")
		}
		return true
	})
	return w
}
