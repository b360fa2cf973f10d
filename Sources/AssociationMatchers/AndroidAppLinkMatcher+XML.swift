import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

extension AndroidAppLinkMatcher {
  /// The manifest's elements as a tree, read with Foundation's `XMLParser` inside a root that declares the `android`
  /// and `tools` prefixes.
  enum XMLTree {
    final class Node {
      let name: String
      let attributes: [String: String]
      var children: [Node] = []

      init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
      }
    }

    final class Builder: NSObject, XMLParserDelegate {
      var stack: [Node] = [Node(name: "#document", attributes: [:])]

      func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
      ) {
        let node = Node(name: elementName, attributes: attributeDict)
        stack.last?.children.append(node)
        stack.append(node)
      }

      func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?)
      {
        if stack.count > 1 { stack.removeLast() }
      }

      /// The first error, with its line: on Linux `XMLParser` recovers from some errors (an unclosed element) and
      /// `parse()` still returns true, so every reported error is kept.
      var error: String?

      func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if error == nil { error = "line \(parser.lineNumber): XMLParser error \((parseError as NSError).code)" }
      }
    }

    static let rootName = "android-app-link-matcher-root"

    /// The root element (the wrapper added here) with the manifest's elements as its children.
    static func parse(_ manifest: String) throws(FileError) -> Node {
      var text = manifest.trimmingCharacters(in: .whitespacesAndNewlines)
      // An XML declaration may only open a document, so it is dropped before the elements are wrapped.
      if text.hasPrefix("<?xml"), let end = text.range(of: "?>") { text = String(text[end.upperBound...]) }
      let wrapped = """
        <\(rootName) xmlns:android="http://schemas.android.com/apk/res/android" \
        xmlns:tools="http://schemas.android.com/tools">\(text)</\(rootName)>
        """
      let parser = XMLParser(data: Data(wrapped.utf8))
      parser.shouldProcessNamespaces = false
      parser.shouldResolveExternalEntities = false
      let builder = Builder()
      parser.delegate = builder
      let parsed = parser.parse()
      if let error = builder.error { throw .notXML(error) }
      if let error = parser.parserError { throw .notXML("XMLParser error \((error as NSError).code)") }
      guard parsed else { throw .notXML("line \(parser.lineNumber)") }
      guard let document = builder.stack.first, let root = document.children.first, root.name == rootName else {
        throw .notXML("no element")
      }
      return root
    }
  }
}
