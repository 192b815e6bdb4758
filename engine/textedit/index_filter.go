package textedit

import "math/bits"

// keyFilter is a bitset over keys' hashes, two bits a key, that lets an
// index's pass skip a text position without a map lookup. It is sized to
// its keys: a fixed 128 KiB one was most of what indexing each small file
// of a thousand-file diff allocated (and zeroed).
type keyFilter struct {
	words []uint64
	bits  uint // the bitset holds 1<<bits bits
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
	return keyFilter{words: make([]uint64, 1<<b/64), bits: b}
}

// slots is one multiply: it runs at every position a pass looks at. Its two
// slices of bits are a key's two bits: a text repeats some keys at every
// line ("quick brown fox " in each), and one bit alone let such a key
// through to the map now and then, at every one of its lines.
func (f keyFilter) slots(k [2]uint64) (uint64, uint64) {
	h := (k[0] ^ bits.RotateLeft64(k[1], 29)) * 0x9E3779B97F4A7C15
	return h >> (64 - f.bits), (h >> (64 - 2*f.bits)) & (1<<f.bits - 1)
}

func (f keyFilter) add(k [2]uint64) {
	h1, h2 := f.slots(k)
	f.words[h1/64] |= 1 << (h1 % 64)
	f.words[h2/64] |= 1 << (h2 % 64)
}

// mayHold is false for a key never added, and true for every key added.
func (f keyFilter) mayHold(k [2]uint64) bool {
	h1, h2 := f.slots(k)
	return f.words[h1>>6]&(1<<(h1&63)) != 0 && f.words[h2>>6]&(1<<(h2&63)) != 0
}
