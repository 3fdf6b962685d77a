package installer

import "slices"

// Spec returns the decisions of the install.
func (in Install) Spec() InstallSpec {
	s := in.spec
	s.Events = slices.Clone(s.Events)
	return s
}

// Change is the settings.ChangeFunc of this install, for a file without a ledger (see
// ChangeWith).
func (in Install) Change(old []byte, exists bool) ([]byte, bool, error) {
	return in.ChangeWith(nil)(old, exists)
}
