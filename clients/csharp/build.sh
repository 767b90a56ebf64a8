#!/usr/bin/env bash
# Build the C# SDK with Debian's Mono (no NuGet, no dotnet needed): the library, the conformance runner and the
# unit-test harness, into clients/csharp/build/ (git-ignored). Installs Mono with apt-get when mcs is missing.
#   bash clients/csharp/build.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/build"

if ! command -v mcs >/dev/null 2>&1; then
  echo "build.sh: mcs not found; installing Mono from apt" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq mono-mcs mono-runtime libmono-system-net-http4.0-cil \
    libmono-system-runtime-serialization4.0-cil >/dev/null
fi

mkdir -p "$out"
# C# 7.2 is the newest mcs accepts; the library stays within it, and within .NET Standard 2.1 APIs, so Unity
# (C# 9) compiles the same files. Warnings are errors so a sloppy change fails here, not in a Unity project.
flags=(-langversion:7.2 -warn:4 -warnaserror -debug -nologo)
cd "$here"
mcs "${flags[@]}" -target:library -out:"$out/Cardrules.Client.dll" \
  -r:System.Net.Http -r:System.Runtime.Serialization -recurse:'src/*.cs'
mcs "${flags[@]}" -target:exe -out:"$out/Conformance.exe" -r:"$out/Cardrules.Client.dll" conformance/*.cs
mcs "${flags[@]}" -target:exe -out:"$out/UnitTests.exe" -r:"$out/Cardrules.Client.dll" -r:"$out/Conformance.exe" \
  -r:System.Net.Http tests/*.cs
echo "build.sh: built $out/Cardrules.Client.dll, Conformance.exe, UnitTests.exe"
