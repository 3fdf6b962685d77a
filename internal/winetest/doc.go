// Package winetest is for tests only: imported by the tests that run under Wine (see
// scripts/windows-check.sh), it works around what Wine 8 lacks and real Windows has. Built
// without the wine tag it does nothing.
package winetest
