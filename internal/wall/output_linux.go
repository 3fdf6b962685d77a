package wall

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// stageOutput is what unshare's stdout and stderr carry: the stage's words up to readyLine, then
// the command's output, whose end it keeps.
type stageOutput struct {
	mu    sync.Mutex
	stage []byte // before readyLine (at most MaxOutput bytes)
	tail  proc.Capped
	ready time.Time
	// readyCh is closed when the wall stands.
	readyCh chan struct{}
	pid     int      // unshare's process
	root    *os.File // the wall's root, opened when it stands (see diskFull)
}

func (o *stageOutput) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.ready.IsZero() {
		return o.tail.Write(p)
	}
	n := len(p)
	o.stage = append(o.stage, p...)
	i := bytes.Index(o.stage, []byte(readyLine))
	if i < 0 {
		if len(o.stage) > MaxOutput {
			o.stage = o.stage[len(o.stage)-MaxOutput:]
		}
		return n, nil
	}
	o.ready = time.Now()
	close(o.readyCh)
	// The wall's root, held so that its use can be read when the namespace is gone: unshare's
	// root is the wall's since the stage's pivot_root (which moves every process of the mount
	// namespace that was at the old root).
	o.root, _ = os.Open("/proc/" + strconv.Itoa(o.pid) + "/root")
	rest := o.stage[i+len(readyLine):]
	o.stage = o.stage[:i]
	_, _ = o.tail.Write(rest)
	return n, nil
}

// started records unshare's process.
func (o *stageOutput) started(pid int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.pid = pid
}

// stageText is what the stage said, for a wall that did not stand.
func (o *stageOutput) stageText() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return strings.TrimSpace(string(o.stage))
}

// diskFull reports whether the command's writes filled the wall's tmpfs of diskMB: less than a
// hundredth of it (at least 64 KiB) was left when it ended. It closes the root it reads.
func (o *stageOutput) diskFull(diskMB int) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.root == nil {
		return false
	}
	defer o.root.Close()
	var st unix.Statfs_t
	if unix.Fstatfs(int(o.root.Fd()), &st) != nil || st.Type != unix.TMPFS_MAGIC {
		return false
	}
	free := int64(st.Bavail) * st.Bsize
	return free < max(64<<10, int64(diskMB)<<20/100)
}
