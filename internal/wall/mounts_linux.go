package wall

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// layer is one writable mount of the wall: a fresh tmpfs, or an overlay whose lower layer is
// the directory of an open descriptor (the path may be hidden by a shallower layer by then).
type layer struct {
	target  string
	overlay bool
	lower   int    // descriptor of the lower directory (overlay)
	scratch string // p or h: the overlay's upper and work directories below the plan's Scratch
}

// devices are the nodes of the wall's /dev, bound from the host's.
var devices = []string{"null", "zero", "full", "random", "urandom", "tty"}

// build makes the wall, in this order: descriptors of what later mounts hide; the mount tree
// made private (nothing propagates out); the layers, shallowest first (a tmpfs on /tmp before
// a project below /tmp); every mount read-only, then the layers writable again; a /dev of a few
// nodes; the PID namespace's own /proc; the host's filesystem sockets covered; the session's
// git configuration replaced; the loopback up.
func build(p *plan) error {
	scratch, err := openDir(p.Scratch)
	if err != nil {
		return err
	}
	devs := map[string]int{}
	for _, d := range devices {
		if fd, err := unix.Open("/dev/"+d, unix.O_PATH|unix.O_CLOEXEC, 0); err == nil {
			devs[d] = fd
		}
	}
	layers, err := layersOf(p)
	if err != nil {
		return err
	}
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("make the mounts private: %w", err)
	}
	for _, l := range layers {
		if err := mountLayer(l, scratch, p.Userns); err != nil {
			return err
		}
	}
	ro := &unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY}
	if err := unix.MountSetattr(unix.AT_FDCWD, "/", unix.AT_RECURSIVE, ro); err != nil {
		return fmt.Errorf("make every mount read-only (mount_setattr, Linux 5.12 or later): %w", err)
	}
	rw := &unix.MountAttr{Attr_clr: unix.MOUNT_ATTR_RDONLY}
	for _, l := range layers {
		if err := unix.MountSetattr(unix.AT_FDCWD, l.target, 0, rw); err != nil {
			return fmt.Errorf("make %s writable again: %w", l.target, err)
		}
	}
	if err := buildDev(devs); err != nil {
		return err
	}
	if err := unix.Mount("proc", "/proc", "proc", unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mount the namespace's own /proc: %w", err)
	}
	if err := coverSockets(p.Sockets); err != nil {
		return err
	}
	if err := fixGit(p.Git, layers); err != nil {
		return err
	}
	if err := runtimeDir(p); err != nil {
		return err
	}
	return loopbackUp()
}

// layersOf returns the wall's writable mounts, shallowest first: a tmpfs on /tmp, /var/tmp and
// /run (hiding what other processes keep there, sockets included), an overlay on the home
// directory, and one on the project unless the home's covers it.
func layersOf(p *plan) ([]layer, error) {
	var out []layer
	for _, dir := range []string{"/tmp", "/var/tmp", "/run"} {
		if Within(dir, p.Project) || p.Home != "" && Within(dir, p.Home) {
			continue // the overlay there hides what others keep, and keeps what is below
		}
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			out = append(out, layer{target: dir})
		}
	}
	add := func(dir, scratch string) error {
		fd, err := openDir(dir)
		if err != nil {
			return err
		}
		out = append(out, layer{target: dir, overlay: true, lower: fd, scratch: scratch})
		return nil
	}
	home := p.Home != "" && !Within(p.Home, p.Project)
	if home {
		if err := add(p.Home, "h"); err != nil {
			return nil, err
		}
	}
	if !home || !Within(p.Project, p.Home) {
		if err := add(p.Project, "p"); err != nil {
			return nil, err
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return depth(out[i].target) < depth(out[j].target) })
	return out, nil
}

func depth(path string) int { return strings.Count(filepath.Clean(path), "/") }

// openDir opens dir as a path descriptor, refusing anything but a directory.
func openDir(dir string) (int, error) {
	fd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, fmt.Errorf("open %s: %w", dir, err)
	}
	return fd, nil
}

func fdPath(fd int) string { return "/proc/self/fd/" + strconv.Itoa(fd) }

// mountLayer mounts l at its target, making the target first where a shallower layer hid it.
// In a user namespace the overlay keeps its own records in user.* attributes (userxattr):
// without them a directory of the lower layer could not be removed.
func mountLayer(l layer, scratch int, userns bool) error {
	if err := os.MkdirAll(l.target, 0o755); err != nil {
		return fmt.Errorf("make the mount point %s: %w", l.target, err)
	}
	if !l.overlay {
		if err := unix.Mount("tmpfs", l.target, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "mode=1777"); err != nil {
			return fmt.Errorf("mount a tmpfs on %s: %w", l.target, err)
		}
		return nil
	}
	s := fdPath(scratch) + "/" + l.scratch
	opts := "lowerdir=" + fdPath(l.lower) + ",upperdir=" + s + "/u,workdir=" + s + "/w"
	if userns {
		opts += ",userxattr"
	}
	if err := unix.Mount("overlay", l.target, "overlay", unix.MS_NOSUID|unix.MS_NODEV, opts); err != nil {
		return fmt.Errorf("mount the copy-on-write layer on %s: %w", l.target, err)
	}
	return nil
}

