import Foundation

extension AndroidAppLinkMatcher {
  /// UTF-16 code units used by the matchers (Java strings, and so PatternMatcher, compare UTF-16 units).
  enum Unit {
    static let slash = UInt16(UInt8(ascii: "/"))
    static let star = UInt16(UInt8(ascii: "*"))
    static let question = UInt16(UInt8(ascii: "?"))
    static let hash = UInt16(UInt8(ascii: "#"))
    static let dot = UInt16(UInt8(ascii: "."))
    static let backslash = UInt16(UInt8(ascii: "\\"))
    static let plus = UInt16(UInt8(ascii: "+"))
    static let openBracket = UInt16(UInt8(ascii: "["))
    static let closeBracket = UInt16(UInt8(ascii: "]"))
    static let openBrace = UInt16(UInt8(ascii: "{"))
    static let closeBrace = UInt16(UInt8(ascii: "}"))
    static let caret = UInt16(UInt8(ascii: "^"))
    static let dash = UInt16(UInt8(ascii: "-"))
    static let comma = UInt16(UInt8(ascii: ","))
  }
}

extension AndroidAppLinkMatcher {
  /// Android's `android.os.PatternMatcher` (PatternMatcher reference; DATA describes each attribute's type).
  struct Pattern: Sendable, CustomStringConvertible {
    enum Kind: String, Sendable {
      /// `path`: "a complete path" (DATA), compared exactly.
      case literal = "LITERAL"
      /// `pathPrefix`: "only the initial part of the path" (DATA).
      case prefix = "PREFIX"
      /// `pathPattern` (DATA): `.` any character, `X*` zero or more of the preceding character, `.*` any
      /// characters, `\` escapes.
      case simpleGlob = "GLOB"
      /// `pathAdvancedPattern` (DATA, PatternMatcher reference): `.`, sets `[...]` with ranges and `^`, modifiers
      /// `*`, `+` and `{...}`, greedy, "no backtracking support".
      case advancedGlob = "ADVANCED"
      /// `pathSuffix`: "matched exactly against the ending part of the path" (DATA).
      case suffix = "SUFFIX"
    }

    /// One token of an advanced pattern with its repetition count.
    struct Token: Sendable {
      enum Shape: Sendable {
        case literal(UInt16)
        case any
        case set([(low: UInt16, high: UInt16)], inverted: Bool)
      }
      var shape: Shape
      var minimum = 1
      var maximum = 1

      func accepts(_ unit: UInt16) -> Bool {
        switch shape {
        case .literal(let literal): unit == literal
        case .any: true
        case .set(let ranges, let inverted): ranges.contains { $0.low <= unit && unit <= $0.high } != inverted
        }
      }
    }

    struct Invalid: Error {
      var reason: String
    }

    let kind: Kind
    let units: [UInt16]
    let tokens: [Token]

    init(units: [UInt16], kind: Kind) {
      self.kind = kind
      self.units = units
      // Only an advanced pattern has tokens; the expressions built here are never advanced.
      tokens = []
    }

    init(_ text: String, _ kind: Kind) throws(Invalid) {
      self.kind = kind
      units = Array(text.utf16)
      tokens = kind == .advancedGlob ? try Self.tokens(units) : []
    }

    var description: String { "\(kind.rawValue) \(String(decoding: units, as: Unicode.UTF16.self))" }

    func matches(_ text: [UInt16]) -> Bool {
      switch kind {
      case .literal: text == units
      case .prefix: text.starts(with: units)
      case .suffix: text.count >= units.count && Array(text.suffix(units.count)) == units
      case .simpleGlob: Self.simpleGlob(units, text)
      case .advancedGlob: Self.advancedGlob(tokens, text)
      }
    }

