import Foundation
import TestSupport
import XCTest

/// The running agent and its signals, files that change under it, and sources that vanish.
final class AgentSignalTests: XCTestCase {
  private func rules(_ text: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent("agent.rules")
    try Data(text.utf8).write(to: url)
    chmod(url.path, 0o644)
    return url.path
  }

  /// A clip folder: `pause` copies of a frame with no hand, then the frames of `clip`.
  private func clip(_ clip: String, after pause: Int, in directory: URL) throws -> String {
    let folder = directory.appendingPathComponent("frames")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let empty = try TestData.url("clips/fist_then_thumbs_up/0000.jpg")  // clips.csv: no hand yet
    for index in 0..<pause {
      try FileManager.default.copyItem(at: empty, to: folder.appendingPathComponent(String(format: "%04d.jpg", index)))
    }
    let frames = try FileManager.default.contentsOfDirectory(atPath: try TestData.url("clips/\(clip)").path).sorted()
    for (index, name) in frames.enumerated() {
      try FileManager.default.copyItem(at: try TestData.url("clips/\(clip)/\(name)"),
                                       to: folder.appendingPathComponent(String(format: "%04d.jpg", pause + index)))
    }
    return folder.path
  }

  func testSIGHUPWithABrokenFileKeepsTheOldRules() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let rulesPath = try rules("any swipe_right -> key Right\n", in: dir)
    let frames = try clip("swipe_toward_image_left", after: 50, in: dir)  // 2 s of nothing first
    let window = try TestWindow()
    _ = window.takeKeyEvents()
    let agent = try RunningCommand.gestured(["run", "--source", frames, "--rules", rulesPath])
    XCTAssertTrue(agent.waitFor("1 rules from"), agent.text.errors)
    try Data("any swipe_right -> key Rigth\n".utf8).write(to: URL(fileURLWithPath: rulesPath))
    agent.signal(SIGHUP)
    XCTAssertTrue(agent.waitFor("the rules loaded before stay in force"), agent.text.errors)
    let run = agent.wait()
    XCTAssertEqual(run.status, 0, run.standardError)
    XCTAssertTrue(run.standardError.contains("\(rulesPath):1:24: error: unknown keysym \"Rigth\""), run.standardError)
    XCTAssertEqual(window.takeKeyEvents().map(\.pressed), [true, false], "the old rule still pressed Right once\n\(run.standardOutput)\n\(run.standardError)")
  }

  func testSIGTERMStopsCleanlyWithNoKeyDown() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    // The palm in open_hand_rising faces up, not the camera, and rises: it is not presented.
    // This test is about stopping, so the presentation checks are off.
    let rulesPath = try rules("""
      set pose_max_speed 100
      set palm_min_facing -1
      set palm_min_upright -1
      any open_palm hold=0.2s repeat=0.1s -> key shift+a

      """, in: dir)
    let window = try TestWindow()
    let agent = try RunningCommand.gestured(["run", "--source", try TestData.url("clips/open_hand_rising").path, "--rules", rulesPath])
    XCTAssertTrue(agent.waitFor("-> key shift+a"), agent.text.output + agent.text.errors)
    agent.signal(SIGTERM)
    let run = agent.wait()
    XCTAssertEqual(run.status, 0, run.standardError)
    XCTAssertTrue(run.standardOutput.contains("gestured: stopping (signal)"), run.standardOutput)
    XCTAssertTrue(run.standardOutput.contains("gestured: stopped;"), run.standardOutput)
    let events = window.takeKeyEvents()
    XCTAssertGreaterThan(events.count, 0)
    XCTAssertEqual(events.filter(\.pressed).count, events.filter { !$0.pressed }.count, "every press has its release")
    XCTAssertEqual(window.keysDown(), [])
  }

  func testSIGUSR1PausesTheRules() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let rulesPath = try rules("any swipe_right -> key Right\n", in: dir)
    let frames = try clip("swipe_toward_image_left", after: 50, in: dir)
    let agent = try RunningCommand.gestured(["run", "--dry-run", "--source", frames, "--rules", rulesPath])
    XCTAssertTrue(agent.waitFor("1 rules from"))
    agent.signal(SIGUSR1)
    XCTAssertTrue(agent.waitFor("paused (SIGUSR1)"))
    let run = agent.wait()
    XCTAssertFalse(run.standardOutput.contains("-> key Right"), "paused: the swipe fires nothing\n\(run.standardOutput)")
  }

  func testAFrameFolderThatVanishesEndsTheRunWithAMessage() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let rulesPath = try rules("any swipe_right -> key Right\n", in: dir)
    let frames = try clip("swipe_toward_image_left", after: 50, in: dir)
    let agent = try RunningCommand.gestured(["run", "--dry-run", "--source", frames, "--rules", rulesPath])
    XCTAssertTrue(agent.waitFor("1 rules from"))
    usleep(300_000)
    try FileManager.default.removeItem(atPath: frames)
    let run = agent.wait()
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.standardError.contains(frames), "the message names the folder: \(run.standardError)")
    XCTAssertTrue(run.standardOutput.contains("gestured: stopped;"), run.standardOutput)
  }
}
