package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/johannesboyne/gofakes3"
)

// The store's rules, in front of gofakes3 (which takes anything from anyone):
//   - anonymous callers read objects (GET/HEAD of a key, CORS preflights) and nothing else: no
//     listing, no bucket, no write;
//   - a signed request (SigV4 with a key of the credentials file) may read everything and write
//     only new keys under its own prefixes (a team: `<remote>/`; the registry: none);
//   - nobody overwrites or deletes an existing key, nor creates, changes or deletes a bucket
//     (object lock: a published release never changes).
// Production configures the same on the bucket (infra/deploy: per-team write prefix, object lock).

// credential is one access key of the credentials file.
type credential struct {
	AccessKeyID     string   `json:"accessKeyId"`
	SecretAccessKey string   `json:"secretAccessKey"`
	WritePrefixes   []string `json:"writePrefixes"`
}

type credentialsFile struct {
	Keys []credential `json:"keys"`
}

func loadCredentials(path string) (map[string]credential, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var file credentialsFile
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	keys := map[string]credential{}
	for _, key := range file.Keys {
		if key.AccessKeyID == "" || len(key.SecretAccessKey) < 16 {
			return nil, fmt.Errorf("%s: every key needs an accessKeyId and a secretAccessKey of 16 characters or more", path)
		}
		for _, prefix := range key.WritePrefixes {
			if !strings.HasSuffix(prefix, "/") || strings.HasPrefix(prefix, "/") {
				return nil, fmt.Errorf("%s: write prefix %q must be a folder such as \"storefront/\"", path, prefix)
			}
		}
		keys[key.AccessKeyID] = key
	}
	return keys, nil
}

type guard struct {
	next    http.Handler
	backend gofakes3.Backend
	keys    map[string]credential
	now     func() time.Time
	// one write at a time: "does the key exist" and the write are one step
	writes sync.Mutex
}

func newGuard(next http.Handler, backend gofakes3.Backend, keys map[string]credential) *guard {
	return &guard{next: next, backend: backend, keys: keys, now: time.Now}
}

func (g *guard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/_health" && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	bucket, key, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	read := r.Method == http.MethodGet || r.Method == http.MethodHead

	if r.Header.Get("Authorization") == "" {
		// Anonymous: objects are public to read, nothing else is open.
		if r.Method == http.MethodOptions || (read && bucket != "" && key != "") {
			g.next.ServeHTTP(w, r)
			return
		}
		s3Error(w, http.StatusForbidden, "AccessDenied", "anonymous callers may only read objects; sign the request with a team's credentials")
		return
	}
	id, err := verifySignature(r, func(id string) (string, bool) {
		key, ok := g.keys[id]
		return key.SecretAccessKey, ok
	}, g.now())
	if err != nil {
		code := "SignatureDoesNotMatch"
		if strings.HasPrefix(err.Error(), "unknown access key") {
			code = "InvalidAccessKeyId"
		}
		s3Error(w, http.StatusForbidden, code, err.Error())
		return
	}
	if read {
		g.next.ServeHTTP(w, r)
		return
	}
	if bucket == "" || key == "" {
		s3Error(w, http.StatusForbidden, "AccessDenied", "buckets are not created, changed or deleted through this store")
		return
	}
	credential := g.keys[id]
	if !credential.mayWrite(key) {
		s3Error(w, http.StatusForbidden, "AccessDenied", fmt.Sprintf("the key %s may not write %s (its prefixes: %s)", id, key, credential.prefixes()))
		return
	}
	query := r.URL.Query()
	_, initiate := query["uploads"]
	uploadID := query.Get("uploadId")
	switch {
	case r.Method == http.MethodDelete && uploadID != "":
		g.next.ServeHTTP(w, r) // abort a multipart upload: no object yet
	case r.Method == http.MethodDelete:
		s3Error(w, http.StatusForbidden, "AccessDenied", "objects are never deleted (object lock): a published release never changes")
	case r.Method == http.MethodPut && uploadID != "":
		g.next.ServeHTTP(w, r) // a part of a multipart upload: the object is written by the completion
	case (r.Method == http.MethodPut && plainObjectQuery(query)) || (r.Method == http.MethodPost && (initiate || uploadID != "")):
		g.createOnce(w, r, bucket, key)
	default:
		s3Error(w, http.StatusForbidden, "AccessDenied", "only new objects are written to this store")
	}
}

// createOnce passes a write of a new object on, refusing it when the key exists.
func (g *guard) createOnce(w http.ResponseWriter, r *http.Request, bucket, key string) {
	g.writes.Lock()
	defer g.writes.Unlock()
	_, err := g.backend.HeadObject(bucket, key)
	switch {
	case err == nil:
		if r.Header.Get("If-None-Match") != "" {
			s3Error(w, http.StatusPreconditionFailed, "PreconditionFailed", key+" exists: a published object never changes")
		} else {
			s3Error(w, http.StatusForbidden, "AccessDenied", key+" exists and is never overwritten (object lock)")
		}
	case gofakes3.HasErrorCode(err, gofakes3.ErrNoSuchKey) || gofakes3.HasErrorCode(err, gofakes3.ErrNoSuchBucket):
		g.next.ServeHTTP(w, r)
	default:
		s3Error(w, http.StatusInternalServerError, "InternalError", err.Error())
	}
}

// plainObjectQuery: a PUT of the object itself, not of a sub-resource (acl, tagging, retention...);
// the AWS SDKs add x-id=<operation>.
func plainObjectQuery(query url.Values) bool {
	for name := range query {
		if name != "x-id" {
			return false
		}
	}
	return true
}

func (c credential) mayWrite(key string) bool {
	if strings.Contains(key, "..") || strings.HasPrefix(key, "/") {
		return false
	}
	for _, prefix := range c.WritePrefixes {
		if strings.HasPrefix(key, prefix) {
			return true
		}
	}
	return false
}

func (c credential) prefixes() string {
	if len(c.WritePrefixes) == 0 {
		return "none, read only"
	}
	return strings.Join(c.WritePrefixes, ", ")
}

func s3Error(w http.ResponseWriter, status int, code, message string) {
	body, _ := xml.Marshal(struct {
		XMLName xml.Name `xml:"Error"`
		Code    string
		Message string
	}{Code: code, Message: message})
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(status)
	_, _ = w.Write(append([]byte(xml.Header), body...))
}