    /// SIMPLE_GLOB as AOSP's `PatternMatcher.matchGlobPattern` reads it, left to right without backtracking:
    /// `.*` followed by a character consumes the text up to the first occurrence of that character, compared
    /// literally (so a `.` after `.*` is a literal dot); `X*` consumes every `X` in a row. Once the text is used up,
    /// the pattern matches only if it is used up too or exactly one `.*` is left: a trailing `X*` with no `X` left
    /// to take does not match (`/ab*` does not match `/a`), although DATA calls `X*` "0 or more occurrences".
    static func simpleGlob(_ pattern: [UInt16], _ text: [UInt16]) -> Bool {
      let np = pattern.count
      let nm = text.count
      guard np > 0 else { return nm == 0 }
      var ip = 0
      var im = 0
      func at(_ index: Int) -> UInt16 { index < np ? pattern[index] : 0 }
      var next = pattern[0]
      while ip < np && im < nm {
        var c = next
        ip += 1
        next = at(ip)
        let escaped = c == Unit.backslash
        if escaped {
          c = next
          ip += 1
          next = at(ip)
        }
        if next == Unit.star {
          if !escaped && c == Unit.dot {
            if ip >= np - 1 { return true }
            ip += 1
            next = pattern[ip]
            if next == Unit.backslash {
              ip += 1
              next = at(ip)
            }
            while im < nm && text[im] != next { im += 1 }
            if im == nm { return false }
            ip += 1
            next = at(ip)
            im += 1
          } else {
            while im < nm && text[im] == c { im += 1 }
            ip += 1
            next = at(ip)
          }
        } else {
          if c != Unit.dot && text[im] != c { return false }
          im += 1
        }
      }
      if ip >= np && im >= nm { return true }
      // The text ran out first: only a lone `.*` left in the pattern still matches.
      return ip == np - 2 && pattern[ip] == Unit.dot && pattern[ip + 1] == Unit.star
    }

    /// ADVANCED_GLOB: each token takes as many characters as it can, up to its maximum, and never gives any back
    /// (PatternMatcher reference: "no backtracking support"); the whole text must be used.
    static func advancedGlob(_ tokens: [Token], _ text: [UInt16]) -> Bool {
      var im = 0
      for token in tokens {
        var taken = 0
        while taken < token.maximum && im + taken < text.count && token.accepts(text[im + taken]) { taken += 1 }
        guard taken >= token.minimum else { return false }
        im += taken
      }
      return im >= text.count
    }

