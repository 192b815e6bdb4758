package main

import "os"

// terminalName is the terminal --approve ask opens: the console.
const terminalName = "the console (CONIN$)"

// openTerminal opens the console clada runs in, which is there even when
// stdin and stdout are pipes; a process without a console (started by an
// editor or a service) cannot open it, and gets the error.
func openTerminal() (*terminal, error) {
	in, err := os.OpenFile("CONIN$", os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	out, err := os.OpenFile("CONOUT$", os.O_RDWR, 0)
	if err != nil {
		in.Close()
		return nil, err
	}
	return &terminal{in: in, out: out}, nil
}
