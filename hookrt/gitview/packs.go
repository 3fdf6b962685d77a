package gitview

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// A reading git command can take hours over objects an agent crafted: a delta chain hundreds of
// thousands deep (each object of it rebuilt from the one before), or an object that declares
// gigabytes. git itself never writes a chain deeper than 4095 (pack-objects clamps pack.depth),
// and an object over maxObject is no source a review reads. So before each review the view reads
// the headers of every pack's objects (through its .idx, version 2, as git writes it) and refuses
// a repository with a deeper chain or a larger object: the reviewer then has no git. The scan
// reads a few bytes of each object; a repository of more than maxScanned packed objects is not
// scanned, and its stalls are left to the bound on one command.
const (
	maxChain   = 4095
	maxObject  = 1 << 30
	maxScanned = 2_000_000
)

// Pack object types (git's cache.h).
const (
	objOfsDelta = 6
	objRefDelta = 7
)

// checkObjects scans the object directories dirs (the repository's and its alternates'):
// every pack's object headers, and the loose objects large enough to declare more than
// maxObject (zlib makes at most about a thousand bytes of one); hashLen is the length of an
// object name in bytes (20, or 32 for SHA-256).
func checkObjects(dirs []string, hashLen int) error {
	var idxs []string
	for _, dir := range dirs {
		found, _ := filepath.Glob(filepath.Join(dir, "pack", "*.idx"))
		idxs = append(idxs, found...)
		if err := checkLoose(dir); err != nil {
			return err
		}
	}
	total := 0
	for _, idx := range idxs {
		if fi, err := os.Stat(idx); err == nil {
			total += int(fi.Size() / int64(hashLen+8)) // an entry: a name, a CRC and an offset
		}
	}
	if total > maxScanned {
		return nil
	}
	for _, idx := range idxs {
		if err := checkPack(idx, hashLen); err != nil {
			return err
		}
	}
	return nil
}

