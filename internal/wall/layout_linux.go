package wall

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// systemDirs are the machine's directories shown read-only inside the wall (those that exist;
// one that is a symbolic link, /bin of a merged /usr, is shown as the link). Nothing else of the
// machine is shown: what is not there cannot be written, read or connected to.
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/nix", "/snap"}

// devices are the nodes of the wall's /dev, each bound alone from the machine's.
var devices = []string{"null", "zero", "full", "random", "urandom", "tty"}

// layout is what the stage builds for a Spec: its layers (their directories, shallowest first),
// its mounts below /tmp as an fstab (the system directories, the layers, /dev's nodes and
// pseudo-terminals, /proc, and last a cover over the layers' own directory), and its steps.
type layout struct {
	layers []string
	fstab  strings.Builder
	steps  []string
}

// layoutOf lays out the wall of s: the project, the home directory and the repository's git
// directories as copy-on-write layers (one for a directory inside another's), the system
// directories no layer covers read-only, $XDG_RUNTIME_DIR made again in the fresh /run, the
// home's credential files emptied, and the repository's configuration replaced
// (gitconfig_linux.go). Every mount is nosuid and nodev, but /dev's nodes (each a node bound
// alone) and the pseudo-terminals of the wall's own devpts instance.
func layoutOf(ctx context.Context, s Spec) *layout {
	l := &layout{}
	gitDirs, fixes := repositoryOf(ctx, s.Project)
	candidates := append([]string{s.Project}, gitDirs...)
	if s.Home != "" {
		candidates = append(candidates, s.Home)
	}
	l.layers = outermost(candidates)
	for _, d := range systemDirs {
		fi, err := os.Lstat(d)
		if err != nil || !fi.IsDir() || slices.ContainsFunc(l.layers, func(layer string) bool { return paths.Within(d, layer) }) {
			continue // missing, a link (the stage copies it), or a layer's
		}
		l.mount("ccc-hooks-wall", d, "overlay", "ro,nosuid,nodev,lowerdir="+d+":/tmp/.l/e")
	}
	xattr := ""
	if os.Geteuid() != 0 {
		xattr = ",userxattr" // the overlay keeps its records in user.* attributes
	}
	for i, dir := range l.layers {
		fd := strconv.Itoa(3 + i)
		l.mount("ccc-hooks-wall", dir, "overlay", "nosuid,nodev"+xattr+",lowerdir=/proc/self/fd/"+fd+",upperdir=/tmp/.l/"+fd+"/u,workdir=/tmp/.l/"+fd+"/w")
		l.likeLower(fd, dir)
	}
	for _, d := range devices {
		if _, err := os.Stat("/dev/" + d); err == nil {
			l.mount("/dev/"+d, "/dev/"+d, "none", "bind,nosuid")
		}
	}
	l.mount("devpts", "/dev/pts", "devpts", "nosuid,noexec,newinstance,ptmxmode=0666,mode=0620")
	l.mount("/tmp/dev/pts/ptmx", "/dev/ptmx", "none", "bind,nosuid")
	l.mount("proc", "/proc", "proc", "nosuid,nodev,noexec")
	l.fstab.WriteString("ccc-hooks-wall /tmp/.l tmpfs ro,nosuid,nodev,noexec,size=4k,mode=0 0 0\n")
	if dir := proc.Getenv(s.Env, "XDG_RUNTIME_DIR"); filepath.IsAbs(dir) && paths.Within(filepath.Clean(dir), "/run") {
		l.steps = append(l.steps, "dir", filepath.Clean(dir))
	}
	if s.Home != "" {
		for _, c := range slices.Concat(Credentials, s.Hidden) {
			l.steps = append(l.steps, "empty", filepath.Join(s.Home, c))
		}
	}
	for _, f := range fixes {
		l.steps = append(l.steps, "file", f.Path, f.Content)
	}
	return l
}

// mount adds a line to the fstab: source mounted at target below /tmp, which it makes where
// missing.
func (l *layout) mount(source, target, kind, options string) {
	l.fstab.WriteString(fstabField(source) + " " + fstabField("/tmp"+target) + " " + kind + " " + options + ",X-mount.mkdir 0 0\n")
}

// likeLower gives the upper directory of the layer on descriptor fd (the layer's top, as the
// check sees it) the mode of dir, and as root its owner too.
func (l *layout) likeLower(fd, dir string) {
	fi, err := os.Stat(dir)
	if err != nil {
		return
	}
	if m := fi.Mode().Perm(); m != 0o755 {
		l.steps = append([]string{"mode", fd, strconv.FormatUint(uint64(m), 8)}, l.steps...)
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && os.Geteuid() == 0 && (st.Uid != 0 || st.Gid != 0) {
		l.steps = append([]string{"owner", fd, strconv.Itoa(int(st.Uid)) + ":" + strconv.Itoa(int(st.Gid))}, l.steps...)
	}
}

// fstabField escapes a path for a field of an fstab, as libmount reads it back.
func fstabField(s string) string {
	return strings.NewReplacer(`\`, `\134`, " ", `\040`, "\t", `\011`, "\n", `\012`).Replace(s)
}

// outermost returns the directories of dirs that lie in no other, shallowest first; the root
// and relative paths are left out.
func outermost(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		d = filepath.Clean(d)
		if d == "/" || !filepath.IsAbs(d) || slices.ContainsFunc(dirs, func(o string) bool {
			o = filepath.Clean(o)
			return o != d && o != "/" && paths.Within(d, o)
		}) || slices.Contains(out, d) {
			continue
		}
		out = append(out, d)
	}
	slices.SortStableFunc(out, func(a, b string) int { return strings.Count(a, "/") - strings.Count(b, "/") })
	return out
}
