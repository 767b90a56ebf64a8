#!/usr/bin/env bash
# Build the C# SDK with Debian's Mono (no NuGet, no dotnet needed): the library, the conformance runner and the
# unit-test harness, into clients/csharp/build/ (git-ignored). Installs Mono with apt-get when mcs is missing.
#   bash clients/csharp/build.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/build"
mkdir -p "$out"
# Test files run in parallel may each call this script: one at a time (apt-get too), and each output replaced by a
# rename, so a mono process already running an older build keeps reading the file it opened.
exec 9>"$out/.build.lock"
flock 9

mono_packages=(mono-mcs mono-runtime libmono-system-net-http4.0-cil libmono-system-runtime-serialization4.0-cil)
if ! command -v mcs >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "build.sh: mcs not found; install Mono first (Debian/Ubuntu: sudo apt-get install ${mono_packages[*]})" >&2
    exit 1
  fi
  echo "build.sh: mcs not found; installing Mono from apt" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${mono_packages[@]}" >/dev/null
fi

staging="$(mktemp -d "$out/.staging.XXXXXX")"
trap 'rm -rf "$staging"' EXIT
# C# 7.2 is the newest mcs accepts; the library stays within it, and within .NET Standard 2.1 APIs, so Unity
# (C# 9) compiles the same files. Warnings are errors so a sloppy change fails here, not in a Unity project.
flags=(-langversion:7.2 -warn:4 -warnaserror -debug -nologo)
cd "$here"
mcs "${flags[@]}" -target:library -out:"$staging/Cardrules.Client.dll" \
  -r:System.Net.Http -r:System.Runtime.Serialization -recurse:'src/*.cs'
mcs "${flags[@]}" -target:exe -out:"$staging/Conformance.exe" -r:"$staging/Cardrules.Client.dll" conformance/*.cs
mcs "${flags[@]}" -target:exe -out:"$staging/UnitTests.exe" -r:"$staging/Cardrules.Client.dll" \
  -r:"$staging/Conformance.exe" -r:System.Net.Http tests/*.cs
for built in "$staging"/*; do mv -f "$built" "$out/"; done
echo "build.sh: built $out/Cardrules.Client.dll, Conformance.exe, UnitTests.exe"
