package reviewguard

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/itchyny/gojq"
)

// jq has no bound of its own on how long a filter runs: without any loop keyword, a filter
// whose generators multiply ((1,2,…,10) as $a | (1,2,…,10) as $b | …, .[] + .[] + .[]) or whose
// values grow ((. + .) | (. + .) | …) runs for hours. So a filter is granted only where the guard
// can bound the work it does: it is parsed (gojq, which reads jq 1.6's and 1.7's grammar), every
// form in it is one of those below, each with a bound on the outputs it makes, their sizes and
// the steps it takes, as a function of the size of its input, and the bound at the size of the
// command's input is at most jqMaxSteps. Anything else is refused: definitions, reduce, foreach,
// labels, paths and assignments, and every builtin not listed (range, limit, recurse(f), input,
// env …). Sizes are in bytes of JSON; a step is a value made or a byte copied.

// jqMaxSteps bounds the steps a granted filter may take on its input (about a second of jq).
const jqMaxSteps = 2e8

// jqMaxStepsPerByte bounds the steps per byte of input of a filter whose input the guard cannot
// measure (the output of the program before it in a pipe): such a filter must take steps in
// proportion to its input, as any reader does, no more.
const jqMaxStepsPerByte = 1000

// A cost is c0 + c1·z^d for an input of size z ≥ 1: an upper bound with non-negative terms.
type cost struct{ c0, c1, d float64 }

var (
	one     = cost{c0: 1}
	linear  = cost{c1: 1, d: 1}
	squared = cost{c1: 1, d: 2}
)

func constant(v float64) cost { return cost{c0: v} }

// plus is a + b (z^d ≤ z^e for d ≤ e, as z ≥ 1).
func (a cost) plus(b cost) cost {
	d := math.Max(a.d, b.d)
	switch {
	case a.c1 == 0:
		d = b.d
	case b.c1 == 0:
		d = a.d
	}
	return cost{c0: a.c0 + b.c0, c1: a.c1 + b.c1, d: d}
}

func (a cost) times(b cost) cost {
	return cost{c0: a.c0 * b.c0, c1: a.c0*b.c1 + a.c1*b.c0 + a.c1*b.c1, d: a.d + b.d}
}

func (a cost) scale(k float64) cost { return cost{c0: a.c0 * k, c1: a.c1 * k, d: a.d} }

// at is the bound for an input of size z.
func (a cost) at(z float64) float64 { return a.c0 + a.c1*math.Pow(math.Max(z, 1), a.d) }

// of is a(g(z)): ((x+y)^d ≤ 2^(d-1)(x^d + y^d) for d ≥ 1).
func (a cost) of(g cost) cost {
	if a.c1 == 0 || a.d == 0 {
		return constant(a.c0 + a.c1)
	}
	k := math.Pow(2, a.d-1) * a.c1
	return cost{c0: a.c0 + k*math.Pow(g.c0, a.d), c1: k * math.Pow(g.c1, a.d), d: g.d * a.d}
}

// over is the sum of a over inputs whose number is at most n and whose sizes add up to total
// at most (Σ z_i^d ≤ (Σ z_i)^d for d ≥ 1).
func (a cost) over(n, total cost) cost {
	if a.d == 0 {
		return n.scale(a.c0 + a.c1)
	}
	return n.scale(a.c0).plus(cost{c1: a.c1, d: a.d}.of(total))
}

// A flow bounds what a filter makes of one input of size z: how many outputs, how large each
// is and all of them together, and the steps it takes.
type flow struct{ n, size, total, steps cost }

// The flows of the simplest filters.
var (
	identity = flow{n: one, size: linear, total: linear, steps: one}
	nothing  = flow{steps: one}
)

// scalar is a flow of one output of at most size bytes.
func scalar(size float64, steps cost) flow {
	return flow{n: one, size: constant(size), total: constant(size), steps: steps}
}

// then is a | b.
func (a flow) then(b flow) flow {
	return flow{
		n:     b.n.over(a.n, a.total),
		size:  b.size.of(a.size),
		total: b.total.over(a.n, a.total),
		steps: a.steps.plus(b.steps.over(a.n, a.total)),
	}
}

// each is a and b run on the same input, each output of a with each of b (a binary operator, an
// index, the keys and values of an object): an output of at most ka times the size of a's and kb
// times b's, made in as many steps as its size.
func (a flow) each(b flow, ka, kb float64) flow {
	n := a.n.times(b.n)
	total := a.total.times(b.n).scale(ka).plus(b.total.times(a.n).scale(kb))
	return flow{
		n: n, size: a.size.scale(ka).plus(b.size.scale(kb)), total: total,
		steps: a.steps.plus(b.steps.times(a.n)).plus(total).plus(n),
	}
}

// compare is each for an operator whose output is small (==, <, and …): it reads both sides.
func (a flow) compare(b flow) flow {
	f := a.each(b, 1, 1)
	f.size, f.total = constant(5), f.n.scale(5)
	return f
}

// or is a, b: the outputs of a, then those of b.
func (a flow) or(b flow) flow {
	return flow{n: a.n.plus(b.n), size: a.size.plus(b.size), total: a.total.plus(b.total), steps: a.steps.plus(b.steps)}
}

// A jqBounds reads one filter: the variables bound where it stands, and their sizes.
type jqBounds struct {
	vars map[string]float64
	// argSize bounds a variable of the command line's (--arg, --slurpfile …) and $ARGS.
	argSize float64
	// at is the size of the input where the filter stands, as a number: the size of a variable
	// bound there.
	at float64
}

