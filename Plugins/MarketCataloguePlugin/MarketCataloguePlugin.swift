import PackagePlugin

/// Generates `MarketCatalogue+Generated.swift` for the composition target from the markets it
/// depends on (`Market<ID>`, one per word of Package.swift's `markets` list), so adding a
/// market edits no platform file.
@main
struct MarketCataloguePlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let markets = target.dependencies.compactMap { dependency -> String? in
      // A market's target is `Market<ID>`, its identifier uppercase letters (MarketComposition is not one).
      guard case .target(let market) = dependency, market.name.hasPrefix("Market") else { return nil }
      let id = market.name.dropFirst("Market".count)
      return !id.isEmpty && id.allSatisfy { $0.isASCII && $0.isUppercase } ? String(id) : nil
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "MarketCatalogue+Generated.swift")
    return [
      .buildCommand(
        displayName: "Generating the market catalogue (\(markets.joined(separator: ", ")))",
        executable: try context.tool(named: "MarketCatalogueGenerator").url,
        arguments: [output.path] + markets,
        outputFiles: [output])
    ]
  }
}
