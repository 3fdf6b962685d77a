//go:build !unix

package reviewguard

func cleanUp() {}
