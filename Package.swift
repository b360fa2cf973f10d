// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "DeepLinkPlatform",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "DeepLinkCore", targets: ["DeepLinkCore"]),
    .library(name: "DeepLinkTesting", targets: ["DeepLinkTesting"]),
    .executable(name: "deeplink-bench", targets: ["deeplink-bench"]),
  ],
  targets: [
    // MARK: Core — link parsing, route patterns, the compiled route table.
    .target(name: "DeepLinkCore", path: "Sources/DeepLinkCore"),

    // MARK: Testing helpers shared by every suite
    .target(name: "DeepLinkTesting", dependencies: ["DeepLinkCore"], path: "Sources/DeepLinkTesting"),

    // MARK: Tools
    .executableTarget(
      name: "deeplink-bench", dependencies: ["DeepLinkCore"], path: "Sources/DeepLinkBenchmarks"),

    // MARK: Tests
    .testTarget(
      name: "DeepLinkCoreTests", dependencies: ["DeepLinkCore", "DeepLinkTesting"], path: "Tests/DeepLinkCoreTests"),
    .testTarget(
      name: "DeepLinkerTests", dependencies: ["DeepLinkCore", "DeepLinkTesting"], path: "Tests/DeepLinkerTests"),
    .testTarget(
      name: "SecurityTests", dependencies: ["DeepLinkCore", "DeepLinkTesting"], path: "Tests/SecurityTests"),
  ]
)

// Settings every target shares: Swift 6 language mode with complete concurrency checking.
for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}
