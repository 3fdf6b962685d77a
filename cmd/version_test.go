package cmd

import "testing"

// TestVersionFlagAndCommandAgree: `--version` and `version` print the same line, the one doctor
// reads from the binary a hook runs: "ccc-hooks <version> (commit <hash>, …)". A test binary has
// no release stamp and no commit of its own.
func TestVersionFlagAndCommandAgree(t *testing.T) {
	want := "ccc-hooks dev (commit unknown)\n"
	for _, args := range [][]string{{"version"}, {"--version"}} {
		env, out, errOut := testEnv(t)
		if code := Main(env, args); code != 0 || out.String() != want || errOut.Len() != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 0, stdout %q", args, code, out, errOut, want)
		}
	}
}
