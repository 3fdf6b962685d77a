package settings

// containerStates lists the containers on the hooks path of src: the root (""), "hooks", and
// every "hooks.<Event>" that is an object or array. It is nil for a blank or invalid src.
func containerStates(src []byte) map[string]containerState {
	if checkSyntax(cutBOM(src)) != nil {
		return nil
	}
	return checkedStates(src)
}

// noteContainers updates the ledger's containers m for a write of updated over old: a container
// that goes from missing to filled is recorded as created (nil), one that goes from empty to
// filled with its text before; what was recorded before is kept, and containers that are gone
// or empty again are forgotten.
func noteContainers(m map[string]*string, old, updated []byte) map[string]*string {
	return noteStates(m, containerStates(old), containerStates(updated), true)
}
