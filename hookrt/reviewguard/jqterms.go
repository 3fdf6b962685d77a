package reviewguard

import (
	"fmt"

	"github.com/itchyny/gojq"
)

// term bounds one term of a filter and its suffixes (.a, [], ?, [e]).
func (b *jqBounds) term(t *gojq.Term) (flow, error) {
	f, err := b.base(t)
	if err != nil {
		return flow{}, err
	}
	for _, s := range t.SuffixList {
		switch {
		case s.Optional:
		case s.Iter:
			f = f.then(flow{n: linear, size: linear, total: linear, steps: linear})
		case s.Index != nil && (s.Index.Name != "" || s.Index.Str != nil && len(s.Index.Str.Queries) == 0):
			f = f.then(flow{n: one, size: linear, total: linear, steps: one}) // t.a: a part of each output
		case s.Index != nil:
			index, err := b.index(s.Index)
			if err != nil {
				return flow{}, err
			}
			// t[e] reads e on the term's own input: each output of t with each of e, a part of it.
			f = f.each(index, 1, 0)
		default:
			return flow{}, fmt.Errorf("%q %w", t.String(), errJQForm)
		}
	}
	return f, nil
}

func (b *jqBounds) base(t *gojq.Term) (flow, error) {
	switch t.Type {
	case gojq.TermTypeIdentity:
		return identity, nil
	case gojq.TermTypeRecurse: // every value inside: their sizes add up to the input's times its depth
		return flow{n: linear, size: linear, total: squared, steps: linear}, nil
	case gojq.TermTypeNull, gojq.TermTypeTrue, gojq.TermTypeFalse:
		return scalar(5, one), nil
	case gojq.TermTypeNumber:
		return scalar(float64(len(t.Number)), one), nil
	case gojq.TermTypeIndex:
		return b.index(t.Index)
	case gojq.TermTypeFunc:
		return b.function(t.Func)
	case gojq.TermTypeObject:
		return b.object(t.Object)
	case gojq.TermTypeArray:
		if t.Array.Query == nil {
			return scalar(2, one), nil
		}
		inner, err := b.query(t.Array.Query)
		if err != nil {
			return flow{}, err
		}
		size := inner.total.plus(inner.n).plus(constant(2))
		return flow{n: one, size: size, total: size, steps: inner.steps.plus(size)}, nil
	case gojq.TermTypeUnary:
		return b.term(t.Unary.Term)
	case gojq.TermTypeFormat:
		if t.Str != nil {
			return b.str(t.Str)
		}
		return growth(6), nil // @json and @html write a byte as six at most
	case gojq.TermTypeString:
		return b.str(t.Str)
	case gojq.TermTypeIf:
		return b.ifThen(t.If)
	case gojq.TermTypeTry:
		body, err := b.query(t.Try.Body)
		if err != nil || t.Try.Catch == nil {
			return body, err
		}
		catch, err := b.query(t.Try.Catch)
		return body.or(catch), err
	case gojq.TermTypeQuery:
		return b.query(t.Query)
	}
	return flow{}, fmt.Errorf("%q %w (reduce, foreach and labels may run without end)", t.String(), errJQForm)
}

// growth is a filter that makes one output of at most k bytes a byte of its input.
func growth(k float64) flow {
	size := cost{c0: 2, c1: k, d: 1}
	return flow{n: one, size: size, total: size, steps: size}
}

func (b *jqBounds) index(x *gojq.Index) (flow, error) {
	if x.Name != "" || x.Str != nil && len(x.Str.Queries) == 0 {
		return flow{n: one, size: linear, total: linear, steps: one}, nil
	}
	f := flow{n: one, steps: one}
	for _, q := range []*gojq.Query{x.Start, x.End} {
		if q == nil {
			continue
		}
		part, err := b.query(q)
		if err != nil {
			return flow{}, err
		}
		f = f.each(part, 0, 0)
	}
	if x.Str != nil {
		key, err := b.str(x.Str)
		if err != nil {
			return flow{}, err
		}
		f = f.each(key, 0, 0)
	}
	// A slice copies its part of the input.
	return flow{n: f.n, size: linear, total: f.n.times(linear), steps: f.steps.plus(f.n.times(linear))}, nil
}

// str bounds a string with interpolations "\(e)", each output of e written as text (tojson:
// six bytes a byte at most), every combination of their outputs.
func (b *jqBounds) str(s *gojq.String) (flow, error) {
	f := scalar(float64(len(s.Str)+2), one)
	for _, q := range s.Queries {
		part, err := b.query(q)
		if err != nil {
			return flow{}, err
		}
		f = f.each(part, 1, 6)
	}
	return f, nil
}

func (b *jqBounds) object(o *gojq.Object) (flow, error) {
	f := scalar(2, one)
	for _, kv := range o.KeyVals {
		f = f.each(scalar(float64(len(kv.Key)+4), one), 1, 1)
		if kv.KeyQuery != nil {
			key, err := b.query(kv.KeyQuery)
			if err != nil {
				return flow{}, err
			}
			f = f.each(key, 1, 1)
		}
		if kv.KeyString != nil {
			key, err := b.str(kv.KeyString)
			if err != nil {
				return flow{}, err
			}
			f = f.each(key, 1, 1)
		}
		value := flow{n: one, size: linear, total: linear, steps: one} // {a}: .a
		if len(kv.Key) > 1 && kv.Key[0] == '$' {
			v, err := b.variable(kv.Key)
			if err != nil {
				return flow{}, err
			}
			value = scalar(v, one)
		}
		if kv.Val != nil {
			var err error
			if value, err = b.query(kv.Val); err != nil {
				return flow{}, err
			}
		}
		f = f.each(value, 1, 1)
	}
	return f, nil
}

// ifThen bounds if c then a (elif c2 then b …) else e end: for each output of c, a or the rest.
func (b *jqBounds) ifThen(x *gojq.If) (flow, error) {
	rest := identity // no else: the input itself
	if len(x.Elif) > 0 {
		var err error
		if rest, err = b.ifThen(&gojq.If{Cond: x.Elif[0].Cond, Then: x.Elif[0].Then, Elif: x.Elif[1:], Else: x.Else}); err != nil {
			return flow{}, err
		}
	} else if x.Else != nil {
		var err error
		if rest, err = b.query(x.Else); err != nil {
			return flow{}, err
		}
	}
	cond, err := b.query(x.Cond)
	if err != nil {
		return flow{}, err
	}
	then, err := b.query(x.Then)
	if err != nil {
		return flow{}, err
	}
	either := then.or(rest)
	return flow{
		n: cond.n.times(either.n), size: either.size, total: cond.n.times(either.total),
		steps: cond.steps.plus(cond.n.times(either.steps)),
	}, nil
}

// variable is the size of the value $name holds: one a pattern bound, or one of the command
// line's. $ENV and $__loc__ are not granted.
func (b *jqBounds) variable(name string) (float64, error) {
	if v, ok := b.vars[name]; ok {
		return v, nil
	}
	if name == "$ENV" || name == "$__loc__" {
		return 0, fmt.Errorf("%s %w", name, errJQForm)
	}
	return b.argSize, nil
}
