//go:build unix

package main

import "os"

// terminalName is the terminal --approve ask opens.
const terminalName = "/dev/tty"

// openTerminal opens the controlling terminal for reading and writing.
func openTerminal() (*terminal, error) {
	f, err := os.OpenFile(terminalName, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	return &terminal{in: f, out: f}, nil
}
