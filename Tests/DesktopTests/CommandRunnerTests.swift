@testable import Desktop
import Foundation
import XCTest

/// Commands run without a shell, are reaped, stopped after their timeout, and their output is
/// logged line by line within bounds. The agent side (the runner) stays usable throughout.
final class CommandRunnerTests: XCTestCase {
  /// Collects the runner's log lines.
  private final class Log {
    var lines: [CommandLogLine] = []
    func texts(_ source: CommandLogLine.Source) -> [String] { lines.filter { $0.source == source }.map(\.text) }
  }

  private func makeRunner(_ configure: (inout CommandRunner.Limits) -> Void = { _ in }) -> (CommandRunner, Log) {
    let log = Log()
    var limits = CommandRunner.Limits()
    configure(&limits)
    return (CommandRunner(limits: limits) { log.lines.append($0) }, log)
  }

  /// CPU seconds this thread has used (immune to the scheduler's pauses on a loaded machine).
  private func threadCPUTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
  }

  /// Polls like the frame loop (every 5 ms) until the runner is idle; returns the longest poll
  /// in CPU seconds.
  @discardableResult
  private func pollUntilIdle(_ runner: CommandRunner, within seconds: Double = 10,
                             file: StaticString = #filePath, line: UInt = #line) -> Double {
    let end = Date().addingTimeInterval(seconds)
    var longest = 0.0
    while runner.activeCount > 0 && Date() < end {
      let start = threadCPUTime()
      runner.poll()
      longest = max(longest, threadCPUTime() - start)
      usleep(5_000)
    }
    XCTAssertEqual(runner.activeCount, 0, "commands still running after \(seconds)s", file: file, line: line)
    return longest
  }

  private func assertReaped(_ pid: Int32, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(kill(pid, 0), -1, "process \(pid) still exists (a zombie?)", file: file, line: line)
    XCTAssertEqual(errno, ESRCH, file: file, line: line)
  }

  func testMissingProgramIsLoggedAndTheRunnerCarriesOn() throws {
    let (runner, log) = makeRunner()
    XCTAssertNil(runner.start(["gestured-no-such-program", "--flag"]))
    XCTAssertEqual(log.lines.map(\.description),
                   ["gestured-no-such-program cannot run: No such file or directory (is it installed and on PATH?)"])
    let pid = try XCTUnwrap(runner.start(["true"]))
    pollUntilIdle(runner)
    XCTAssertEqual(log.texts(.runner).last, "exited with status 0")
    assertReaped(pid)
  }

  func testOutputIsLoggedLineByLineWithTheExitStatus() throws {
    let (runner, log) = makeRunner()
    let pid = try XCTUnwrap(runner.start(["printf", "one\\ntwo\\r\\nthree"]))
    runner.start(["ls", "/nonexistent-gestured"])
    pollUntilIdle(runner)
    XCTAssertEqual(log.texts(.stdout), ["one", "two", "three"])
    XCTAssertEqual(log.texts(.stderr).count, 1)
    XCTAssertTrue(log.texts(.stderr)[0].contains("/nonexistent-gestured"), "\(log.lines)")
    XCTAssertTrue(log.texts(.runner).contains("exited with status 2"), "\(log.lines)")
    XCTAssertTrue(log.lines.contains { $0.description == "printf[\(pid)]: one" }, "\(log.lines)")
    assertReaped(pid)
  }

  func testArgumentsAreNotInterpretedByAShell() throws {
    let (runner, log) = makeRunner()
    runner.start(["echo", "$HOME", "a;b", "`id`", "*"])
    pollUntilIdle(runner)
    XCTAssertEqual(log.texts(.stdout), ["$HOME a;b `id` *"])
  }

  func testEnvironmentVariablesReachTheChild() throws {
    let (runner, log) = makeRunner()
    runner.start(["env"], environment: ["GESTURED_HAND": "right", "GESTURED_GESTURE": "thumbs_up",
                                        "GESTURED_CONFIDENCE": "0.93"])
    pollUntilIdle(runner)
    let output = Set(log.texts(.stdout))
    XCTAssertTrue(output.isSuperset(of: ["GESTURED_HAND=right", "GESTURED_GESTURE=thumbs_up",
                                         "GESTURED_CONFIDENCE=0.93"]), "\(output)")
    XCTAssertTrue(output.contains { $0.hasPrefix("PATH=") }, "the agent's environment is kept")
  }

  func testHangingProgramIsStoppedAfterItsTimeoutAndReaped() throws {
    let (runner, log) = makeRunner()
    let started = Date()
    let pid = try XCTUnwrap(runner.start(["sleep", "30"], timeout: 0.3))
    pollUntilIdle(runner)
    let took = Date().timeIntervalSince(started)
    XCTAssertGreaterThanOrEqual(took, 0.3)
    XCTAssertLessThan(took, 2)
    XCTAssertEqual(Array(log.texts(.runner).dropFirst()),
                   ["timed out after 0.3s: sending SIGTERM", "killed by SIGTERM"])
    assertReaped(pid)
  }

  func testProgramIgnoringSIGTERMGetsSIGKILL() throws {
    let (runner, log) = makeRunner { $0.killGrace = 0.3 }
    // The test's own child ignores SIGTERM (and so does the sleep it starts, in its group).
    let pid = try XCTUnwrap(runner.start(["sh", "-c", "trap '' TERM; sleep 30; echo survived"], timeout: 0.2))
    // (0.2 s is ample for sh to set its trap before the timeout.)
    pollUntilIdle(runner)
    XCTAssertEqual(Array(log.texts(.runner).dropFirst()),
                   ["timed out after 0.2s: sending SIGTERM", "still running 0.3s after SIGTERM: sending SIGKILL",
                    "killed by SIGKILL"])
    XCTAssertEqual(log.texts(.stdout), [], "the whole process group was stopped")
    assertReaped(pid)
  }

  func testMegabytesWithoutANewlineAreCutNotKept() throws {
    let (runner, log) = makeRunner()
    let pid = try XCTUnwrap(runner.start(["head", "-c", "5000000", "/dev/zero"]))
    let longest = pollUntilIdle(runner)
    XCTAssertEqual(log.texts(.stdout).count, 2, "\(log.texts(.stdout).map { $0.suffix(40) })")
    XCTAssertEqual(log.texts(.stdout).first?.utf8.count, 1000 + " [line cut at 1000 bytes]".utf8.count)
    XCTAssertEqual(log.texts(.stdout).last, "[4999000 more bytes not logged]")
    XCTAssertEqual(log.texts(.runner).last, "exited with status 0")
    XCTAssertLessThan(longest, 0.03, "one poll must not stall a frame")
    assertReaped(pid)
  }

  func testEndlessOutputIsBoundedAndTheProgramStoppedAtItsTimeout() throws {
    let (runner, log) = makeRunner()
    let pid = try XCTUnwrap(runner.start(["yes"], timeout: 0.5))
    let longest = pollUntilIdle(runner)
    let stdout = log.texts(.stdout)
    XCTAssertEqual(stdout.count, 101)
    XCTAssertEqual(Set(stdout.prefix(100)), ["y"])
    XCTAssertTrue(stdout.last?.hasSuffix("more bytes not logged]") == true, "\(stdout.last ?? "")")
    XCTAssertTrue(log.texts(.runner).contains("killed by SIGTERM"), "\(log.texts(.runner))")
    XCTAssertLessThan(longest, 0.03, "one poll must not stall a frame")
    assertReaped(pid)
  }

  func testDetachedProgramIsLeftRunningAndItsOutputStillRead() throws {
    let (runner, log) = makeRunner()
    let pid = try XCTUnwrap(runner.start(["setsid", "-f", "sh", "-c", "sleep 0.4; echo late"], timeout: 0.2))
    pollUntilIdle(runner)
    XCTAssertEqual(log.texts(.stdout), ["late"], "\(log.lines)")
    XCTAssertEqual(log.texts(.runner).last, "exited with status 0")
    assertReaped(pid)
  }

  func testStopAllStopsAndReapsEverything() throws {
    let (runner, log) = makeRunner()
    let first = try XCTUnwrap(runner.start(["sleep", "30"]))
    let second = try XCTUnwrap(runner.start(["sh", "-c", "trap '' TERM; echo ready; sleep 30"]))
    let end = Date().addingTimeInterval(5)
    while log.texts(.stdout).isEmpty && Date() < end {
      runner.poll()
      usleep(5_000)
    }
    runner.stopAll(grace: 0.3)
    XCTAssertEqual(runner.activeCount, 0)
    XCTAssertEqual(log.texts(.runner).filter { $0.hasPrefix("killed") }.sorted(), ["killed by SIGKILL", "killed by SIGTERM"])
    assertReaped(first)
    assertReaped(second)
  }
}
