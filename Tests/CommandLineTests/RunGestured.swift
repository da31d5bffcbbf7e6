import Foundation
import TestSupport

/// Runs the built `gestured` binary and collects its exit status and output (standard error is
/// read on another thread, so neither pipe can fill up and stall the command).
func runGestured(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: BuiltProducts.gestured)
  process.arguments = arguments
  let output = Pipe(), error = Pipe()
  process.standardOutput = output
  process.standardError = error
  try process.run()
  let errorReader = ErrorReader(error.fileHandleForReading)
  let out = output.fileHandleForReading.readDataToEndOfFile()
  let err = errorReader.wait()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}

/// Reads a pipe to its end on a thread of its own.
private final class ErrorReader: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread {
      self.data = handle.readDataToEndOfFile()
      self.done.signal()
    }.start()
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
