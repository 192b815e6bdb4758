package textedit

import "math/bits"

// keyFilter is a bitset over keys' hashes, two bits a key, that lets an
// index's pass skip a text position without a map lookup. It is sized to
// its keys: a fixed 128 KiB one was most of what indexing each small file
// of a thousand-file diff allocated (and zeroed).
type keyFilter struct {
	words []uint64
	// A hash's two bits are its top bits and the next ones down: shift1
	// and shift2 bring each down, mask keeps the second's.
	shift1, shift2 uint
	mask           uint64
}

// Bounds of keyFilter's size, in bits: 512 bytes to 128 KiB.
const (
	minFilterBits = 12
	maxFilterBits = 20
)

// newKeyFilter is an empty filter for keys keys: about 16 bits a key, so
// that two bits a key set about an eighth of it.
func newKeyFilter(keys int) keyFilter {
	b := uint(minFilterBits)
	for b < maxFilterBits && 1<<b < 16*keys {
		b++
	}
	return keyFilter{words: make([]uint64, 1<<b/64), shift1: 64 - b, shift2: 64 - 2*b, mask: 1<<b - 1}
}

// keyHash is a key's hash, one multiply: it runs at every position a pass
// looks at. The key comes as two words, not an array, so that it stays in
// registers (an array passed on was spilled, and reloading half of it cost
// the pass twice its time). Two slices of its bits are the key's two bits
// in a filter: a text repeats some keys at every line ("quick brown fox "
// in each), and one bit alone let such a key through to the map now and
// then, at every one of its lines.
func keyHash(k0, k1 uint64) uint64 {
	return (k0 ^ bits.RotateLeft64(k1, 29)) * 0x9E3779B97F4A7C15
}

func (f *keyFilter) slots(h uint64) (uint64, uint64) {
	return h >> (f.shift1 & 63), (h >> (f.shift2 & 63)) & f.mask
}

func (f *keyFilter) add(k [2]uint64) {
	h1, h2 := f.slots(keyHash(k[0], k[1]))
	f.words[h1/64] |= 1 << (h1 % 64)
	f.words[h2/64] |= 1 << (h2 % 64)
}

// mayHold is false for a key (of hash h) never added, and true for every
// key added.
func (f *keyFilter) mayHold(h uint64) bool {
	h1, h2 := f.slots(h)
	return f.words[h1>>6]&(1<<(h1&63)) != 0 && f.words[h2>>6]&(1<<(h2&63)) != 0
}
