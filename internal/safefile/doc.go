// Package safefile holds the file primitives every store of ccc-hooks builds on: an exclusive
// lock on a sidecar file, and atomic replacement of a file's contents. It knows nothing of what
// the files contain.
package safefile
