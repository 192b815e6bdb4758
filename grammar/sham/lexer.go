package sham

import (
	"io"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/clada-dev/clada/source"
)

// Token types of the block lexer. The lexer is line-aware: it classifies each
// body line itself and emits one token per meaningful piece (a whole quoted
// string or heredoc is one token), so participle sees few tokens per block and
// malformed lines arrive as tokens the grammar accepts (BadLine, BadValue,
// Unclosed, Trailing) instead of parse failures. That is how one block carries
// several errors and still keeps its good keys.
const (
	tHeader lexer.TokenType = -(iota + 2)
	tEnd
	tKey
	tOp
	tString
	tHeredoc
	tUnclosed
	tBadValue
	tTrailing
	tBadLine
	tLines
	tNoEnd
)

// Symbols names the token types for the grammar. It builds the map on each
// call (participle calls it once, at build time) so the parser, built during
// package initialization, does not depend on initialization order.
func (definition) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF":      lexer.EOF,
		"Header":   tHeader,
		"End":      tEnd,
		"Key":      tKey,
		"Op":       tOp,
		"String":   tString,
		"Heredoc":  tHeredoc,
		"Unclosed": tUnclosed,
		"BadValue": tBadValue,
		"Trailing": tTrailing,
		"BadLine":  tBadLine,
		"Lines":    tLines,
		"NoEnd":    tNoEnd,
	}
}

// definition satisfies participle's lexer.Definition so the grammar can be
// built against our token names. Blocks are lexed by lexBlock directly (it
// needs the block id and keeps value details beside the tokens); Lex exists
// for participle's interface and for tools that lex raw text.
type definition struct{}

func (definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	l := &blockLexer{}
	lexBlock(l, src, "")
	l.finish(0)
	return l, nil
}

// value records what the lexer learned about one value token (String,
// Heredoc, Unclosed or BadValue), in token order. Offsets are into the block.
type value struct {
	start, end               int // as written
	contentStart, contentEnd int // the decoded text's source
	text                     string
	heredoc                  bool
	err                      *badValue
}

// badValue is what the lexer found wrong with a value; checkLine words
// the diagnostic, which needs the line's key.
type badValue struct {
	code       string
	start, end int    // the bad escape or heredoc opener; unset for a value missing its form
	text       string // the bad escape, or the heredoc delimiter as written
}

// blockLexer holds the tokens of one block and the details of its values.
//
// The short strings of a block (keys, operators, trailing text, the end
// marker and decoded quoted values) are gathered in buf while lexing and
// become substrings of one string in finish: one allocation per block
// instead of one per string, which was most of the fixed cost of a small
// block. The trade-off: a Param's Key or Value keeps that whole string
// alive, so a cached AST also holds the block's operators and end marker,
// a few dozen bytes per block; about what the per-string allocation
// headers and size-class rounding cost before. Heredoc bodies, the only
// strings that can be large, stay separate strings so nothing pins them
// but their own value.
//
// participle is handed fewer tokens than the lexer makes: the
// header, one Lines token for the whole body, and the end marker or NoEnd
// (compact): three per block, in a fixed shape, so the grammar needs no
// optional parts (each cost participle a branch and its allocations).
// The body's lines are classified here, line by line, into Key, Op, value and
// Trailing tokens, or BadLine, which build walks; participle checks the
// block's shape. Handing it a token per line (or per piece of a line) cost a
// branch and several allocations each: half the time of a block's parse.
type blockLexer struct {
	tokens  []lexer.Token
	compact []lexer.Token
	values  []value
	pos     int
	buf     []byte
	refs    []bufRef
	bigText bool // a block's short strings, since the last reset, were big
}

// bufRef says which token's Value (tok >= 0) or which value's text (val >=
// 0) is buf[start:end].
type bufRef struct {
	tok, val, start, end int
}

func (l *blockLexer) Next() (lexer.Token, error) {
	if l.pos >= len(l.compact) {
		return lexer.Token{Type: lexer.EOF}, nil
	}
	l.pos++
	return l.compact[l.pos-1], nil
}

