package reviewguard

import (
	"fmt"
	"strconv"

	"github.com/itchyny/gojq"
)

// log2Max is how many steps an element costs in a sort: the logarithm of the largest input.
const log2Max = 32

// A jqBuiltin bounds one builtin: of the input alone (each), of the input and its arguments'
// outputs, all run on the same input (over: the cost of each combination of them), or of a
// closure run on each element of the input (elements).
type jqBuiltin struct {
	each     flow                   // arity 0
	over     func(args []flow) flow // arguments read on the input itself
	elements func(inner flow) flow  // one argument, run on each element (map, sort_by …)
}

// jqBuiltins are the builtins a granted filter may call, by name and arity, from jq 1.6's manual
// (BUILTIN OPERATORS AND FUNCTIONS); jq 1.7 reads them alike. Any other is refused: range,
// limit, until, while, repeat, recurse(f), paths and path(f), getpath, input, inputs, env,
// splits, sub, gsub, ascii, tostream, def's own, and those 1.7 added.
var jqBuiltins = func() map[string]jqBuiltin {
	small := flow{n: one, size: constant(25), total: constant(25), steps: linear} // a number, a boolean
	filtered := flow{n: one, size: linear, total: linear, steps: one}             // the input, or nothing
	sorting := growth(1)
	sorting.steps = linear.scale(log2Max)
	m := map[string]jqBuiltin{
		"empty": {each: nothing}, "error": {each: nothing}, "not": {each: small},
		"length": {each: small}, "utf8bytelength": {each: small}, "type": {each: small},
		"floor": {each: small}, "sqrt": {each: small}, "tonumber": {each: small},
		"isnan": {each: small}, "isinfinite": {each: small}, "isnormal": {each: small},
		"any": {each: small}, "all": {each: small},
		"values": {each: filtered}, "arrays": {each: filtered}, "objects": {each: filtered},
		"iterables": {each: filtered}, "booleans": {each: filtered}, "numbers": {each: filtered},
		"strings": {each: filtered}, "nulls": {each: filtered}, "scalars": {each: filtered},
		"first": {each: filtered}, "last": {each: filtered},
		"keys": {each: sorting}, "keys_unsorted": {each: growth(1)}, "to_entries": {each: growth(12)},
		"from_entries": {each: growth(1)}, "tostring": {each: growth(6)}, "tojson": {each: growth(6)},
		"fromjson": {each: growth(1)}, "ascii_downcase": {each: growth(1)}, "ascii_upcase": {each: growth(1)},
		"explode": {each: growth(8)}, "implode": {each: growth(1)}, "reverse": {each: growth(1)},
		"flatten": {each: growth(1)}, "sort": {each: sorting}, "unique": {each: sorting},
		"min": {each: sorting}, "max": {each: sorting},
		// jq 1.6's add copies the sum made so far at each element.
		"add":     {each: flow{n: one, size: linear, total: linear, steps: squared}},
		"recurse": {each: flow{n: linear, size: linear, total: squared, steps: linear}},
	}
	// Closures run on each element; the output is the input rearranged, or the outputs gathered.
	gathered := func(inner flow) flow {
		size := inner.total.plus(inner.n).plus(constant(2))
		return flow{n: one, size: size, total: size, steps: inner.steps.plus(size)}
	}
	rearranged := func(inner flow) flow {
		return flow{
			n: one, size: linear.scale(2).plus(constant(2)), total: linear.scale(2).plus(constant(2)),
			steps: inner.steps.plus(inner.total.scale(log2Max)).plus(linear.scale(log2Max)),
		}
	}
	for _, name := range []string{"map", "map_values", "with_entries"} {
		m[name+"/1"] = jqBuiltin{elements: gathered}
	}
	for _, name := range []string{"sort_by", "group_by", "unique_by", "min_by", "max_by", "any", "all"} {
		m[name+"/1"] = jqBuiltin{elements: rearranged}
	}
	// Arguments run on the input itself: what each combination of their outputs costs.
	arg := func(size, steps func(a []flow) cost) func([]flow) flow {
		return func(a []flow) flow {
			f := flow{n: one, steps: one}
			for _, x := range a {
				f = f.each(x, 0, 0)
			}
			return flow{n: f.n, size: size(a), total: f.n.times(size(a)), steps: f.steps.plus(f.n.times(steps(a)))}
		}
	}
	c := func(v float64) func([]flow) cost { return func([]flow) cost { return constant(v) } }
	z := func(k float64) func([]flow) cost { return func([]flow) cost { return linear.scale(k) } }
	zTimesArg := func(a []flow) cost { return linear.times(a[0].size) }
	m["select/1"] = jqBuiltin{over: func(a []flow) flow {
		return flow{n: a[0].n, size: linear, total: a[0].n.times(linear), steps: a[0].steps.plus(a[0].n)}
	}}
	for _, name := range []string{"first", "last", "isempty"} {
		m[name+"/1"] = jqBuiltin{over: func(a []flow) flow {
			return flow{n: one, size: a[0].size, total: a[0].size, steps: a[0].steps}
		}}
	}
	m["error/1"] = jqBuiltin{over: func(a []flow) flow { return flow{steps: a[0].steps} }}
	for _, name := range []string{"has", "in"} {
		m[name+"/1"] = jqBuiltin{over: arg(c(5), c(1))}
	}
	for _, name := range []string{"contains", "inside", "test", "indices", "index", "rindex"} {
		m[name+"/1"] = jqBuiltin{over: arg(z(8), zTimesArg)}
	}
	m["test/2"] = jqBuiltin{over: arg(c(5), zTimesArg)}
	for _, name := range []string{"startswith", "endswith", "ltrimstr", "rtrimstr"} {
		m[name+"/1"] = jqBuiltin{over: arg(z(1), z(1))}
	}
	m["split/1"] = jqBuiltin{over: arg(z(4), zTimesArg)}
	m["join/1"] = jqBuiltin{over: arg(func(a []flow) cost { return linear.times(a[0].size.plus(one)) },
		func(a []flow) cost { return linear.times(a[0].size.plus(one)) })}
	m["flatten/1"] = jqBuiltin{over: arg(z(1), z(1))}
	m["IN/1"] = jqBuiltin{over: arg(c(5), func(a []flow) cost { return linear.plus(a[0].size) })}
	for _, name := range []string{"IN", "any", "all"} { // (generator; condition)
		m[name+"/2"] = jqBuiltin{over: func(a []flow) flow {
			return flow{
				n: one, size: constant(5), total: constant(5),
				steps: a[0].steps.plus(a[1].steps.over(a[0].n, a[0].total)).plus(a[0].n),
			}
		}}
	}
	return m
}()

// function bounds a builtin's call, or a variable ($name).
func (b *jqBounds) function(fn *gojq.Func) (flow, error) {
	if len(fn.Name) > 1 && fn.Name[0] == '$' {
		size, err := b.variable(fn.Name)
		return scalar(size, one), err
	}
	builtin, ok := jqBuiltins[fn.Name+"/"+strconv.Itoa(len(fn.Args))]
	if !ok && len(fn.Args) == 0 {
		builtin, ok = jqBuiltins[fn.Name]
	}
	if !ok {
		return flow{}, fmt.Errorf("%s/%d %w", fn.Name, len(fn.Args), errJQForm)
	}
	if len(fn.Args) == 0 {
		return builtin.each, nil
	}
	args := make([]flow, len(fn.Args))
	for i, q := range fn.Args {
		inner := *b
		if builtin.elements != nil {
			inner.at = b.at // an element is no larger than the input
		}
		var err error
		if args[i], err = inner.query(q); err != nil {
			return flow{}, err
		}
	}
	if builtin.elements != nil {
		return builtin.elements(flow{n: linear, size: linear, total: linear, steps: linear}.then(args[0])), nil
	}
	return builtin.over(args), nil
}
