package v4a

import (
	"strings"

	"github.com/clada-dev/clada/grammar/internal/lines"
)

func trimmed(src []byte, l lines.Line) string { return strings.TrimSpace(string(src[l.Start:l.End])) }
