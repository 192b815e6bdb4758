package history

import "testing"

// Which names hold secrets: environment files but not their templates,
// private keys and bundles, credentials files; never a public key or a
// name that only contains one of these words.
func TestSecretFile(t *testing.T) {
	for p, want := range map[string]bool{
		".env":                    true,
		"app/.env":                true,
		".env.local":              true,
		".env.production.local":   true,
		".ENV.Local":              true,
		".env.example":            false,
		".env.sample":             false,
		".env.template":           false,
		".env.example.local":      false,
		".env.dist":               false,
		".envrc":                  false,
		"env.py":                  false,
		"docs/.env.md":            false,
		".env.d.ts":               false,
		".env.json":               true,
		"certs/server.pem":        true,
		"tls.key":                 true,
		"store.p12":               true,
		"id_rsa":                  true,
		".ssh/id_ed25519":         true,
		"id_rsa.pub":              false,
		"keys.go":                 false,
		"monkey":                  false,
		".netrc":                  true,
		".pgpass":                 true,
		"src/components/Key.tsx":  false,
		"config/credentials.yaml": false,
	} {
		if got := secretFile(p); got != want {
			t.Errorf("secretFile(%q) = %v, want %v", p, got, want)
		}
	}
}
