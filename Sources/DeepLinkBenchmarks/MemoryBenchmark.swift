import DeepLinkCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// (f): heap bytes a table of 100,000 routes keeps alive, per route.
///
/// Method: the allocator's bytes in use are read just before the build and again after it with
/// the table still alive and every temporary (pattern strings, parsed patterns, the builder's
/// scratch) released. Everything the table retains is counted — trie nodes, edge hash tables,
/// route records, the pattern source strings, values, spare array capacity — and nothing else.
/// On Linux the figure is what glibc's `mallinfo2()` calls `uordblks` (bytes in use in the arenas)
/// plus `hblkhd` (bytes in blocks mmap'ed directly, which large arrays get), read through
/// `malloc_info(3)` (see ``heapInUse()``).
struct MemoryBenchmark: BenchmarkSection {
  let key = "memory"
  static let routes = 100_000

  func run(_ context: BenchmarkContext) -> SectionReport {
    context.progress("memory: \(Self.routes) routes")
    let routes = context.routes[0..<Self.routes]
    guard let before = Self.heapInUse() else {
      return SectionReport(
        key: "memory", json: .object([("routes", .int(Self.routes)), ("bytesPerRoute", .number(.nan))]),
        lines: ["(f) Memory: no allocator statistics on this platform"], goals: [])
    }
    let table = Self.build(routes)
    let after = Self.heapInUse() ?? before
    let perRoute = Double(after - before) / Double(Self.routes)
    withExtendedLifetime(table) { context.sink.consume(table.count) }

    let lines = [
      "(f) Memory retained by a table of \(Format.count(Self.routes)) routes (RouteTable<Int>, pattern strings included)",
      "  \(Format.count(after - before)) bytes = " + String(format: "%.1f", perRoute) + " bytes per route"
        + "   [heap in use before/after the build, table alive: \(Self.method)]",
    ]
    return SectionReport(
      key: "memory", json: .object([("routes", .int(Self.routes)), ("bytesPerRoute", .number(perRoute))]),
      lines: lines,
      goals: [
        Goal(
          name: "(f) ≤ 200 bytes per route at 100,000", measured: String(format: "%.1f B", perRoute),
          met: perRoute <= 200)
      ])
  }

  /// Builds the table from freshly made pattern strings, so their storage is counted.
  @inline(never)
  private static func build(_ routes: ArraySlice<GeneratedRoute>) -> RouteTable<Int> {
    var builder = RouteTable<Int>.Builder()
    for (index, route) in routes.enumerated() {
      // Generated patterns are valid and unique; a failure is a bug in the generator.
      try! builder.add(RoutePattern(route.pattern), value: index)
    }
    return builder.build()
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
