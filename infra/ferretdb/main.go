// Command ferretdb runs FerretDB v2 (the MongoDB wire protocol) over a PostgreSQL server with the
// DocumentDB extension (infra/documentdb): the embedded default database of `npm start` and the
// tests. Queries, sorts and limits run in PostgreSQL with its indexes, and updates are applied
// there in one statement, so a conditional update is atomic.
package main

import (
	"context"
	"flag"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/v2/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	postgres := flag.String("postgresql-url", "postgres://postgres@127.0.0.1:5432/postgres", "PostgreSQL with DocumentDB")
	stateDir := flag.String("state-dir", "data/ferretdb-state", "directory of FerretDB's own state file")
	flag.Parse()

	abs, err := filepath.Abs(*stateDir)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		log.Fatal(err)
	}

	telemetry := false // never reports anywhere: this machine talks to loopback only
	db, err := ferretdb.New(&ferretdb.Config{
		PostgreSQLURL: *postgres,
		ListenAddr:    *listen,
		StateDir:      abs,
		LogLevel:      slog.LevelWarn,
		LogOutput:     os.Stderr,
		Telemetry:     &telemetry,
	})
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log.Printf("ferretdb listening on %s", *listen)
	db.Run(ctx)
}