// buildDev mounts a tmpfs on /dev holding the few nodes a command needs (bound from the host's:
// a user namespace cannot make device nodes), a pseudo-terminal instance of its own, /dev/shm,
// and the usual links. Disks, the host's terminals and the rest are not there.
func buildDev(devs map[string]int) error {
	if err := unix.Mount("tmpfs", "/dev", "tmpfs", unix.MS_NOSUID, "mode=0755"); err != nil {
		return fmt.Errorf("mount a tmpfs on /dev: %w", err)
	}
	for name, fd := range devs {
		target := "/dev/" + name
		f, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY, 0o666)
		if err != nil {
			return fmt.Errorf("make %s: %w", target, err)
		}
		f.Close()
		if err := unix.Mount(fdPath(fd), target, "", unix.MS_BIND, ""); err != nil {
			return fmt.Errorf("bind %s: %w", target, err)
		}
	}
	for _, d := range []string{"/dev/pts", "/dev/shm"} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return err
		}
	}
	if err := unix.Mount("devpts", "/dev/pts", "devpts", unix.MS_NOSUID|unix.MS_NOEXEC, "newinstance,ptmxmode=0666,mode=620"); err != nil {
		return fmt.Errorf("mount /dev/pts: %w", err)
	}
	if err := unix.Mount("tmpfs", "/dev/shm", "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "mode=1777"); err != nil {
		return fmt.Errorf("mount /dev/shm: %w", err)
	}
	links := map[string]string{
		"ptmx": "pts/ptmx", "fd": "/proc/self/fd", "stdin": "/proc/self/fd/0",
		"stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2",
	}
	for name, to := range links {
		if err := os.Symlink(to, "/dev/"+name); err != nil {
			return err
		}
	}
	return nil
}

// coverSockets binds /dev/null over each filesystem socket a process outside listens on, where
// it is still a socket and still in sight (those under /tmp, /var/tmp and /run are hidden by
// then): a read-only mount keeps no one from connecting to a socket. A path the wall cannot
// reach is no way out either, and is passed over.
func coverSockets(paths []string) error {
	for _, path := range paths {
		var st unix.Stat_t
		if err := unix.Lstat(path, &st); err != nil || st.Mode&unix.S_IFMT != unix.S_IFSOCK {
			continue
		}
		if err := unix.Mount("/dev/null", path, "", unix.MS_BIND, ""); err != nil {
			return fmt.Errorf("cover the socket %s: %w", path, err)
		}
	}
	return nil
}

// runtimeDir makes $XDG_RUNTIME_DIR again in the fresh /run, where programs expect it.
func runtimeDir(p *plan) error {
	for _, kv := range p.Env {
		if dir, ok := strings.CutPrefix(kv, "XDG_RUNTIME_DIR="); ok && filepath.IsAbs(dir) && Within(filepath.Clean(dir), "/run") {
			if err := os.MkdirAll(dir, 0o700); err != nil {
				return fmt.Errorf("make %s: %w", dir, err)
			}
			return os.Chown(dir, p.UID, p.GID)
		}
	}
	return nil
}

// loopbackUp brings up the namespace's loopback, which reaches only processes inside.
func loopbackUp() error {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("bring up the loopback: %w", err)
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		return err
	}
	if err := unix.IoctlIfreq(fd, unix.SIOCGIFFLAGS, ifr); err != nil {
		return fmt.Errorf("bring up the loopback: %w", err)
	}
	ifr.SetUint16(ifr.Uint16() | unix.IFF_UP)
	if err := unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr); err != nil {
		return fmt.Errorf("bring up the loopback: %w", err)
	}
	return nil
}

// fixGit puts each file of the session's git configuration out of the command's reach: inside a
// layer it is replaced there (the command may still change it; the change goes with the
// layer), elsewhere a read-only file with the clean content is bound over it.
func fixGit(fixes []gitFix, layers []layer) error {
	for i, f := range fixes {
		if !exists(f.Path) {
			continue // hidden by a fresh mount: git inside finds nothing there to run
		}
		if inLayer(f.Path, layers) {
			_ = os.Remove(f.Path) // a link is replaced, never followed
			if err := os.WriteFile(f.Path, []byte(f.Content), 0o644); err != nil {
				return fmt.Errorf("replace the git configuration %s: %w", f.Path, err)
			}
			continue
		}
		src := "/dev/.ccc-hooks-git-" + strconv.Itoa(i)
		if err := os.WriteFile(src, []byte(f.Content), 0o444); err != nil {
			return fmt.Errorf("write the clean git configuration: %w", err)
		}
		if err := unix.Mount(src, f.Path, "", unix.MS_BIND, ""); err != nil {
			return fmt.Errorf("cover the git configuration %s: %w", f.Path, err)
		}
		ro := &unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY}
		if err := unix.MountSetattr(unix.AT_FDCWD, f.Path, 0, ro); err != nil {
			return fmt.Errorf("cover the git configuration %s: %w", f.Path, err)
		}
	}
	return nil
}

// inLayer reports whether path lies in one of the wall's overlays.
func inLayer(path string, layers []layer) bool {
	for _, l := range layers {
		if l.overlay && Within(path, l.target) {
			return true
		}
	}
	return false
}
