import PackagePlugin

/// Generates `MarketCatalogue+Generated.swift` for the composition target from the markets it
/// depends on (`Market<ID>`, one per word of Package.swift's `markets` list), so adding a
/// market edits no platform file.
@main
struct MarketCataloguePlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let markets = target.dependencies.compactMap { dependency -> String? in
      guard case .target(let market) = dependency, market.name.hasPrefix("Market"), market.name.count > 6 else {
        return nil
      }
      return String(market.name.dropFirst("Market".count))
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
