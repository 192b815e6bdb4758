package sham

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/clada-dev/clada/source"
)

// blockGrammar is the participle grammar of one block, over the compact
// tokens of blockLexer: the header line, the body, the end marker or its
// absence (NoEnd). Every
// token sequence the lexer produces is accepted: problems are carried by
// token type and reported by ParseBlock, not by participle. The body's
// lines are classified by the lexer (Key Op value [Trailing], or BadLine),
// and build walks those tokens. One capture takes the whole sequence: each
// capture costs participle several allocations.
type blockGrammar struct {
	Tokens []lexer.Token `parser:"@( Header Lines ( End | NoEnd ) )"`
}

// runGrammar is blockGrammar repeated: a run of blocks, each the tokens of
// one block text, read in one participle call. A call's fixed cost (the
// peeking lexer, the parse context, reflection, about twenty allocations)
// was most of participle's share of a small block's parse.
// Header starts every block's tokens and nothing else, so each repetition
// takes exactly one block, and the run is accepted exactly when every block
// is accepted alone.
type runGrammar struct {
	Tokens []lexer.Token `parser:"@( ( Header Lines ( End | NoEnd ) )+ )"`
}

// endOf returns the end marker token of one block's compact tokens, or the
// zero token when there is none.
func endOf(compact []lexer.Token) lexer.Token {
	if t := compact[len(compact)-1]; t.Type == tEnd {
		return t
	}
	return lexer.Token{}
}

// assignment is one Key Op Value [Trailing] run of body tokens.
type assignment struct {
	Key, Op, Trailing lexer.Token
}

// parser is built once, on first use (not at start-up: every clada process
// loads every grammar, and few use each), and never changed; participle parsers are safe for
// concurrent use.
var (
	parser = sync.OnceValue(func() *participle.Parser[blockGrammar] {
		return participle.MustBuild[blockGrammar](participle.Lexer(definition{}))
	})
	runParser = sync.OnceValue(func() *participle.Parser[runGrammar] {
		return participle.MustBuild[runGrammar](participle.Lexer(definition{}))
	})
)

// MaxKeyLen is the longest key accepted, in characters (nesl-js's limit).
const MaxKeyLen = 256

// Block is one parsed block. Offsets are relative to the block text, so a
// cached Block can be moved by adding the block's start offset.
type Block struct {
	ID             string
	IDStart, IDEnd int
	// End is the length of the block text.
	End int
	// Closed is true when the block ends with an end marker (matching or not).
	Closed bool
	// Params are the well-formed assignments in source order, one per key; a
	// repeated key keeps its first position and takes the last value.
	Params []Param
	// Diags are the block's syntax errors, nil when it has none.
	Diags source.Diagnostics
}

// Param is one key = value assignment.
type Param struct {
	Key                      string
	KeyStart, KeyEnd         int
	Value                    string
	ValueStart, ValueEnd     int // as written (quotes, heredoc markers included)
	ContentStart, ContentEnd int // the decoded text's source
	Heredoc                  bool
}

// ParseBlock parses one block text as returned by Split (src[Start:End]).
// It never fails: problems are Diags of the block.
func ParseBlock(text []byte) *Block { return new(Scratch).ParseBlock(text) }

// ParseBlock is the package's ParseBlock working in s's buffers.
func (s *Scratch) ParseBlock(text []byte) *Block {
	hend, _ := lineAt(text, 0)
	h, herr := parseHeader(text[:hend])
	b := &Block{ID: h.id, IDStart: h.idStart, IDEnd: h.idEnd, End: len(text)}
	if herr != nil { // Split never hands out such a block; be safe anyway.
		b.Diags = append(b.Diags, *herr)
		return b
	}
	l := &s.l
	defer l.reset()
	lexBlock(l, text, h.id)
	l.finish(0)
	peek, err := lexer.Upgrade(l)
	var g *blockGrammar
	if err == nil {
		g, err = parser().ParseFromLexer(peek)
	}
	if err != nil {
		// Unreachable by construction of the lexer; report it in our words.
		b.Diags = append(b.Diags, syntaxError(MalformedAssignment, 0, hend,
			fmt.Sprintf("Block %q could not be read.", h.id),
			"Check that every line of the block is a key = value assignment."))
		return b
	}
	b.Params = make([]Param, 0, len(l.values))
	b.build(endOf(g.Tokens), l.tokens, l.values)
	return b
}