var errJQForm = errors.New("is not a form whose work the guard can bound")

// A jqInput is what the guard knows of a jq command's input: the bytes of the files it is named
// (known) or none known (its standard input, the output of the program before it); the bytes of
// the values of its options (--arg, --slurpfile …); whether it runs once on all of it (slurp) or
// on null (null), or once per value of it.
type jqInput struct {
	size, args         float64
	known, slurp, null bool
}

// checkJQBound grants filter where the steps it takes on its input are bounded: at most
// jqMaxSteps on an input of known size, and at most jqMaxStepsPerByte a byte of one of no known
// size.
func checkJQBound(filter string, in jqInput) error {
	if strings.Contains(filter, "\\\n") || strings.Contains(filter, "\\\r") {
		// jq 1.7.1 continues a comment past a backslash at the end of its line, jq 1.6 and gojq
		// end it there: the two would read different filters.
		return errors.New("a backslash ends a line of the filter, which jq versions read apart")
	}
	q, err := gojq.Parse(filter)
	if err != nil {
		return fmt.Errorf("cannot parse the filter: %w", err)
	}
	all := in.size + in.args + 1
	b := &jqBounds{vars: map[string]float64{}, argSize: all, at: all}
	f, err := b.query(q)
	if err != nil {
		return err
	}
	z := all // the size of the one input the filter runs on
	switch {
	case in.null:
		z = 4 // null
	case !in.slurp: // once for each value of the input: as many values as bytes at most
		f = flow{n: linear, size: linear, total: linear, steps: linear}.then(f)
	}
	steps := f.steps.plus(f.total)
	switch {
	case in.known && steps.at(z) > jqMaxSteps:
		return fmt.Errorf("its work is bounded only by %.3g steps on an input of %.0f bytes, more than %.0g", steps.at(z), z, jqMaxSteps)
	case !in.known && (steps.d > 1 || steps.c1 > jqMaxStepsPerByte || steps.c0 > jqMaxSteps):
		return fmt.Errorf("its work on an input of no known size z is bounded only by %.3g + %.3g·z^%.0f steps, more than %d a byte", steps.c0, steps.c1, steps.d, jqMaxStepsPerByte)
	}
	return nil
}

func (b *jqBounds) query(q *gojq.Query) (flow, error) {
	switch {
	case q.Meta != nil || len(q.Imports) > 0:
		return flow{}, errors.New("a module or import loads files")
	case len(q.FuncDefs) > 0:
		return flow{}, errors.New("def defines functions, which may recurse for ever")
	case q.Term != nil:
		return b.term(q.Term)
	case q.Left == nil || q.Right == nil:
		return flow{}, fmt.Errorf("%q %w", q.String(), errJQForm)
	case len(q.Patterns) > 0:
		return b.binding(q)
	}
	left, err := b.query(q.Left)
	if err != nil {
		return flow{}, err
	}
	if q.Op == gojq.OpPipe {
		inner := *b
		inner.at = left.size.at(b.at)
		right, err := inner.query(q.Right)
		if err != nil {
			return flow{}, err
		}
		return left.then(right), nil
	}
	right, err := b.query(q.Right)
	if err != nil {
		return flow{}, err
	}
	switch q.Op {
	case gojq.OpComma, gojq.OpAlt:
		return left.or(right), nil
	case gojq.OpAdd, gojq.OpMod:
		return left.each(right, 1, 1), nil
	case gojq.OpDiv: // splits a string: four bytes of JSON a byte at most
		return left.each(right, 4, 4), nil
	case gojq.OpSub: // array difference compares each element with each
		f := left.each(right, 1, 0)
		f.steps = f.steps.plus(left.total.times(right.total))
		return f, nil
	case gojq.OpEq, gojq.OpNe, gojq.OpGt, gojq.OpLt, gojq.OpGe, gojq.OpLe, gojq.OpAnd, gojq.OpOr:
		return left.compare(right), nil
	}
	return flow{}, fmt.Errorf("the operator %s %w (* repeats strings, and assignments walk paths)", q.Op, errJQForm)
}

// binding is E as $x | body (one pattern: jq 1.6 has no ?//).
func (b *jqBounds) binding(q *gojq.Query) (flow, error) {
	if len(q.Patterns) != 1 || q.Op != gojq.OpPipe {
		return flow{}, fmt.Errorf("%q %w", q.String(), errJQForm)
	}
	source, err := b.query(q.Left)
	if err != nil {
		return flow{}, err
	}
	inner := *b
	inner.vars = map[string]float64{}
	for k, v := range b.vars {
		inner.vars[k] = v
	}
	for _, name := range patternNames(q.Patterns[0]) {
		inner.vars[name] = source.size.at(b.at)
	}
	body, err := inner.query(q.Right)
	if err != nil {
		return flow{}, err
	}
	return flow{
		n:     source.n.times(body.n),
		size:  body.size,
		total: source.n.times(body.total),
		steps: source.steps.plus(source.n.times(body.steps)),
	}, nil
}

func patternNames(p *gojq.Pattern) []string {
	out := []string{}
	if p.Name != "" {
		out = append(out, p.Name)
	}
	for _, e := range p.Array {
		out = append(out, patternNames(e)...)
	}
	for _, kv := range p.Object {
		if kv.Key != "" {
			out = append(out, kv.Key)
		}
		if kv.Val != nil {
			out = append(out, patternNames(kv.Val)...)
		}
	}
	return out
}
