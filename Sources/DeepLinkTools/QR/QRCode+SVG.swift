extension QRCode {
  /// The symbol as an inline SVG element: one path of unit squares on a white square with the
  /// 4-module quiet zone the standard requires, scaled by the page (`width` in CSS pixels).
  ///
  /// - Parameter label: the accessible name (`aria-label`); escaped for XML.
  package func svg(label: String, width: Int = 180) -> String {
    let side = size + 8
    var path = ""
    for row in 0..<size {
      var column = 0
      while column < size {
        guard modules[row][column] else {
          column += 1
          continue
        }
        var run = 1
        while column + run < size && modules[row][column + run] { run += 1 }
        path += "M\(column + 4) \(row + 4)h\(run)v1h-\(run)z"
        column += run
      }
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" width="\(width)" height="\(width)" \
      role="img" aria-label="\(MarkupText.escaped(label))" shape-rendering="crispEdges">\
      <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
      """
  }
}