// ParseBlocks parses several block texts, each as ParseBlock takes it, and
// returns what ParseBlock returns for each, in order (see EachBlock).
func (s *Scratch) ParseBlocks(texts [][]byte) []*Block {
	out := make([]*Block, len(texts))
	s.EachBlock(texts, func(k int, b *Block) {
		c := *b
		c.Params = slices.Clone(b.Params)
		c.Diags = slices.Clone(b.Diags)
		out[k] = &c
	})
	return out
}

// EachBlock parses several block texts, each as ParseBlock takes it, and
// hands f what ParseBlock returns for each, in order. The blocks are read by
// one participle call (runGrammar); when that run is refused (a block
// participle refuses alone, or a header that cannot be read, which Split
// never hands out) every block is parsed alone, so each keeps exactly the
// diagnostics ParseBlock gives it. The Block f gets, with its Params and
// Diags, lives in s and is reused once f returns: f copies what it keeps
// (its strings are its own). A run of blocks so costs no allocation per
// block for them.
func (s *Scratch) EachBlock(texts [][]byte, f func(k int, b *Block)) {
	if !s.parseRun(texts, f) {
		for k, text := range texts {
			f(k, s.ParseBlock(text))
		}
	}
}

// runBlock is where one block of a run starts among the lexer's tokens and
// values.
type runBlock struct {
	h          header
	tok, value int
}

// parseRun parses texts as one run, handing each block to f, and reports
// whether participle accepted the run; when not, f was not called.
func (s *Scratch) parseRun(texts [][]byte, f func(k int, b *Block)) bool {
	l := &s.l
	defer l.reset()
	starts := s.run[:0]
	for _, text := range texts {
		hend, _ := lineAt(text, 0)
		h, herr := parseHeader(text[:hend])
		if herr != nil {
			return false
		}
		starts = append(starts, runBlock{h: h, tok: len(l.tokens), value: len(l.values)})
		lexBlock(l, text, h.id)
		l.finish(starts[len(starts)-1].tok)
	}
	starts = append(starts, runBlock{tok: len(l.tokens), value: len(l.values)})
	s.run = starts
	defer clear(s.run)
	peek, err := lexer.Upgrade(l)
	var g *runGrammar
	if err == nil {
		g, err = runParser().ParseFromLexer(peek)
	}
	if err != nil {
		return false
	}
	// participle's tokens, cut at each Header: one block's each.
	compact := g.Tokens
	ends := s.ends[:0]
	for range texts {
		if len(compact) == 0 || compact[0].Type != tHeader {
			return false // unreachable: participle took every block's tokens
		}
		n := 1
		for n < len(compact) && compact[n].Type != tHeader {
			n++
		}
		ends = append(ends, endOf(compact[:n]))
		compact = compact[n:]
	}
	s.ends = ends
	defer clear(s.ends)
	if len(compact) != 0 {
		return false
	}
	b := &s.block
	if s.params == nil || cap(s.params) < len(l.values) {
		s.params = make([]Param, 0, len(l.values))
	}
	for k, text := range texts {
		h, from, to := starts[k].h, starts[k], starts[k+1]
		*b = Block{ID: h.id, IDStart: h.idStart, IDEnd: h.idEnd, End: len(text),
			Params: s.params[: 0 : to.value-from.value], Diags: s.errs[:0]}
		b.build(ends[k], l.tokens[from.tok:to.tok], l.values[from.value:to.value])
		errs := b.Diags
		if len(errs) == 0 {
			b.Diags = nil // as ParseBlock gives it
		}
		f(k, b)
		// Nothing the next block or a later parse does may keep this one's
		// strings (a heredoc body can be of any size) alive.
		clear(b.Params)
		clear(errs)
		s.errs = errs[:0]
	}
	*b = Block{}
	return true
}

