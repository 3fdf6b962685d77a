package gitview

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/ccc-hooks/ccc-hooks/internal/repo"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// maxConfigFile bounds what is read of the repository's config file (for its format) and of a
// .gitmodules file.
const maxConfigFile = repo.MaxConfig

// A format is what the view's configuration carries of the repository's: the repository format
// version and the hash of its object names, which git needs to read the objects, refs and index,
// and which branch tracks which remote branch.
type format struct {
	version      int         // core.repositoryformatversion: 0 or 1
	objectFormat string      // extensions.objectformat (version 1 only): "" (SHA-1) or "sha256"
	tracking     []repo.Pair // branch.<name>.remote and .merge, remote.<name>.url and .fetch
}

// trackingKey matches the keys of the repository's configuration that say which remote branch
// a branch tracks: git status counts ahead and behind by them, and @{upstream} resolves through
// them. They name refs and a remote's address, never a program, and no reading command contacts
// a remote (the view's protocol.allow=never and GIT_ALLOW_PROTOCOL hold even so). It is compiled
// when a view is first built, never at the start of a hook run (docs/performance.md).
var trackingKey = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(branch\..+\.(remote|merge)|remote\..+\.(url|fetch))$`)
})

// hashLen is the length in bytes of an object name of the repository.
func (f format) hashLen() int {
	if f.objectFormat == "sha256" {
		return 32
	}
	return 20
}

// ignoredExtensions are the extensions git 2.39 knows (setup.c, handle_extension_v0 and
// handle_extension) and later ones that the view may leave out: git reads the repository's data
// the same without them. partialclone is left out on purpose: it names the remote that a lazy
// fetch of a missing object would contact, running core.sshCommand or opening a connection; the
// reviewer's git reports the object missing instead. compatobjectformat only adds a second name
// to objects git writes, and the view writes none.
var ignoredExtensions = map[string]bool{
	"noop": true, "noop-v1": true, "preciousobjects": true, "partialclone": true,
	"worktreeconfig": true, "compatobjectformat": true,
}

// readFormat reads the format the repository declares in the config file of its common
// directory, and the tracking of its branches (trackingKey). Only that file is read, as git reads
// it for the format (read_repository_format: no includes), and parsed by git itself
// (parseConfig). The file is read by the hook (a FIFO or a device there is an error, never a
// wait) and handed to git on stdin; one without the words "extensions", "branch" and "remote" in
// any case declares neither (git reads section names as written, folding case), and needs no git
// at all. An extension the view cannot carry — an unknown one, or refs kept in reftable — is an
// error: the reviewer then gets no git, never a wrong reading.
func (b *builder) readFormat() (format, error) {
	path := filepath.Join(b.src.Common, "config")
	data, err := safefile.ReadRegular(path, maxConfigFile)
	if errors.Is(err, fs.ErrNotExist) {
		return format{}, nil
	}
	if err != nil {
		return format{}, err
	}
	lower := bytes.ToLower(data)
	if !bytes.Contains(lower, []byte("extensions")) && !bytes.Contains(lower, []byte("branch")) && !bytes.Contains(lower, []byte("remote")) {
		return format{}, nil
	}
	pairs, err := b.parseConfig(data, `^(core\.repositoryformatversion|extensions\..*|branch\..+\.(remote|merge)|remote\..+\.(url|fetch))$`)
	if err != nil {
		return format{}, fmt.Errorf("read the format of %s: %w", path, err)
	}
	var f format
	exts := map[string]string{}
	for _, p := range pairs {
		switch {
		case p.Key == "core.repositoryformatversion":
			if f.version, err = strconv.Atoi(strings.TrimSpace(p.Value)); err != nil {
				return format{}, fmt.Errorf("%s: core.repositoryformatversion %q is not a number", path, p.Value)
			}
		case trackingKey().MatchString(p.Key):
			f.tracking = append(f.tracking, p)
		default:
			exts[strings.TrimPrefix(p.Key, "extensions.")] = p.Value
		}
	}
	if f.version < 0 || f.version > 1 {
		return format{}, fmt.Errorf("%s: repository format version %d is not one git reads", path, f.version)
	}
	if f.version == 0 {
		return format{tracking: f.tracking}, nil // git reads no extension of a version 0 repository but those it ignores here too
	}
	for ext, value := range exts {
		switch {
		case ignoredExtensions[ext]:
		case ext == "objectformat" && (value == "sha1" || value == "sha256"):
			if value == "sha256" {
				f.objectFormat = value
			}
		case ext == "refstorage" && value == "files":
		default:
			return format{}, fmt.Errorf("%s declares extensions.%s = %q, which the review's git cannot carry", path, ext, value)
		}
	}
	return f, nil
}

// parseConfig has git parse data as a configuration file (repo.ParseConfig) within buildTimeout.
func (b *builder) parseConfig(data []byte, re string) ([]repo.Pair, error) {
	ctx, cancel := context.WithTimeout(b.ctx, buildTimeout)
	defer cancel()
	return repo.ParseConfig(ctx, b.gitPath, data, re)
}
