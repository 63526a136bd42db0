#!/usr/bin/env bash
# Installs the .deb into a scratch root (dpkg -x: no root, nothing touches the system), then runs
# the installed launcher headless: `gpulab run article --json` must exit 0 with the article's eight
# checks passed and none failed. Then it does what postinst does after that (the class-data-sharing
# archive) and runs the launcher again with -Xshare:on, which makes the JVM refuse to start unless it
# really maps that archive. Usage: installers/check-installed.sh [PACKAGE.deb]
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
deb="${1:-$(ls "$HERE"/target*/jpackage/deb/gpulab_*.deb 2>/dev/null | head -n 1)}"
fail() { echo "check-installed: FAIL: $*" >&2; exit 1; }
[ -n "$deb" ] && [ -f "$deb" ] || fail "no .deb found; build it with ./mvnw -Pinstallers -DskipTests package"
command -v dpkg-deb >/dev/null || fail "dpkg-deb is needed to unpack the package"

root="$(mktemp -d "${TMPDIR:-/tmp}/gpulab-deb.XXXXXX")"
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"
launcher="$root/opt/gpulab/bin/gpulab"
[ -x "$launcher" ] || fail "the package has no launcher at /opt/gpulab/bin/gpulab"
[ -f "$root/opt/gpulab/lib/gpulab-gpulab.desktop" ] || fail "the package has no desktop entry"
[ -f "$root/opt/gpulab/lib/gpulab.png" ] || fail "the package has no icon"
# jpackage's native Linux launcher runs `dpkg -S` on itself at every start; the package ships the script
[ "$(head -c 2 "$launcher")" = "#!" ] || fail "bin/gpulab is jpackage's native launcher, not src/linux-launcher/gpulab"

out="$root/run.json"
set +e
# empty caches: the installed app must not depend on anything a developer machine has there
HOME="$root/home" XDG_CACHE_HOME="$root/cache" "$launcher" run article --json >"$out" 2>"$root/run.err"
rc=$?
set -e
[ "$rc" -eq 0 ] || { cat "$root/run.err" >&2; fail "gpulab run article --json exited with $rc"; }
summary="$(tr -d ' \n' <"$out" | grep -o '"summary":{[^}]*}' || true)"
passed="$(echo "$summary" | sed -n 's/.*"passed":\([0-9]*\).*/\1/p')"
failed="$(echo "$summary" | sed -n 's/.*"failed":\([0-9]*\).*/\1/p')"
[ "$passed" = 8 ] && [ "$failed" = 0 ] || fail "expected 8 passed and 0 failed checks, got: ${summary:-no summary}"

sh "$root/opt/gpulab/lib/app/gpulab-cds.sh" || fail "postinst's gpulab-cds.sh failed"
[ -s "$root/opt/gpulab/lib/app/gpulab.jsa" ] || fail "gpulab-cds.sh wrote no archive"
# the script launcher starts the `java` launcher, which adds JDK_JAVA_OPTIONS to the installed options
HOME="$root/home" XDG_CACHE_HOME="$root/cache" JDK_JAVA_OPTIONS="-Xshare:on" \
  "$launcher" run article --json >"$out" 2>"$root/run.err" \
  || { cat "$root/run.err" >&2; fail "the launcher cannot use the archive postinst makes"; }
echo "check-installed: OK: $(basename "$deb") unpacked, installed launcher ran the article lab: 8/8 checks passed;" \
  "with postinst's class-data-sharing archive too"
