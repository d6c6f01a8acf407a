#!/usr/bin/env bash
# Builds the embedded database engine once: PostgreSQL 15 (Debian) with FerretDB's DocumentDB
# extension, from the source archives in ../shared/vendor, into a private PostgreSQL tree
#   <cache>/documentdb-<version>-pg15-<arch>/pg/lib/postgresql/15/bin/postgres
# which finds its extensions beside itself (PostgreSQL resolves share/ and lib/ relative to its
# binary), so nothing is written to the system's PostgreSQL folders. Prints the tree's path.
# The Debian packages it needs are installed when run as root (see `debian_packages`).
set -euo pipefail

version=0.106.0-ferretdb-2.5.0
here="$(cd "$(dirname "$0")" && pwd)"
vendor="${TOOLSHOP_VENDOR:-$(cd "$here/../../.." && pwd)/shared/vendor}"
# Root's home is closed to the `postgres` user that runs the server, so root caches in /var/cache.
if [ "$(id -u)" = 0 ]; then default_cache=/var/cache/toolshop; else default_cache="${XDG_CACHE_HOME:-$HOME/.cache}/toolshop"; fi
cache="${TOOLSHOP_CACHE:-$default_cache}"
out="$cache/documentdb-$version-pg15-$(uname -m)"
tree="$out/pg"

if [ -f "$out/.complete" ]; then echo "$tree"; exit 0; fi
# One build at a time (test suites start databases in parallel); a waiter then finds it done.
mkdir -p "$cache"
exec 9>"$cache/.build.lock"
flock 9
if [ -f "$out/.complete" ]; then echo "$tree"; exit 0; fi

debian_packages=(postgresql-15 postgresql-contrib postgresql-server-dev-15 postgresql-15-cron
  postgresql-15-postgis-3 postgresql-15-rum libpcre2-dev libintelrdfpmath-dev cmake pkg-config
  make gcc g++ libssl-dev libkrb5-dev patchelf)
missing=()
for p in "${debian_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "[database] missing Debian packages; run: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
  echo "[database] installing Debian packages: ${missing[*]}" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

for archive in "documentdb-$version" pgvector-0.8.0 mongo-c-driver-1.28.1; do
  [ -f "$vendor/$archive.tar.gz" ] || { echo "[database] $vendor/$archive.tar.gz is missing" >&2; exit 1; }
done

echo "[database] building DocumentDB $version for PostgreSQL 15 into $out (once, several minutes)" >&2
rm -rf "$out" && mkdir -p "$out/src" "$out/deps"
jobs=$(nproc)
set +e
(
  set -e
  exec >"$out/build.log" 2>&1
  cd "$out/src"
  for archive in "documentdb-$version" pgvector-0.8.0 mongo-c-driver-1.28.1; do
    mkdir -p "$archive" && tar xzf "$vendor/$archive.tar.gz" -C "$archive" --strip-components=1
  done

  # libbson 1.28, static and position independent (Debian 12 has 1.23).
  cmake -S mongo-c-driver-1.28.1 -B mongo-c-driver-1.28.1/build -DENABLE_MONGOC=OFF \
    -DENABLE_TESTS=OFF -DENABLE_EXAMPLES=OFF -DENABLE_STATIC=ON -DENABLE_SHARED=OFF \
    -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$out/deps"
  cmake --build mongo-c-driver-1.28.1/build -j "$jobs" --target install

  # Debian's Intel decimal library, call by value without global state: libbidgcc000.
  mkdir -p "$out/deps/pkgconfig"
  printf '%s\n' 'Name: intelmathlib' 'Description: Intel decimal floating point' 'Version: 2.0' \
    'Cflags:' 'Libs: -lbidgcc000' >"$out/deps/pkgconfig/intelmathlib.pc"
  export PKG_CONFIG_PATH="$out/deps/pkgconfig:$out/deps/lib/pkgconfig:$out/deps/lib64/pkgconfig"

  # The private tree: Debian's PostgreSQL 15 with its extensions (contrib, pg_cron, PostGIS, RUM).
  mkdir -p "$tree/lib/postgresql" "$tree/share/postgresql"
  cp -a /usr/lib/postgresql/15 "$tree/lib/postgresql/"
  cp -a /usr/share/postgresql/15 "$tree/share/postgresql/"

  make -C pgvector-0.8.0 -j "$jobs" OPTFLAGS=""
  make -C pgvector-0.8.0 install DESTDIR="$out/stage"
  make -C "documentdb-$version/pg_documentdb_core" -j "$jobs"
  make -C "documentdb-$version/pg_documentdb_core" install DESTDIR="$out/stage"
  make -C "documentdb-$version/pg_documentdb" -j "$jobs"
  make -C "documentdb-$version/pg_documentdb" install DESTDIR="$out/stage"
  # pg_documentdb.so links pg_documentdb_core.so: find it beside itself, not in /usr.
  patchelf --set-rpath '$ORIGIN' "$out"/stage/usr/lib/postgresql/15/lib/pg_documentdb*.so
  cp -a "$out/stage/usr/lib/postgresql/15/lib/." "$tree/lib/postgresql/15/lib/"
  cp -a "$out/stage/usr/share/postgresql/15/extension/." "$tree/share/postgresql/15/extension/"
)
built=$?
set -e
if [ $built != 0 ]; then
  echo "[database] the build failed; its log: $out/build.log" >&2
  tail -30 "$out/build.log" >&2
  exit 1
fi
rm -rf "$out/src" "$out/stage"
touch "$out/.complete"
echo "$tree"
