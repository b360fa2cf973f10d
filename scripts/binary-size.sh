#!/usr/bin/env bash
# The size the libraries add to an app, Linux figure: two release executables of a throwaway
# package outside the repository, built against this checkout, both stripped. `Router` composes
# the platform with CA and routes one link (DeepLinkComposition, DeepLinkCore, PlatformLinks, as an
# app uses them, README's AppLinks); `Hello` prints a string. The difference is what the libraries
# add to the executable. Both link the Swift runtime dynamically (libswiftCore, and Router also
# Foundation, which DeepLinkCore imports); those shared libraries are listed, not counted: on
# Apple platforms they are part of the system.
#
#   scripts/binary-size.sh             build (a release build of the libraries, a few minutes) and report
#   WORK=DIR scripts/binary-size.sh    keep the throwaway package in DIR (a second run reuses its build)
#   FLAGS='-Xswiftc …' scripts/binary-size.sh   build both with these extra `swift build` options
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${WORK:-$(mktemp -d)}
mkdir -p "$work/Sources/Hello" "$work/Sources/Router"
identity=$(basename "$repo" | tr '[:upper:]' '[:lower:]')

cat >"$work/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "SizeProbe",
  platforms: [.macOS(.v13)],
  dependencies: [.package(path: "$repo")],
  targets: [
    .executableTarget(name: "Hello", path: "Sources/Hello"),
    .executableTarget(
      name: "Router",
      dependencies: [
        .product(name: "DeepLinkComposition", package: "$identity"),
        .product(name: "DeepLinkCore", package: "$identity"),
        .product(name: "PlatformLinks", package: "$identity"),
      ],
      path: "Sources/Router"),
  ])
SWIFT

cat >"$work/Sources/Hello/main.swift" <<'SWIFT'
print("Hello, links")
SWIFT

cat >"$work/Sources/Router/main.swift" <<'SWIFT'
import DeepLinkComposition
import DeepLinkCore
import PlatformLinks

/// Shows screens by printing them, and is always signed in.
struct PrintingNavigator: Navigator, Session {
  @MainActor func show(_ destinations: [any LinkDestination]) { print(destinations) }
  @MainActor func confirm(_ link: DeepLink, completion: @escaping @Sendable (Bool) -> Void) { completion(true) }
  @MainActor var isSignedIn: Bool { true }
  @MainActor func signIn(completion: @escaping @Sendable (Bool) -> Void) { completion(true) }
}

let container = DependencyContainer()
container.register((any Navigator).self) { _ in PrintingNavigator() }
container.register((any Session).self) { _ in PrintingNavigator() }
let linker = try DeepLinkAssembly.makeDeepLinker(market: "CA", container: container)
print(linker.route("https://shop.example.ca/fr/panier"))
SWIFT

read -r -a flags <<<"${FLAGS:-}"
# ${flags[@]+…}: an empty list under `set -u` fails on bash before 4.4 (macOS's /bin/bash).
swift build -c release --package-path "$work" ${flags[@]+"${flags[@]}"} --product Hello >&2
swift build -c release --package-path "$work" ${flags[@]+"${flags[@]}"} --product Router >&2
bin=$(swift build -c release --package-path "$work" ${flags[@]+"${flags[@]}"} --show-bin-path)
strip -o "$work/Hello.stripped" "$bin/Hello"
strip -o "$work/Router.stripped" "$bin/Router"
"$work/Router.stripped" | grep -q true || { echo "binary-size: Router did not route its link" >&2; exit 1; }
hello=$(stat -c %s "$work/Hello.stripped")
router=$(stat -c %s "$work/Router.stripped")
printf 'Linux, %s, release, stripped (strip, %s)\n' "$(uname -m)" "$(swift --version 2>&1 | head -n 1)"
printf '%-44s %12d bytes\n' "Hello (prints a string)" "$hello"
printf '%-44s %12d bytes\n' "Router (composes CA, routes one link)" "$router"
printf '%-44s %12d bytes\n' "added by the libraries" "$((router - hello))"
echo "shared libraries Router loads that Hello does not (not counted):"
comm -13 <(ldd "$work/Hello.stripped" | awk '{print $1}' | sort) <(ldd "$work/Router.stripped" | awk '{print $1}' | sort) |
  sed 's/^/  /'
