package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

const testBucket = "remotes"

var testKeys = map[string]credential{
	"storefront-key": {AccessKeyID: "storefront-key", SecretAccessKey: "storefront-secret-0123456789", WritePrefixes: []string{"storefront/"}},
	"registry-key":   {AccessKeyID: "registry-key", SecretAccessKey: "registry-secret-0123456789"},
}

func testStore(t *testing.T) *httptest.Server {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(testBucket); err != nil {
		t.Fatal(err)
	}
	server := httptest.NewServer(newGuard(gofakes3.New(backend).Server(), backend, testKeys))
	t.Cleanup(server.Close)
	return server
}

// sign signs a request as an AWS SDK does (SigV4, header form, payload hash signed).
func sign(t *testing.T, r *http.Request, body string, keyID, secret string) {
	t.Helper()
	now := time.Now().UTC()
	sum := sha256.Sum256([]byte(body))
	r.Header.Set("X-Amz-Date", now.Format(amzDateLayout))
	r.Header.Set("X-Amz-Content-Sha256", hex.EncodeToString(sum[:]))
	signed := []string{"host", "x-amz-content-sha256", "x-amz-date"}
	date := now.Format("20060102")
	canonical := strings.Join([]string{r.Method, canonicalURI(r), canonicalQuery(r.URL.RawQuery), canonicalHeaders(r, signed), strings.Join(signed, ";"), r.Header.Get("X-Amz-Content-Sha256")}, "\n")
	hashed := sha256.Sum256([]byte(canonical))
	scope := date + "/us-east-1/s3/aws4_request"
	toSign := strings.Join([]string{sigAlgorithm, r.Header.Get("X-Amz-Date"), scope, hex.EncodeToString(hashed[:])}, "\n")
	key := hmacSHA256([]byte("AWS4"+secret), date)
	key = hmacSHA256(key, "us-east-1")
	key = hmacSHA256(key, "s3")
	key = hmacSHA256(key, "aws4_request")
	r.Header.Set("Authorization", sigAlgorithm+" Credential="+keyID+"/"+scope+", SignedHeaders="+strings.Join(signed, ";")+", Signature="+hex.EncodeToString(hmacSHA256(key, toSign)))
}

type caller struct {
	t      *testing.T
	base   string
	id     string
	secret string
}

