import Foundation
import Testing

/// Runs the built `deeplink` binary as a process, as a user would.
struct ToolProcess {
  /// What a run printed and how it exited.
  struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  /// The built binary: next to the test bundle (`swift test` builds it, the test target depends on it).
  static let executable: URL = {
    var candidates: [URL] = []
    let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    candidates.append(bundleDirectory.appendingPathComponent("deeplink"))
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("deeplink"))
    candidates.append(Bundle.main.bundleURL.appendingPathComponent("deeplink"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
  }()

  /// The repository root, for `Docs/Examples`.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Runs `deeplink arguments…` in `directory` (the repository by default), feeding `input` on standard input.
  static func run(_ arguments: [String], input: Data? = nil, directory: URL? = nil) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? repository
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    // Read both pipes while the process runs, so a large output cannot block it.
    let group = DispatchGroup()
    nonisolated(unsafe) var outputData = Data()
    nonisolated(unsafe) var errorData = Data()
    DispatchQueue.global().async(group: group) { outputData = output.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: group) { errorData = error.fileHandleForReading.readDataToEndOfFile() }
    if let input { standardInput.fileHandleForWriting.write(input) }
    try standardInput.fileHandleForWriting.close()
    process.waitUntilExit()
    group.wait()
    return Result(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self))
  }

  /// Each output line parsed as a JSON object.
  static func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
  }
}
