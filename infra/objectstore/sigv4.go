package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// AWS Signature Version 4 (header form), as the AWS SDKs sign S3 requests: the store recomputes the
// signature with the secret of the request's access key and compares. A hex x-amz-content-sha256 is
// checked against the body too; UNSIGNED-PAYLOAD and the streaming forms sign the headers only.

const (
	sigAlgorithm   = "AWS4-HMAC-SHA256"
	maxClockSkew   = 15 * time.Minute
	maxSignedBody  = 512 << 20
	amzDateLayout  = "20060102T150405Z"
	unsignedSHA256 = "UNSIGNED-PAYLOAD"
)

var errNoSignature = errors.New("no signature")

type authorization struct {
	accessKeyID   string
	date          string // yyyymmdd of the scope
	region        string
	service       string
	signedHeaders []string
	signature     string
}

func parseAuthorization(value string) (authorization, error) {
	var auth authorization
	if value == "" {
		return auth, errNoSignature
	}
	rest, ok := strings.CutPrefix(value, sigAlgorithm+" ")
	if !ok {
		return auth, fmt.Errorf("only %s signatures are accepted", sigAlgorithm)
	}
	for _, part := range strings.Split(rest, ",") {
		key, val, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch key {
		case "Credential":
			fields := strings.Split(val, "/")
			if len(fields) != 5 || fields[4] != "aws4_request" {
				return auth, errors.New("malformed Credential")
			}
			auth.accessKeyID, auth.date, auth.region, auth.service = fields[0], fields[1], fields[2], fields[3]
		case "SignedHeaders":
			auth.signedHeaders = strings.Split(val, ";")
		case "Signature":
			auth.signature = val
		}
	}
	if auth.accessKeyID == "" || len(auth.signedHeaders) == 0 || auth.signature == "" {
		return auth, errors.New("malformed Authorization header")
	}
	return auth, nil
}

// verifySignature checks the request's SigV4 signature against secretOf(accessKeyID) and returns
// the access key id. The body is replaced by a buffered copy when its hash had to be checked.
func verifySignature(r *http.Request, secretOf func(string) (string, bool), now time.Time) (string, error) {
	auth, err := parseAuthorization(r.Header.Get("Authorization"))
	if err != nil {
		return "", err
	}
	secret, ok := secretOf(auth.accessKeyID)
	if !ok {
		return "", fmt.Errorf("unknown access key %q", auth.accessKeyID)
	}
	amzDate := r.Header.Get("X-Amz-Date")
	at, err := time.Parse(amzDateLayout, amzDate)
	if err != nil {
		return "", errors.New("missing or malformed X-Amz-Date")
	}
	if d := now.Sub(at); d > maxClockSkew || d < -maxClockSkew {
		return "", errors.New("the request's X-Amz-Date is too far from the store's clock")
	}
	if !strings.HasPrefix(amzDate, auth.date) {
		return "", errors.New("the credential scope's date is not the request's")
	}
	payloadHash := r.Header.Get("X-Amz-Content-Sha256")
	if payloadHash == "" {
		return "", errors.New("missing X-Amz-Content-Sha256")
	}
	if isHexSHA256(payloadHash) {
		body, err := io.ReadAll(io.LimitReader(r.Body, maxSignedBody+1))
		if err != nil {
			return "", errors.New("could not read the body")
		}
		if len(body) > maxSignedBody {
			return "", errors.New("body too large")
		}
		sum := sha256.Sum256(body)
		if hex.EncodeToString(sum[:]) != strings.ToLower(payloadHash) {
			return "", errors.New("the body does not match X-Amz-Content-Sha256")
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
	} else if payloadHash != unsignedSHA256 && !strings.HasPrefix(payloadHash, "STREAMING-") {
		return "", errors.New("malformed X-Amz-Content-Sha256")
	}

	canonical := strings.Join([]string{
		r.Method,
		canonicalURI(r),
		canonicalQuery(r.URL.RawQuery),
		canonicalHeaders(r, auth.signedHeaders),
		strings.Join(auth.signedHeaders, ";"),
		payloadHash,
	}, "\n")
	scope := strings.Join([]string{auth.date, auth.region, auth.service, "aws4_request"}, "/")
	hashed := sha256.Sum256([]byte(canonical))
	toSign := strings.Join([]string{sigAlgorithm, amzDate, scope, hex.EncodeToString(hashed[:])}, "\n")
	key := hmacSHA256([]byte("AWS4"+secret), auth.date)
	key = hmacSHA256(key, auth.region)
	key = hmacSHA256(key, auth.service)
	key = hmacSHA256(key, "aws4_request")
	expected := hex.EncodeToString(hmacSHA256(key, toSign))
	if subtle.ConstantTimeCompare([]byte(expected), []byte(auth.signature)) != 1 {
		return "", errors.New("the request signature does not match (wrong secret key?)")
	}
	return auth.accessKeyID, nil
}

func hmacSHA256(key []byte, data string) []byte {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(data))
	return mac.Sum(nil)
}

func isHexSHA256(value string) bool {
	if len(value) != 64 {
		return false
	}
	_, err := hex.DecodeString(value)
	return err == nil
}

// canonicalURI: the path as sent, each segment URI-encoded once (S3 does not double-encode).
func canonicalURI(r *http.Request) string {
	path := r.URL.EscapedPath()
	if path == "" {
		return "/"
	}
	segments := strings.Split(path, "/")
	for i, segment := range segments {
		decoded, err := url.PathUnescape(segment)
		if err != nil {
			decoded = segment
		}
		segments[i] = uriEncode(decoded)
	}
	return strings.Join(segments, "/")
}

func canonicalQuery(raw string) string {
	if raw == "" {
		return ""
	}
	type pair struct{ key, value string }
	var pairs []pair
	for _, part := range strings.Split(raw, "&") {
		if part == "" {
			continue
		}
		key, value, _ := strings.Cut(part, "=")
		k, err := url.QueryUnescape(key)
		if err != nil {
			k = key
		}
		v, err := url.QueryUnescape(value)
		if err != nil {
			v = value
		}
		pairs = append(pairs, pair{uriEncode(k), uriEncode(v)})
	}
	sort.Slice(pairs, func(i, j int) bool {
		if pairs[i].key != pairs[j].key {
			return pairs[i].key < pairs[j].key
		}
		return pairs[i].value < pairs[j].value
	})
	out := make([]string, len(pairs))
	for i, p := range pairs {
		out[i] = p.key + "=" + p.value
	}
	return strings.Join(out, "&")
}

func canonicalHeaders(r *http.Request, signed []string) string {
	var b strings.Builder
	for _, name := range signed {
		var values []string
		switch name {
		case "host":
			values = []string{r.Host}
		case "content-length":
			if v := r.Header.Get("Content-Length"); v != "" {
				values = []string{v}
			} else {
				values = []string{strconv.FormatInt(r.ContentLength, 10)}
			}
		default:
			values = r.Header.Values(name)
		}
		for i, v := range values {
			values[i] = strings.Join(strings.Fields(v), " ")
		}
		b.WriteString(name + ":" + strings.Join(values, ",") + "\n")
	}
	return b.String()
}

// uriEncode encodes everything but the unreserved characters (RFC 3986), as SigV4 requires.
func uriEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if ('A' <= c && c <= 'Z') || ('a' <= c && c <= 'z') || ('0' <= c && c <= '9') || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
