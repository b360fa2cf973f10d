// The link parser's scheme, authority and host readers (unsafe buffer reads).

extension LinkParser {
  /// The scheme, lowercased, and the default port of a web scheme (`http` 80, `https` 443), or 0
  /// for any other scheme.
  static func readScheme(_ bytes: UnsafeBufferPointer<UInt8>) throws(DeepLinkError) -> (String, Int) {
    // Web links, whatever their case, take the constants: no string to make. `| 0x20` matches
    // exactly the two cases of a letter, so these schemes are valid.
    let n = bytes.count
    if n == 4 || n == 5, let base = bytes.baseAddress,
      UInt32(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt32.self)) | 0x2020_2020 == 0x7074_7468
    {
      if n == 4 { return ("http", 80) }
      if base[4] | 0x20 == 0x73 { return ("https", 443) }
    }
    var valid = true
    for i in 0..<n {
      let b = bytes[i]
      let isAlpha = (b | 0x20) &- 0x61 < 26
      let isOther = b &- 0x30 < 10 || b == plus || b == 0x2D || b == dot
      if !(isAlpha || (i > 0 && isOther)) { valid = false }
    }
    guard valid else { throw .invalidScheme(String(decoding: bytes, as: UTF8.self)) }
    let scheme = String(unsafeUninitializedCapacity: n) { out in
      for i in 0..<n {
        let b = bytes[i]
        out[i] = b &- 0x41 < 26 ? b | 0x20 : b
      }
      return n
    }
    return (scheme, 0)
  }

  /// The authority of a custom-scheme link is its first path segment; it may not look like
  /// userinfo, a port or an IPv6 literal.
  static func checkCustomAuthority(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
  ) throws(DeepLinkError) {
    for i in start..<end {
      switch p[i] {
      case 0x40: throw .userInfo
      case colon: throw .invalidPort(String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self))
      default: break
      }
    }
  }

  static func readWebAuthority(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, defaultPort: Int, _ knownHosts: KnownHosts?
  ) throws(DeepLinkError) -> (host: String, port: Int?, hadTrailingDot: Bool) {
    // Most authorities are a host in normal form and nothing else (no userinfo, port or
    // brackets, none of which a normal host contains): one pass, which also tells whether a
    // label starts with `xn--` (most hosts have none, and skip the Punycode check).
    if end > start,
      let (host, hasPunycode) = readNormalHost(UnsafeBufferPointer(rebasing: p[start..<end]), knownHosts)
    {
      if hasPunycode { try PunycodeLabels.check(host) }
      return (host, nil, p[end - 1] == dot)
    }
    var hostEnd = end
    for i in start..<end {
      switch p[i] {
      case 0x40: throw .userInfo
      case 0x5B, 0x5D:
        throw .ipAddressHost(String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self))
      case colon where hostEnd == end: hostEnd = i
      default: break
      }
    }
    var port: Int? = nil
    if hostEnd < end {
      let digits = UnsafeBufferPointer(rebasing: p[(hostEnd + 1)..<end])
      var value = 0
      var valid = !digits.isEmpty
      for b in digits {
        guard b >= 0x30 && b <= 0x39, value <= 65535 else {
          valid = false
          break
        }
        value = value * 10 + Int(b - 0x30)
      }
      guard valid, value <= 65535 else { throw .invalidPort(String(decoding: digits, as: UTF8.self)) }
      port = value == defaultPort ? nil : value
    }
    let (host, hadTrailingDot) = try readHost(p, start, hostEnd)
    try PunycodeLabels.check(host)
    return (host, port, hadTrailingDot)
  }

  /// Decodes percent-escapes, maps full-width and ideographic dots to `.`, lowercases, drops one
  /// trailing dot (and says whether it did) and checks labels, lengths and numeric (IPv4-like) hosts.
  private static func readHost(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
  ) throws(DeepLinkError) -> (String, hadTrailingDot: Bool) {
    let raw = UnsafeBufferPointer(rebasing: p[start..<end])
    guard !raw.isEmpty else { throw .missingHost }
    if let (host, _) = readNormalHost(raw, nil) { return (host, raw[raw.count - 1] == dot) }
    let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
      Result { () throws(DeepLinkError) -> (String, hadTrailingDot: Bool) in
        var count: Int
        if raw.contains(percent) {
          count = try decodeBytes(p, start, end, into: buffer)
          let decoded = UnsafeBufferPointer(rebasing: buffer[0..<count])
          if let failure = UTF8Check.validate(decoded) {
            throw failure == .controlCharacter ? .controlCharacter(offset: start) : .invalidUTF8(offset: start)
          }
        } else {
          // Raw bytes of a `String` are valid UTF-8, and the scan refused every control character.
          _ = buffer.initialize(fromContentsOf: raw)
          count = raw.count
        }
        // Only errors quote the host as written.
        func rawHost() -> String { String(decoding: raw, as: UTF8.self) }
        // Map and lowercase in place; the output never outgrows the input.
        var out = 0
        var i = 0
        while i < count {
          let b = buffer[i]
          switch b {
          case 0x41...0x5A:
            buffer[out] = b | 0x20
            i += 1
          case 0x61...0x7A, 0x30...0x39, 0x2D, dot:
            buffer[out] = b
            i += 1
          case 0xE3 where i + 2 < count && buffer[i + 1] == 0x80 && buffer[i + 2] == 0x82,  // U+3002
            0xEF where i + 2 < count && buffer[i + 1] == 0xBC && buffer[i + 2] == 0x8E,  // U+FF0E
            0xEF where i + 2 < count && buffer[i + 1] == 0xBD && buffer[i + 2] == 0xA1:  // U+FF61
            buffer[out] = dot
            i += 3
          default:
            throw .invalidHost(rawHost())
          }
          out += 1
        }
        count = out
        let hadTrailingDot = count > 0 && buffer[count - 1] == dot
        if hadTrailingDot { count -= 1 }
        guard count > 0 else { throw .emptyHostLabel(rawHost()) }
        guard count <= 253 else { throw .hostTooLong(rawHost()) }
        var labelStart = 0
        for j in 0...count where j == count || buffer[j] == dot {
          let length = j - labelStart
          guard length > 0 else { throw .emptyHostLabel(rawHost()) }
          guard length <= 63 else { throw .hostTooLong(rawHost()) }
          if j == count && isNumericLabel(UnsafeBufferPointer(rebasing: buffer[labelStart..<j])) {
            throw .ipAddressHost(rawHost())
          }
          labelStart = j + 1
        }
        return (makeString(UnsafeBufferPointer(rebasing: buffer[0..<count]), isASCII: true), hadTrailingDot)
      }
    }
    return try result.get()
  }

  /// The host of most links, already in normal form (lower-case letters, digits, `-` and `.`,
  /// perhaps one trailing dot), read straight from the link's bytes, and whether one of its
  /// labels starts with `xn--`; `nil` for any other host, which ``readHost(_:_:_:)`` then
  /// decodes, maps and lowercases first.
  private static func readNormalHost(_ raw: UnsafeBufferPointer<UInt8>, _ knownHosts: KnownHosts?) -> (String, Bool)? {
    var count = raw.count
    guard let base = raw.baseAddress else { return nil }
    if base[count - 1] == dot { count -= 1 }
    guard count > 0, count <= 253 else { return nil }
    var labelStart = 0
    var hasPunycode = false
    var j = 0
    // Errors are left to the general reader, which quotes the host.
    while true {
      while j < count {
        // Lower-case letters, digits and `-`.
        guard LinkByteTables.flags[Int(base[j])] & LinkByteTables.normalHostByte != 0 else { break }
        j &+= 1
      }
      let length = j &- labelStart
      guard length > 0, length <= 63 else { return nil }
      // A label starting with `xn--`, read as one little-endian word.
      if length >= 4,
        UInt32(littleEndian: UnsafeRawPointer(base + labelStart).loadUnaligned(as: UInt32.self)) == 0x2D2D_6E78
      {
        hasPunycode = true
      }
      guard j < count else { break }
      guard base[j] == dot else { return nil }
      j &+= 1
      labelStart = j
    }
    if isNumericLabel(UnsafeBufferPointer(start: base + labelStart, count: count - labelStart)) { return nil }
    let host = UnsafeBufferPointer(start: base, count: count)
    return (knownHosts?.name(host) ?? makeString(host, isASCII: true), hasPunycode)
  }

  /// The WHATWG URL standard reads a host whose last label is a number (decimal, or `0x` hex)
  /// as an IPv4 address.
  private static func isNumericLabel(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
    if label.count >= 2 && label[0] == 0x30 && (label[1] | 0x20) == 0x78 {
      return label.dropFirst(2).allSatisfy { PercentEncoding.hexValue($0) != nil }
    }
    return label.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }
}
