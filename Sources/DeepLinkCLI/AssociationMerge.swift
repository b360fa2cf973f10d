import DeepLinkTools
import Foundation

/// `deeplink aasa --merge FILE`: the written `applinks` and the other services of an existing
/// apple-app-site-association file (`webcredentials`, `appclips`, `activitycontinuation`), so a
/// domain serves one file.
///
/// The other top-level members are kept in their order, each value byte for byte; `applinks`
/// comes first. A file that has `applinks` of its own is refused: the tool writes them from the
/// rules, and combining them with another list of components would change what either claims.
enum AssociationMerge {
  /// One top-level member of the file: its name, decoded, and its value's bytes as written.
  struct Member: Equatable {
    var name: String
    var value: ArraySlice<UInt8>
  }

  /// The file's top-level members, in order.
  ///
  /// - Throws: ``CommandFailure`` with status 65 naming `path` when the bytes are not one JSON
  ///   object (or repeat a name); status 1 when it has `applinks`.
  static func members(of data: Data, path: String) throws -> [Member] {
    func refuse(_ why: String) -> CommandFailure {
      CommandFailure(message: "cannot merge into `\(path)`: \(why)", status: .unreadableInput)
    }
    guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
      throw refuse("it is not a JSON object")
    }
    var scanner = MemberScanner(bytes: Array(data))
    guard let members = scanner.members() else { throw refuse("it is not a JSON object") }
    var names: Set<String> = []
    for member in members where !names.insert(member.name).inserted {
      throw refuse("the key `\(member.name)` is given twice")
    }
    if names.contains("applinks") {
      throw CommandFailure(
        message:
          "`\(path)` has its own `applinks`: the tool writes them from the rules; remove `applinks` from the file "
          + "(keep `webcredentials`, `appclips` and `activitycontinuation` there) and merge again",
        status: .failure)
    }
    return members
  }

  /// The most a file `--diff` or `--merge` reads: eight times Apple's limit, so a file that would
  /// be refused for its size is still named as such rather than read whole.
  static let readLimit = 8 * AppleAppSiteAssociation.sizeLimit

  /// The bytes of the file at `path`, `what` naming it in an error.
  ///
  /// - Throws: ``CommandFailure`` with status 65 when it cannot be read or is over ``readLimit``.
  static func contents(of path: String, as what: String) throws -> Data {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CommandFailure(message: "cannot read \(what) `\(path)`", status: .unreadableInput)
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.read(upToCount: readLimit + 1) ?? Data()
    } catch {
      throw CommandFailure(
        message: "cannot read \(what) `\(path)`: \(error.localizedDescription)", status: .unreadableInput)
    }
    guard data.count <= readLimit else {
      throw CommandFailure(
        message: "\(what) `\(path)` is over \(readLimit / 1024) KB; Apple reads at most 128 KB",
        status: .unreadableInput)
    }
    return data
  }

  /// `file` (as ``AppleAppSiteAssociation/json(appIDs:comments:)`` writes it) with `members`
  /// after `applinks`.
  static func merged(_ file: String, with members: [Member]) -> String {
    guard !members.isEmpty, file.hasSuffix("\n}\n") else { return file }
    var text = String(file.dropLast(3))
    for member in members {
      text += ",\n  \(JSONWriter.literal(member.name)): " + String(decoding: member.value, as: UTF8.self)
    }
    return text + "\n}\n"
  }

  /// Splits a JSON object already known to be valid into its members, without decoding the values.
  private struct MemberScanner {
    let bytes: [UInt8]
    var index = 0

    mutating func members() -> [Member]? {
      skipSpace()
      guard next() == UInt8(ascii: "{") else { return nil }
      var members: [Member] = []
      skipSpace()
      if peek() == UInt8(ascii: "}") { return [] }
      while true {
        skipSpace()
        let start = index
        guard skipString() else { return nil }
        let keyBytes = Data(bytes[start..<index])
        guard let name = (try? JSONSerialization.jsonObject(with: keyBytes, options: .fragmentsAllowed)) as? String
        else { return nil }
        skipSpace()
        guard next() == UInt8(ascii: ":") else { return nil }
        skipSpace()
        let valueStart = index
        guard skipValue() else { return nil }
        members.append(Member(name: name, value: bytes[valueStart..<index]))
        skipSpace()
        switch next() {
        case UInt8(ascii: ","): continue
        case UInt8(ascii: "}"): return members
        default: return nil
        }
      }
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func next() -> UInt8? {
      defer { index += 1 }
      return peek()
    }

    private mutating func skipSpace() {
      while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// A string starting at `index`, escapes included.
    private mutating func skipString() -> Bool {
      guard next() == UInt8(ascii: "\"") else { return false }
      while let byte = next() {
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          return true
        }
      }
      return false
    }

    /// A value: a string, or everything up to the bracket that closes it, or a scalar up to the next delimiter.
    private mutating func skipValue() -> Bool {
      guard let first = peek() else { return false }
      if first == UInt8(ascii: "\"") { return skipString() }
      if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
        var depth = 0
        while let byte = peek() {
          switch byte {
          case UInt8(ascii: "\""):
            guard skipString() else { return false }
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
          default: break
          }
          index += 1
          if depth == 0 { return true }
        }
        return false
      }
      while let byte = peek(), ![UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09].contains(byte) {
        index += 1
      }
      return true
    }
  }
}
