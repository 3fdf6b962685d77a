package settings

import (
	"encoding/json"
	"runtime"
	"syscall"
	"testing"
	"time"
)

func threadCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestCPUTime(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, size := range []int{500 << 10, 5 << 20, 20 << 20} {
		src := largeSettings(size)
		e := supervisorEntries(testCommand, 600)
		measure := func(name string, f func()) {
			f()
			n := 10
			c0 := threadCPU()
			for range n {
				f()
			}
			t.Logf("%-10s %6dKB %8.2f ms/op (thread cpu)", name, len(src)>>10, float64(threadCPU()-c0)/float64(n)/1e6)
		}
		measure("install", func() { Install(src, e, testOwner) })
		measure("validJSON", func() { validJSON(src) })
		measure("json.Valid", func() { json.Valid(src) })
		measure("gjsonValid", func() { gjsonValid(src) })
		measure("children", func() { children(rootValue(unsafeString(src))) })
		measure("copy", func() { _ = append([]byte(nil), src...) })
	}
}
