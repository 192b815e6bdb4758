package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/clada-dev/clada/internal/benchdoc"
)

// frames is a frameIO that hands out the given frames in turn.
type frames [][]byte

func (f *frames) ReadFrame(context.Context) ([]byte, int64, error) {
	if len(*f) == 0 {
		return nil, 0, fmt.Errorf("no more frames")
	}
	next := (*f)[0]
	*f = (*f)[1:]
	return next, int64(len(next)), nil
}

func (f *frames) WriteFrame(context.Context, []byte) (int64, error) { return 0, nil }

// testOpenStream is an openStream over the given frames that takes out every
// didOpen text, however short.
func testOpenStream(in ...string) *openStream {
	f := frames{}
	for _, s := range in {
		f = append(f, []byte(s))
	}
	return &openStream{frames: &f, prefix: "\x00clada-open:test:"}
}

// readOpen reads one frame through s as the server would: jsonrpc2 decodes
// the frame it gets, protocol the params, and DidOpen swaps in the held text.
// It returns the params and whether the text was taken out of the frame.
func readOpen(t *testing.T, s *openStream) (*protocol.DidOpenTextDocumentParams, bool, error) {
	t.Helper()
	frame, _, err := s.ReadFrame(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	raw, err := paramsOf(frame)
	if err != nil {
		return nil, false, err
	}
	var p protocol.DidOpenTextDocumentParams
	if err := protocol.Unmarshal(raw, &p); err != nil {
		return nil, false, err
	}
	text, taken := s.take(p.TextDocument.Text)
	if taken {
		p.TextDocument.Text = string(text)
	}
	return &p, taken, nil
}

// paramsOf decodes a frame with jsonrpc2 and returns its params.
func paramsOf(frame []byte) (jsonrpc2.RawMessage, error) {
	msg, err := jsonrpc2.DecodeMessage(frame)
	if err != nil {
		return nil, err
	}
	req, ok := msg.(interface{ Params() jsonrpc2.RawMessage })
	if !ok {
		return nil, fmt.Errorf("not a request: %T", msg)
	}
	return req.Params(), nil
}

// wantOpen decodes frame's params the ordinary way.
func wantOpen(t *testing.T, frame string) (*protocol.DidOpenTextDocumentParams, error) {
	t.Helper()
	raw, err := paramsOf([]byte(frame))
	if err != nil {
		return nil, err
	}
	var p protocol.DidOpenTextDocumentParams
	if err := protocol.Unmarshal(raw, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

// A didOpen read through openStream decodes to what jsonrpc2 and protocol
// make of the frame as it came, whether or not its text was taken out.
func TestOpenStreamDecodesAsProtocol(t *testing.T) {
	const doc = `"uri":"file:///a.sham","languageId":"sham","version":3`
	for _, tc := range []struct {
		name, frame string
		taken       bool
	}{
		{"plain", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{` + doc + `,"text":"a\nb\t\"c\" \\ \/ \u00e9 \b\f\r é"}}}`, true},
		{"params first", `{"params":{"textDocument":{"text":"x = \"1\"",` + doc + `}},"method":"textDocument/didOpen","jsonrpc":"2.0"}`, true},
		{"spaces", "{ \"jsonrpc\" : \"2.0\" , \"method\" : \"textDocument/didOpen\" , \"params\" : { \"textDocument\" : { \"uri\" : \"file:///a\" , \"text\" : \"q\\\\\" , \"version\" : 1 , \"languageId\" : \"\" } } }\r\n", true},
		{"a key named text elsewhere", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"other":{"text":"no","n":[1,{"a":"]"}]},"textDocument":{` + doc + `,"text":"yes"}}}`, true},
		{"surrogate pair", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{` + doc + `,"text":"\ud83d\ude00 \uD83D\uDE00"}}}`, true},
		{"empty text", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{` + doc + `,"text":""}}}`, true},
		{"lone surrogate", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{` + doc + `,"text":"\ud83d x"}}}`, false},
		{"raw control", "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{" + doc + ",\"text\":\"a\tb\"}}}", false},
		{"bad escape", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{` + doc + `,"text":"\q"}}}`, false},
		{"no text", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{` + doc + `}}}`, false},
		{"text twice", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{` + doc + `,"text":"one","text":"two"}}}`, false},
		{"params twice", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{` + doc + `,"text":"one"}},"params":{"textDocument":{` + doc + `,"text":"two"}}}`, false},
		{"text not a string", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{` + doc + `,"text":12}}}`, false},
		{"other method", `{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{` + doc + `,"text":"a"}}}`, false},
		{"trailing garbage", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{` + doc + `,"text":"a"}}} x`, false},
		{"the key of another connection", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{` + doc + `,"text":"\u0000clada-open:other:1"}}}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, taken, gotErr := readOpen(t, testOpenStream(tc.frame))
			if taken != tc.taken {
				t.Errorf("taken = %v, want %v", taken, tc.taken)
			}
			want, wantErr := wantOpen(t, tc.frame)
			if (gotErr == nil) != (wantErr == nil) {
				t.Fatalf("error %v, want %v", gotErr, wantErr)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("-protocol +openStream:\n%s", diff)
			}
		})
	}
}

// Only the frame read last holds a text: a didOpen whose handler never ran
// (dropped before initialize) leaves nothing behind, and its key no longer
// stands for anything.
func TestOpenStreamHoldsOnlyTheLastFrame(t *testing.T) {
	open := `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a","languageId":"sham","version":1,"text":"big"}}}`
	s := testOpenStream(open, `{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	frame, _, err := s.ReadFrame(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a","languageId":"sham","version":1,"text":"\u0000clada-open:test:1"}}}`
	if string(frame) != want {
		t.Fatalf("stand-in frame\n%s\nwant\n%s", frame, want)
	}
	if _, _, err := s.ReadFrame(context.Background()); err != nil {
		t.Fatal(err)
	}
	if text, ok := s.take("\x00clada-open:test:1"); ok {
		t.Fatalf("a key outlived its frame: %q", text)
	}
	if s.held != nil {
		t.Fatalf("the text of a dropped didOpen is still held")
	}
}

