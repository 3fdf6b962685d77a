package wall

import (
	"bufio"
	"bytes"
	"path/filepath"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// maxSocketTable bounds what is read of /proc/net/unix.
const maxSocketTable = 8 << 20

// hostSockets returns the paths of the filesystem sockets bound in this network namespace
// (/proc/net/unix, read before the wall's own namespace hides them), but for those under /tmp,
// /var/tmp, /run and /dev, which the wall's fresh mounts hide anyway. A path with a line break
// cannot be read from the table; such a socket stays in sight.
func hostSockets() []string {
	data, err := safefile.ReadRegular("/proc/net/unix", maxSocketTable)
	if err != nil {
		return nil
	}
	return parseSockets(data)
}

// parseSockets reads the paths of the table /proc/net/unix prints: the eighth column onwards,
// when it is an absolute path (an abstract socket's starts with @; the wall's own network
// namespace has none of the host's).
func parseSockets(table []byte) []string {
	var out []string
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(table))
	sc.Buffer(make([]byte, 64<<10), 64<<10)
	for first := true; sc.Scan(); first = false {
		if first {
			continue
		}
		fields := strings.Fields(sc.Text())
		if len(fields) < 8 {
			continue
		}
		path := strings.Join(fields[7:], " ")
		if !filepath.IsAbs(path) || seen[path] || hidden(filepath.Clean(path)) {
			continue
		}
		seen[path] = true
		out = append(out, path)
	}
	return out
}

// hidden reports whether path is under a directory the wall replaces by a fresh one.
func hidden(path string) bool {
	for _, dir := range []string{"/tmp", "/var/tmp", "/run", "/var/run", "/dev"} {
		if Within(path, dir) {
			return true
		}
	}
	return false
}
