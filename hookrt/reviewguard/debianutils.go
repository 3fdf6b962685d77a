package reviewguard

// debianutils is which, as debianutils 5.7 has it (which(1)): it prints where a program is;
// GNU which and BSD which take -a and -s too.
func debianutils() []program {
	return []program{getopt("which", "debianutils 5.7, which(1)", options(`-a -s`), globSafe)}
}
