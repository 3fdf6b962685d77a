package cmd

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"golang.org/x/sys/unix"

	"github.com/ccc-hooks/ccc-hooks/internal/testuser"
)

// TestWallScripts runs testdata/wall: each class of escape the wall must hold against, tried by a
// hostile check through `supervisor checks --run` (the reviewer's own runs) and through a Stop
// review's checks, as the user the suite runs as (root in CI).
func TestWallScripts(t *testing.T) {
	testscript.Run(t, scriptParams(filepath.Join("..", "testdata", "wall")))
}

// TestWallScriptsAsNobody is TestWallScripts as the user nobody, run from root: the wall of a
// user namespace of its own.
func TestWallScriptsAsNobody(t *testing.T) {
	if os.Geteuid() != 0 && !testuser.InChild(t) {
		t.Skip("not root: TestWallScripts runs as this user")
	}
	if testuser.InChild(t) {
		testscript.Run(t, scriptParams(".")) // the scripts, copied here
		return
	}
	scripts, err := filepath.Glob(filepath.Join("..", "testdata", "wall", "*.txtar"))
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	// A directory of the machine's that nobody may write to, as a user may own one outside the
	// home directory (machine-dir).
	machine, err := os.MkdirTemp(machineBase(), "ccc-hooks-wall-test-") //nolint:usetesting // in sight of the wall, unlike t.TempDir
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(machine) })
	if err := os.Chown(machine, testuser.Nobody, testuser.Nobody); err != nil {
		t.Fatal(err)
	}
	t.Setenv(machineDirEnv, machine)
	testuser.RunAsNobody(t, scripts...)
}

func init() {
	// listen ADDR [NEWADDR]: a unix socket listening at ADDR, renamed to NEWADDR when given; an
	// ADDR of @VAR listens on an abstract address of its own, named by $VAR.
	scriptBuiltins["listen"] = listenCmd
	// fifo-reader PATH: a FIFO at PATH with a reader waiting on it.
	scriptBuiltins["fifo-reader"] = fifoReaderCmd
	// reached: whether a listener or FIFO reader of the script was reached (use as `! reached`).
	scriptBuiltins["reached"] = reachedCmd
	// mknod-zero PATH: a character device node like /dev/zero at PATH (root only).
	scriptBuiltins["mknod-zero"] = func(ts *testscript.TestScript, neg bool, args []string) {
		ts.Check(unix.Mknod(ts.MkAbs(args[0]), unix.S_IFCHR|0o666, int(unix.Mkdev(1, 5))))
	}
	// machine-dir VAR: a new directory of the machine's, in sight of the wall outside every layer
	// (below /opt or /etc, or below $CCC_WALL_TEST_MACHINE_DIR where root made one for the user
	// nobody), named by $VAR and removed when the script ends.
	scriptBuiltins["machine-dir"] = machineDirCmd
}

// abstractN numbers the abstract addresses of the scripts.
var abstractN atomic.Int64

// outsiders are what each script put outside the wall for a check to reach.
var outsiders sync.Map // *testscript.TestScript → *scriptOutside

type scriptOutside struct {
	mu      sync.Mutex
	reached []string
	fifos   map[string]int
}

func outsideOf(ts *testscript.TestScript) *scriptOutside {
	o, _ := outsiders.LoadOrStore(ts, &scriptOutside{fifos: map[string]int{}})
	return o.(*scriptOutside)
}

// machineDirEnv names a directory of the machine's that root made for the user nobody.
const machineDirEnv = "CCC_WALL_TEST_MACHINE_DIR"

// machineBase is where root makes a directory of the machine's: below /opt, else /etc.
func machineBase() string {
	if fi, err := os.Stat("/opt"); err == nil && fi.IsDir() {
		return "/opt"
	}
	return "/etc"
}

func machineDirCmd(ts *testscript.TestScript, neg bool, args []string) {
	base := os.Getenv(machineDirEnv)
	if base == "" {
		base = machineBase()
	}
	dir, err := os.MkdirTemp(base, "ccc-hooks-wall-test-")
	ts.Check(err)
	ts.Defer(func() { os.RemoveAll(dir) })
	ts.Setenv(args[0], dir)
}

func listenCmd(ts *testscript.TestScript, neg bool, args []string) {
	path := args[0]
	if v, ok := strings.CutPrefix(path, "@"); ok {
		path = "@ccc-hooks-wall-test-" + strconv.Itoa(os.Getpid()) + "-" + strconv.Itoa(int(abstractN.Add(1)))
		ts.Setenv(v, path)
	} else {
		path = ts.MkAbs(path)
	}
	l, err := net.Listen("unix", path)
	ts.Check(err)
	ts.Defer(func() { l.Close() })
	if len(args) > 1 {
		ts.Check(os.Rename(path, ts.MkAbs(args[1])))
	}
	o := outsideOf(ts)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
			o.mu.Lock()
			o.reached = append(o.reached, "a connection to "+strings.Join(args, " renamed "))
			o.mu.Unlock()
		}
	}()
}

func fifoReaderCmd(ts *testscript.TestScript, neg bool, args []string) {
	path := ts.MkAbs(args[0])
	ts.Check(unix.Mkfifo(path, 0o666))
	ts.Check(os.Chmod(path, 0o666))
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	ts.Check(err)
	ts.Defer(func() { unix.Close(fd) })
	o := outsideOf(ts)
	o.mu.Lock()
	o.fifos[path] = fd
	o.mu.Unlock()
}

func reachedCmd(ts *testscript.TestScript, neg bool, _ []string) {
	o := outsideOf(ts)
	o.mu.Lock()
	defer o.mu.Unlock()
	got := append([]string{}, o.reached...)
	for path, fd := range o.fifos {
		if n, _ := unix.Read(fd, make([]byte, 64)); n > 0 {
			got = append(got, "a write into the FIFO "+path)
		}
	}
	switch {
	case neg && len(got) > 0:
		ts.Fatalf("reached outside the wall: %s", strings.Join(got, "; "))
	case !neg && len(got) == 0:
		ts.Fatalf("nothing outside was reached")
	}
}
