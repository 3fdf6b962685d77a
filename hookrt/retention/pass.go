package retention

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// PassFile lists the groups of the pass in progress, one key a line, in order. The home is
// listed once per pass, when it starts, and each step reads on from where the last one stopped
// (Progress.Read): a step's cost follows the groups it examines, not the size of the home.
const PassFile = "pruning.txt"

// startPass lists the home and writes the list of the new pass. The caller holds the pruner's
// lock: the temporary files of the pruner's own writes found there are a killed run's, and go.
func startPass(home string, kinds []Kind) error {
	keys, ownTemps, err := scan(home, kinds)
	if err != nil {
		return err
	}
	for _, n := range ownTemps {
		_ = os.Remove(filepath.Join(home, n))
	}
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k)
		b.WriteByte('\n')
	}
	return safefile.WriteFileAtomic(filepath.Join(home, PassFile), []byte(b.String()), 0o600)
}

// passList reads the keys of the pass's list from an offset on.
type passList struct {
	f    *os.File
	r    *bufio.Reader
	read int64 // bytes of the list done
}

// openPass opens the pass's list at offset read.
func openPass(home string, read int64) (*passList, error) {
	f, _, err := safefile.OpenRegular(filepath.Join(home, PassFile), safefile.RefuseLinks)
	if err != nil {
		return nil, err
	}
	if _, err := f.Seek(read, io.SeekStart); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("read %s: %w", f.Name(), err)
	}
	return &passList{f: f, r: bufio.NewReader(f), read: read}, nil
}

// next returns the next key; ok is false at the end of the list (a last line cut short by a
// crash ends it too: the next pass lists the home again).
func (l *passList) next() (key string, ok bool, err error) {
	line, err := l.r.ReadString('\n')
	if errors.Is(err, io.EOF) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read %s: %w", l.f.Name(), err)
	}
	l.read += int64(len(line))
	return strings.TrimSuffix(line, "\n"), true, nil
}

func (l *passList) close() { _ = l.f.Close() } // read only