// emit appends a token without a value.
func (l *blockLexer) emit(t lexer.TokenType, off int) {
	l.tokens = append(l.tokens, lexer.Token{Type: t, Pos: lexer.Position{Offset: off}})
}

// emitText appends a token whose value is text; the value is filled in by
// finish.
func (l *blockLexer) emitText(t lexer.TokenType, off int, text []byte) {
	l.refs = append(l.refs, bufRef{tok: len(l.tokens), val: -1, start: len(l.buf), end: len(l.buf) + len(text)})
	l.buf = append(l.buf, text...)
	l.emit(t, off)
}

// finish turns buf into one string and hands its pieces to the tokens and
// values that refer to it, and appends the compact tokens of the block
// whose tokens start at l.tokens[from]. buf is emptied for the next block:
// each block gets a string of its own, so a kept Key pins no other block's.
func (l *blockLexer) finish(from int) {
	l.bigText = l.bigText || len(l.buf) > maxPinned
	s := string(l.buf)
	for _, r := range l.refs {
		if r.tok >= 0 {
			l.tokens[r.tok].Value = s[r.start:r.end]
		} else {
			l.values[r.val].text = s[r.start:r.end]
		}
	}
	l.buf, l.refs = l.buf[:0], l.refs[:0]
	// The header, then the body's lines as one Lines token (there is one
	// even when the body is empty), then the end marker, or NoEnd when the
	// block has none. Lines after an end marker are a run of their own,
	// which the grammar refuses, as it refused them line by line.
	body := true // the Lines token after the header stands for the first run
	for _, t := range l.tokens[from:] {
		switch t.Type {
		case tHeader:
			l.compact = append(l.compact, t, lexer.Token{Type: tLines, Pos: t.Pos})
		case tKey, tBadLine:
			if !body { // the first line of a run of lines stands for all of them
				body = true
				l.compact = append(l.compact, lexer.Token{Type: tLines, Pos: t.Pos})
			}
		case tEnd:
			l.compact = append(l.compact, t)
			body = false
		}
	}
	if l.compact[len(l.compact)-1].Type != tEnd {
		l.compact = append(l.compact, lexer.Token{Type: tNoEnd})
	}
}

// Scratch holds the buffers a block parse works in, so parsing many blocks
// in a row reuses them instead of growing fresh ones per block (several
// allocations each). participle copies the tokens (lexer.Upgrade) and build
// copies what it keeps, so nothing in a Scratch outlives the ParseBlock or
// ParseBlocks call that used it; EachBlock lends its callback the Block
// held here (block, params, errs) until the callback returns. A Scratch is
// for one goroutine at a time; the zero value is ready to use.
type Scratch struct {
	l      blockLexer
	run    []runBlock
	ends   []lexer.Token
	block  Block
	params []Param
	errs   source.Diagnostics
}

// maxScratchBuf is the largest string buffer a Scratch keeps between blocks.
const maxScratchBuf = 64 << 10

// maxPinned is the most text of a block's short strings (keys, operators,
// trailing text, bad lines) a Scratch may keep referring to after a parse.
const maxPinned = 4 << 10

// reset empties l for the next block or run, dropping a buffer grown by a
// huge value and every string that may be big, so a Scratch pins no
// block's text: the values (heredoc bodies are strings of their own, of
// any size) always, the tokens when a block's short strings were big. A
// run's tokens are hundreds of pointerful structs, and clearing them while
// the collector runs costs a write barrier each: a few percent of a big
// parse for at most a few kilobytes of keys and operators.
func (l *blockLexer) reset() {
	if cap(l.buf) > maxScratchBuf {
		l.buf = nil
	}
	if l.bigText {
		clear(l.tokens)
		clear(l.compact)
		l.bigText = false
	}
	clear(l.values)
	l.tokens, l.compact, l.values, l.buf, l.refs, l.pos = l.tokens[:0], l.compact[:0], l.values[:0], l.buf[:0], l.refs[:0], 0
}

