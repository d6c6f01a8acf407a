// Command mailpit runs Mailpit, the local mail catcher of `npm start` and the browser tests: an SMTP
// server that keeps every message and a web inbox with an HTTP API. Built from the Go module proxy
// like infra/ferretdb, so a fresh machine needs nothing but Go.
package main

import "github.com/axllent/mailpit/cmd"

func main() {
	cmd.Execute()
}
