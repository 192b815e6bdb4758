package history

import (
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"strconv"
)

// A blob's id is the hash of "blob <size>\x00" and the bytes (git's object
// format, gitformat-object(5)), SHA-1 or SHA-256 as the repository says
// (rev-parse --show-object-format, read by findRepo). `git hash-object
// --no-filters` without -w computes the same; doing it here spares a git
// process where the id only tells whether a file changed (the state after
// an apply, undo's check). Blobs undo must restore are still stored by git.

// rawBlobIDs returns the blob id of each file's bytes on disk, as
// hash-object --no-filters would; false when the repository's hash is not
// one clada knows or a file could not be read whole (it went, or changed
// meanwhile), so that git computes them, or says what is wrong, as before.
func (r *repo) rawBlobIDs(paths []string) ([]string, bool) {
	newHash := r.newHash()
	if newHash == nil {
		return nil, false
	}
	ids := make([]string, len(paths))
	for i, p := range paths {
		id, err := blobID(newHash(), filepath.Join(r.top, filepath.FromSlash(p)))
		if err != nil {
			return nil, false
		}
		ids[i] = id
	}
	return ids, true
}

// rawBlobIDOf is the blob id of data (a symlink's target); false as for
// rawBlobIDs.
func (r *repo) rawBlobIDOf(data []byte) (string, bool) {
	newHash := r.newHash()
	if newHash == nil {
		return "", false
	}
	h := newHash()
	h.Write([]byte("blob " + strconv.Itoa(len(data)) + "\x00"))
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil)), true
}

// newHash is the repository's object hash; nil for one clada does not know.
func (r *repo) newHash() func() hash.Hash {
	switch r.objectFormat {
	case "sha1":
		return sha1.New
	case "sha256":
		return sha256.New
	}
	return nil
}

// blobID hashes the file's bytes as a git blob with h.
func blobID(h hash.Hash, file string) (string, error) {
	f, err := os.Open(file)
	if err != nil {
		return "", err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", err
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%s is no longer a regular file", file)
	}
	size := fi.Size()
	h.Write([]byte("blob " + strconv.FormatInt(size, 10) + "\x00"))
	n, err := io.Copy(h, io.LimitReader(f, size+1))
	if err != nil {
		return "", fmt.Errorf("read %s: %w", file, err)
	}
	if n != size {
		return "", fmt.Errorf("%s changed size while clada read it", file)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
