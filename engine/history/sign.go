package history

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/internal/state"
)

// The history lives in the git dir, which anything that runs inside the
// root can write (a command, a hook), and which a tarball or a copied
// repository brings along. So each record clada appends carries an
// HMAC-SHA256 of its JSON (with "mac" empty) under a key that lives
// outside every repository, in the user's clada directory
// (state.HistoryKeyFile, made on first use, readable by the user alone).
// Undo and squash act only on records whose MAC matches (README, "The git
// model"); `clada log` lists the others marked as not clada's.
//
// A command runs as the user and may read the key (the sandbox confines
// writes, not reads), so the MAC alone does not stop a command that sets
// out to forge a record; what such a record could make undo do is bounded
// by the checks on its paths (undo.go: inside the root, never .git,
// .clada, .ssh or a deny pattern), which leave it nothing a command could
// not have written itself.

// keyBytes is the key's length: 256 bits, as HMAC-SHA256's block allows.
const keyBytes = 32

// macDomain starts every MAC's input, so the key signs nothing else by
// accident.
const macDomain = "clada history record v1\n"

// historyKey reads the key in userDir; with create it is made when
// missing. Two cladas making it at once agree on one: the key is linked
// into place, never renamed over another.
func historyKey(userDir string, create bool) ([]byte, error) {
	if userDir == "" {
		return nil, errors.New("there is no user config directory to keep the history's key in (" + state.UserDirVars + ")")
	}
	path := filepath.Join(userDir, state.HistoryKeyFile)
	data, err := state.Read(userDir, state.HistoryKeyFile)
	if errors.Is(err, fs.ErrNotExist) && create {
		if err := makeKey(userDir); err != nil {
			return nil, fmt.Errorf("history key %s: %w", path, err)
		}
		data, err = state.Read(userDir, state.HistoryKeyFile)
	}
	if err != nil {
		return nil, fmt.Errorf("history key %s: %w", path, err)
	}
	key, err := hex.DecodeString(strings.TrimSpace(string(data)))
	if err != nil || len(key) != keyBytes {
		return nil, fmt.Errorf("history key %s is damaged (want %d hex digits); delete it to make a new one (then clada undo refuses the applies signed with the old)", path, 2*keyBytes)
	}
	return key, nil
}

// makeKey writes a fresh random key to a temp file and links it into
// place; an existing key (another clada was first) stays.
func makeKey(userDir string) error {
	var key [keyBytes]byte
	if _, err := rand.Read(key[:]); err != nil {
		return err
	}
	if err := state.MakeUserDir(userDir); err != nil {
		return err
	}
	root, err := os.OpenRoot(userDir)
	if err != nil {
		return err
	}
	defer root.Close()
	f, tmp, err := state.CreateTemp(root, ".", state.HistoryKeyFile)
	if err != nil {
		return err
	}
	defer root.Remove(tmp)
	_, err = f.WriteString(hex.EncodeToString(key[:]) + "\n")
	if err == nil {
		err = f.Chmod(0o600)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := root.Link(tmp, state.HistoryKeyFile); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return nil
}

// recordMAC is the MAC of rec under key: HMAC-SHA256 of macDomain and
// rec's JSON with MAC empty, in hex. Marshalling a record is deterministic
// (struct fields in order, map keys sorted), and a record read back
// marshals to the same bytes, so verifying recomputes it from what was
// read rather than from the line's bytes.
func recordMAC(key []byte, rec ApplyRecord) (string, error) {
	rec.MAC = ""
	data, err := json.Marshal(rec)
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(macDomain))
	m.Write(data)
	return hex.EncodeToString(m.Sum(nil)), nil
}

// checkMAC says why rec is not one clada signed with key; "" when it is.
func checkMAC(key []byte, rec ApplyRecord) string {
	switch {
	case rec.MAC == "":
		return "it carries no signature (an older clada wrote it before histories were signed, or something else did)"
	case key == nil:
		return "no history key exists to check it against"
	}
	want, err := recordMAC(key, rec)
	got, herr := hex.DecodeString(rec.MAC)
	if err != nil || herr != nil || !hmac.Equal(got, mustHex(want)) {
		return "its signature does not match (it was changed after clada wrote it, or signed with another key)"
	}
	return ""
}

// mustHex decodes hex clada itself encoded.
func mustHex(s string) []byte {
	b, _ := hex.DecodeString(s)
	return b
}