// Every cut escapeAfter offers decodes to what encoding/json decodes, and a
// cut never falls inside an escape or between the halves of a surrogate pair.
func TestUnescapeCuts(t *testing.T) {
	for _, body := range []string{
		`plain`,
		`a\nb\t\"c\" \\ \/ \u00e9 \b\f\r é`,
		`\\\\\n\\\"\\`,
		`x\ud83d\ude00y\ud83d\ude00\u0041\n`,
		`\u005c\u005cn\\u0041`,
		`a\u000ab\u000A\n`,
		strings.Repeat(`\tv = 1\n`, 40),
	} {
		var want string
		if err := json.Unmarshal([]byte(`"`+body+`"`), &want); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		s := []byte(body)
		for from := 0; from <= len(s); from++ {
			cut := escapeAfter(s, from)
			got, ok := unescapeCut(s, cut)
			if !ok || string(got) != want {
				t.Fatalf("%s cut at %d (from %d): %q, %v; want %q", body, cut, from, got, ok, want)
			}
		}
	}
}

// FuzzUnescapeText holds the decoder, cut anywhere it may be, to
// encoding/json: whatever it decodes, encoding/json decodes alike, and it
// declines nothing encoding/json decodes but lone surrogates and invalid
// UTF-8 (which encoding/json replaces and protocol's decoder refuses).
func FuzzUnescapeText(f *testing.F) {
	for _, s := range []string{`a\nb`, `\ud83d\ude00`, `\\\"`, `\u00e9é`, `\q`, "\x01", `\ud800`} {
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, body string, from int) {
		s := []byte(body)
		if from < 0 || from > len(s) {
			from = len(s) / 2
		}
		got, ok := unescapeCut(s, escapeAfter(s, from))
		var want string
		err := json.Unmarshal([]byte(`"`+body+`"`), &want)
		if ok {
			if err != nil || string(got) != want {
				t.Fatalf("decoded %q; encoding/json: %q, %v", got, want, err)
			}
		} else if err == nil && want == string([]rune(want)) && !strings.Contains(body, `\u`) && !strings.ContainsRune(want, '\uFFFD') {
			t.Fatalf("declined %q, which encoding/json decodes to %q", body, want)
		}
	})
}

