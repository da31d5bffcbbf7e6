import Glibc

/// Input: the bytes a command writes to one stream, in chunks as they arrive.
/// Output: its lines (without the newline, invalid UTF-8 repaired), at most `maxLines` of them,
/// each cut to `maxLineBytes` bytes; everything past those limits is counted, not kept. Memory is
/// bounded by `maxLineBytes` whatever the command writes.
struct OutputLines {
  let maxLineBytes: Int
  let maxLines: Int
  /// Lines handed out so far.
  private(set) var linesEmitted = 0
  /// Bytes dropped: past the line limit, or the rest of over-long lines.
  private(set) var bytesDropped = 0
  private var partial: [UInt8] = []
  /// True while skipping the rest of a line already cut.
  private var skippingRestOfLine = false

  init(maxLineBytes: Int, maxLines: Int) {
    self.maxLineBytes = maxLineBytes
    self.maxLines = maxLines
    partial.reserveCapacity(maxLineBytes)
  }

  /// Splits `chunk` into lines, calling `emit` for each complete line that fits the limits.
  mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, emit: (String) -> Void) {
    guard let base = chunk.baseAddress else { return }
    if linesEmitted >= maxLines {  // past the limit: only count
      bytesDropped += chunk.count
      return
    }
    var start = 0
    while start < chunk.count {
      let found = memchr(base + start, 10, chunk.count - start)
      let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? chunk.count
      take(UnsafeBufferPointer(rebasing: chunk[start..<end]), emit: emit)
      if found != nil {
        if !skippingRestOfLine { flushLine(emit: emit) }
        skippingRestOfLine = false
      }
      start = end + 1
    }
  }

  /// Emits what is left of an unterminated last line (at end of stream).
  mutating func finish(emit: (String) -> Void) {
    if !partial.isEmpty && !skippingRestOfLine { flushLine(emit: emit) }
    partial.removeAll(keepingCapacity: true)
    skippingRestOfLine = false
  }

  /// Adds a piece of one line, cutting it at `maxLineBytes`.
  private mutating func take(_ piece: UnsafeBufferPointer<UInt8>, emit: (String) -> Void) {
    if skippingRestOfLine || linesEmitted >= maxLines {
      bytesDropped += piece.count
      return
    }
    let room = maxLineBytes - partial.count
    partial.append(contentsOf: piece.prefix(room))
    if piece.count > room {
      bytesDropped += piece.count - room
      flushLine(emit: emit, cut: true)
      skippingRestOfLine = true
    }
  }

  private mutating func flushLine(emit: (String) -> Void, cut: Bool = false) {
    defer { partial.removeAll(keepingCapacity: true) }
    guard linesEmitted < maxLines else {
      bytesDropped += partial.count + 1
      return
    }
    linesEmitted += 1
    var end = partial.count
    if end > 0 && partial[end - 1] == 13 { end -= 1 }  // CRLF
    let text = String(decoding: partial[..<end], as: UTF8.self)
    emit(cut ? text + " [line cut at \(maxLineBytes) bytes]" : text)
  }
}
