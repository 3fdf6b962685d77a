package reviewguard

// treeProgram is tree, as tree 2.1.0 reads its options (tree --help, tree(1)): letters that may
// be bundled, a value after -L, -P, -I, -H and -T as the rest of the word or the next one, long
// options by their full names, "--" to end them. Refused: -o writes the listing to a file, and
// -R runs tree again in each directory at the depth limit, each writing 00Tree.html there.
// --gitignore and --info read the .gitignore and .info files of the directories walked; -l
// follows links to directories.
func treeProgram() []program {
	p := getopt("tree", "tree 2.1.0, tree --help", table(options(`
		-a -d -l -f -x -L= -P= -I= --gitignore --ignore-case --matchdirs --metafirst --prune
		--info --noreport --charset= --filelimit= -q -N -Q -p -u -g -s -h --si --du -D
		--timefmt= -F --inodes --device -v -t -c -U -r --dirsfirst --filesfirst --sort= -i -A -S
		-n -C -X -J -H= -T= --nolinks`),
		refuse("writes the listing to a file", `-o=`),
		refuse("writes a listing file into each directory at the depth limit", `-R`)), 0)
	p.walks = func(args []string) bool { return hasAnyOption(args, "--gitignore", "--info") }
	p.follows = func(args []string) bool { return hasAnyOption(args, "-l") }
	return []program{p}
}
