package watch

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// ClipboardOptions shapes a clipboard watch.
type ClipboardOptions struct {
	Interval time.Duration // how often the clipboard is read
	Output   string        // also write the results summary here ("" = clipboard only)
}

// ArmNotice is what the clipboard holds after an answer with new blocks was
// copied once: the deliberate trigger is copying the same answer again.
const armNotice = "clada: the answer you copied holds %d new block(s); copy the same answer again to run them."

// WatchClipboard runs until ctx ends. A copied text holding new blocks
// runs only when it is copied twice in a row: on the first copy clada
// replaces the clipboard with a notice, so the second copy is a visible
// change even though the text is the same. A stray copy never runs
// anything; whatever is on the clipboard when the watcher starts never
// runs by itself. The results replace the answer on the clipboard: the
// summary alone, as it goes into the chat, without the end line that
// closes it at the top of an input file.
func (r *Runner) WatchClipboard(ctx context.Context, cb *Clipboard, o ClipboardOptions) error {
	const name = "<clipboard>"
	last, err := cb.Read(ctx)
	if err != nil {
		return err
	}
	if n := r.setBaseline(name, []byte(last)); n > 0 {
		r.Log("the clipboard already holds %d block(s); they are not run (copy an answer now)", n)
	}
	r.Log("watching the clipboard through %s; copy an answer twice in a row to run it", cb.Name)
	armed, wrote := "", ""
	tick := time.NewTicker(o.Interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
		text, err := cb.Read(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			r.Log("%v", err)
			continue
		}
		if text == last {
			continue
		}
		last = text
		if text == wrote || strings.HasPrefix(strings.TrimLeft(text, " \t\r\n\ufeff"), resultsStart) {
			continue // clada's own results (copied again from the chat, say) are never an answer
		}
		b, problem := r.newBlocks(name, []byte(text))
		if problem != "" {
			r.Log("%s", problem)
			continue
		}
		if b.empty() {
			armed = ""
			continue
		}
		if text != armed {
			armed = text
			wrote = fmt.Sprintf(armNotice, b.blocks)
			if err := cb.Write(ctx, wrote); err != nil {
				r.Log("%v", err)
			}
			last = wrote
			r.Log("copied answer holds %d new block(s); copy it again to run them", b.blocks)
			continue
		}
		armed = ""
		out, err := r.run(ctx, b)
		if err != nil {
			return err
		}
		if o.Output != "" {
			if err := writeOutput(r.Root, o.Output, out.Summary); err != nil {
				r.Log("%v", err)
			}
		}
		wrote = out.Summary
		if err := cb.Write(ctx, wrote); err != nil {
			r.Log("%v", err)
		} else {
			r.Log("%s; results on the clipboard, full output in .clada/last-output.md", out.Line)
		}
		last = wrote
	}
}
