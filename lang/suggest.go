package lang

// closest returns the candidate nearest to name by edit distance (adjacent
// transpositions count as one edit), or "" when none is close enough to be a
// plausible typo: at most a third of the name's length, and at most 3 edits.
func closest(name string, candidates []string) string {
	best, bestD := "", 0
	limit := len(name) / 3
	if limit < 1 {
		limit = 1
	}
	if limit > 3 {
		limit = 3
	}
	for _, c := range candidates {
		d := editDistance(name, c)
		if d <= limit && (best == "" || d < bestD) {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the optimal-string-alignment distance between a and b, on
// bytes (op and param names are ASCII).
func editDistance(a, b string) int {
	// Three rolling rows: the transposition rule looks two rows back.
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
