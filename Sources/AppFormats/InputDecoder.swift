import AppModel
import Foundation

/// Turns the bytes a terminal sends into keys, pastes and mouse reports, whatever its terminfo
/// entry says: every common encoding of the editing and function keys, Alt as ESC + key,
/// sequences split across reads (slow links), and unknown sequences read whole and dropped.
///
/// Pure: the caller feeds bytes as they arrive and, when `pendingTimeout` is not `nil`, calls
/// `flush()` that long after the last bytes if nothing else came (a lone ESC is the Esc key).
public struct InputDecoder: Sendable {
  /// How long a lone ESC waits for the rest of a sequence before it counts as the Esc key.
  public static let escapeTimeout: TimeInterval = 0.1
  /// How long an unfinished sequence waits for its last bytes before it is dropped.
  public static let sequenceTimeout: TimeInterval = 0.5

  private var buffer: [UInt8] = []
  private var paste: [UInt8]?

  /// A decoder with nothing pending.
  public init() {}

  /// How long to wait before `flush()`, when bytes are held back; `nil` when none are.
  public var pendingTimeout: TimeInterval? {
    if paste != nil { return Self.sequenceTimeout }
    if buffer.isEmpty { return nil }
    return buffer == [0x1B] ? Self.escapeTimeout : Self.sequenceTimeout
  }

