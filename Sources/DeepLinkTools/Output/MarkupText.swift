import Foundation

/// Text made safe for the catalogue's HTML, SVG and Markdown.
package enum MarkupText {
  /// `text` with `&`, `<`, `>`, `"` and `'` written as character references, after
  /// ``SafeText/visible(_:)`` has made control and invisible characters visible.
  package static func escaped(_ text: String) -> String {
    var result = ""
    for character in SafeText.visible(text) {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }

  /// `text` as Markdown inline code that no backtick in it can close early, escaped for HTML
  /// (GitHub renders Markdown tables' inline HTML) and with `|` escaped so it cannot split a table cell.
  package static func code(_ text: String) -> String {
    let visible = SafeText.visible(text).replacingOccurrences(of: "|", with: "\\|")
    let fence = String(repeating: "`", count: longestBacktickRun(visible) + 1)
    let pad = visible.hasPrefix("`") || visible.hasSuffix("`") ? " " : ""
    return fence + pad + visible + pad + fence
  }

  /// A code fence no line of `text` can close: at least three backticks, one more than its longest run.
  package static func fence(for text: String) -> String {
    String(repeating: "`", count: max(3, longestBacktickRun(text) + 1))
  }

  private static func longestBacktickRun(_ text: String) -> Int {
    var longest = 0
    var current = 0
    for character in text {
      current = character == "`" ? current + 1 : 0
      longest = max(longest, current)
    }
    return longest
  }

  /// `text` as one POSIX shell word: single-quoted, each `'` written as `'\''`.
  package static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// `text` quoted for a shell that hands it to a second shell (`adb shell`): `"'text'"` when
  /// `text` has none of `'"$`\!`, else single quotes at both levels.
  package static func deviceShellQuoted(_ text: String) -> String {
    let special: Set<Character> = ["'", "\"", "$", "`", "\\", "!"]
    if !text.contains(where: special.contains) { return "\"'" + text + "'\"" }
    return shellQuoted(shellQuoted(text))
  }
}
