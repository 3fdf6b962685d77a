package checks

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// Store keeps the last result of each check of each session, with the fingerprint of the tree
// it ran on, in <ccc-hooks home>/checks-<session>.json (pruned with the session's other files,
// package retention). A result is reused while the tree's fingerprint is the same.
type Store struct{ Home string }

// stored is one check's last result and what it ran on.
type stored struct {
	Key    string `json:"key"`
	Tree   string `json:"tree"`
	Result Result `json:"result"`
}

type storeFile struct {
	Results []stored `json:"results"`
}

// maxStoreFile bounds what is read of a session's results.
const maxStoreFile = 4 << 20

// Path is the file of session's results.
func (s Store) Path(session string) string { return filepath.Join(s.Home, "checks-"+session+".json") }

// load returns the session's results; a missing or unreadable file is none (the checks run).
func (s Store) load(session string) (map[string]stored, error) {
	out := map[string]stored{}
	data, err := safefile.ReadRegular(s.Path(session), maxStoreFile)
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return out, err
	}
	var f storeFile
	if err := json.Unmarshal(data, &f); err != nil {
		return out, fmt.Errorf("read %s: %w", s.Path(session), err)
	}
	for _, r := range f.Results {
		out[r.Key] = r
	}
	return out, nil
}

// save writes results as the session's, atomically; the last writer wins (each of two reviews
// writes what it ran, and either is true of its tree).
func (s Store) save(session string, results map[string]stored) error {
	var f storeFile
	for _, r := range results {
		f.Results = append(f.Results, r)
	}
	data, err := json.Marshal(f)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(s.Home, 0o700); err != nil {
		return err
	}
	return safefile.WriteFileAtomic(s.Path(session), data, 0o600)
}

// key names a check run: the same command with the same limit in the same directory.
func key(dir, command string, timeoutSeconds int) string {
	sum := sha256.Sum256([]byte(dir + "\x00" + command + "\x00" + strconv.Itoa(timeoutSeconds)))
	return hex.EncodeToString(sum[:12])
}
