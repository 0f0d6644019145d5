#!/usr/bin/env bash
# Makes the base images the Dockerfile takes as build arguments, and a PostgreSQL image for
# compose.yaml, from Debian packages, for a machine that reaches Debian's archive but no registry:
#   localhost/waybill-base:node20-build  Node 20, npm and the toolchain node-gyp needs (BUILD_IMAGE)
#   localhost/waybill-base:node20        Node 20 alone (BASE_IMAGE)
#   localhost/waybill-base:postgres      PostgreSQL, with the upstream image's settings (POSTGRES_IMAGE),
#                                        on localhost/waybill-base:postgres-debian (the packages)
# Debian trixie's nodejs is a Node 20 (20.19). An image that exists already is kept: remove it
# (podman rmi) to make it again. Certificate authorities the machine added itself
# (/usr/local/share/ca-certificates, e.g. a proxy's) are trusted inside too.
set -euo pipefail

SUITE=${WAYBILL_BASE_SUITE:-trixie}
MIRROR=${WAYBILL_BASE_MIRROR:-http://deb.debian.org/debian}
BUILD_IMAGE=localhost/waybill-base:node20-build
BASE_IMAGE=localhost/waybill-base:node20
POSTGRES_IMAGE=localhost/waybill-base:postgres
HERE=$(cd "$(dirname "$0")" && pwd)

# Documentation, manual pages and translations are left out of both images.
SLIM=(--dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*'
      --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*')
CA=()
if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
  CA=(--customize-hook='copy-in /usr/local/share/ca-certificates /usr/local/share'
      --customize-hook='chroot "$1" update-ca-certificates')
fi

make_image() {
  local name=$1 packages=$2
  shift 2
  if podman image exists "$name"; then
    echo "base image $name: present"
    return
  fi
  local started=$SECONDS ca=()
  [[ ,$packages, == *,ca-certificates,* ]] && ca=("${CA[@]}")
  # "essential": only the packages Debian marks essential, plus these and what they depend on.
  # A failed mmdebstrap still hands podman an (empty) archive: that image must not stay.
  if ! mmdebstrap --quiet --variant=essential --include="$packages" "${SLIM[@]}" "${ca[@]}" "$SUITE" - "$MIRROR" \
    | podman import --quiet "$@" - "$name" >/dev/null; then
    podman rmi --force "$name" >/dev/null 2>&1 || true
    echo "base image $name: could not be made" >&2
    return 1
  fi
  echo "base image $name: made in $((SECONDS - started)) s"
}

# The three at once: making one is mostly waiting for downloads.
# Debian's node-gyp compiles against the headers of libnode-dev in /usr/include/node.
make_image "$BUILD_IMAGE" nodejs,npm,libnode-dev,g++,make,python3,ca-certificates --change 'ENV npm_config_nodedir=/usr' --change 'CMD ["node"]' &
build=$!
make_image "$BASE_IMAGE" nodejs,ca-certificates --change 'CMD ["node"]' &
base=$!
make_image "$POSTGRES_IMAGE-debian" postgresql,util-linux &
postgres=$!
wait $build && wait $base && wait $postgres
# The entry point is a layer of its own: changing it does not make the packages again.
podman build --quiet --isolation chroot --format docker --build-arg BASE="$POSTGRES_IMAGE-debian" \
  --tag "$POSTGRES_IMAGE" --file "$HERE/postgres.Containerfile" "$HERE" >/dev/null
