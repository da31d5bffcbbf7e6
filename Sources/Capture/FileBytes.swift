import Foundation

/// Buffered reading from a file descriptor (a file or ffmpeg's output pipe): lines for headers,
/// exact byte counts for frames. The buffer is allocated once.
final class FileBytes {
  let fd: Int32
  let path: String
  private var buffer: UnsafeMutableRawBufferPointer
  private var start = 0
  private var end = 0

  /// Reads from `fd` (not closed here); `path` names it in errors.
  init(fd: Int32, path: String, bufferSize: Int = 1 << 16) {
    self.fd = fd
    self.path = path
    buffer = .allocate(byteCount: bufferSize, alignment: 16)
  }

  deinit { buffer.deallocate() }

  /// The bytes up to the next newline (without it); nil at the end of input before any byte.
  /// Throws when no newline comes within `maximumLength` bytes or the input ends mid-line.
  func line(maximumLength: Int, truncated: () -> SourceError) throws(SourceError) -> [UInt8]? {
    var bytes: [UInt8] = []
    while true {
      if start == end, try fill() == 0 {
        if bytes.isEmpty { return nil }
        throw truncated()
      }
      let available = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
      if let newline = available.firstIndex(of: UInt8(ascii: "\n")) {
        bytes.append(contentsOf: available[..<newline])
        start += newline - available.startIndex + 1
        return bytes
      }
      bytes.append(contentsOf: available)
      start = end
      if bytes.count > maximumLength { throw SourceError.notY4M(path: path, reason: "a header line longer than \(maximumLength) bytes") }
    }
  }

  /// Fills `destination` completely; returns the bytes read, fewer only at the end of input.
  func read(into destination: UnsafeMutableRawBufferPointer) throws(SourceError) -> Int {
    var done = 0
    while done < destination.count {
      if start == end {
        // Large reads go straight to the destination.
        if destination.count - done >= buffer.count {
          let n = try system(Glibc.read(fd, destination.baseAddress! + done, destination.count - done))
          if n == 0 { return done }
          done += n
          continue
        }
        if try fill() == 0 { return done }
      }
      let n = min(end - start, destination.count - done)
      UnsafeMutableRawBufferPointer(rebasing: destination[done..<(done + n)])
        .copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[start..<(start + n)]))
      start += n
      done += n
    }
    return done
  }

  private func fill() throws(SourceError) -> Int {
    start = 0
    end = try system(Glibc.read(fd, buffer.baseAddress!, buffer.count))
    return end
  }

  /// A read, again while it is interrupted (EINTR); other errno values as a `SourceError`.
  private func system(_ result: @autoclosure () -> Int) throws(SourceError) -> Int {
    while true {
      let n = result()
      if n >= 0 { return n }
      if errno != EINTR { throw SourceError.unreadable(path: path, reason: ErrnoText.of(errno)) }
    }
  }
}

/// Reads a whole file into `bytes`, reusing its storage; returns the byte count. Throws the errno.
func readWholeFile(_ path: String, into bytes: inout [UInt8]) -> Result<Int, Errno> {
  let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
  if fd < 0 { return .failure(Errno(errno)) }
  defer { Glibc.close(fd) }
  var info = stat()
  if fstat(fd, &info) != 0 { return .failure(Errno(errno)) }
  let size = Int(info.st_size)
  if bytes.count < size { bytes.append(contentsOf: repeatElement(0, count: size - bytes.count)) }
  var done = 0
  while done < size {
    let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, size - done) }
    if n == 0 { break }
    if n < 0 {
      if errno == EINTR { continue }
      return .failure(Errno(errno))
    }
    done += n
  }
  return .success(done)
}

/// An errno value as an error.
struct Errno: Error, Equatable {
  var code: Int32
  init(_ code: Int32) { self.code = code }
  var text: String { ErrnoText.of(code) }
}
