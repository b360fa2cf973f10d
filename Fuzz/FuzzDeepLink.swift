// libFuzzer entry point for the link parser and the route table: parse → match on the platform's
// routes, checking invariants. Built by `scripts/fuzz.sh`, which compiles this file in one
// module with the DeepLinkCore sources and the platform's link catalogue (Sources/PlatformLinks
// but for the chains), with `-D FUZZING`; SwiftPM does not see it (it is outside Sources/).
//
// Invariants, each a trap (a crash report with the input) when broken:
// - parsing never crashes, and a refused input is refused with a DeepLinkError;
// - a parsed link is normal: host only `a-z 0-9 - .` with non-empty labels, no trailing dot, not
//   numeric; no empty, `.`, `..`, `/` or `\` segment; at most 64 segments; no control character;
// - a parsed link's absoluteString parses back to an equal link, and matches the same route;
// - a matched route's required parameters come back, non-empty and of their type; building the
//   route's link from them (reverse routing) and matching it gives the same route and parameters;
// - one decision (parse + match) stays under `decisionBudget`.
#if !FUZZING
  import DeepLinkCore
  import PlatformLinks
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The platform's routes from the catalogue, app routes then the web rules' patterns, compiled
/// once, each with its pattern for reverse routing.
let fuzzRoutes: [(source: String, pattern: RoutePattern)] =
  (PlatformRoute.platformCatalogue.map(\.source) + PlatformLinks().universalLinks.map(\.pattern)).map {
    do {
      return ($0, try RoutePattern($0))
    } catch {
      fatalError("catalogue pattern `\($0)` does not compile: \(error)")
    }
  }

let fuzzTable: RouteTable<Int> = {
  do {
    return try RouteTable(fuzzRoutes.enumerated().map { ($0.element.pattern, $0.offset) })
  } catch {
    fatalError("catalogue routes conflict: \(error)")
  }
}()

/// A decision slower than this is a finding (generous: the fuzzer builds with AddressSanitizer).
let decisionBudget = Duration.milliseconds(50)
/// Hosts a decision's reading hands out as they are (``KnownHosts``): reading with them must be
/// the same reading.
let fuzzKnownHosts = KnownHosts(["www.shop.example.ca", "shop.example.com.mx", "a-longer-host-name.example.com"])

/// The slowest decision seen (a slow one re-measured, fastest of four), printed when the fuzzer exits.
/// `nonisolated(unsafe)`: libFuzzer calls the entry point from one thread only.
nonisolated(unsafe) var slowestDecision = Duration.zero
nonisolated(unsafe) var parsedCount = 0
nonisolated(unsafe) var matchedCount = 0
nonisolated(unsafe) var runCount = 0

func fail(_ message: String, _ input: String) -> Never {
  fatalError("invariant broken: \(message)\ninput: \(input.debugDescription)")
}

func checkNormal(_ link: DeepLink, _ input: String) {
  if let host = link.host {
    let bytes = Array(host.utf8)
    if bytes.isEmpty || bytes.last == UInt8(ascii: ".") { fail("empty host or trailing dot `\(host)`", input) }
    for byte in bytes {
      let ok = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
      if !ok { fail("host `\(host)` has byte \(byte)", input) }
    }
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    if labels.contains(where: { $0.isEmpty || $0.utf8.count > 63 }) || bytes.count > 253 {
      fail("host `\(host)` has an empty or over-long label", input)
    }
    if let last = labels.last,
      last.allSatisfy(\.isNumber) || (last.hasPrefix("0x") && last.dropFirst(2).allSatisfy(\.isHexDigit))
    {
      fail("numeric host `\(host)` accepted", input)
    }
    if link.scheme != "http" && link.scheme != "https" { fail("host on scheme `\(link.scheme)`", input) }
  } else if link.scheme == "http" || link.scheme == "https" {
    fail("web link without host", input)
  }
  if link.pathSegments.count > DeepLink.maximumPathSegments { fail("too many segments", input) }
  for segment in link.pathSegments {
    if segment.isEmpty || segment == "." || segment == ".." || segment.contains("/") || segment.contains("\\") {
      fail("segment `\(segment)`", input)
    }
  }
  let texts = link.pathSegments + link.queryItems.flatMap { [$0.name, $0.value ?? ""] } + [link.fragment ?? ""]
  for text in texts where text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
    fail("control character in `\(text.debugDescription)`", input)
  }
}

