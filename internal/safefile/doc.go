// Package safefile holds the file primitives every store of ccc-hooks builds on: an exclusive
// lock on a sidecar file, atomic replacement of a file's contents, and bounded reads that open
// only regular files (never a FIFO, device, socket or directory). It knows nothing of what the
// files contain.
package safefile