// lexBlock tokenizes one block text (header line first) into l, after the
// tokens and values of the blocks lexed before it (finished). id is the block id, used to recover from an unclosed heredoc at
// the block's end marker. The tokens and values have no text until finish.
func lexBlock(l *blockLexer, text []byte, id string) {
	_, off := lineAt(text, 0)
	l.emit(tHeader, 0)
	for off < len(text) {
		end, next := lineAt(text, off)
		line := text[off:end]
		trimmed := trimRightSpace(line)
		switch {
		case len(trimmed) == 0:
			off = next
			continue
		case isEndLine(trimLeftBlank(line)): // indented: see trimLeftBlank
			lead := len(line) - len(trimLeftBlank(line))
			l.emitText(tEnd, off+lead, trimmed[lead:])
			off = next
			continue
		}
		a, ok := splitAssign(line)
		if !ok {
			l.emitText(tBadLine, off, trimmed)
			off = next
			continue
		}
		l.emitText(tKey, off, line[:a.keyEnd])
		l.emitText(tOp, off+a.opStart, line[a.opStart:a.opEnd])
		off = l.lexValue(text, off, line, trimmed, a.valStart, next, id)
	}
}

// lexValue emits the value token (and any trailing content) of the line at
// off and returns where lexing resumes.
func (l *blockLexer) lexValue(text []byte, off int, line, trimmed []byte, at, next int, id string) int {
	v := value{start: off + at, end: off + max(at, len(trimmed))}
	v.contentStart, v.contentEnd = v.start, v.end
	tt, trail := tBadValue, -1
	switch {
	case at >= len(trimmed):
		v.err = &badValue{code: InvalidValue}
	case line[at] == '"':
		close := closingQuote(trimmed, at)
		if close < 0 {
			tt = tUnclosed
			v.err = &badValue{code: UnclosedQuote}
			break
		}
		tt = tString
		v.end = off + close + 1
		v.contentStart, v.contentEnd = off+at+1, off+close
		start := len(l.buf)
		var bad, n int
		l.buf, bad, n = appendUnescaped(l.buf, line[at+1:close])
		l.refs = append(l.refs, bufRef{tok: -1, val: len(l.values), start: start, end: len(l.buf)})
		if bad >= 0 {
			esc := off + at + 1 + bad
			v.err = &badValue{code: InvalidValue, start: esc, end: esc + n, text: string(text[esc : esc+n])}
		}
		trail = close + 1
	case isHeredocValue(line, at):
		o := parseOpener(trimmed, at)
		if !o.ok {
			v.err = &badValue{code: InvalidHeredocDelimiter, start: off + at, end: off + o.end}
			break
		}
		tt = tHeredoc
		v.heredoc = true
		bodyEnd, hnext, closed := scanHeredoc(text, next, o.delim, id)
		v.contentStart, v.contentEnd = next, bodyEnd
		if closed {
			dend, _ := lineAt(text, bodyEnd)
			v.end = dend
			v.contentEnd = dropFinalNewline(text, next, bodyEnd)
		} else {
			v.end = bodyEnd
			v.err = &badValue{code: UnclosedHeredoc, start: off + at, end: off + o.end}
		}
		v.text = heredocText(text[v.contentStart:v.contentEnd])
		if string(o.delim) != "EOT_SHAM_"+id || o.quote != '\'' {
			v.err = &badValue{code: InvalidHeredocDelimiter, start: off + at, end: off + o.end, text: string(o.delim)}
		}
		trail = o.end
		next = hnext
	default:
		v.err = &badValue{code: InvalidValue}
	}
	l.values = append(l.values, v)
	l.emit(tt, v.start)
	if trail >= 0 {
		rest := trimmed[trail:]
		i := 0
		for i < len(rest) && isBlank(rest[i]) {
			i++
		}
		if i < len(rest) {
			l.emitText(tTrailing, off+trail+i, rest[i:])
		}
	}
	return next
}

// closingQuote returns the index of the quote closing the string that opens
// at line[at], skipping backslash escapes, or -1.
func closingQuote(line []byte, at int) int {
	for i := at + 1; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// dropFinalNewline returns the end of a heredoc body without the newline
// (and "\r") that precedes the delimiter line.
func dropFinalNewline(text []byte, start, end int) int {
	if end > start && text[end-1] == '\n' {
		end--
		if end > start && text[end-1] == '\r' {
			end--
		}
	}
	return end
}
