// Command objectstore runs an S3-compatible object store on loopback for `npm start` and the
// browser tests: gofakes3 with its bolt backend, so published releases survive a restart in the
// stack's data folder. The release scripts and the registry talk to it with the AWS SDK exactly as
// production talks to S3, R2 or GCS (only the endpoint and the credentials differ). The guard
// (guard.go) gives it the bucket's production rules: signed requests only (the keys of -credentials,
// each writing under its own prefixes), anonymous reads of objects, no overwrite, no delete.
package main

import (
	"flag"
	"log"
	"net/http"
	"os"
	"path/filepath"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3bolt"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:9000", "TCP address to listen on")
	dir := flag.String("dir", "data/objectstore", "directory of the store's database file")
	bucket := flag.String("bucket", "", "a bucket to create at start if missing")
	credentials := flag.String("credentials", "", `JSON file of the access keys: {"keys":[{"accessKeyId","secretAccessKey","writePrefixes":["storefront/"]}]}`)
	flag.Parse()
	if *credentials == "" {
		log.Fatal("objectstore: -credentials is required (nobody writes to the store without a key)")
	}
	keys, err := loadCredentials(*credentials)
	if err != nil {
		log.Fatal(err)
	}

	abs, err := filepath.Abs(*dir)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		log.Fatal(err)
	}
	backend, err := s3bolt.NewFile(filepath.Join(abs, "objects.bolt"))
	if err != nil {
		log.Fatal(err)
	}
	if *bucket != "" {
		if exists, err := backend.BucketExists(*bucket); err != nil {
			log.Fatal(err)
		} else if !exists {
			if err := backend.CreateBucket(*bucket); err != nil {
				log.Fatal(err)
			}
		}
	}
	faker := gofakes3.New(backend)
	log.Printf("objectstore listening on %s (bolt file in %s, %d access keys)", *listen, abs, len(keys))
	log.Fatal(http.ListenAndServe(*listen, newGuard(keepCacheControl(faker.Server()), backend, keys)))
}

// keepCacheControl stores an upload's Cache-Control with the object and answers it on reads, as S3
// does (gofakes3 keeps only Content-Type, Content-Disposition, Content-Encoding and x-amz-* headers).
func keepCacheControl(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPut {
			if value := r.Header.Get("Cache-Control"); value != "" {
				r.Header.Set(storedCacheControl, value)
			}
		}
		next.ServeHTTP(&cacheControlWriter{ResponseWriter: w}, r)
	})
}

const storedCacheControl = "X-Amz-Meta-Cache-Control"

type cacheControlWriter struct{ http.ResponseWriter }

func (w *cacheControlWriter) WriteHeader(status int) {
	if value := w.Header().Get(storedCacheControl); value != "" {
		w.Header().Set("Cache-Control", value)
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *cacheControlWriter) Write(body []byte) (int, error) {
	if value := w.Header().Get(storedCacheControl); value != "" && w.Header().Get("Cache-Control") == "" {
		w.Header().Set("Cache-Control", value)
	}
	return w.ResponseWriter.Write(body)
}
