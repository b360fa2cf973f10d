import Foundation
import PackagePlugin

/// Runs every composition check when the composition target is built: `MarketChecker` composes
/// the platform alone and each market the target depends on (`Market<ID>`, one per word of
/// Package.swift's `markets` list, in its order) and fails the build with one error per problem,
/// at the market's file. What it checked is written to `MarketChecks+Generated.swift`, which the
/// target compiles, so a launch composes without checking again.
@main
struct MarketCheckPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    var arguments: [String] = []
    for dependency in target.dependencies {
      // A market's target is `Market<ID>`, its identifier uppercase letters (MarketComposition is not one).
      guard case .target(let market) = dependency, market.name.hasPrefix("Market") else { continue }
      let id = String(market.name.dropFirst("Market".count))
      guard !id.isEmpty, id.allSatisfy({ $0.isASCII && $0.isUppercase }) else { continue }
      arguments.append("--market=\(id)")
      let files = market.sourceModule.map { Array($0.sourceFiles(withSuffix: "swift")) } ?? []
      arguments += files.map { "--source=\(id)=\($0.url.path)" }
    }
    // Every Swift file the checker's verdict depends on: the platform's and each market's.
    let inputs = target.recursiveTargetDependencies.flatMap { dependency -> [URL] in
      dependency.sourceModule.map { Array($0.sourceFiles(withSuffix: "swift")).map(\.url) } ?? []
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "MarketChecks+Generated.swift")
    return [
      .buildCommand(
        displayName: "Checking every market against the platform and each other",
        executable: try context.tool(named: "MarketChecker").url,
        arguments: [output.path] + arguments,
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