    /// Parses an advanced pattern as PatternMatcher does (it throws `IllegalArgumentException` for the same faults):
    /// - `[` opens a set (`[^` an inverted one); inside it every character is literal except `\` (escape), `]` (the
    ///   end) and `a-b` (a range, when the character after `-` is not `]`); an empty or unterminated set is invalid.
    /// - `.` is any character; `*`, `+` and `{n}`, `{n,}`, `{n,m}` repeat the token before them, and a modifier with
    ///   no token before it (at the start, or after another modifier) is invalid, as is a count that is not a number
    ///   or has its minimum above its maximum.
    /// - `\` escapes the next character (at the end of the pattern it is invalid); a `}` outside a count is dropped;
    ///   every other character (`]`, `^`, `$`, `?`, `(`, …) is literal.
    /// - The parsed form has room for 2,048 entries, and `parseAndVerifyAdvancedPattern` refuses the pattern
    ///   ("Pattern is too large!") when, before it reads the next character, more than 2,045 are used (see
    ///   ``parsedEntryLimit``).
    static func tokens(_ p: [UInt16]) throws(Invalid) -> [Token] {
      var tokens: [Token] = []
      var lastHasModifier = false
      var i = 0
      var entries = 0
      // AOSP checks the room left each time its parser starts on a character of the pattern.
      func step(adding added: Int) throws(Invalid) {
        guard entries <= parsedEntryLimit else {
          throw Invalid(reason: "it needs more than \(parsedEntryLimit) parse entries (Android's limit)")
        }
        entries += added
      }
      func modify(_ minimum: Int, _ maximum: Int) throws(Invalid) {
        guard !tokens.isEmpty, !lastHasModifier else { throw Invalid(reason: "a modifier must follow a token") }
        tokens[tokens.count - 1].minimum = minimum
        tokens[tokens.count - 1].maximum = maximum
        lastHasModifier = true
      }
      func append(_ shape: Token.Shape) {
        tokens.append(Token(shape: shape))
        lastHasModifier = false
      }
      while i < p.count {
        let c = p[i]
        switch c {
        case Unit.openBracket:
          try step(adding: 1)
          guard i + 1 < p.count else { throw Invalid(reason: "the set is not terminated") }
          let inverted = p[i + 1] == Unit.caret
          i += inverted ? 2 : 1
          var ranges: [(low: UInt16, high: UInt16)] = []
          while true {
            guard i < p.count else { throw Invalid(reason: "the set is not terminated") }
            var low = p[i]
            // The set's end is one entry; a single character two (low and high alike); a range one for each end.
            if low == Unit.closeBracket {
              try step(adding: 1)
              guard !ranges.isEmpty else { throw Invalid(reason: "a set must hold characters") }
              i += 1
              break
            }
            if low == Unit.backslash {
              guard i + 1 < p.count else { throw Invalid(reason: "an escape ends the pattern") }
              i += 1
              low = p[i]
            }
            let isRange = i + 2 < p.count && p[i + 1] == Unit.dash && p[i + 2] != Unit.closeBracket
            try step(adding: isRange ? 1 : 2)
            if isRange {
              i += 2
              try step(adding: 1)
              var high = p[i]
              if high == Unit.backslash {
                guard i + 1 < p.count else { throw Invalid(reason: "an escape ends the pattern") }
                i += 1
                high = p[i]
              }
              ranges.append((low, high))
            } else {
              ranges.append((low, low))
            }
            i += 1
          }
          append(.set(ranges, inverted: inverted))
        case Unit.dot:
          try step(adding: 1)
          append(.any)
          i += 1
        case Unit.star:
          try step(adding: 1)
          try modify(0, Int.max)
          i += 1
        case Unit.plus:
          try step(adding: 1)
          try modify(1, Int.max)
          i += 1
        case Unit.openBrace:
          // The count's start, its minimum and its maximum; its end is read as a character of its own.
          try step(adding: 3)
          guard let end = p[(i + 1)...].firstIndex(of: Unit.closeBrace) else {
            throw Invalid(reason: "a count is not ended with }")
          }
          let body = String(decoding: p[(i + 1)..<end], as: Unicode.UTF16.self)
          let bounds = body.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
          guard let minimum = Self.javaInt(bounds[0]) else {
            throw Invalid(reason: "the count {\(body)} is not a number")
          }
          var maximum = minimum
          if bounds.count == 2 {
            if bounds[1].isEmpty {
              maximum = Int.max
            } else {
              guard let value = Self.javaInt(bounds[1]) else {
                throw Invalid(reason: "the count {\(body)} is not a number")
              }
              maximum = value
            }
          }
          guard minimum <= maximum else {
            throw Invalid(reason: "the count {\(body)} has its minimum above its maximum")
          }
          try modify(minimum, maximum)
          i = end
          try step(adding: 1)
          i += 1
        case Unit.closeBrace:
          try step(adding: 0)
          i += 1
        case Unit.backslash:
          try step(adding: 1)
          guard i + 1 < p.count else { throw Invalid(reason: "an escape ends the pattern") }
          append(.literal(p[i + 1]))
          i += 2
        default:
          try step(adding: 1)
          append(.literal(c))
          i += 1
        }
      }
      return tokens
    }

    /// The most entries AOSP's parsed advanced pattern may hold before its parser reads another character of the
    /// pattern (`MAX_PATTERN_STORAGE` 2,048, less 3, the most one character can add).
    static let parsedEntryLimit = 2_045

    /// `Integer.parseInt`: an optional sign and decimal digits within 32 bits.
    static func javaInt(_ text: Substring) -> Int? {
      guard let value = Int32(text), text.allSatisfy(\.isASCII) else { return nil }
      return Int(value)
    }
  }
}

// MARK: - URIs