  /// Decodes `bytes` after what was held back; keeps an unfinished sequence for later.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
    buffer.append(contentsOf: bytes)
    var events: [InputEvent] = []
    var index = 0
    while index < buffer.count {
      if paste != nil {
        guard let end = pasteEnd(from: index) else {
          // Keep a possible start of the end marker; the rest is pasted text.
          let keep = max(index, buffer.count - 5)
          paste?.append(contentsOf: buffer[index..<keep])
          index = keep
          break
        }
        paste?.append(contentsOf: buffer[index..<end])
        events.append(.paste(String(decoding: paste ?? [], as: UTF8.self)))
        paste = nil
        index = end + 6
        continue
      }
      guard let (event, length) = decode(at: index) else { break }
      if let event { events.append(event) }
      index += length
    }
    buffer.removeFirst(index)
    return events
  }

  /// Gives up waiting: a lone ESC is the Esc key, an unfinished sequence is dropped and an
  /// unfinished paste is delivered as it is.
  public mutating func flush() -> [InputEvent] {
    defer { buffer.removeAll() }
    if let pasted = paste {
      paste = nil
      return [.paste(String(decoding: pasted + buffer, as: UTF8.self))]
    }
    return buffer == [0x1B] ? [.key(.escape)] : []
  }

  // MARK: - One event

  /// The event at `index` and its length in bytes (`nil` event: read and ignored), or `nil`
  /// when the bytes there are the start of something not complete yet.
  private mutating func decode(at index: Int) -> (InputEvent?, Int)? {
    let byte = buffer[index]
    switch byte {
    case 0x1B:
      return escape(at: index)
    case 0x00..<0x20, 0x7F:
      return (control(byte).map { .key($0) }, 1)
    default:
      guard let (character, length) = character(at: index) else { return nil }
      return (character.map { .key(.character($0)) }, length)
    }
  }

  private func control(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x03: return .interrupt
    case 0x09: return .tab
    case 0x0A, 0x0D: return .enter
    case 0x08, 0x7F: return .backspace
    case 0x0C: return .repaint
    case 0x15: return .clearLine
    case 0x17: return .deleteWord
    case 0x1A: return .suspend
    default: return nil
    }
  }

  /// A UTF-8 character; `nil` while incomplete; a `nil` character for a byte that is not UTF-8.
  private func character(at index: Int) -> (Character?, Int)? {
    let lead = buffer[index]
    let length: Int
    switch lead {
    case 0x00..<0x80: length = 1
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (nil, 1)
    }
    guard index + length <= buffer.count else { return nil }
    let bytes = buffer[index..<index + length]
    guard let text = String(validating: bytes, as: UTF8.self), let first = text.first else {
      return (nil, 1)
    }
    return (first, length)
  }

  private mutating func escape(at index: Int) -> (InputEvent?, Int)? {
    guard index + 1 < buffer.count else { return nil }
    switch buffer[index + 1] {
    case UInt8(ascii: "["):
      return csi(at: index)
    case UInt8(ascii: "O"):
      guard index + 2 < buffer.count else { return nil }
      return (ss3(buffer[index + 2]).map { .key($0) }, 3)
    case 0x1B:
      // ESC ESC: the first is Esc pressed on its own.
      return (.key(.escape), 1)
    case 0x00..<0x20, 0x7F:
      // Esc, then a control key in the same read (Esc and Ctrl-Z typed quickly, or bunched
      // by a slow link): both keys, neither lost.
      return (.key(.escape), 1)
    default:
      guard let (character, length) = character(at: index + 1) else { return nil }
      return (character.map { .key(.alt($0)) }, 1 + length)
    }
  }

  /// ESC [ parameters intermediates final.
  private mutating func csi(at index: Int) -> (InputEvent?, Int)? {
    var end = index + 2
    while end < buffer.count, (0x20...0x3F).contains(buffer[end]) { end += 1 }
    guard end < buffer.count else { return nil }
    let final = buffer[end]
    guard (0x40...0x7E).contains(final) else {
      // Not a sequence after all: drop the introducer, read the rest as it comes.
      return (nil, 2)
    }
    let parameters = String(decoding: buffer[(index + 2)..<end], as: UTF8.self)
    let length = end - index + 1
    if final == UInt8(ascii: "M"), parameters.isEmpty {
      // X10 mouse report: three more bytes.
      guard index + length + 3 <= buffer.count else { return nil }
      return (nil, length + 3)
    }
    if parameters == "200", final == UInt8(ascii: "~") {
      paste = []
      return (nil, length)
    }
    if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
      return (mouse(parameters.dropFirst(), pressed: final == UInt8(ascii: "M")), length)
    }
    return (csiKey(parameters, final: final).map { .key($0) }, length)
  }

  private func csiKey(_ parameters: String, final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "~"):
      guard let first = parameters.split(separator: ";").first, let code = Int(first) else {
        return nil
      }
      return tildeKey(code)
    default: return letterKey(final)
    }
  }

  private func tildeKey(_ code: Int) -> Key? {
    switch code {
    case 1, 7: return .home
    case 2: return .insert
    case 3: return .delete
    case 4, 8: return .end
    case 5: return .pageUp
    case 6: return .pageDown
    case 11...15: return .function(code - 10)
    case 17...21: return .function(code - 11)
    case 23, 24: return .function(code - 12)
    default: return nil
    }
  }

  private func ss3(_ final: UInt8) -> Key? {
    final == UInt8(ascii: "M") ? .enter : letterKey(final)
  }

  /// The keys CSI and SS3 both end with a letter: arrows, Home, End and F1–F4.
  private func letterKey(_ final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(final - UInt8(ascii: "P")) + 1)
    default: return nil
    }
  }

  /// `<button;x;y` (one-based cells), pressed with `M`, released with `m`.
  private func mouse(_ parameters: Substring, pressed: Bool) -> InputEvent? {
    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
    guard numbers.count == 3, numbers[1] > 0, numbers[2] > 0 else { return nil }
    let button = numbers[0]
    let action: MouseEvent.Action
    switch (button & ~0b1_1100, pressed) {
    case (64, _): action = .wheelUp
    case (65, _): action = .wheelDown
    case (0, true) where button & 32 == 0: action = .press
    default: action = .other
    }
    return .mouse(MouseEvent(action: action, x: numbers[1] - 1, y: numbers[2] - 1))
  }

  /// Where ESC [ 2 0 1 ~ starts, at or after `index`.
  private func pasteEnd(from index: Int) -> Int? {
    let marker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
    guard buffer.count - index >= marker.count else { return nil }
    var start = index
    while start + marker.count <= buffer.count {
      if buffer[start] == 0x1B, Array(buffer[start..<start + marker.count]) == marker {
        return start
      }
      start += 1
    }
    return nil
  }
}
