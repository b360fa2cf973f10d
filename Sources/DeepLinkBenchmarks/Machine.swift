import Foundation

/// A description of the machine for the output header.
enum Machine {
  /// The CPU model from `/proc/cpuinfo`, or `unknown CPU`.
  static var cpu: String {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
    for line in info.split(separator: "\n") where line.hasPrefix("model name") {
      if let colon = line.firstIndex(of: ":") {
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    }
    return "unknown CPU"
  }

  /// The operating system.
  static var system: String {
    #if os(Linux)
      "Linux " + ProcessInfo.processInfo.operatingSystemVersionString
    #else
      ProcessInfo.processInfo.operatingSystemVersionString
    #endif
  }
}
