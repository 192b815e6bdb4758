package report

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// emittedCodes reads the Go source of the packages whose diagnostics
// `clada check` prints (the grammars, lang, session) and returns every
// diagnostic code they can emit, with a place each is emitted at. A code is
// found where a source.Diagnostic literal sets Code, where a helper takes a
// parameter named code (errorAt, s.err, cslErr …), and where a struct with
// a code field is built unkeyed (csl's markerErr); its value is a string
// literal or a string constant of the module. Anything else at such a place
// is returned in unresolved, so a new way of passing codes fails the test
// instead of hiding codes from it.
func emittedCodes(t *testing.T) (codes map[string]string, unresolved []string) {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	type pkgFile struct {
		pkg, path string
		file      *ast.File
	}
	var files []pkgFile
	for _, dir := range []string{"grammar", "lang", "session"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, p, nil, 0)
			if err != nil {
				return err
			}
			files = append(files, pkgFile{f.Name.Name, p, f})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// String constants by package name and by name alone (a package's own
	// constants are used unqualified).
	consts := map[string]string{}
	for _, pf := range files {
		for _, decl := range pf.file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i < len(vs.Values) {
						if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							v, _ := strconv.Unquote(lit.Value)
							consts[pf.pkg+"."+name.Name] = v
						}
					}
				}
			}
		}
	}
	// A constant defined as another (jsonInvalid = jsoncall.InvalidJSON).
	for _, pf := range files {
		for _, decl := range pf.file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i >= len(vs.Values) {
						continue
					}
					if sel, ok := vs.Values[i].(*ast.SelectorExpr); ok {
						if x, ok := sel.X.(*ast.Ident); ok {
							if v, ok := consts[x.Name+"."+sel.Sel.Name]; ok {
								consts[pf.pkg+"."+name.Name] = v
							}
						}
					}
				}
			}
		}
	}
	// Helpers with a parameter named code, and structs with a code field:
	// the argument or element index that carries the code.
	funcs, structs := map[string]int{}, map[string]int{}
	codeParam := func(ft *ast.FuncType) int {
		i := 0
		for _, field := range ft.Params.List {
			for _, name := range field.Names {
				if name.Name == "code" {
					return i
				}
				i++
			}
		}
		return -1
	}
	for _, pf := range files {
		ast.Inspect(pf.file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl: // a function or method: keyed by package and name
				if i := codeParam(n.Type); i >= 0 {
					funcs[pf.pkg+"."+n.Name.Name] = i
				}
			case *ast.AssignStmt: // errAt := func(l lines.Line, code, msg, hint string) {…}
				for j, rhs := range n.Rhs {
					if fl, ok := rhs.(*ast.FuncLit); ok && j < len(n.Lhs) {
						if id, ok := n.Lhs[j].(*ast.Ident); ok {
							if i := codeParam(fl.Type); i >= 0 {
								funcs[pf.path+"#"+id.Name] = i // a closure: its file's
							}
						}
					}
				}
			case *ast.TypeSpec:
				st, ok := n.Type.(*ast.StructType)
				if !ok {
					return true
				}
				i := 0
				for _, field := range st.Fields.List {
					for _, name := range field.Names {
						if name.Name == "code" {
							structs[pf.pkg+"."+n.Name.Name] = i
						}
						i++
					}
				}
			}
			return true
		})
	}
	codes = map[string]string{}
	for _, pf := range files {
		resolve := func(e ast.Expr) {
			pos := fset.Position(e.Pos())
			where := filepath.ToSlash(strings.TrimPrefix(pos.Filename, root+string(filepath.Separator))) + ":" + strconv.Itoa(pos.Line)
			var v string
			ok := false
			switch e := e.(type) {
			case *ast.BasicLit:
				v, _ = strconv.Unquote(e.Value)
				ok = e.Kind == token.STRING
			case *ast.Ident:
				if e.Name == "code" {
					return // a helper passing its own parameter on: its callers are scanned
				}
				v, ok = consts[pf.pkg+"."+e.Name]
			case *ast.SelectorExpr:
				if e.Sel.Name == "Code" || e.Sel.Name == "code" {
					return // a code copied from a diagnostic or a struct built elsewhere (scanned there)
				}
				if x, isIdent := e.X.(*ast.Ident); isIdent {
					v, ok = consts[x.Name+"."+e.Sel.Name]
				}
			}
			if !ok {
				unresolved = append(unresolved, where)
				return
			}
			if _, seen := codes[v]; !seen {
				codes[v] = where
			}
		}
		ast.Inspect(pf.file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				for _, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Code" {
							resolve(kv.Value)
						}
					}
				}
				if id, ok := n.Type.(*ast.Ident); ok {
					if i, ok := structs[pf.pkg+"."+id.Name]; ok && i < len(n.Elts) {
						if _, keyed := n.Elts[i].(*ast.KeyValueExpr); !keyed {
							resolve(n.Elts[i])
						}
					}
				}
			case *ast.AssignStmt: // d.Code = …
				for j, lhs := range n.Lhs {
					if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == "Code" && j < len(n.Rhs) {
						resolve(n.Rhs[j])
					}
				}
			case *ast.CallExpr:
				// f(…) and recv.f(…) are this package's; pkg.f(…) another's.
				name := ""
				switch f := n.Fun.(type) {
				case *ast.Ident:
					name = pf.pkg + "." + f.Name
					if _, ok := funcs[pf.path+"#"+f.Name]; ok {
						name = pf.path + "#" + f.Name
					}
				case *ast.SelectorExpr:
					name = pf.pkg + "." + f.Sel.Name
					if x, ok := f.X.(*ast.Ident); ok {
						if _, ok := funcs[x.Name+"."+f.Sel.Name]; ok {
							name = x.Name + "." + f.Sel.Name
						}
					}
				}
				if i, ok := funcs[name]; ok && i < len(n.Args) {
					resolve(n.Args[i])
				}
			}
			return true
		})
	}
	sort.Strings(unresolved)
	return codes, unresolved
}
