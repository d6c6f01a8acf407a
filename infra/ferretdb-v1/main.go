// Command ferretdb-v1 runs FerretDB v1 on its SQLite backend, the embedded default before
// FerretDB v2: it is built only to read a data folder the old default wrote, when that folder is
// migrated (infra/devstack/src/database-migration.mjs). It embeds the library package because the upstream
// binary panics at start when built from the module proxy
// (https://github.com/FerretDB/FerretDB/issues/2982).
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

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("dir", "data/ferretdb", "directory of the SQLite files")
	flag.Parse()

	abs, err := filepath.Abs(*dir)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		log.Fatal(err)
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	db, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/",
	})
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log.Printf("ferretdb listening on %s (sqlite in %s)", *listen, abs)
	if err := db.Run(ctx); err != nil && ctx.Err() == nil {
		log.Fatal(err)
	}
}
