package settings

import (
	"encoding/json"
	"errors"
	"fmt"
)

// SetValue returns src with the member at path (object keys from the root) set to raw, a JSON
// text. An existing value is replaced in place; missing objects on the way are added at the end
// of their parent in the file's own indentation, line endings and compactness. Every other byte
// is kept. A blank src counts as an empty object and the result then ends with a newline.
// Bad input yields a *SyntaxError, or a *StructureError when a step of path is not an object.
func SetValue(src []byte, path []string, raw string) ([]byte, error) {
	return withBOM(src, func(src []byte) ([]byte, error) { return setValue(src, path, raw) })
}

func setValue(src []byte, path []string, raw string) ([]byte, error) {
	if len(path) == 0 {
		return nil, errors.New("set value: empty path")
	}
	if !json.Valid([]byte(raw)) {
		return nil, fmt.Errorf("set value: %q is not JSON", raw)
	}
	blank := isBlank(src)
	if blank {
		src = []byte(emptyDocument)
	} else if err := checkSyntax(src); err != nil {
		return nil, err
	}
	root := rootValue(unsafeString(src))
	if !isObject(root) {
		return nil, wrongType(rootPath, "an object", root.Raw)
	}
	obj := children(root)
	st := detectStyle(&document{src: src, root: obj})
	var ed edit
	p := ""
	for i, key := range path {
		it, ok, err := obj.field(key, p)
		p = joinPath(p, key)
		if err != nil {
			return nil, err
		}
		if !ok {
			v := rawNode(raw)
			for j := len(path) - 1; j > i; j-- {
				v = objectNode(field{path[j], v})
			}
			ed = st.appendItem(src, obj, func(st style, base string, compact bool) string {
				return st.member(key, v, base, compact)
			})
			break
		}
		if i == len(path)-1 {
			start, end := span(it.val)
			ed = edit{start: start, end: end, text: raw}
			break
		}
		if !isObject(it.val) {
			return nil, wrongType(p, "an object", it.val.Raw)
		}
		obj = children(it.val)
	}
	out, err := apply(src, []edit{ed})
	if err != nil {
		return nil, err
	}
	if blank {
		out = append(out, '\n')
	}
	return out, nil
}
