package reviewguard

// fileProgram is file(1), as file 5.44 reads its options (getopt_long; file --help). It reads
// the start of each file it is named to tell its type. Refused: -C (--compile) writes a compiled
// magic file; -z and -Z look inside compressed files, with outside programs (gzip, bzip2, xz …)
// where the library lacks one; -s reads block and character devices, which may never end; -p
// sets the access times of the files back (utime), a write; -S turns file's own sandbox off; -f
// reads the names of the files to look at from a file.
func fileProgram() []program {
	return []program{getopt("file", "file 5.44, file --help", table(options(`
		-m,--magic-file= -b,--brief -c,--checking-printout -e,--exclude= --exclude-quiet=
		-F,--separator= -i,--mime --apple --extension --mime-type
		--mime-encoding -k,--keep-going -l,--list -L,--dereference -h,--no-dereference
		-n,--no-buffer -N,--no-pad -0,--print0 -P,--parameter= -r,--raw -E -d`),
		refuse("writes a compiled magic file", `-C,--compile`),
		refuse("runs decompression programs", `-z,--uncompress -Z,--uncompress-noreport`),
		refuse("reads block and character devices, which may never end", `-s,--special-files`),
		refuse("sets the files' access times back, a write", `-p,--preserve-date`),
		refuse("turns file's own sandbox off", `-S,--no-sandbox`),
		refuse(readsAList, `-f,--files-from=`)), 0)}
}
