import Foundation
import TestSupport
import XCTest
@testable import Rules

/// Loading from disk: a rule file that others could change is refused (it can run commands), and
/// a broken new version leaves the old rules in force.
final class RuleFileLoadTests: XCTestCase {
  func write(_ text: String, to url: URL, mode: mode_t = 0o644) throws {
    try Data(text.utf8).write(to: url)
    XCTAssertEqual(chmod(url.path, mode), 0)
  }

  func testLoadsAPrivateFile() throws {
    let url = try TestData.temporaryDirectory(for: self).appendingPathComponent("my.rules")
    try write("right swipe_left -> key Right\n", to: url, mode: 0o600)
    let file = try RuleFile.load(path: url.path)
    XCTAssertEqual(file.path, url.path)
    XCTAssertEqual(file.rules.count, 1)
  }

  func testRefusesAFileItsGroupOrOthersCanWrite() throws {
    let url = try TestData.temporaryDirectory(for: self).appendingPathComponent("shared rules")
    for (mode, who) in [(mode_t(0o664), "its group can write it (mode 0664)"),
                        (0o646, "other users can write it (mode 0646)"),
                        (0o666, "its group and other users can write it (mode 0666)")] {
      try write("any fist -> exec rm -rf /tmp/x\n", to: url, mode: mode)
      XCTAssertThrowsError(try RuleFile.load(path: url.path)) { error in
        let text = String(describing: error)
        XCTAssertTrue(error is RuleFileAccessError, text)
        XCTAssertTrue(text.contains(who), text)
        XCTAssertTrue(text.contains("a rule file can run commands"), text)
        XCTAssertTrue(text.hasSuffix("fix it with: chmod go-w '\(url.path)'"), text)
      }
    }
  }

  func testRefusesAFileAnotherUserOwns() throws {
    let url = try TestData.temporaryDirectory(for: self).appendingPathComponent("theirs.rules")
    try write("any fist -> pause\n", to: url)
    var info = stat()
    XCTAssertEqual(stat(url.path, &info), 0)
    info.st_uid = geteuid() == 65534 ? 65533 : 65534
    let problem = try XCTUnwrap(RuleFile.ownershipProblem(of: info, path: url.path))
    XCTAssertTrue(problem.contains("not to you"), problem)
    XCTAssertTrue(problem.contains("fix it with: sudo chown "), problem)
    XCTAssertTrue(problem.hasSuffix(" \(url.path)"), problem)
    // With the right to give a file away (root), check the real thing too.
    if geteuid() == 0 {
      XCTAssertEqual(chown(url.path, 65534, 65534), 0)
      XCTAssertThrowsError(try RuleFile.load(path: url.path)) { error in
        XCTAssertTrue(String(describing: error).contains("refused: it belongs to"), "\(error)")
      }
    }
    info.st_uid = 0
    XCTAssertNil(RuleFile.ownershipProblem(of: info, path: url.path), "root-owned files (installed defaults) are fine")
  }

  func testUnreadableThingsGiveClearErrors() throws {
    let folder = try TestData.temporaryDirectory(for: self)
    XCTAssertThrowsError(try RuleFile.load(path: folder.appendingPathComponent("missing.rules").path)) { error in
      XCTAssertTrue("\(error)".contains("cannot open: No such file or directory"), "\(error)")
    }
    XCTAssertThrowsError(try RuleFile.load(path: folder.path)) { error in
      XCTAssertTrue("\(error)".contains("not a regular file"), "\(error)")
    }
    let fifo = folder.appendingPathComponent("fifo")
    XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
    XCTAssertThrowsError(try RuleFile.load(path: fifo.path)) { error in  // must not block
      XCTAssertTrue("\(error)".contains("not a regular file"), "\(error)")
    }
    let binary = folder.appendingPathComponent("binary.rules")
    try Data([0x61, 0x0a, 0x62, 0xff, 0xfe]).write(to: binary)
    XCTAssertThrowsError(try RuleFile.load(path: binary.path)) { error in
      XCTAssertTrue("\(error)".hasSuffix("line 2 is not UTF-8 text; a rule file is plain text"), "\(error)")
    }
  }

