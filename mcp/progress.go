package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// progressTail is how much of a command's output so far one progress
// notification carries: its last lines, enough to see where a build or a
// test run is; the whole output comes in the result.
const progressTail = 4 << 10

// progressEvery is the least time between two notifications. Each carries
// the output so far, so a notification skipped for a chatty command loses
// nothing: the next one (or the result) has it.
const progressEvery = 50 * time.Millisecond

// progress sends a call's command output as notifications/progress: the
// progress count is the lines seen, the message the tail of the output.
type progress struct {
	ctx   context.Context
	ss    *sdk.ServerSession
	token any

	mu    sync.Mutex
	lines int
	tail  strings.Builder
	last  time.Time
}

// newProgress is nil when the client asked for no progress (no token).
func newProgress(ctx context.Context, req *sdk.CallToolRequest) *progress {
	if req.Params == nil || req.Session == nil {
		return nil
	}
	tok := req.Params.GetProgressToken()
	if tok == nil {
		return nil
	}
	return &progress{ctx: ctx, ss: req.Session, token: tok}
}

// line is engine.Config.Stream: one "[task-N:exec] line" of output. It is
// called from the command's stdout and stderr copiers, so it locks.
func (p *progress) line(l string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.lines++
	p.tail.WriteString(l + "\n")
	if p.tail.Len() > 2*progressTail {
		keep := p.tail.String()
		keep = keep[len(keep)-progressTail:]
		if i := strings.IndexByte(keep, '\n'); i >= 0 {
			keep = keep[i+1:]
		}
		p.tail.Reset()
		p.tail.WriteString(keep)
	}
	now := time.Now()
	if now.Sub(p.last) < progressEvery {
		return
	}
	p.last = now
	msg := p.tail.String()
	if len(msg) > progressTail {
		msg = msg[len(msg)-progressTail:]
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[i+1:]
		}
	}
	// A notification that cannot be sent (the client went away) must not
	// stop the command: the cancellation of ctx does that.
	_ = p.ss.NotifyProgress(p.ctx, &sdk.ProgressNotificationParams{
		ProgressToken: p.token, Progress: float64(p.lines), Message: msg,
	})
}

// errNoElicitation is the approval answer when the client cannot ask.
var errNoElicitation = errors.New("the MCP client offers no elicitation to ask the user with")

// confirmer is engine.Config.Confirm for one call: the approval question
// of --approve ask goes to the user through MCP elicitation, when the
// client offers it; otherwise the command is refused, as on a terminal-less
// `clada apply`. Only an accepted form with "approve" ticked approves.
func confirmer(ctx context.Context, ss *sdk.ServerSession) func(string) (bool, error) {
	return func(question string) (bool, error) {
		if ss == nil {
			return false, errNoElicitation
		}
		ip := ss.InitializeParams()
		if ip == nil || ip.Capabilities == nil || ip.Capabilities.Elicitation == nil {
			return false, errNoElicitation
		}
		res, err := ss.Elicit(ctx, &sdk.ElicitParams{
			Message: "clada: " + question,
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"approve": map[string]any{"type": "boolean", "title": "Run it", "description": "Run this command now and remember it as approved."},
				},
				"required": []string{"approve"},
			},
		})
		if err != nil {
			return false, fmt.Errorf("asking through MCP elicitation: %w", err)
		}
		yes, _ := res.Content["approve"].(bool)
		return res.Action == "accept" && yes, nil
	}
}
