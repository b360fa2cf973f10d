// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "DeepLinkPlatform",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "DeepLinkCore", targets: ["DeepLinkCore"])
  ],
  targets: [
    // MARK: Core — link parsing, route patterns, the compiled route table.
    .target(name: "DeepLinkCore", path: "Sources/DeepLinkCore"),

    // MARK: Tests
    .testTarget(name: "DeepLinkCoreTests", dependencies: ["DeepLinkCore"], path: "Tests/DeepLinkCoreTests"),
  ]
)

// Settings every target shares: Swift 6 language mode with complete concurrency checking.
for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}
