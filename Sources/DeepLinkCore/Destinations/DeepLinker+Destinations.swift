extension DeepLinker {
  /// The link to share for `destination`: the market's web link to it (see
  /// ``DeepLinkConfiguration/link(to:)``).
  ///
  /// ```swift
  /// let link = try linker.link(to: ProductPage(id: 123, locale: "fr"))
  /// link.absoluteString  // "https://shop.example.ca/fr/ip/-/123"
  /// ```
  ///
  /// - Throws: ``ShareLinkError``; ``ShareLinkError/notComposed`` before the linker's
  ///   configuration is ready.
  public func link(to destination: some LinkDestination) throws(ShareLinkError) -> DeepLink {
    guard let configuration else { throw .notComposed }
    return try configuration.link(to: destination)
  }

  /// The app's own link for `destination` (see `DeepLinkConfiguration.appLink(to:)`).
  ///
  /// - Throws: ``ShareLinkError``; ``ShareLinkError/notComposed`` before the linker's
  ///   configuration is ready.
  public func appLink(to destination: some LinkDestination) throws(ShareLinkError) -> DeepLink {
    guard let configuration else { throw .notComposed }
    return try configuration.appLink(to: destination)
  }
}
