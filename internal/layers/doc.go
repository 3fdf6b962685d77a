// Package layers holds no code: its test keeps the import floors of the module,
// cmd → installer → hookrt → settings, with no arrow running back up. The packages under internal/
// and plugins are below every floor: they import none of the four.
package layers