// checkPack reads the index idx and the headers of its pack's objects.
func checkPack(idx string, hashLen int) error {
	names, offsets, err := readIndex(idx, hashLen)
	if err != nil {
		return err
	}
	pack, err := os.Open(strings.TrimSuffix(idx, ".idx") + ".pack")
	if err != nil {
		return err
	}
	defer func() { _ = pack.Close() }()
	sorted := append([]uint64(nil), offsets...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	base := map[uint64]uint64{} // a delta's offset → its base's
	for _, off := range sorted {
		typ, size, baseOff, hasBase, err := readObjectHeader(pack, off, hashLen, names, offsets)
		if err != nil {
			return fmt.Errorf("%s at %d: %w", pack.Name(), off, err)
		}
		if typ != objOfsDelta && typ != objRefDelta && size > maxObject {
			return fmt.Errorf("%s holds an object of %d bytes, which git would read whole", pack.Name(), size)
		}
		if hasBase {
			base[off] = baseOff
		}
	}
	depth := map[uint64]int{}
	for _, off := range sorted {
		if err := chainDepth(off, base, depth); err != nil {
			return fmt.Errorf("%s: %w", pack.Name(), err)
		}
	}
	return nil
}

// chainDepth sets depth[off], the length of the delta chain of the object at off, following
// base without recursion; a chain longer than maxChain, or a loop, is an error.
func chainDepth(off uint64, base map[uint64]uint64, depth map[uint64]int) error {
	var chain []uint64
	for at := off; ; {
		if _, known := depth[at]; known {
			break
		}
		b, isDelta := base[at]
		if !isDelta {
			depth[at] = 0
			break
		}
		chain = append(chain, at)
		if len(chain) > maxChain {
			return fmt.Errorf("a delta chain deeper than %d objects, which git does not write and would take hours to read", maxChain)
		}
		at = b
	}
	for i := len(chain) - 1; i >= 0; i-- {
		d := depth[base[chain[i]]] + 1
		if d > maxChain {
			return fmt.Errorf("a delta chain deeper than %d objects, which git does not write and would take hours to read", maxChain)
		}
		depth[chain[i]] = d
	}
	return nil
}

// readIndex reads a pack index of version 2: the object names, sorted, and their offsets.
func readIndex(path string, hashLen int) (names []byte, offsets []uint64, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	if len(data) < 8+256*4 || !bytes.Equal(data[:8], []byte{0xff, 't', 'O', 'c', 0, 0, 0, 2}) {
		return nil, nil, fmt.Errorf("%s is no pack index of version 2", path)
	}
	n := int(binary.BigEndian.Uint32(data[8+255*4:]))
	namesAt, offsetsAt := 8+256*4, 8+256*4+n*hashLen+n*4
	if n < 0 || len(data) < offsetsAt+n*4 {
		return nil, nil, fmt.Errorf("%s is cut short", path)
	}
	large := data[offsetsAt+n*4:]
	offsets = make([]uint64, n)
	for i := range offsets {
		o := binary.BigEndian.Uint32(data[offsetsAt+i*4:])
		if o&0x80000000 == 0 {
			offsets[i] = uint64(o)
			continue
		}
		j := int(o &^ 0x80000000)
		if len(large) < (j+1)*8 {
			return nil, nil, fmt.Errorf("%s is cut short", path)
		}
		offsets[i] = binary.BigEndian.Uint64(large[j*8:])
	}
	return data[namesAt : namesAt+n*hashLen], offsets, nil
}

var errBadHeader = errors.New("a bad object header")

// readObjectHeader reads the header of the object at off: its type, its size and, for a delta
// whose base is in the same pack, its base's offset (a REF_DELTA's base looked up by name in
// names).
func readObjectHeader(pack io.ReaderAt, off uint64, hashLen int, names []byte, offsets []uint64) (typ int, size, baseOff uint64, hasBase bool, err error) {
	buf := make([]byte, 32+hashLen)
	n, err := pack.ReadAt(buf, int64(off))
	if n == 0 {
		return 0, 0, 0, false, err
	}
	buf = buf[:n]
	c := buf[0]
	typ, size = int(c>>4)&7, uint64(c&15)
	i := 1
	for shift := 4; c&0x80 != 0; shift += 7 {
		if i >= len(buf) || shift > 57 {
			return 0, 0, 0, false, errBadHeader
		}
		c = buf[i]
		i++
		size += uint64(c&0x7f) << shift
	}
	switch typ {
	case objOfsDelta:
		if i >= len(buf) {
			return 0, 0, 0, false, errBadHeader
		}
		c = buf[i]
		i++
		back := uint64(c & 127)
		for c&128 != 0 {
			if i >= len(buf) || back >= 1<<56 {
				return 0, 0, 0, false, errBadHeader
			}
			c = buf[i]
			i++
			back = (back+1)<<7 + uint64(c&127)
		}
		if back == 0 || back > off {
			return 0, 0, 0, false, errBadHeader
		}
		return typ, size, off - back, true, nil
	case objRefDelta:
		if i+hashLen > len(buf) {
			return 0, 0, 0, false, errBadHeader
		}
		name := buf[i : i+hashLen]
		k := sort.Search(len(offsets), func(k int) bool { return bytes.Compare(names[k*hashLen:(k+1)*hashLen], name) >= 0 })
		if k == len(offsets) || !bytes.Equal(names[k*hashLen:(k+1)*hashLen], name) {
			return typ, size, 0, false, nil // a base in another pack: the chain starts here
		}
		return typ, size, offsets[k], true, nil
	}
	return typ, size, 0, false, nil
}

// minLooseToCheck is the size below which a loose object cannot declare more than maxObject.
const minLooseToCheck = maxObject / 2048

// checkLoose refuses a loose object of dir that declares more than maxObject.
func checkLoose(dir string) error {
	fans, _ := filepath.Glob(filepath.Join(dir, "[0-9a-f][0-9a-f]", "*"))
	for _, path := range fans {
		fi, err := os.Lstat(path)
		if err != nil || !fi.Mode().IsRegular() || fi.Size() < minLooseToCheck {
			continue
		}
		if size, err := looseSize(path); err == nil && size > maxObject {
			return fmt.Errorf("%s is an object of %d bytes, which git would read whole", path, size)
		}
	}
	return nil
}

// looseSize is the size a loose object declares in its header ("blob 1234\x00").
func looseSize(path string) (uint64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer func() { _ = f.Close() }()
	z, err := zlib.NewReader(f)
	if err != nil {
		return 0, err
	}
	head := make([]byte, 64)
	n, _ := io.ReadFull(z, head)
	header, _, ok := bytes.Cut(head[:n], []byte{0})
	_, digits, found := bytes.Cut(header, []byte(" "))
	if !ok || !found {
		return 0, errBadHeader
	}
	return strconv.ParseUint(string(digits), 10, 64)
}