// build checks each line of the parsed block and collects params (into
// b.Params, empty with room for one per value) and errors.
// tokens are the lexer's own for the block (the header first), for which
// the grammar's Lines stands; end is the grammar's end marker token (zero
// when there is none).
func (b *Block) build(end lexer.Token, tokens []lexer.Token, values []value) {
	toks := tokens[1:]
	if end.Type != 0 {
		toks = toks[:len(toks)-1]
	}
	// Duplicate keys are found by a linear scan while a block has few
	// params (nearly all do), by a map beyond.
	var index map[string]int
	for len(toks) > 0 {
		if t := toks[0]; t.Type == tBadLine {
			off := t.Pos.Offset
			hint := "Remove the line, or write it as key = \"value\"; SHAM has no comments."
			if trimmed := strings.TrimLeft(t.Value, " \t"); len(trimmed) < len(t.Value) && (isEndLine([]byte(trimmed)) || isHeaderLine([]byte(trimmed))) {
				hint = "Markers start a line, indented as the block's header: remove the indentation before " + clip([]byte(trimmed)) + "."
			}
			b.errorf(MalformedAssignment, off, off+len(t.Value), hint,
				"Line in block %q is not a key = value assignment.", b.ID)
			toks = toks[1:]
			continue
		}
		// The grammar guarantees Key Op Value, then an optional Trailing.
		ln := assignment{Key: toks[0], Op: toks[1]}
		toks = toks[3:]
		if len(toks) > 0 && toks[0].Type == tTrailing {
			ln.Trailing = toks[0]
			toks = toks[1:]
		}
		v := values[0]
		values = values[1:]
		if !b.checkLine(&ln, v) {
			continue
		}
		p := Param{
			Key: ln.Key.Value, KeyStart: ln.Key.Pos.Offset, KeyEnd: ln.Key.Pos.Offset + len(ln.Key.Value),
			Value: v.text, ValueStart: v.start, ValueEnd: v.end,
			ContentStart: v.contentStart, ContentEnd: v.contentEnd, Heredoc: v.heredoc,
		}
		if j := b.paramIndex(index, p.Key); j >= 0 {
			b.errorf(DuplicateKey, p.KeyStart, p.KeyEnd,
				fmt.Sprintf("Remove one of the %q lines; a block sets each key once.", p.Key),
				"Duplicate key '%s' in block '%s'", p.Key, b.ID)
			b.Params[j] = p
			continue
		}
		b.Params = append(b.Params, p)
		if index != nil {
			index[p.Key] = len(b.Params) - 1
		} else if len(b.Params) == maxScan {
			index = make(map[string]int, len(values))
			for i, p := range b.Params {
				index[p.Key] = i
			}
		}
	}
	if end.Type != 0 {
		b.Closed = true
		if got := end.Value[len(endPrefix):]; got != b.ID {
			off := end.Pos.Offset
			b.errorf(MismatchedEnd, off, off+len(end.Value),
				fmt.Sprintf("Change it to #!END_SHAM_%s.", b.ID),
				"End marker %q does not match block %q.", end.Value, b.ID)
		}
	} else {
		b.errorf(UnclosedBlock, b.End, b.End,
			fmt.Sprintf("Add the line #!END_SHAM_%s after the block's last line.", b.ID),
			"Block %q has no end marker.", b.ID)
	}
}

// maxScan is the number of params from which build indexes keys by a map.
const maxScan = 16

// paramIndex returns the index of key among b.Params, or -1; index, when not
// nil, maps every key of b.Params to its index.
func (b *Block) paramIndex(index map[string]int, key string) int {
	if index != nil {
		if j, ok := index[key]; ok {
			return j
		}
		return -1
	}
	for j := range b.Params {
		if b.Params[j].Key == key {
			return j
		}
	}
	return -1
}

