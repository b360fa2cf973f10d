// swift-tools-version:6.0
import PackageDescription

/// The markets the app ships; each is `Markets/<ID>` with `Sources`, `Tests` and `Examples`.
/// Adding a market: one folder and one word here; the market catalogue is generated from this
/// list by `MarketCataloguePlugin`, so no platform file changes.
let markets = ["CA", "MX"]

let package = Package(
  name: "DeepLinkPlatform",
  // The floor is `Duration` and `ContinuousClock` (iOS 16, macOS 13); see Docs/Adoption.md.
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
  products: [
    // Every library an app or a market uses; each market's `Market<ID>` is added below.
    .library(name: "DeepLinkCore", targets: ["DeepLinkCore"]),
    .library(name: "DeepLinkNavigation", targets: ["DeepLinkNavigation"]),
    .library(name: "PlatformLinks", targets: ["PlatformLinks"]),
    .library(name: "DeepLinkComposition", targets: ["DeepLinkComposition"]),
    .library(name: "DeepLinkApple", targets: ["DeepLinkApple"]),
    .library(name: "DeepLinkTesting", targets: ["DeepLinkTesting"]),
    .executable(name: "deeplink-bench", targets: ["deeplink-bench"]),
    .executable(name: "deeplink", targets: ["deeplink"]),
  ],
  targets: [
    // MARK: Core — links, patterns, the compiled route table, the pipeline, plugin and barrier protocols.
    .target(name: "DeepLinkCore", path: "Sources/DeepLinkCore"),

    // MARK: Navigation models over the core — responder trees, deep-linkable modules, chained links.
    .target(name: "DeepLinkNavigation", dependencies: ["DeepLinkCore"], path: "Sources/DeepLinkNavigation"),

    // MARK: Platform — the default link catalogue, plugins, Navigator.
    .target(
      name: "PlatformLinks", dependencies: ["DeepLinkCore", "DeepLinkNavigation"], path: "Sources/PlatformLinks"),

    // MARK: Composition — the composer and the boundary checks (MarketComposition); the market
    // catalogue, the container and the assembly an app launches with (DeepLinkComposition), whose
    // build runs every check over every market (MarketCheckPlugin).
    .target(
      name: "MarketComposition", dependencies: ["DeepLinkCore", "PlatformLinks"], path: "Sources/MarketComposition"),
    .target(
      name: "DeepLinkComposition",
      dependencies: ["DeepLinkCore", "PlatformLinks", "MarketComposition"]
        + markets.map { .target(name: "Market\($0)") },
      path: "Sources/DeepLinkComposition",
      plugins: [.plugin(name: "MarketCataloguePlugin"), .plugin(name: "MarketCheckPlugin")]),
    // The catalogue's generator: Package.swift's market list → `MarketCatalogue+Generated.swift`.
    .plugin(
      name: "MarketCataloguePlugin", capability: .buildTool(), dependencies: ["MarketCatalogueGenerator"],
      path: "Plugins/MarketCataloguePlugin"),
    .executableTarget(name: "MarketCatalogueGenerator", path: "Sources/MarketCatalogueGenerator"),
    // Every composition check when DeepLinkComposition is built: a market mistake fails the build with one
    // error per problem at the market's file (Docs/AddingAMarket.md). A plugin's tool cannot use generated
    // code, so the checker names its markets with one compilation condition each (`MARKET_CA`).
    .plugin(
      name: "MarketCheckPlugin", capability: .buildTool(), dependencies: ["MarketChecker"],
      path: "Plugins/MarketCheckPlugin"),
    .executableTarget(
      name: "MarketChecker",
      dependencies: ["MarketComposition", "PlatformLinks"] + markets.map { .target(name: "Market\($0)") },
      path: "Sources/MarketChecker", swiftSettings: markets.map { .define("MARKET_\($0)") }),

    // MARK: Apple adapters — SwiftUI and UIKit entry points over Linux-tested logic.
    .target(name: "DeepLinkApple", dependencies: ["DeepLinkCore"], path: "Sources/DeepLinkApple"),

    // MARK: Testing helpers shared by every suite
    .target(
      name: "DeepLinkTesting",
      dependencies: ["DeepLinkCore", "PlatformLinks", "DeepLinkComposition", "AssociationMatchers"],
      path: "Sources/DeepLinkTesting"),
    // How iOS and Android decide whether a link opens the app, written from Apple's and Google's
    // documentation alone (not from the package's writers), so the two can be compared.
    .target(name: "AssociationMatchers", path: "Sources/AssociationMatchers"),

    // MARK: Tools
    // What the tools write, apart from their commands: the association-file writers, the link
    // catalogue and its QR encoder, and the escaper of each output format (JSON, markup, terminal
    // text). Not a product: only this package's executables and suites use it (Docs/Architecture.md).
    .target(
      name: "DeepLinkTools", dependencies: ["DeepLinkCore", "AssociationMatchers"], path: "Sources/DeepLinkTools"),
    .target(
      name: "DeepLinkCLI",
      dependencies: ["DeepLinkCore", "PlatformLinks", "DeepLinkComposition", "AssociationMatchers", "DeepLinkTools"],
      path: "Sources/DeepLinkCLI"),
    .executableTarget(
      name: "deeplink", dependencies: ["DeepLinkCore", "PlatformLinks", "DeepLinkComposition", "DeepLinkCLI"],
      path: "Sources/deeplink"),
    .executableTarget(
      name: "deeplink-bench", dependencies: ["DeepLinkCore", "PlatformLinks", "DeepLinkComposition", "DeepLinkTools"],
      path: "Sources/DeepLinkBenchmarks"),

    // MARK: Tests
    .testTarget(
      name: "DeepLinkCoreTests", dependencies: ["DeepLinkCore", "DeepLinkTesting"], path: "Tests/DeepLinkCoreTests"),
    .testTarget(
      name: "DeepLinkerTests", dependencies: ["DeepLinkCore", "DeepLinkTesting"], path: "Tests/DeepLinkerTests"),
    .testTarget(
      name: "CompositionTests",
      dependencies: ["DeepLinkComposition", "DeepLinkTesting", "PlatformLinks"]
        + markets.map { .target(name: "Market\($0)") },
      path: "Tests/CompositionTests"),
    .testTarget(
      name: "SecurityTests", dependencies: ["DeepLinkCore", "DeepLinkTesting", "DeepLinkComposition", "PlatformLinks"],
      path: "Tests/SecurityTests"),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "DeepLinkCLI", "DeepLinkTools", "deeplink", "DeepLinkComposition", "DeepLinkCore", "DeepLinkTesting",
      ],
      path: "Tests/CLITests"),
    .testTarget(
      name: "NavigationTests", dependencies: ["DeepLinkCore", "DeepLinkNavigation", "DeepLinkTesting"],
      path: "Tests/NavigationTests"),
    .testTarget(
      name: "DocExamplesTests",
      dependencies: [
        "DeepLinkApple", "DeepLinkCLI", "DeepLinkComposition", "DeepLinkCore", "DeepLinkNavigation", "DeepLinkTesting",
        "DeepLinkTools", "PlatformLinks", "deeplink-bench", .target(name: "MarketCA"),
      ],
      path: "Tests/DocExamplesTests"),
    .testTarget(
      name: "AssociationMatchersTests", dependencies: ["AssociationMatchers"], path: "Tests/AssociationMatchersTests"),
    .testTarget(
      name: "DeepLinkAppleTests", dependencies: ["DeepLinkApple", "DeepLinkCore", "DeepLinkTesting"],
      path: "Tests/DeepLinkAppleTests"),
  ]
)

// MARK: Markets — one library product, library target and test target per market, from the list above.
for id in markets {
  package.products.append(.library(name: "Market\(id)", targets: ["Market\(id)"]))
  package.targets += [
    .target(name: "Market\(id)", dependencies: ["DeepLinkCore", "PlatformLinks"], path: "Markets/\(id)/Sources"),
    .testTarget(
      name: "Market\(id)Tests",
      dependencies: [.target(name: "Market\(id)"), "DeepLinkComposition", "DeepLinkTesting", "PlatformLinks"],
      path: "Markets/\(id)/Tests"),
  ]
}

// Settings every target shares: Swift 6 language mode with complete concurrency checking.
// Plugins take no settings (SwiftPM refuses them); tools-version 6 builds them in Swift 6 mode.
for target in package.targets where target.type != .plugin {
  target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}
