/// Word wrapping by display width.
public enum TextWrap {
  /// `text` broken into lines of at most `width` cells, at most `maxLines` of them; the last
  /// line ends with `…` when text was left out. Words longer than a line are broken.
  public static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    var index = 0
    while index < words.count {
      let word = words[index]
      let wordWidth = TextWidth.of(word)
      let needed = currentWidth == 0 ? wordWidth : currentWidth + 1 + wordWidth
      if needed <= width {
        current += (currentWidth == 0 ? "" : " ") + word
        currentWidth = needed
        index += 1
      } else if currentWidth == 0 {
        // A word longer than the line: break it at the width.
        var head = ""
        var used = 0
        var rest = Substring(word)
        while let character = rest.first, used + TextWidth.of(character) <= width {
          head.append(character)
          used += TextWidth.of(character)
          rest = rest.dropFirst()
        }
        if head.isEmpty { return lines }
        lines.append(head)
        words[index] = String(rest)
        if rest.isEmpty { index += 1 }
      } else {
        lines.append(current)
        current = ""
        currentWidth = 0
      }
      if lines.count == maxLines { break }
    }
    if !current.isEmpty, lines.count < maxLines { lines.append(current) }
    let complete = index >= words.count && lines.count <= maxLines
    if !complete, let last = lines.popLast() {
      lines.append(
        TextWidth.truncate(last + " …", to: width).replacingOccurrences(of: " …", with: "…"))
    }
    return lines
  }
}
