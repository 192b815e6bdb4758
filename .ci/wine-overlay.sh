#!/usr/bin/env bash
# Prints the path of a `go build -overlay` file for Windows binaries that run
# under Wine 8 (Debian 12's). Go 1.26 deletes a file in an os.Root (and in
# os.RemoveAll, t.TempDir's cleanup) with NtSetInformationFile's
# FileDispositionInformationEx, which Wine 8 answers STATUS_NOT_IMPLEMENTED;
# Go falls back to the older call for the statuses Windows gives when it
# lacks the class, and this adds Wine's to that list. It changes only the
# test binaries and the clada.exe CI runs under Wine, never a release.
#
#   overlay=$(.ci/wine-overlay.sh DIR)
#   GOOS=windows go test -overlay "$overlay" -exec "$wrapper" ./engine/...
set -euo pipefail
dir=${1:?usage: wine-overlay.sh DIR}
src=$(go env GOROOT)/src/internal/syscall/windows/at_windows.go
mkdir -p "$dir"
sed 's|^\(\t*\)STATUS_NOT_SUPPORTED: *// the file system|\1NTStatus(0xC0000002), // STATUS_NOT_IMPLEMENTED: Wine 8 lacks FileDispositionInformationEx\n&|' "$src" >"$dir/at_windows.go"
if cmp -s "$src" "$dir/at_windows.go"; then
  echo "wine-overlay: Deleteat's fallback list not found in $src (Go changed it); update .ci/wine-overlay.sh" >&2
  exit 1
fi
printf '{"Replace":{"%s":"%s"}}\n' "$src" "$dir/at_windows.go" >"$dir/overlay.json"
echo "$dir/overlay.json"