func (c caller) do(method, path, body string, headers ...string) (int, string) {
	c.t.Helper()
	r, err := http.NewRequest(method, c.base+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	r.Host = strings.TrimPrefix(c.base, "http://")
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	if c.id != "" {
		sign(c.t, r, body, c.id, c.secret)
	}
	answer, err := http.DefaultClient.Do(r)
	if err != nil {
		c.t.Fatal(err)
	}
	defer answer.Body.Close()
	text, _ := io.ReadAll(answer.Body)
	return answer.StatusCode, string(text)
}

func TestAnonymousCallersOnlyReadObjects(t *testing.T) {
	server := testStore(t)
	team := caller{t, server.URL, "storefront-key", testKeys["storefront-key"].SecretAccessKey}
	anonymous := caller{t: t, base: server.URL}
	if status, body := team.do("PUT", "/remotes/storefront/1.0.0/mf-manifest.json", `{"v":1}`); status != 200 {
		t.Fatalf("the team's upload: %d %s", status, body)
	}
	if status, body := anonymous.do("GET", "/remotes/storefront/1.0.0/mf-manifest.json", ""); status != 200 || body != `{"v":1}` {
		t.Fatalf("anonymous read: %d %s", status, body)
	}
	for _, attempt := range []struct{ method, path string }{
		{"PUT", "/remotes/storefront/1.0.0/mf-manifest.json"},
		{"PUT", "/remotes/storefront/2.0.0/mf-manifest.json"},
		{"DELETE", "/remotes/storefront/1.0.0/mf-manifest.json"},
		{"PUT", "/another-bucket"},
		{"DELETE", "/remotes"},
		{"GET", "/remotes"},
		{"POST", "/remotes?delete"},
	} {
		if status, body := anonymous.do(attempt.method, attempt.path, `{"v":"forged"}`); status != 403 || !strings.Contains(body, "AccessDenied") {
			t.Errorf("anonymous %s %s: %d %s", attempt.method, attempt.path, status, body)
		}
	}
	if _, body := anonymous.do("GET", "/remotes/storefront/1.0.0/mf-manifest.json", ""); body != `{"v":1}` {
		t.Fatalf("the object changed: %s", body)
	}
}

func TestAForgedOrUnknownSignatureIsRefused(t *testing.T) {
	server := testStore(t)
	for _, c := range []caller{
		{t, server.URL, "storefront-key", "not-the-secret-0123456789"},
		{t, server.URL, "nobody", "whatever-secret-0123456789"},
	} {
		if status, body := c.do("PUT", "/remotes/storefront/1.0.0/remoteEntry.js", "x"); status != 403 {
			t.Errorf("%s: %d %s", c.id, status, body)
		}
	}
	// a signed body swapped on the way
	r, _ := http.NewRequest("PUT", server.URL+"/remotes/storefront/1.0.0/a.js", strings.NewReader("evil"))
	sign(t, r, "good", "storefront-key", testKeys["storefront-key"].SecretAccessKey)
	answer, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	answer.Body.Close()
	if answer.StatusCode != 403 {
		t.Errorf("a body that is not the signed one: %d", answer.StatusCode)
	}
}

func TestATeamWritesNewKeysUnderItsOwnPrefixOnly(t *testing.T) {
	server := testStore(t)
	team := caller{t, server.URL, "storefront-key", testKeys["storefront-key"].SecretAccessKey}
	registry := caller{t, server.URL, "registry-key", testKeys["registry-key"].SecretAccessKey}
	if status, body := team.do("PUT", "/remotes/admin/1.0.0/mf-manifest.json", "x"); status != 403 || !strings.Contains(body, "may not write admin/1.0.0/mf-manifest.json") {
		t.Errorf("another team's prefix: %d %s", status, body)
	}
	if status, _ := team.do("PUT", "/remotes/storefront/../admin/x.js", "x"); status != 403 {
		t.Errorf("a path out of the prefix: %d", status)
	}
	if status, _ := registry.do("PUT", "/remotes/storefront/1.0.0/x.js", "x"); status != 403 {
		t.Errorf("the read-only key wrote: %d", status)
	}
	if status, body := team.do("PUT", "/remotes/storefront/1.0.0/mf-manifest.json", "one"); status != 200 {
		t.Fatalf("first upload: %d %s", status, body)
	}
	if status, _ := team.do("PUT", "/remotes/storefront/1.0.0/mf-manifest.json?acl", "<AccessControlPolicy/>"); status != 403 {
		t.Errorf("a sub-resource of a published object: %d", status)
	}
	if status, _ := team.do("PUT", "/remotes/storefront/1.0.0/remoteEntry.js?x-id=PutObject", "y"); status != 200 {
		t.Errorf("a new object as the SDK names the operation: %d", status)
	}
	if status, body := team.do("PUT", "/remotes/storefront/1.0.0/mf-manifest.json", "two"); status != 403 || !strings.Contains(body, "never overwritten") {
		t.Errorf("overwrite: %d %s", status, body)
	}
	if status, _ := team.do("PUT", "/remotes/storefront/1.0.0/mf-manifest.json", "two", "If-None-Match", "*"); status != 412 {
		t.Errorf("conditional overwrite: %d", status)
	}
	if status, _ := team.do("DELETE", "/remotes/storefront/1.0.0/mf-manifest.json", ""); status != 403 {
		t.Errorf("delete: %d", status)
	}
	if status, _ := team.do("PUT", "/remotes/storefront/1.0.0/copy.json", "", "X-Amz-Copy-Source", "/remotes/storefront/1.0.0/mf-manifest.json"); status != 200 {
		t.Errorf("a copy to a new key of its own: %d", status)
	}
	if status, _ := team.do("PUT", "/other", ""); status != 403 {
		t.Errorf("create bucket: %d", status)
	}
	if status, _ := team.do("DELETE", "/remotes", ""); status != 403 {
		t.Errorf("delete bucket: %d", status)
	}
	if status, _ := team.do("POST", "/remotes?delete", "<Delete/>"); status != 403 {
		t.Errorf("multi-delete: %d", status)
	}
	if status, body := registry.do("GET", "/remotes/storefront/1.0.0/mf-manifest.json", ""); status != 200 || body != "one" {
		t.Errorf("the registry's read: %d %s", status, body)
	}
	if status, _ := registry.do("GET", "/remotes?list-type=2", ""); status != 200 {
		t.Errorf("a signed listing: %d", status)
	}
}
