package main

// detachTerminal: the scripts do not run on Windows (cmd/clada's tests run
// on Linux; the binary is tried under Wine by windows_wine_test.go).
func detachTerminal() {}
