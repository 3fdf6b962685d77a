// Command hooktime times hook programs the way Claude Code runs them: one process per event,
// the event on stdin, stdout read to the end. The programs run interleaved, one round after
// another, each round in an order of its own (shuffled: in a fixed cycle, the program that runs
// right after a slow one is measured slower), so that whatever else the machine does affects
// them alike. It prints one line per program: its name and median wall time in milliseconds,
// and with -base the median of its round-by-round ratios to each base program (paired ratios),
// one column per base.
//
//	go run ./scripts/hooktime -event event.json -runs 300 -base floor floor=/path/floor ccc-hooks=/path/ccc-hooks,hook
//
// A program is NAME=PATH[,ARG...]. -env NAME:VAR=VALUE sets a variable for one program only
// (each binary with a home of its own, say), and may be repeated.
//
// Every run gets an event of its own (a "hooktime_run" counter field added at the start of the
// object), as Claude Code sends: ccc-hooks answers identical events arriving within seconds of
// each other once, and a repeated event would time that shortcut instead of the answer. With
// -new-session each run's event also names a session of its own (its session_id with the run's
// number put in front), as the first event of a new session does.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"
)

type program struct {
	name  string
	argv  []string
	env   []string
	times []time.Duration
}

// envFlags collects -env NAME:VAR=VALUE.
type envFlags map[string][]string

func (e envFlags) String() string { return fmt.Sprint(map[string][]string(e)) }

func (e envFlags) Set(v string) error {
	name, kv, ok := strings.Cut(v, ":")
	if !ok || !strings.Contains(kv, "=") {
		return fmt.Errorf("%q: want NAME:VAR=VALUE", v)
	}
	e[name] = append(e[name], kv)
	return nil
}

func main() {
	os.Exit(run())
}

func run() int {
	event := flag.String("event", "", "file holding the event sent on stdin")
	runs := flag.Int("runs", 300, "timed rounds")
	warmup := flag.Int("warmup", 20, "untimed rounds first")
	base := flag.String("base", "", "print each program's paired ratios to these (NAME[,NAME...])")
	seed := flag.Uint64("seed", uint64(time.Now().UnixNano()), "seed of the order of each round")
	newSession := flag.Bool("new-session", false, "give each run's event a session of its own")
	envs := envFlags{}
	flag.Var(envs, "env", "NAME:VAR=VALUE, a variable for program NAME (repeatable)")
	flag.Parse()
	input, err := os.ReadFile(*event)
	if err != nil || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: hooktime -event FILE [-runs N] [-base NAME] [-env NAME:VAR=VALUE]... NAME=PATH[,ARG...]...", err)
		return 2
	}
	var progs []*program
	for _, spec := range flag.Args() {
		name, cmd, ok := strings.Cut(spec, "=")
		if !ok {
			fmt.Fprintf(os.Stderr, "hooktime: %q: want NAME=PATH[,ARG...]\n", spec)
			return 2
		}
		progs = append(progs, &program{name: name, argv: strings.Split(cmd, ","), env: append(os.Environ(), envs[name]...)})
	}
	var bases []*program
	for _, name := range strings.Split(*base, ",") {
		i := slices.IndexFunc(progs, func(p *program) bool { return p.name == name })
		if name != "" && i < 0 {
			fmt.Fprintf(os.Stderr, "hooktime: -base %s names no program\n", name)
			return 2
		}
		if i >= 0 {
			bases = append(bases, progs[i])
		}
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	order := make([]int, len(progs))
	for round := range *warmup + *runs {
		for i := range order {
			order[i] = i
		}
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for k, i := range order {
			p := progs[i]
			n := round*len(progs) + k
			d, err := once(p, numbered(input, n, *newSession))
			if err != nil {
				fmt.Fprintf(os.Stderr, "hooktime: %s: %v\n", p.name, err)
				return 1
			}
			if round >= *warmup {
				p.times = append(p.times, d)
			}
		}
	}
	for _, p := range progs {
		fmt.Printf("%s %.3f", p.name, ms(median(p.times)))
		for _, b := range bases {
			fmt.Printf(" %.3f", pairedRatio(p.times, b.times))
		}
		fmt.Println()
	}
	return 0
}

// once runs p with input on stdin and returns the wall time until it exited.
func once(p *program, input []byte) (time.Duration, error) {
	c := exec.Command(p.argv[0], p.argv[1:]...)
	c.Env = p.env
	c.Stdin = bytes.NewReader(input)
	c.Stdout = io.Discard
	start := time.Now()
	err := c.Run()
	return time.Since(start), err
}

// numbered returns the event object input with a "hooktime_run": n field added first, and with
// newSession its session_id with "-n" appended.
func numbered(input []byte, n int, newSession bool) []byte {
	i := bytes.IndexByte(input, '{')
	if i < 0 {
		return input
	}
	field := fmt.Sprintf(`"hooktime_run":%d,`, n)
	out := append(append(append([]byte{}, input[:i+1]...), field...), input[i+1:]...)
	if newSession {
		for _, key := range []string{`"session_id":"`, `"session_id": "`} {
			out = bytes.Replace(out, []byte(key), []byte(key+strconv.Itoa(n)+"-"), 1)
		}
	}
	return out
}

// pairedRatio is the median of t[i]/base[i], round by round.
func pairedRatio(t, base []time.Duration) float64 {
	r := make([]float64, len(t))
	for i := range t {
		r[i] = float64(t[i]) / float64(base[i])
	}
	slices.Sort(r)
	if len(r)%2 == 1 {
		return r[len(r)/2]
	}
	return (r[len(r)/2-1] + r[len(r)/2]) / 2
}

func ms(d time.Duration) float64 { return d.Seconds() * 1000 }

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
