package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// declared is what a package declares at its top: each name, and for a type its fields and
// methods.
type declared map[string][]string

// declarations returns what each package of the module declares, by package name (packages of
// one name merged).
func declarations(t *testing.T) map[string]declared {
	t.Helper()
	out := map[string]declared{}
	for _, p := range testrepo.Packages(t) {
		d := out[p.Name]
		if d == nil {
			d = declared{}
			out[p.Name] = d
		}
		for _, f := range p.Sources() {
			file, err := parser.ParseFile(token.NewFileSet(), filepath.Join(p.Dir, f), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, decl := range file.Decls {
				d.add(decl)
			}
		}
	}
	return out
}

// add notes the names decl declares.
func (d declared) add(decl ast.Decl) {
	switch decl := decl.(type) {
	case *ast.FuncDecl:
		if decl.Recv == nil {
			d.declare(decl.Name.Name)
			return
		}
		typ := decl.Recv.List[0].Type
		if star, ok := typ.(*ast.StarExpr); ok {
			typ = star.X
		}
		if generic, ok := typ.(*ast.IndexExpr); ok {
			typ = generic.X
		}
		if id, ok := typ.(*ast.Ident); ok {
			d[id.Name] = append(d[id.Name], decl.Name.Name)
		}
	case *ast.GenDecl:
		for _, spec := range decl.Specs {
			switch spec := spec.(type) {
			case *ast.ValueSpec:
				for _, n := range spec.Names {
					d.declare(n.Name)
				}
			case *ast.TypeSpec:
				d[spec.Name.Name] = append(d[spec.Name.Name], members(spec.Type)...)
			}
		}
	}
}

// declare notes name, keeping what is known of it already.
func (d declared) declare(name string) {
	if _, ok := d[name]; !ok {
		d[name] = nil
	}
}

// members returns the fields of a struct type (an embedded one by its type's name) and the
// methods of an interface type.
func members(typ ast.Expr) []string {
	var list *ast.FieldList
	switch typ := typ.(type) {
	case *ast.StructType:
		list = typ.Fields
	case *ast.InterfaceType:
		list = typ.Methods
	default:
		return nil
	}
	var out []string
	for _, f := range list.List {
		for _, n := range f.Names {
			out = append(out, n.Name)
		}
		if len(f.Names) == 0 {
			e := f.Type
			if star, ok := e.(*ast.StarExpr); ok {
				e = star.X
			}
			switch e := e.(type) {
			case *ast.Ident:
				out = append(out, e.Name)
			case *ast.SelectorExpr:
				out = append(out, e.Sel.Name)
			}
		}
	}
	return out
}

// Names in code spans: pkg.Name or pkg.Type.Member, and Type.Member; "()" after them is a call.
var (
	qualified = regexp.MustCompile(`^([a-z][a-z0-9]*)\.([A-Z]\w*)(?:\.([A-Za-z]\w*))?(?:\(\))?$`)
	member    = regexp.MustCompile(`^([A-Z]\w*)\.([A-Z]\w*)(?:\(\))?$`)
)

// TestDocsNameWhatIsDeclared: a code span of the docs that names a package of the module and a
// name in it (`transcript.ReadMessages`, `config.Supervisor.Claude`) names what that package
// declares, and a type's member it names (`Options.Reviewing`) is a field or method of a type of
// that name in the module. Names of packages that are not the module's are not looked at.
func TestDocsNameWhatIsDeclared(t *testing.T) {
	decls := declarations(t)
	types := map[string][]string{} // members of every type of the module, by the type's name
	for _, d := range decls {
		for name, ms := range d {
			types[name] = append(types[name], ms...)
		}
	}
	checked := 0
	for _, d := range docs(t) {
		for _, span := range testrepo.CodeSpans(d.current()) {
			if m := qualified.FindStringSubmatch(span); len(m) > 0 && decls[m[1]] != nil {
				checked++
				ms, ok := decls[m[1]][m[2]]
				switch {
				case !ok:
					t.Errorf("%s names `%s`: package %s declares no %s", d.rel, span, m[1], m[2])
				case m[3] != "" && !slices.Contains(ms, m[3]):
					t.Errorf("%s names `%s`: %s.%s has no field or method %s", d.rel, span, m[1], m[2], m[3])
				}
				continue
			}
			if m := member.FindStringSubmatch(span); m != nil {
				if ms, ok := types[m[1]]; ok {
					checked++
					if !slices.Contains(ms, m[2]) {
						t.Errorf("%s names `%s`: no type %s of the module has a field or method %s", d.rel, span, m[1], m[2])
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("the docs name nothing of the module's")
	}
}
