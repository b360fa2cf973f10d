// swift-tools-version:6.0
import PackageDescription

/// The example app's link layer, as an app package would write it: it depends on
/// DeepLinkPlatform by path and uses its products only. CI builds and tests it (`.ci/run`).
let package = Package(
  name: "ShopApp",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "ShopAppLinks", targets: ["ShopAppLinks"])
  ],
  dependencies: [
    // Named, so the products resolve whatever the checkout's folder is called.
    .package(name: "DeepLinkPlatform", path: "../..")
  ],
  targets: [
    .target(
      name: "ShopAppLinks",
      dependencies: [
        .product(name: "DeepLinkApple", package: "DeepLinkPlatform"),
        .product(name: "DeepLinkComposition", package: "DeepLinkPlatform"),
        .product(name: "DeepLinkCore", package: "DeepLinkPlatform"),
        .product(name: "DeepLinkNavigation", package: "DeepLinkPlatform"),
        .product(name: "PlatformLinks", package: "DeepLinkPlatform"),
      ]),
    .testTarget(
      name: "ShopAppLinksTests",
      dependencies: [
        "ShopAppLinks",
        .product(name: "DeepLinkApple", package: "DeepLinkPlatform"),
        .product(name: "DeepLinkCore", package: "DeepLinkPlatform"),
        .product(name: "DeepLinkNavigation", package: "DeepLinkPlatform"),
        .product(name: "DeepLinkTesting", package: "DeepLinkPlatform"),
        .product(name: "PlatformLinks", package: "DeepLinkPlatform"),
      ]),
  ]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}
