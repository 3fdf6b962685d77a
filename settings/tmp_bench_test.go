package settings

import (
	"encoding/json"
	"testing"
)

func BenchmarkParts(b *testing.B) {
	src := largeSettings(5 << 20)
	b.Run("validJSON", func(b *testing.B) {
		for b.Loop() {
			validJSON(src)
		}
	})
	b.Run("jsonValid", func(b *testing.B) {
		for b.Loop() {
			json.Valid(src)
		}
	})
	b.Run("children", func(b *testing.B) {
		for b.Loop() {
			children(rootValue(unsafeString(src)))
		}
	})
	b.Run("copy", func(b *testing.B) {
		for b.Loop() {
			_ = append([]byte(nil), src...)
		}
	})
}

func BenchmarkGjsonValid(b *testing.B) {
	src := largeSettings(5 << 20)
	for b.Loop() {
		gjsonValid(src)
	}
}
