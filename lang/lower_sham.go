package lang

import (
	"bytes"
	"slices"

	"github.com/clada-dev/clada/grammar/sham"
	"github.com/clada-dev/clada/source"
)

// SHAM syntax codes that tools above lang act on (the language server's
// quick fixes), re-exported so they need not reach past lang into grammar.
const (
	CodeMismatchedEnd           = sham.MismatchedEnd
	CodeInvalidHeredocDelimiter = sham.InvalidHeredocDelimiter
	CodeDuplicateKey            = sham.DuplicateKey
)

// shamBlock is the AST of one SHAM block in one allocation: a block is
// always one group of one action.
// Up to two params (a file_write's path and content, say) live in it too.
type shamBlock struct {
	group   Group
	action  Action
	actions [1]*Action
	params  [2]Param
	ptrs    [2]*Param
}

// lowerSHAM parses one block text into a Group with ranges relative to the
// block start. The "action" key becomes the op; other keys become params.
// The group, its action and the params are allocated together (one
// allocation for up to two params, three beyond, instead of four plus one
// per param): they live and die together anyway.
func lowerSHAM(text []byte, sc *scratch) *Group { return shamGroup(sc.sham.ParseBlock(text)) }

// lowerSHAMRun is lowerSHAM for several blocks, parsed by one participle
// call (sham.Scratch.EachBlock); out[k] is texts[k]'s group, the same
// lowerSHAM gives. shamGroup copies every block, so the parser's blocks
// stay in its scratch.
func lowerSHAMRun(texts [][]byte, sc *scratch, out []*Group) {
	sc.sham.EachBlock(texts, func(k int, b *sham.Block) { out[k] = shamGroup(b) })
}

// shamGroup lowers one parsed block.
func shamGroup(b *sham.Block) *Group {
	whole := source.Range{Start: 0, End: b.End}
	n := len(b.Params)
	for _, p := range b.Params {
		if p.Key == "action" {
			n--
		}
	}
	sb := &shamBlock{}
	a := &sb.action
	*a = Action{
		Syntax:  SHAM,
		ID:      b.ID,
		IDRange: source.Range{Start: b.IDStart, End: b.IDEnd},
		Range:   whole,
		Closed:  b.Closed,
		Diags:   ownDiags(b.Diags),
	}
	params := sb.params[:]
	a.Params = sb.ptrs[:0]
	if n > len(sb.params) {
		params, a.Params = make([]Param, n), make([]*Param, 0, n)
	}
	for _, p := range b.Params {
		if p.Key == "action" {
			a.Op, a.OpRange = p.Value, source.Range{Start: p.ContentStart, End: p.ContentEnd}
			continue
		}
		form := Quoted
		if p.Heredoc {
			form = Heredoc
		}
		q := &params[len(a.Params)]
		*q = Param{
			Key:          p.Key,
			KeyRange:     source.Range{Start: p.KeyStart, End: p.KeyEnd},
			Value:        p.Value,
			ValueRange:   source.Range{Start: p.ValueStart, End: p.ValueEnd},
			ContentRange: source.Range{Start: p.ContentStart, End: p.ContentEnd},
			Form:         form,
		}
		a.Params = append(a.Params, q)
	}
	sb.actions[0] = a
	sb.group = Group{Syntax: SHAM, Kind: Standalone, Range: whole, Actions: sb.actions[:]}
	return &sb.group
}

// ownDiags is a block's diagnostics as the group keeps them: a copy (a
// run's blocks live in the parser's scratch), nil when there are none.
func ownDiags(ds source.Diagnostics) source.Diagnostics {
	if len(ds) == 0 {
		return nil
	}
	return slices.Clone(ds)
}

// shamMarker is how a SHAM block's lines start (SyntaxDef.markers): a
// header or an end marker, each a whole line when written after a list
// bullet (a header with its "[…]", an end marker with no blank in it).
var shamMarker = blockMarker{
	text: "#!",
	opens: func(b []byte) bool {
		return bytes.HasPrefix(b, []byte("#!SHAM")) || bytes.HasPrefix(b, []byte("#!END_SHAM_"))
	},
	wholeLine: func(line []byte) bool {
		return bytes.HasPrefix(line, []byte("#!SHAM")) && bytes.Contains(line, []byte("[")) && bytes.HasSuffix(line, []byte("]")) ||
			bytes.HasPrefix(line, []byte("#!END_SHAM_")) && !bytes.ContainsAny(line, " \t")
	},
}
