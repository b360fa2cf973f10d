import DeepLinkTools
import Foundation

/// What one benchmark section contributes to the output.
struct SectionReport {
  /// The section's key in the `--json` object (`lookup`, `parse`, …).
  let key: String
  /// The section's value in the `--json` object.
  let json: JSON
  /// The section's lines in the readable table.
  let lines: [String]
  /// The goals the section checks.
  let goals: [Goal]
}

/// A performance goal and whether this run met it.
struct Goal {
  /// How a goal's limit follows a slower or faster machine (`--reference`).
  enum Scaling {
    /// A share or a size: the same on every machine.
    case none
    /// A time limit: multiplied by the machine's scale.
    case time
    /// A rate floor: divided by the machine's scale.
    case rate
  }

  /// Which goal (`(a) lookup ≤ 150 ns at 100,000 routes`).
  let name: String
  /// The measured figure, as shown.
  let measured: String
  let met: Bool
  /// The figure and its nominal limit, in the same unit, for a goal that scales.
  let value: Double
  let limit: Double
  let scaling: Scaling

  /// A goal that does not scale, or a failed measurement.
  init(name: String, measured: String, met: Bool) {
    self.name = name
    self.measured = measured
    self.met = met
    value = .nan
    limit = .nan
    scaling = .none
  }

  private init(name: String, measured: String, value: Double, limit: Double, scaling: Scaling) {
    self.name = name
    self.measured = measured
    self.value = value
    self.limit = limit
    self.scaling = scaling
    met = scaling == .rate ? value >= limit : value <= limit
  }

  /// A time goal: met when `value` is at most `limit`.
  static func time(_ name: String, measured: String, value: Double, limit: Double) -> Goal {
    Goal(name: name, measured: measured, value: value, limit: limit, scaling: .time)
  }

  /// A rate goal: met when `value` is at least `limit`.
  static func rate(_ name: String, measured: String, value: Double, limit: Double) -> Goal {
    Goal(name: name, measured: measured, value: value, limit: limit, scaling: .rate)
  }

  /// The limit on a machine `scale` times slower than the one the goals were set on.
  func scaledLimit(_ scale: Double) -> Double? {
    switch scaling {
    case .none: return nil
    case .time: return limit * scale
    case .rate: return limit / scale
    }
  }

  /// A limit in the goal's unit: nanoseconds for a time, links per second for a rate.
  func format(limit: Double) -> String {
    scaling == .rate ? String(format: "%.0f links/s", limit) : Format.time(limit)
  }

  /// Whether the goal is met against its limit scaled by `scale`; a goal that does not scale is
  /// judged as it is.
  func met(scale: Double) -> Bool {
    switch scaling {
    case .none: return met
    case .time: return value <= limit * scale
    case .rate: return value >= limit / scale
    }
  }
}

/// A minimal JSON value that renders its object keys in the order given; strings are quoted by the
/// tools' one JSON escaper (``JSONWriter``).
indirect enum JSON {
  case bool(Bool)
  case int(Int)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  var rendered: String {
    switch self {
    case .bool(let value): return value ? "true" : "false"
    case .int(let value): return String(value)
    case .number(let value): return value.isFinite ? String((value * 100).rounded() / 100) : "null"
    case .string(let value): return JSONWriter.literal(value)
    case .array(let values): return "[" + values.map(\.rendered).joined(separator: ",") + "]"
    case .object(let members):
      return "{" + members.map { JSONWriter.literal($0.0) + ":" + $0.1.rendered }.joined(separator: ",") + "}"
    }
  }
}

/// Number formatting for the readable table.
enum Format {
  /// `100000` as `100,000`.
  static func count(_ value: Int) -> String {
    let digits = Array(String(value))
    var out = ""
    for (i, digit) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return out
  }

  /// A time in nanoseconds with a unit that keeps it short (`42.1 ns`, `3.20 µs`, `1.25 ms`).
  static func time(_ nanoseconds: Double) -> String {
    switch nanoseconds {
    case ..<1_000: return String(format: "%.1f ns", nanoseconds)
    case ..<1_000_000: return String(format: "%.2f µs", nanoseconds / 1e3)
    case ..<1_000_000_000: return String(format: "%.2f ms", nanoseconds / 1e6)
    default: return String(format: "%.2f s", nanoseconds / 1e9)
    }
  }

  /// A ratio (`37×`, `1,234×`).
  static func ratio(_ value: Double) -> String {
    value >= 100 ? count(Int(value.rounded())) + "×" : String(format: "%.1f×", value)
  }

  static func percent(_ fraction: Double) -> String { String(format: "%.0f %%", fraction * 100) }

  /// `text` padded with spaces to `width` (left-aligned) or right-aligned with `right`.
  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let gap = String(repeating: " ", count: max(0, width - text.count))
    return right ? gap + text : text + gap
  }
}

/// The readable table and the `--json` object for a run.
enum Output {
  static func json(_ reports: [SectionReport], reference: Reference?) -> String {
    var members = reports.map { ($0.key, $0.json) }
    if let reference {
      let goals = reports.flatMap(\.goals).map { goal in
        JSON.object([
          ("name", .string(goal.name)), ("met", .bool(goal.met)),
          ("metScaled", .bool(goal.met(scale: reference.scale))),
        ])
      }
      members.append(("reference", reference.json))
      members.append(("goals", .array(goals)))
    }
    return JSON.object(members).rendered
  }

  static func table(_ reports: [SectionReport], header: [String], reference: Reference?, sink: Sink) -> String {
    var lines = header
    for report in reports {
      lines.append("")
      lines += report.lines
    }
    let goals = reports.flatMap(\.goals)
    lines.append("")
    let width = goals.map(\.name.count).max() ?? 0
    if let reference {
      lines.append(
        "Goals (medians, this machine, this run), nominal and scaled by "
          + String(format: "%.2f", reference.scale) + " (the reference run above: times × scale, rates ÷ scale)")
      lines.append("  nominal scaled  " + Format.pad("goal", width) + "  measured (scaled limit)")
      for goal in goals {
        let scaled = goal.met(scale: reference.scale)
        let limit = goal.scaledLimit(reference.scale).map { " (" + goal.format(limit: $0) + ")" } ?? ""
        lines.append(
          "  " + (goal.met ? "met     " : "MISSED  ") + (scaled ? "met    " : "MISSED ") + " "
            + Format.pad(goal.name, width) + "  " + goal.measured + limit)
      }
      lines.append(
        "  \(goals.filter(\.met).count) of \(goals.count) goals met nominally, "
          + "\(goals.filter { $0.met(scale: reference.scale) }.count) against the scaled limits")
    } else {
      lines.append("Goals (medians, this machine, this run)")
      for goal in goals {
        lines.append(
          "  " + (goal.met ? "met   " : "MISSED") + "  " + Format.pad(goal.name, width) + "  " + goal.measured)
      }
      lines.append("  \(goals.filter(\.met).count) of \(goals.count) goals met")
    }
    lines.append("")
    lines.append("(sink checksum \(String(sink.checksum, radix: 16)): every measured result was consumed)")
    return lines.joined(separator: "\n")
  }
}
