import Foundation
import XCTest

/// Where the real test data lives: `GESTURED_TESTDATA`, else `../shared/data` beside the project.
/// A test that needs it and does not find it fails with a message saying so; it never passes
/// silently.
public enum TestData {
  /// The project's root folder (the one holding Package.swift).
  public static let projectRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
  }()

  /// The data folder, or an XCTest failure naming the variable to set.
  public static func directory(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
    let path = ProcessInfo.processInfo.environment["GESTURED_TESTDATA"]
      ?? projectRoot.appendingPathComponent("../shared/data").standardized.path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
      XCTFail("real test data not found at \(path): set GESTURED_TESTDATA to the shared data folder", file: file, line: line)
      throw XCTSkip("no test data")
    }
    return URL(fileURLWithPath: path)
  }

  /// A file or folder inside the data folder; fails the test when it is missing.
  public static func url(_ relative: String, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
    let url = try directory(file: file, line: line).appendingPathComponent(relative)
    guard FileManager.default.fileExists(atPath: url.path) else {
      XCTFail("test data file missing: \(url.path)", file: file, line: line)
      throw XCTSkip("missing \(relative)")
    }
    return url
  }

  /// A fresh temporary directory, removed when the test ends.
  public static func temporaryDirectory(for test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("gestured-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }

  /// A rule file holding `text` in a temporary folder of `test`, as the agent accepts it (mode
  /// 0644, owned by the user); its path.
  public static func ruleFile(_ text: String, for test: XCTestCase) throws -> String {
    let url = try temporaryDirectory(for: test).appendingPathComponent("test.rules")
    try Data(text.utf8).write(to: url)
    chmod(url.path, 0o644)
    return url.path
  }
}

/// What packaging/setup installed: the runtime library and the models.
public enum InstalledRuntime {
  /// The data folder set-up filled (`GESTURED_DATA`, else `$XDG_DATA_HOME/gestured`, else
  /// `~/.local/share/gestured`), or an XCTest failure saying to run set-up.
  public static func directory(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
    let env = ProcessInfo.processInfo.environment
    let candidates = [env["GESTURED_DATA"], env["XDG_DATA_HOME"].map { $0 + "/gestured" },
                      NSHomeDirectory() + "/.local/share/gestured"].compactMap { $0 }
    guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/lib/libLiteRt.so") }) else {
      XCTFail("the runtime is not installed: run packaging/setup", file: file, line: line)
      throw XCTSkip("no runtime")
    }
    return URL(fileURLWithPath: found)
  }
}

/// The folder holding the built products (the `gestured` binary), found from the test bundle.
public enum BuiltProducts {
  public static var directory: URL {
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      return bundle.bundleURL.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }

  /// The path of the built `gestured` executable.
  public static var gestured: String { directory.appendingPathComponent("gestured").path }
}
