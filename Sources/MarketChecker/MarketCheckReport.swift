import Foundation
import MarketComposition
import PlatformLinks

/// Where a composition problem is shown: the line of the market's source that declares what the
/// problem names, found by its pattern, else the first line of the market's first file.
struct MarketCheckReport {
  /// Each market's source files, by market identifier.
  var sources: [String: [String]]

  /// The problem as one diagnostic line, `FILE:LINE:1: error: MESSAGE`, or `error: MESSAGE`
  /// when the problem names no market with known files.
  func diagnostic(for problem: CompositionProblem) -> String {
    let message = problem.description
    guard let market = problem.market, let files = sources[market], let first = files.first else {
      return "error: \(message)"
    }
    let (file, line) = location(of: problem, in: files) ?? (first, 1)
    return "\(file):\(line):1: error: \(message)"
  }

  /// The first line, in `files`, holding one of the texts the problem is about (its
  /// declaration's pattern, or the path of it a web path writes), quoted as a string literal.
  private func location(of problem: CompositionProblem, in files: [String]) -> (String, Int)? {
    let keys = problem.declarationTexts.flatMap(Self.searchKeys(for:))
    guard !keys.isEmpty else { return nil }
    for key in keys {
      for file in files {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.contains("\"\(key)\"") || line.contains("\"\(key)?") {
          return (file, index + 1)
        }
      }
    }
    return nil
  }

  /// The texts a declaration may be written as in a market's source: the pattern itself and,
  /// for a link on a host, its path (a web path is written without its host).
  static func searchKeys(for declaration: String) -> [String] {
    var keys = [declaration]
    if let scheme = declaration.range(of: "://") {
      let rest = declaration[scheme.upperBound...]
      if let slash = rest.firstIndex(of: "/") {
        let path = String(rest[slash...])
        keys.append(path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path)
      }
    }
    return keys
  }
}