  func testParseErrorsComeWithEveryDiagnostic() throws {
    let url = try TestData.temporaryDirectory(for: self).appendingPathComponent("bad.rules")
    try write("rigth fist -> pause\nany fist -> kye a\n", to: url)
    XCTAssertThrowsError(try RuleFile.load(path: url.path)) { error in
      let diagnostics = (error as? RuleFileError)?.diagnostics ?? []
      XCTAssertEqual(diagnostics.map { "\($0.path):\($0.line):\($0.column)" }, ["\(url.path):1:1", "\(url.path):2:13"])
    }
  }

  func testWatcherReloadsAndKeepsTheOldRulesWhenTheNewOnesAreBroken() throws {
    let url = try TestData.temporaryDirectory(for: self).appendingPathComponent("live.rules")
    try write("right swipe_left -> key Right\n", to: url)
    var watcher = try RuleFileWatcher(path: url.path)
    XCTAssertEqual(watcher.ruleFile.rules.count, 1)
    guard case .unchanged = watcher.poll() else { return XCTFail("nothing changed yet") }

    try write("right swipe_left -> key Right\nleft swipe_right -> key Pgdown\n", to: url)
    guard case .unchanged = watcher.poll() else { return XCTFail("a changed file first settles") }
    guard case .failed(let error) = watcher.poll() else { return XCTFail("a broken file must fail") }
    XCTAssertEqual((error as? RuleFileError)?.errors.first?.line, 2)
    XCTAssertEqual(watcher.ruleFile.rules.map(\.line), [1], "the old rules stay in force")
    guard case .unchanged = watcher.poll() else { return XCTFail("a broken version is reported once") }

    try write("right swipe_left -> key Right\nleft swipe_right -> key Left\n", to: url)
    _ = watcher.poll()
    guard case .reloaded(let file) = watcher.poll() else { return XCTFail("the fixed file must load") }
    XCTAssertEqual(file.rules.count, 2)
    XCTAssertEqual(watcher.ruleFile, file)

    XCTAssertEqual(chmod(url.path, 0o666), 0)  // same text, unsafe now
    _ = watcher.poll()
    guard case .failed(let refusal) = watcher.poll() else { return XCTFail("an unsafe file must be refused") }
    XCTAssertTrue(refusal is RuleFileAccessError)
    XCTAssertEqual(watcher.ruleFile.rules.count, 2)
    XCTAssertEqual(chmod(url.path, 0o644), 0)
    _ = watcher.poll()
    guard case .reloaded = watcher.poll() else { return XCTFail("fixed permissions must load") }

    XCTAssertEqual(unlink(url.path), 0)
    _ = watcher.poll()
    guard case .failed = watcher.poll() else { return XCTFail("a vanished file is reported") }
    guard case .unchanged = watcher.poll() else { return XCTFail("once") }
    XCTAssertEqual(watcher.ruleFile.rules.count, 2)
    guard case .failed = watcher.reload() else { return XCTFail("a forced reload reports again") }
  }

  func testWatcherWaitsForAFileCaughtHalfWritten() throws {
    let url = try TestData.temporaryDirectory(for: self).appendingPathComponent("live.rules")
    try write("any fist -> key a\n", to: url)
    var watcher = try RuleFileWatcher(path: url.path)
    try write("", to: url)  // an editor has truncated the file and not yet written it again
    guard case .unchanged = watcher.poll() else { return XCTFail("a change must settle first") }
    try write("any fist -> key b\nany victory -> key c\n", to: url)
    guard case .unchanged = watcher.poll() else { return XCTFail("changed again: still settling") }
    XCTAssertEqual(watcher.ruleFile.rules.count, 1, "the empty file never loaded")
    guard case .reloaded(let file) = watcher.poll() else { return XCTFail("settled: loads") }
    XCTAssertEqual(file.rules.count, 2)
  }

  func testWatcherSeesAReplacedFileOfTheSameSize() throws {
    let folder = try TestData.temporaryDirectory(for: self)
    let url = folder.appendingPathComponent("live.rules")
    try write("any fist -> key a\n", to: url)
    var watcher = try RuleFileWatcher(path: url.path)
    let replacement = folder.appendingPathComponent("new.rules")
    try write("any fist -> key b\n", to: replacement)
    XCTAssertEqual(rename(replacement.path, url.path), 0)  // how editors save: a new inode
    _ = watcher.poll()
    guard case .reloaded(let file) = watcher.poll() else { return XCTFail("a replaced file must reload") }
    XCTAssertEqual(file.rules[0].action.description, "key b")
  }
}
