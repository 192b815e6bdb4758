package wholefile

import (
	"bytes"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/clada-dev/clada/grammar/internal/pathline"
)

// The info string of a fence: a first word (a language, a path,
// language:path, or Cursor's start:end:path), then words and key=value
// attributes (path=…, file=…, filename=…, title=…).
type infoString struct {
	Head  string      `parser:"@Word?"`
	Items []*infoItem `parser:"@@*"`
}

type infoItem struct {
	Key   string `parser:"(  @Word '='"`
	Value string `parser:"   (@String | @Word) )"`
	Word  string `parser:"| @Word"`
	Str   string `parser:"| @String"`
}

var infoLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "String", Pattern: `"[^"]*"|'[^']*'`},
	{Name: "Word", Pattern: `[^\s="']+`},
	{Name: "Punct", Pattern: `=`},
	{Name: "Whitespace", Pattern: `\s+`},
})

var infoParser = sync.OnceValue(func() *participle.Parser[infoString] {
	return participle.MustBuild[infoString](participle.Lexer(infoLexer), participle.Elide("Whitespace"), participle.Unquote("String"))
})

// pathKeys are the attributes that name the file.
var pathKeys = map[string]bool{"path": true, "file": true, "filename": true, "filepath": true, "title": true, "name": true}

// readInfo reads what info (starting at byte at of the text) says: the
// language, a path, or that the fence is a citation. langs holds the
// language names read so far, each once.
func readInfo(f *Fence, b []byte, at int, langs map[string]string) {
	if len(b) == 0 {
		return
	}
	if !bytes.ContainsAny(b, "=:/.\"'\\") {
		// a language and words (```python, ```sh sham): no path in it, and
		// no grammar call nor string for the thousands of fences a long
		// answer has
		w, _, _ := bytes.Cut(b, []byte(" "))
		lang, ok := langs[string(w)]
		if !ok {
			lang = string(w)
			langs[lang] = lang
		}
		f.Lang = lang
		return
	}
	info := string(b)
	v, err := infoParser().ParseString("", info)
	if err != nil {
		return // not an info string clada reads: no language, no path
	}
	offset := func(s string) int { return at + strings.Index(info, s) }
	head := v.Head
	switch parts := strings.Split(head, ":"); {
	case len(parts) == 3 && digits(parts[0]) && digits(parts[1]):
		f.Citation = true // Cursor's ```12:15:app/page.tsx
		return
	case len(parts) == 2 && parts[0] != "" && !strings.ContainsAny(parts[0], "./") && pathline.Path(parts[1], false):
		f.Lang = parts[0]
		f.state(parts[1], offset(parts[1]), offset(parts[1])+len(parts[1]), Info)
	case head != "" && pathline.Path(head, false) && !strings.Contains(head, ":"):
		f.state(head, offset(head), offset(head)+len(head), Info)
	default:
		f.Lang = head
	}
	for k, it := range v.Items {
		switch {
		case pathKeys[strings.ToLower(it.Key)] && pathline.Path(it.Value, true):
			f.state(it.Value, offset(it.Value), offset(it.Value)+len(it.Value), Info)
		case k == 0 && it.Key == "" && it.Word != "" && len(v.Items) == 1 && pathline.Path(it.Word, false):
			// Continue's ```python src/app.py
			f.state(it.Word, offset(it.Word), offset(it.Word)+len(it.Word), Info)
		}
	}
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
