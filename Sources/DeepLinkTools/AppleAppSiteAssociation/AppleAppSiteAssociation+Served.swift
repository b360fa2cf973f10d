import DeepLinkCore

extension AppleAppSiteAssociation {
  /// The file as a domain serves it: the fullest text under Apple's ``sizeLimit``, and what was
  /// left out to get there.
  package struct Served: Sendable {
    /// The file the text was written from (without the leading-slash copies if they were left out).
    package let file: AppleAppSiteAssociation
    /// The text to serve; over ``sizeLimit`` only when even the smallest file is (``fits``).
    package let text: String
    /// One line for each thing left out to stay under the limit, saying why, for standard error.
    package let notes: [String]

    /// Whether the text is within Apple's limit.
    package var fits: Bool { text.utf8.count <= AppleAppSiteAssociation.sizeLimit }
  }

  /// The file for `host`, made smaller until it is within ``sizeLimit``: with comments and the
  /// copies for leading slash runs; else without comments; else without the copies too (links
  /// starting with two or more slashes then stay in the browser).
  ///
  /// - Parameters:
  ///   - rules, host, switchedOff: as for ``init(rules:host:switchedOff:leadingSlashRuns:)``.
  ///   - appIDs: the apps that handle the links.
  ///   - merging: the whole file made from the `applinks` text (other services added), whose size counts.
  /// - Returns: the smallest file tried when none is within the limit (``Served/fits`` is `false`).
  package static func served(
    rules: [CompiledRewrite], host: String, switchedOff: [String: String] = [:], appIDs: [String],
    merging: (String) -> String = { $0 }
  ) -> Served {
    let file = AppleAppSiteAssociation(rules: rules, host: host, switchedOff: switchedOff)
    let full = merging(file.json(appIDs: appIDs))
    guard full.utf8.count > sizeLimit else { return Served(file: file, text: full, notes: []) }
    let commentsNote = "comments left out: with them the file is \(full.utf8.count) bytes, over Apple's 128 KB"
    let bare = merging(file.json(appIDs: appIDs, comments: false))
    guard bare.utf8.count > sizeLimit else { return Served(file: file, text: bare, notes: [commentsNote]) }
    let smaller = AppleAppSiteAssociation(
      rules: rules, host: host, switchedOff: switchedOff, leadingSlashRuns: false)
    return Served(
      file: smaller, text: merging(smaller.json(appIDs: appIDs, comments: false)),
      notes: [
        commentsNote,
        "leading slash runs left out (`//cart` stays in the browser): with them the file is "
          + "\(bare.utf8.count) bytes without comments, over Apple's 128 KB",
      ])
  }
}
