#!/usr/bin/env bash
# Builds the container image and runs it for real (scripts/container/test.mjs says what is checked):
# the image alone, then compose.yaml's two instances on one PostgreSQL. Images come from Debian
# packages (scripts/container/base.sh), as no image registry is needed that way; podman's layer
# cache and the base images stay on the machine, so later runs rebuild only what changed.
#
# Skipped, with the reason, on a machine that cannot run containers; time-boxed by the caller
# (.ci/run). CONTAINER_TEST=skip skips it on purpose.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() {
  echo "container test skipped: $*"
  exit 0
}
[ "${CONTAINER_TEST:-}" = skip ] && skip "CONTAINER_TEST=skip"
[ "$(uname -s)" = Linux ] || skip "containers need Linux here"
[ "$(id -u)" = 0 ] || skip "podman runs rootful here (with runc); run as root"

if ! command -v podman >/dev/null || ! command -v mmdebstrap >/dev/null || ! command -v runc >/dev/null; then
  command -v apt-get >/dev/null || skip "podman, runc or mmdebstrap is missing and there is no apt-get to install them"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc mmdebstrap >/dev/null || skip "podman, runc or mmdebstrap could not be installed"
fi
export CONTAINERS_CONF=$PWD/scripts/container/containers.conf
podman info >/dev/null 2>&1 || skip "podman cannot run here: $(podman info 2>&1 | tail -n 1)"

export BUILD_IMAGE=${BUILD_IMAGE:-localhost/waybill-base:node20-build}
export BASE_IMAGE=${BASE_IMAGE:-localhost/waybill-base:node20}
export POSTGRES_IMAGE=${POSTGRES_IMAGE:-localhost/waybill-base:postgres}
export WAYBILL_IMAGE=${WAYBILL_IMAGE:-localhost/waybill:latest}

started=$SECONDS
scripts/container/base.sh
echo "base images: $((SECONDS - started)) s"

previous=$(podman image inspect "$WAYBILL_IMAGE" --format '{{.Id}}' 2>/dev/null || true)
started=$SECONDS
# --format docker keeps HEALTHCHECK (OCI image configs have none); chroot isolation builds
# without a nested container runtime.
podman build --quiet --isolation chroot --format docker --layers \
  --build-arg BUILD_IMAGE="$BUILD_IMAGE" --build-arg BASE_IMAGE="$BASE_IMAGE" \
  --tag "$WAYBILL_IMAGE" . >/dev/null
echo "image build: $((SECONDS - started)) s, $(podman image inspect "$WAYBILL_IMAGE" --format '{{.Size}}' | awk '{printf "%d MB", $1 / 1e6}')"
# The image this build replaced, if any, is dropped (its layers stay where the cache uses them).
current=$(podman image inspect "$WAYBILL_IMAGE" --format '{{.Id}}')
if [ -n "$previous" ] && [ "$previous" != "$current" ]; then podman rmi "$previous" >/dev/null 2>&1 || true; fi

node scripts/container/test.mjs
