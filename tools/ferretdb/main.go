// Command ferretdb-launcher runs FerretDB's embeddable server with SQLite storage in a folder.
// It is the last rung of the database ladder: used when neither MONGO_URL nor a mongod binary
// is available. It prints the MongoDB URI on stdout once the listener is up, and stops on
// SIGINT/SIGTERM.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:0", "TCP address to listen on (port 0 picks a free one)")
	dir := flag.String("dir", "data/ferretdb", "folder for SQLite storage")
	handler := flag.String("handler", "sqlite", "storage backend: sqlite or postgresql")
	pgURL := flag.String("postgresql-url", "", "PostgreSQL URL when handler is postgresql")
	logLevel := flag.String("log-level", "error", "debug, info, warn or error")
	flag.Parse()

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fail("bad -log-level: %v", err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	cfg := &ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: *listen},
		Logger:   logger,
		Handler:  *handler,
	}
	switch *handler {
	case "sqlite":
		abs, err := filepath.Abs(*dir)
		if err != nil {
			fail("bad -dir: %v", err)
		}
		if err := os.MkdirAll(abs, 0o755); err != nil {
			fail("cannot create %s: %v", abs, err)
		}
		// FerretDB wants a file: URL naming a folder, with a trailing slash.
		cfg.SQLiteURL = "file:" + abs + "/"
	case "postgresql":
		cfg.PostgreSQLURL = *pgURL
	default:
		fail("unknown -handler %q", *handler)
	}

	f, err := ferretdb.New(cfg)
	if err != nil {
		fail("%v", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	done := make(chan struct{})
	go func() {
		_ = f.Run(ctx)
		close(done)
	}()

	// MongoDBURI blocks until the listener is up (port 0 resolves to the real port), so
	// callers can wait for this first stdout line.
	fmt.Println(f.MongoDBURI())

	<-done
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "ferretdb-launcher: "+format+"\n", args...)
	os.Exit(1)
}
