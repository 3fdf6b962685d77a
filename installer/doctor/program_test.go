package doctor

import "testing"

// TestAdviceProgram: with Program set (ccc-hooks on PATH is not the binary running doctor), every
// command doctor advises starts with that program, so it can be pasted as it is.
func TestAdviceProgram(t *testing.T) {
	const self = "'/opt/my tools/ccc-hooks'"
	withProgram := func(s *Snapshot) *Snapshot { s.Program = self; return s }
	gone := stop("/gone/ccc-hooks hook")
	tests := []struct {
		name  string
		check Check
		s     *Snapshot
		want  []want
	}{
		{"install again", binaryCheck{fakeEnv(nil, nil, nil)}, withProgram(snap(user(gone))), []want{{StatusError, []string{
			"run `" + self + " install --scope user` to point the hooks at this ccc-hooks",
		}}}},
		{"nothing installed", installedCheck{}, withProgram(snap(missing("user", userPath))), []want{{StatusWarn, []string{
			"run `" + self + " install`",
		}}}},
		{"supervisor off", configCheck{}, withProgram(snap(user(supervisor(ourCmd, 600)))), []want{{StatusOK, []string{
			"`" + self + " supervisor on`", "`" + self + " supervisor on --default`",
		}}}},
		{"legacy entries", legacyCheck{}, withProgram(snap(user(stop("ccc supervisor-hook")))), []want{{StatusWarn, []string{
			"`" + self + " install --scope user --yes`",
		}}}},
		{"default program", binaryCheck{fakeEnv(nil, nil, nil)}, snap(user(gone)), []want{{StatusError, []string{
			"run `ccc-hooks install --scope user`",
		}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkResults(t, tt.check, tt.s, tt.want) })
	}
}
