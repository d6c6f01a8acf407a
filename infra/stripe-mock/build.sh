#!/bin/sh
# Builds stripe-mock (Stripe's OpenAPI-driven API stand-in) from the Go module proxy into ./bin.
# Pinned so every machine validates against the same snapshot of Stripe's API.
set -eu
VERSION="${STRIPE_MOCK_VERSION:-v0.203.0}"
here="$(cd "$(dirname "$0")" && pwd)"
if [ -x "$here/bin/stripe-mock" ] && [ "$(cat "$here/bin/.version" 2>/dev/null)" = "$VERSION" ]; then
  exit 0
fi
command -v go >/dev/null 2>&1 || { echo "stripe-mock: Go is not installed" >&2; exit 1; }
mkdir -p "$here/bin"
GOBIN="$here/bin" go install "github.com/stripe/stripe-mock@$VERSION"
printf '%s' "$VERSION" > "$here/bin/.version"