func checkMatch(_ match: RouteMatch<Int>, _ link: DeepLink, _ input: String) {
  let (route, pattern) = fuzzRoutes[match.value]
  let parameters = match.parameters
  for name in pattern.requiredParameterNames where (parameters[name] ?? "").isEmpty {
    fail("route `\(route)` lost parameter `\(name)`", input)
  }
  for segment in pattern.segments {
    if case .parameter(let name, let type) = segment, let value = parameters[name], !type.accepts(value) {
      fail("parameter `\(name)` = `\(value)` is not \(type)", input)
    }
  }
  for capture in pattern.queryCaptures {
    if let value = parameters[capture.name], !capture.type.accepts(value) {
      fail("query parameter `\(capture.name)` = `\(value)` is not \(capture.type)", input)
    }
  }
  let rebuilt: DeepLink
  do {
    rebuilt = try pattern.link(parameters.dictionary, scheme: PlatformLinks.scheme, host: link.host)
  } catch {
    fail("reverse routing `\(route)` with \(parameters) failed: \(error)", input)
  }
  let reparsed: DeepLink
  do {
    reparsed = try DeepLink(rebuilt.absoluteString)
  } catch {
    fail("reverse-routed `\(rebuilt.absoluteString)` does not parse: \(error)", input)
  }
  guard let again = fuzzTable.match(reparsed) else {
    fail("reverse-routed `\(rebuilt.absoluteString)` matches nothing", input)
  }
  if again.value != match.value || again.parameters != parameters {
    fail(
      "reverse-routed `\(rebuilt.absoluteString)` matches `\(fuzzRoutes[again.value].source)` "
        + "with \(again.parameters), not `\(route)` with \(parameters)", input)
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeepLink(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  if runCount == 0 { atexit(printFuzzSummary) }
  runCount += 1
  let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let clock = ContinuousClock()
  let start = clock.now
  let link: DeepLink
  do {
    link = try DeepLink(input)
  } catch {
    _ = error.reason
    if (try? DeepLink(input, knownHosts: fuzzKnownHosts)) != nil {
      fail("read with known hosts, but not without", input)
    }
    return 0
  }
  if (try? DeepLink(input, knownHosts: fuzzKnownHosts)) != link { fail("read differently with known hosts", input) }
  let match = fuzzTable.match(link)
  var elapsed = clock.now - start
  if elapsed > decisionBudget {
    // One slow run can be the machine; the fastest of three more cannot.
    let runs = (0..<3).map { _ in clock.measure { _ = (try? DeepLink(input)).flatMap(fuzzTable.match) } }
    elapsed = min(elapsed, runs.min() ?? elapsed)
    if elapsed > decisionBudget { fail("decision took \(elapsed) (fastest of four)", input) }
  }
  if elapsed > slowestDecision { slowestDecision = elapsed }
  parsedCount += 1

  checkNormal(link, input)
  let text = link.absoluteString
  let again: DeepLink
  do {
    again = try DeepLink(text)
  } catch {
    fail("absoluteString `\(text)` does not parse: \(error)", input)
  }
  if again != link { fail("absoluteString `\(text)` parses to `\(again)`, not `\(link)`", input) }
  if fuzzTable.match(again)?.value != match?.value { fail("absoluteString `\(text)` matches differently", input) }
  if let match {
    matchedCount += 1
    checkMatch(match, link, input)
  }
  return 0
}

func printFuzzSummary() {
  print(
    "FuzzDeepLink: \(runCount) inputs, \(parsedCount) parsed, \(matchedCount) matched a route, "
      + "slowest decision \(slowestDecision)")
}