// checkLine reports the problems of one assignment and says whether it
// yields a param (trailing content is reported but the value kept, as
// nesl-js does).
func (b *Block) checkLine(ln *assignment, v value) bool {
	ok := true
	key, koff := ln.Key.Value, ln.Key.Pos.Offset
	op, ooff := ln.Op.Value, ln.Op.Pos.Offset
	if len(trimRightSpace([]byte(key))) == 0 || isAllBlank(key) {
		b.errorf(EmptyKey, ooff, ooff+len(op), `Put a key name before "=", e.g. path = "src/a.txt".`,
			"Assignment has no key before %q.", op)
		ok = false
	} else if msg, hint := checkKey(key); msg != "" {
		if isBlank(key[0]) { // an indented line: the key itself is fine
			hint = "Start the line at the column of the block's #!SHAM header, without the indentation before " +
				strings.TrimLeft(key, " \t") + "."
		}
		b.errorf(InvalidKey, koff, koff+len(key), hint, "%s", msg)
		ok = false
	}
	if op != "=" {
		b.errorf(InvalidAssignmentOperator, ooff, ooff+len(op), fmt.Sprintf("Change %q to \"=\".", op),
			"Operator %q is not allowed; SHAM assigns with \"=\".", op)
		ok = false
	}
	name := key
	if e := v.err; e != nil {
		ok = false
		switch e.code {
		case InvalidValue:
			if e.text != "" { // a quoted value with an escape JSON does not know
				b.errorf(InvalidValue, e.start, e.end,
					fmt.Sprintf(`Write a backslash as \\ (so %s becomes \%s), or use a heredoc <<'EOT_SHAM_%s', whose text is taken as written.`, e.text, e.text, b.ID),
					"Value of %q has an invalid escape %s; quoted values take JSON's escapes: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX.", name, e.text)
				break
			}
			start, end := v.start, v.end
			if start == end {
				start, end = ooff, ooff+len(op)
			}
			b.errorf(InvalidValue, start, end,
				fmt.Sprintf("Write %s = \"…\" for one line, or %s = <<'EOT_SHAM_%s' … EOT_SHAM_%s for several.", name, name, b.ID, b.ID),
				"Value of %q must be a quoted string or a heredoc.", name)
		case UnclosedQuote:
			b.errorf(UnclosedQuote, v.start, v.end,
				fmt.Sprintf("Close the quote on the same line; for text over several lines use a heredoc <<'EOT_SHAM_%s'.", b.ID),
				"Quoted value of %q has no closing quote on its line.", name)
		case UnclosedHeredoc:
			b.errorf(UnclosedHeredoc, e.start, e.end,
				fmt.Sprintf("Add a line containing only EOT_SHAM_%s after the heredoc's last line.", b.ID),
				"Heredoc of %q is never closed.", name)
		case InvalidHeredocDelimiter:
			b.errorf(InvalidHeredocDelimiter, e.start, e.end,
				fmt.Sprintf("Write <<'EOT_SHAM_%s' and close the heredoc with a line EOT_SHAM_%s.", b.ID, b.ID),
				"Heredoc delimiter %q does not fit block %q.", e.text, b.ID)
		}
	}
	if t := ln.Trailing; t.Type != 0 {
		b.errorf(TrailingContent, t.Pos.Offset, t.Pos.Offset+len(t.Value),
			"Remove the text after the value; SHAM has no comments.",
			"Unexpected text after the value of %q.", name)
	}
	return ok
}

func isAllBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isBlank(s[i]) {
			return false
		}
	}
	return true
}

// checkKey returns a message and hint when key is not a valid key: letters,
// digits and "_" only (any script), at most MaxKeyLen characters.
func checkKey(key string) (msg, hint string) {
	n := 0
	for i, r := range key {
		n++
		if r == utf8.RuneError && len(key[i:]) > 0 {
			if _, w := utf8.DecodeRuneInString(key[i:]); w == 1 {
				return fmt.Sprintf("Key %q contains an invalid UTF-8 byte at position %d.", key, n),
					"Keys may contain only letters, digits and \"_\"."
			}
		}
		if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.M, r) {
			return fmt.Sprintf("Key %q contains %q (U+%04X) at position %d; keys may contain only letters, digits and \"_\".", key, r, r, n),
				"Rename the key without that character, e.g. " + suggestKey(key) + "."
		}
	}
	if n > MaxKeyLen {
		return fmt.Sprintf("Key is %d characters long; the limit is %d.", n, MaxKeyLen), "Shorten the key."
	}
	return "", ""
}

// suggestKey turns invalid characters into "_" for a hint.
func suggestKey(key string) string {
	out := make([]rune, 0, len(key))
	for _, r := range key {
		if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.M, r) {
			r = '_'
		}
		out = append(out, r)
	}
	return string(out)
}

func (b *Block) errorf(code string, start, end int, hint, format string, args ...any) {
	b.Diags = append(b.Diags, syntaxError(code, start, end, fmt.Sprintf(format, args...), hint))
}