// A big didOpen through the real connection: the server holds exactly the
// text the client sent (quotes, backslashes, tabs, CRLF, non-BMP runes the
// client escapes as surrogate pairs), and a diagnostic at its end lands on
// the right line and UTF-16 column.
func TestBigDidOpenThroughTheConnection(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := pathURI("/tmp/big.sham")
	var b strings.Builder
	for b.Len() < openTextMin+(64<<10) {
		b.WriteString("Prose with \"quotes\", a \\ backslash,\ta tab, é and 😀.\r\n")
	}
	bad := "#!SHAM [@three-char-SHA-256: zz1]\naction = \"file_write\"\npath = \"😀.txt\" 😀 x\n#!END_SHAM_zz1\n"
	text := b.String() + bad
	// Escape every non-ASCII rune, as some editors do, so the text carries
	// surrogate pairs.
	var esc strings.Builder
	for _, r := range text {
		if r < 0x80 {
			esc.WriteRune(r)
			continue
		}
		for _, u := range utf16.Encode([]rune{r}) {
			fmt.Fprintf(&esc, `\u%04x`, u)
		}
	}
	body, err := json.Marshal(esc.String())
	if err != nil {
		t.Fatal(err)
	}
	// json.Marshal escaped the backslashes of our \u escapes: undo that one.
	params := `{"textDocument":{"uri":"` + string(uri) + `","languageId":"sham","version":7,"text":` + strings.ReplaceAll(string(body), `\\u`, `\u`) + `}}`
	c.notify(protocol.MethodTextDocumentDidOpen, jsonrpc2.RawMessage(params))
	p := c.nextDiags(uri)
	if c.srv.opens.seq != 1 {
		t.Fatalf("the text was not taken out of the frame (%d taken)", c.srv.opens.seq)
	}
	if got := string(c.srv.docs[uri].file.Src); got != text {
		t.Fatalf("server text differs: %d bytes, want %d", len(got), len(text))
	}
	lines := strings.Count(b.String(), "\n")
	// path = "😀.txt" 😀 x: the trailing text starts at UTF-16 column 16.
	want := []string{fmt.Sprintf("%d:16-%d:20 TRAILING_CONTENT", lines+2, lines+2)}
	var got []string
	for _, d := range p.Diagnostics {
		got = append(got, fmt.Sprintf("%d:%d-%d:%d %s", d.Range.Start.Line, d.Range.Start.Character, d.Range.End.Line, d.Range.End.Character, codeOf(d)))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics -want +got:\n%s", diff)
	}
}

// FuzzOpenFrame holds openStream to jsonrpc2 and protocol on any frame: the
// params DidOpen sees are what they decode from the frame as it came, and a
// frame one of them refuses is refused through openStream too.
func FuzzOpenFrame(f *testing.F) {
	const doc = `"uri":"file:///a.sham","languageId":"sham","version":3`
	for _, s := range []string{
		`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{` + doc + `,"text":"a\nb\t\"c\" \u00e9"}}}`,
		`{"params":{"textDocument":{"text":"x",` + doc + `}},"method":"textDocument/didOpen","jsonrpc":"2.0"}`,
		`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"other":[{"text":"]"}],"textDocument":{` + doc + `,"text":"\ud83d\ude00"}}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, frame string) {
		want, wantErr := wantOpen(t, frame)
		got, _, gotErr := readOpen(t, testOpenStream(frame))
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("error %v, want %v", gotErr, wantErr)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("-protocol +openStream:\n%s", diff)
		}
	})
}

// BenchmarkUnescape decodes the escaped text of two 5 MB answers: the load
// document (an escape every four or five bytes) and prose with code, as
// answers mostly are.
//
//	go test ./lsp -run '^$' -bench Unescape -count 6
func BenchmarkUnescape(b *testing.B) {
	para := "Here is the change: the function `parse` now returns an error instead of panicking, so callers can say what went wrong.\n\n" +
		"```go\nfunc parse(s string) (Value, error) {\n\tif s == \"\" {\n\t\treturn Value{}, errors.New(\"empty input\")\n\t}\n\treturn decode(s)\n}\n```\n\n"
	for _, tc := range []struct{ name, text string }{
		{"load", benchdoc.Load()},
		{"prose", strings.Repeat(para, (5<<20)/len(para))},
	} {
		b.Run(tc.name, func(b *testing.B) {
			raw, _ := json.Marshal(tc.text)
			body := raw[1 : len(raw)-1]
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				if _, ok := unescapeCut(body, len(body)); !ok {
					b.Fatal("declined")
				}
			}
		})
	}
}
