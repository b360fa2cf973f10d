import Foundation
import MarketComposition
import PlatformLinks

/// Every composition check, run when the composition target is built (`MarketCheckPlugin`).
///
/// Usage: `MarketChecker OUTPUT [--market=ID]… [--source=ID=FILE]…`. Composes the platform alone
/// and every market of `--market`, in that order (Package.swift's list); prints each problem as
/// `FILE:LINE:COLUMN: error: MESSAGE` (the form SwiftPM and Xcode show as a build error) at the
/// market's file and exits 1; with no problem, writes OUTPUT: what was checked, by market.
enum MarketCheck {
  static func main(markets available: [String: any MarketModule]) -> Never {
    var arguments = CommandLine.arguments.dropFirst()
    guard let output = arguments.popFirst() else {
      fail("usage: MarketChecker OUTPUT [--market=ID]… [--source=ID=FILE]…")
    }
    var order: [String] = []
    var sources: [String: [String]] = [:]
    for argument in arguments {
      if let id = argument.value(of: "--market=") {
        order.append(id)
      } else if let source = argument.value(of: "--source="), let separator = source.firstIndex(of: "=") {
        sources[String(source[..<separator]), default: []].append(String(source[source.index(after: separator)...]))
      }
    }
    var catalogue: [any MarketModule] = []
    for id in order {
      guard let market = available[id] else {
        fail(
          "error: market `\(id)` of Package.swift's `markets` list: a market's identifier is two uppercase letters "
            + "(an ISO 3166-1 country code such as CA, or a user-assigned one such as ZZ), its target Market\(id) "
            + "and its type \(id)Market; rename the folder and the word")
      }
      guard market.id == id else {
        fail(
          "error: market \(id)'s type \(id)Market (target Market\(id)) has the identifier `\(market.id)`; "
            + "a market's identifier is the word of Package.swift's `markets` list and the name of its folder")
      }
      catalogue.append(market)
    }

    let composer = MarketComposer(catalogue: catalogue)
    let report = MarketCheckReport(sources: sources)
    let problems = composer.buildCheckProblems()
    guard problems.isEmpty else {
      for problem in problems { printError(report.diagnostic(for: problem)) }
      fail("error: \(problems.count) composition problem\(problems.count == 1 ? "" : "s"); see Docs/AddingAMarket.md")
    }
    let source = composer.checkedDeclarationsSource()
    // Rewritten only on change, so the composition target is not compiled again for nothing.
    if (try? String(contentsOfFile: output, encoding: .utf8)) != source {
      do {
        try source.write(toFile: output, atomically: true, encoding: .utf8)
      } catch {
        fail("error: MarketChecker cannot write \(output): \(error)")
      }
    }
    exit(0)
  }

  private static func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  private static func fail(_ line: String) -> Never {
    printError(line)
    exit(1)
  }
}

extension String {
  /// The rest of the argument after `prefix`, if it starts with it.
  fileprivate func value(of prefix: String) -> String? {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
  }
}
