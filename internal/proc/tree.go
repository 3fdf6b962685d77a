package proc

// A Process is a running process known by its ID and its start time: an ID the kernel gives
// again later belongs to another process, which started later. Where processes cannot be looked
// at (Listable is false) nothing yields one.
type Process struct {
	PID   int
	Start uint64 // since the system booted, in the kernel's clock ticks
}

// Node is a process as a look at every process saw it: its parent and its session.
type Node struct {
	Process
	Parent  int
	Session int
}

// Below returns p and every process below it in nodes: its descendants, and where p leads a
// session, the processes of that session whose parent has gone (a program that left a child
// behind and exited: the child is now init's, or a subreaper's). nodes is a look at every process
// (All).
func Below(p Process, nodes []Node) []Process {
	children := map[int][]Node{}
	for _, n := range nodes {
		children[n.Parent] = append(children[n.Parent], n)
	}
	seen := map[int]bool{p.PID: true}
	out := []Process{p}
	for _, n := range nodes {
		if n.Session == p.PID && !seen[n.PID] {
			seen[n.PID] = true
			out = append(out, n.Process)
		}
	}
	for i := 0; i < len(out); i++ {
		for _, c := range children[out[i].PID] {
			if !seen[c.PID] {
				seen[c.PID] = true
				out = append(out, c.Process)
			}
		}
	}
	return out
}
