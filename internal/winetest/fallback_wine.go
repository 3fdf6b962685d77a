//go:build windows && wine

package winetest

import _ "unsafe" // for go:linkname

// Go removes files with NtSetInformationFile(FileDispositionInformationEx), which Windows 10 has
// since version 1607 and Wine 8 does not ("Invalid function"): t.TempDir's cleanup fails on every
// file. Go falls back to FileDispositionInformation where Windows lacks the call; under Wine the
// tests take that fallback at once. Linking to it needs -ldflags=-checklinkname=0.
//
//go:linkname deleteatFallback internal/syscall/windows.TestDeleteatFallback
var deleteatFallback bool

func init() { deleteatFallback = true }
