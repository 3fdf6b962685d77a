# The wall's stage (package wall, wall_linux.go): run by util-linux's unshare as PID 1 of new
# mount, network, PID and IPC namespaces (and a user namespace of its own for any user but
# root), with the capabilities of those namespaces. It builds the check's world on a fresh tmpfs
# mounted over /tmp, moves into it (pivot_root), says so on stdout, and replaces itself by the
# check through prlimit, setsid and setpriv: from then on no process of ours is left, the check
# is PID 1, and unshare returns its exit status as it got it from wait(2).
#
# Arguments: DISK_MB PID_MAX PROCESSES MEMORY_MB DIR PATH COMMAND PRLIMIT SETSID SETPRIV FSTAB
# (PID_MAX 0: the kernel has no pid_max of a PID namespace's own, and the machine's is never
# written; FSTAB: every mount of the wall below /tmp, for one `mount --all`), then how many
# layers there are and their directories (opened here, in the new mount namespace, before
# anything covers them: an overlay takes its lower from this namespace only), then steps:
#   mode FD MODE    the upper directory of the layer on descriptor FD gets MODE (its lower's)
#   owner FD OWNER  and OWNER (root only, where its lower is another user's)
#   dir PATH        a directory of the user's own, made before the mounts
#   empty PATH      a file or directory of credentials, empty inside (after the mounts)
#   file PATH TEXT  a file written over: a repository's configuration (after the mounts)
set -eu
disk=$1 pidmax=$2 processes=$3 memory=$4 dir=$5 checkpath=$6 cmd=$7
prlimit=$8 setsid=$9 setpriv=${10} fstab=${11}
shift 11
PATH=/usr/sbin:/usr/bin:/sbin:/bin
fd=3 layers=$1 uppers=
shift
while [ "$layers" -gt 0 ]; do
	eval "exec $fd<\"\$1\""
	uppers="$uppers .l/$fd/u .l/$fd/w"
	fd=$((fd + 1)) layers=$((layers - 1))
	shift
done

mount -t tmpfs -o "nosuid,nodev,mode=0755,size=${disk}m,nr_inodes=$((disk * 256))" ccc-hooks-wall /tmp
cd /tmp
mkdir -p .l/e .old run dev $uppers
mkdir -m 1777 tmp var var/tmp dev/shm
links= devlinks=
for d in /bin /sbin /lib /lib32 /lib64 /libx32; do
	if [ -L "$d" ]; then links="$links $d"; fi
done
for d in fd stdin stdout stderr; do
	if [ -L "/dev/$d" ]; then devlinks="$devlinks /dev/$d"; fi
done
if [ -n "$links" ]; then cp -P $links .; fi
if [ -n "$devlinks" ]; then cp -P $devlinks dev/; fi
: >dev/ptmx
for d in null zero full random urandom tty; do
	if [ -e "/dev/$d" ]; then : >"dev/$d"; fi
done
while [ $# -gt 0 ]; do
	case $1 in
	mode) chmod "$3" ".l/$2/u"; shift 3 ;;
	owner) chown "$3" ".l/$2/u"; shift 3 ;;
	dir) mkdir -p -m 0700 "./$2"; shift 2 ;;
	*) break ;;
	esac
done
printf '%s' "$fstab" >.l/fstab
mount --all --fstab /tmp/.l/fstab
exec 3<&- 4<&- 5<&- 6<&- 7<&- 8<&- 9<&-
while [ $# -gt 0 ]; do
	case $1 in
	empty)
		if [ -d "./$2" ]; then
			rm -rf "./$2" && mkdir -m 0700 "./$2"
		elif [ -e "./$2" ] || [ -L "./$2" ]; then
			rm -f "./$2" && : >"./$2" && chmod 0600 "./$2"
		fi
		shift 2 ;;
	file)
		if [ -L "./$2" ]; then rm -f "./$2"; fi
		printf '%s' "$3" >"./$2"
		shift 3 ;;
	*)
		echo "unknown step $1" >&2
		exit 125 ;;
	esac
done
if [ "$pidmax" -gt 0 ]; then echo "$pidmax" >proc/sys/kernel/pid_max; fi
ip link set lo up 2>/dev/null || :

pivot_root . .old
cd /
umount -l /.old
cd "$dir"
echo ccc-hooks-wall-ready
PATH=$checkpath
exec "$prlimit" --nproc="$processes" --data=$((memory * 1048576)) -- "$setsid" "$setpriv" --no-new-privs --inh-caps=-all --ambient-caps=-all --bounding-set=-all -- /bin/sh -c "$cmd"
