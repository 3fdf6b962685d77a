// Package doccheck holds no code: its tests hold the repository's docs to its code, so that a
// list in the docs that describes code is checked against it rather than kept by hand.
//
//   - Every path the docs name exists, every relative link leads somewhere, and every `pkg.Name`
//     they name is declared (paths_test.go, names_test.go).
//   - Records cite code by the function it is in, never by line number (paths_test.go).
//   - docs/architecture.md's table of packages names every package of the module, and its
//     scripts every script; the README links every page of docs/ (layout_test.go); docs/testing.md's table of fuzz targets names every
//     fuzz target, each in its package (fuzz_test.go).
//   - A package comment names only files of its package, and a doc.go all of them
//     (comments_test.go).
//   - The one test that reads structured_output is the one docs/testing.md names (fakes_test.go).
//   - e2e/README.md names every variable of the environment the end-to-end suite reads
//     (env_test.go).
//   - Tests keep docs/testing.md's rules: no time.Sleep but where an allow-list says why, no $CI
//     and no skip for a missing program but through internal/testneed (testrules_test.go).
//
// Lists that belong to one package are held by that package's own tests: the commands in
// docs/commands.md (cmd), the scopes (installer), the doctor checks (installer/doctor), the keys of ccc.json
// (config), the decisions of the supervisor's log (hookrt/supervisor), the tested Claude Code
// versions (internal/claudeversion), the floors of the imports (internal/layers).
//
// A section headed by a date, "(2026-11-27)", is a record of that day: the paths it names are
// those of that day and are not looked for.
package doccheck
