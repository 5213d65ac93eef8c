#!/usr/bin/env bash
# Installs Debian's PACKAGE… where any is missing (apt-get, as root): what the build and test
# scripts need from Debian. Not root and a package missing: says which, and fails.
#
#   scripts/debian-install.sh WHO PACKAGE…     # WHO names the caller in its messages
set -euo pipefail
who=$1
shift
if dpkg -s "$@" >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "$who: needs Debian's $* (apt-get install -y $*)" >&2
    exit 1
fi
echo "$who: installing Debian's $* (apt-get)" >&2
apt-get -o DPkg::Lock::Timeout=600 update -qq
DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$@" >/dev/null
