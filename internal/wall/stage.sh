# The wall's stage (package wall, wall_linux.go): run by util-linux's unshare as PID 1 of new
# mount, network, PID and IPC namespaces (and a user namespace of its own for any user but
# root), with the capabilities of those namespaces. It builds the check's world on a fresh tmpfs
# mounted over /tmp, moves into it (pivot_root), says so on stdout, and replaces itself by the
# check through prlimit, setsid and setpriv: from then on no process of ours is left, the check
# is PID 1, and unshare returns its exit status as it got it from wait(2).
#
# Arguments: DISK_MB PID_MAX PROCESSES MEMORY_MB XATTR DIR PATH COMMAND (PID_MAX 0: the kernel
# has no pid_max of a PID namespace's own, and the host's is never written), then how many
# layers there are and their directories (opened here, in the new mount namespace, as
# descriptors 3 and on before anything covers them: an overlay takes its lower from this
# namespace only), then steps:
#   ro DIR          a system directory, read-only (an overlay whose sockets, FIFOs and devices
#                   reach nothing outside)
#   link PATH TO    a symbolic link
#   cow FD DIR      a copy-on-write layer over DIR, whose lower is the descriptor FD
#   dir PATH        a directory of the user's own
#   empty PATH      a file or directory of credentials, empty inside
#   file PATH TEXT  a file written over (a repository's configuration)
set -eu
disk=$1 pidmax=$2 processes=$3 memory=$4 xattr=$5 dir=$6 checkpath=$7 cmd=$8
shift 8
PATH=/usr/sbin:/usr/bin:/sbin:/bin
prlimit=$(command -v prlimit) setsid=$(command -v setsid) setpriv=$(command -v setpriv)
fd=3 layers=$1
shift
while [ "$layers" -gt 0 ]; do
	eval "exec $fd<\"\$1\""
	fd=$((fd + 1)) layers=$((layers - 1))
	shift
done

mount -t tmpfs -o "nosuid,nodev,mode=0755,size=${disk}m,nr_inodes=$((disk * 256))" ccc-hooks-wall /tmp
cd /tmp
mkdir -p .l/e tmp var/tmp run dev/shm dev/pts proc
chmod 1777 tmp var/tmp dev/shm
while [ $# -gt 0 ]; do
	case $1 in
	ro)
		mkdir -p "./$2"
		mount -t overlay -o "ro,nosuid,nodev,lowerdir=$2:/tmp/.l/e" ccc-hooks-wall "./$2"
		shift 2 ;;
	link)
		mkdir -p "./${2%/*}"
		ln -s "$3" "./$2"
		shift 3 ;;
	cow)
		mkdir -p "./$3" ".l/$2/u" ".l/$2/w"
		chmod --reference="/proc/self/fd/$2" ".l/$2/u"
		chown --reference="/proc/self/fd/$2" ".l/$2/u" 2>/dev/null || :
		mount -t overlay -o "nosuid,nodev$xattr,lowerdir=/proc/self/fd/$2,upperdir=/tmp/.l/$2/u,workdir=/tmp/.l/$2/w" ccc-hooks-wall "./$3"
		shift 3 ;;
	dir)
		mkdir -p -m 0700 "./$2"
		shift 2 ;;
	empty)
		if [ -d "./$2" ]; then
			rm -rf "./$2" && mkdir -m 0700 "./$2"
		elif [ -e "./$2" ] || [ -L "./$2" ]; then
			rm -f "./$2" && : >"./$2" && chmod 0600 "./$2"
		fi
		shift 2 ;;
	file)
		rm -f "./$2"
		printf '%s' "$3" >"./$2"
		shift 3 ;;
	*)
		echo "unknown step $1" >&2
		exit 125 ;;
	esac
done
exec 3<&- 4<&- 5<&- 6<&- 7<&- 8<&- 9<&-

for d in null zero full random urandom tty; do
	: >"dev/$d"
	mount --bind -o nosuid "/dev/$d" "dev/$d"
done
mount -t devpts -o nosuid,noexec,newinstance,ptmxmode=0666,mode=0620 devpts dev/pts
ln -s pts/ptmx dev/ptmx
ln -s /proc/self/fd dev/fd
ln -s /proc/self/fd/0 dev/stdin
ln -s /proc/self/fd/1 dev/stdout
ln -s /proc/self/fd/2 dev/stderr
mount -t proc -o nosuid,nodev,noexec proc proc
if [ "$pidmax" -gt 0 ]; then echo "$pidmax" >proc/sys/kernel/pid_max; fi
ip link set lo up 2>/dev/null || :
mount -t tmpfs -o ro,nosuid,nodev,noexec,size=4k,mode=0 ccc-hooks-wall .l

mkdir .old
pivot_root . .old
cd /
umount -l /.old
rmdir /.old
cd "$dir"
echo ccc-hooks-wall-ready
PATH=$checkpath
exec "$prlimit" --nproc="$processes" --data=$((memory * 1048576)) -- "$setsid" "$setpriv" --no-new-privs --inh-caps=-all --ambient-caps=-all --bounding-set=-all -- /bin/sh -c "$cmd"
