package watch

import (
	"context"
	"os"
	"testing"

	"github.com/clada-dev/clada/internal/testfs"
)

// What goes on Windows' clipboard comes back as the same text: UTF-16 at
// the API (a character outside the BMP is a surrogate pair there), CRLF on
// the clipboard and LF in clada.
func TestWin32ClipboardRoundTrip(t *testing.T) {
	if !testfs.Wine() && os.Getenv("CLADA_TEST_CLIPBOARD") == "" {
		t.Skip("it would replace this machine's clipboard; set CLADA_TEST_CLIPBOARD=1 to run it (under Wine the clipboard is the test prefix's own)")
	}
	cb := nativeClipboard()
	if cb == nil {
		t.Fatal("no Windows clipboard")
	}
	ctx := context.Background()
	const text = "#!SHAM [@three-char-SHA-256: ab1]\naction = \"file_write\"\npath = \"caf\u00e9 \U0001F600.txt\"\ncontent = \"\u4e2d\u6587\"\n#!END_SHAM_ab1\n"
	if err := cb.Write(ctx, text); err != nil {
		testfs.SkipUnderWine(t, "a clipboard ("+err.Error()+")")
		t.Fatal(err)
	}
	got, err := cb.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got != text {
		t.Fatalf("read back %q, want %q", got, text)
	}
	raw, err := readWin32(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := "#!SHAM [@three-char-SHA-256: ab1]\r\naction"; len(raw) < len(want) || raw[:len(want)] != want {
		t.Errorf("the clipboard holds %q…, want CRLF line ends", raw[:min(len(raw), 50)])
	}
}
