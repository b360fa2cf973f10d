import DeepLinkCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// (f): heap bytes a table of 100,000 routes keeps alive, per route, and the peak resident
/// memory the build needed on the way.
///
/// Method: the allocator's bytes in use are read just before the build and again after it with
/// the table still alive and every temporary (pattern strings, parsed patterns, the builder's
/// scratch) released. Everything the table retains is counted — trie nodes, edge hash tables,
/// route records, the pattern source strings, values, spare array capacity — and nothing else.
/// On Linux the figure is what glibc's `mallinfo2()` calls `uordblks` (bytes in use in the arenas)
/// plus `hblkhd` (bytes in blocks mmap'ed directly, which large arrays get), read through
/// `malloc_info(3)` (see ``heapInUse()``).
///
/// Peak during the build (Linux only): free heap memory is first returned to the system
/// (`malloc_trim(0)`), the resident size read (`VmRSS`) and the kernel's resident high-water
/// mark reset to it (`5` written to `/proc/self/clear_refs`); after the build the high-water mark
/// (`VmHWM`) less the resident size before is the most memory the build held at any moment,
/// the pattern strings it reads included. Resident sizes are whole pages.
struct MemoryBenchmark: BenchmarkSection {
  let key = "memory"
  static let routes = 100_000

  func run(_ context: BenchmarkContext) -> SectionReport {
    context.progress("memory: \(Self.routes) routes")
    let routes = context.routes[0..<Self.routes]
    guard Self.heapInUse() != nil else {
      return SectionReport(
        key: "memory", json: .object([("routes", .int(Self.routes)), ("bytesPerRoute", .number(.nan))]),
        lines: ["(f) Memory: no allocator statistics on this platform"], goals: [])
    }
    let residentBefore = Self.resetPeakResident()
    let before = Self.heapInUse() ?? 0
    let table = Self.build(routes)
    let after = Self.heapInUse() ?? before
    let peak = residentBefore.flatMap { start in Self.status("VmHWM").map { $0 - start } }
    let perRoute = Double(after - before) / Double(Self.routes)
    withExtendedLifetime(table) { context.sink.consume(table.count) }

    var lines = [
      "(f) Memory retained by a table of \(Format.count(Self.routes)) routes (RouteTable<Int>, pattern strings included)",
      "  \(Format.count(after - before)) bytes = " + String(format: "%.1f", perRoute) + " bytes per route"
        + "   [heap in use before/after the build, table alive: \(Self.method)]",
    ]
    let patternBytes = Double(routes.reduce(0) { $0 + $1.pattern.utf8.count }) / Double(Self.routes)
    lines.append(
      "  of which the pattern text the table keeps (`RouteMatch.pattern`): "
        + String(format: "%.1f", patternBytes) + " bytes per route on average")
    var json: [(String, JSON)] = [("routes", .int(Self.routes)), ("bytesPerRoute", .number(perRoute))]
    var goals = [
      Goal(
        name: "(f) retained ≤ 150 bytes per route at 100,000", measured: String(format: "%.1f B", perRoute),
        met: perRoute <= 150)
    ]
    if let peak {
      let peakPerRoute = Double(peak) / Double(Self.routes)
      let ratio = Double(peak) / Double(after - before)
      lines.append(
        "  peak during the build: \(Format.count(peak)) bytes resident = " + String(format: "%.1f", peakPerRoute)
          + " bytes per route, " + String(format: "%.2f×", ratio) + " the retained size"
          + "   [VmHWM after − VmRSS before, high-water mark reset before the build]")
      json.append(("peakBuildBytesPerRoute", .number(peakPerRoute)))
      goals.append(
        Goal(
          name: "(f) peak during the build ≤ 1.5× retained", measured: String(format: "%.2f×", ratio),
          met: ratio <= 1.5))
    } else {
      lines.append("  peak during the build: not measured on this system (needs /proc/self/clear_refs)")
    }
    return SectionReport(key: "memory", json: .object(json), lines: lines, goals: goals)
  }

  /// Returns free heap memory to the system, resets the resident high-water mark and returns the
  /// resident size in bytes, or `nil` where that cannot be done.
  private static func resetPeakResident() -> Int? {
    #if canImport(Glibc)
      typealias MallocTrim = @convention(c) (Int) -> Int32
      if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
      }
      guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return nil }
      defer { try? handle.close() }
      guard (try? handle.write(contentsOf: Data("5".utf8))) != nil else { return nil }
      return status("VmRSS")
    #else
      return nil
    #endif
  }

  /// A size from `/proc/self/status` (`VmRSS`, `VmHWM`), in bytes.
  private static func status(_ field: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
      return Int(digits).map { $0 * 1024 }
    }
    return nil
  }

  /// Builds the table from freshly made pattern strings, so their storage is counted. The builder
  /// is consumed by `build()`, as `RouteTable.Builder.build()` recommends for a builder not used
  /// again, so the table takes over its buffers.
  @inline(never)
  private static func build(_ routes: ArraySlice<GeneratedRoute>) -> RouteTable<Int> {
    var builder = RouteTable<Int>.Builder()
    for (index, route) in routes.enumerated() {
      // Generated patterns are valid and unique; a failure is a bug in the generator.
      try! builder.add(RoutePattern(route.pattern), value: index)
    }
    return (consume builder).build()
  }

  #if canImport(Glibc)
    static let method = "glibc malloc_info: arena bytes in use + mmap'ed bytes"

    /// Bytes in use on glibc's heap: for all arenas, system bytes minus free bytes (fast bins and
    /// the rest, top chunk included), plus blocks mmap'ed directly — what `mallinfo2()` reports as
    /// `uordblks + hblkhd`. `mallinfo2` returns a struct by value and `<malloc.h>` is not in the
    /// Glibc module, so this reads the totals `malloc_info(3)` prints, looked up with `dlsym`.
    static func heapInUse() -> Int? {
      typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info") else { return nil }
      let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
      var buffer: UnsafeMutablePointer<CChar>? = nil
      var size = 0
      guard let stream = open_memstream(&buffer, &size) else { return nil }
      let status = mallocInfo(0, stream)
      fclose(stream)
      defer { free(buffer) }
      guard status == 0, let buffer else { return nil }
      let xml = String(cString: buffer)
      // The totals over all arenas are the last elements of each kind, after the per-heap ones.
      func last(_ element: String) -> Int? {
        guard let range = xml.range(of: element, options: .backwards) else { return nil }
        let rest = xml[range.upperBound...]
        guard let sizeStart = rest.range(of: "size=\"") else { return nil }
        return Int(rest[sizeStart.upperBound...].prefix { $0.isNumber })
      }
      guard let system = last("<system type=\"current\""), let fast = last("<total type=\"fast\""),
        let free = last("<total type=\"rest\""), let mmapped = last("<total type=\"mmap\"")
      else { return nil }
      return system - fast - free + mmapped
    }
  #elseif canImport(Darwin)
    static let method = "malloc_zone_statistics size_in_use"
    static func heapInUse() -> Int? {
      var statistics = malloc_statistics_t()
      malloc_zone_statistics(nil, &statistics)
      return Int(statistics.size_in_use)
    }
  #else
    static let method = "unavailable"
    static func heapInUse() -> Int? { nil }
  #endif
}
