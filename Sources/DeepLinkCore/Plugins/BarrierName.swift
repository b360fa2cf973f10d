/// How a route, a plugin or the configuration refers to a barrier: the name it is installed
/// under.
///
/// A string literal is a barrier name (`barriers: ["authentication"]`); the platform's reserved
/// names are static members in `PlatformLinks` (`.authentication`, `.confirmation`). A route
/// that names a barrier nobody installed is a configuration error when the configuration is
/// compiled; an opaque plugin whose answer names one is skipped when the link is decided (the
/// link is `notFound`, reason `unknownBarrier`, unless another candidate takes it).
///
/// ```swift
/// try linker.addRoute("/checkout", barriers: ["authentication"]) { _, _ in true }
/// ```
public struct BarrierName: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The name as written.
  public let rawValue: String

  /// The barrier named `rawValue`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// The barrier named `name`.
  package init(_ name: String) {
    self.rawValue = name
  }

  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  package static func < (lhs: BarrierName, rhs: BarrierName) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The name as written: what the CLI, telemetry and errors print.
  public var description: String { rawValue }
}
