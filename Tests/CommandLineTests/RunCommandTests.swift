import Foundation
import TestSupport
import XCTest

/// `gestured run` end to end under Xvfb: recorded clips in, key events received by a real X
/// window out.
final class RunCommandTests: XCTestCase {
  static let swipeRules = """
    any swipe_left  -> key Left
    any swipe_right -> key Right
    any swipe_up    -> key Up
    any swipe_down  -> key Down
    any thumbs_up hold=1s -> key t

    """

  /// A rule file the agent accepts (mode 0644, ours).
  func rules(_ text: String) throws -> String {
    let url = try TestData.temporaryDirectory(for: self).appendingPathComponent("test.rules")
    try Data(text.utf8).write(to: url)
    chmod(url.path, 0o644)
    return url.path
  }

  /// Runs the agent on a clip as fast as it can read it; returns its run and the keys the focused
  /// test window received, as press/release pairs of keysym names.
  func runAgent(on clip: String, rules text: String) throws -> (CommandRun, [String]) {
    let window = try TestWindow()
    _ = window.takeKeyEvents()
    let run = try CommandRun.gestured(["run", "--source", clip, "--rules", try rules(text), "--no-pacing"])
    let names = window.takeKeyNames()
    XCTAssertEqual(window.keysDown(), [], "no key is left down")
    return (run, names)
  }

  func testEachSwipeClipPressesItsKeyExactlyOnce() throws {
    // data README: the person's motion toward the image's left edge is their swipe to the right.
    let expected = ["swipe_toward_image_left": "Right", "swipe_toward_image_right": "Left",
                    "swipe_toward_image_top": "Up", "swipe_toward_image_bottom": "Down"]
    for (clip, key) in expected.sorted(by: { $0.key < $1.key }) {
      let (run, keys) = try runAgent(on: try TestData.url("clips/\(clip)").path, rules: Self.swipeRules)
      XCTAssertEqual(run.status, 0, run.standardError)
      XCTAssertEqual(keys, ["+\(key)", "-\(key)"], "\(clip): \(run.standardOutput)")
    }
  }

  func testAShapeOptionTakesOnlyTheSwipesMadeWithThatPose() throws {
    // swipe_toward_image_right: the open hand held still, then swiped (the user's swipe_left).
    let clip = try TestData.url("clips/swipe_toward_image_right").path
    let (open, openKeys) = try runAgent(on: clip, rules: "any swipe_left shape=open_palm -> key Next\n")
    XCTAssertEqual(openKeys, ["+Next", "-Next"], open.standardOutput + open.standardError)
    let (two, twoKeys) = try runAgent(on: clip, rules: "any swipe_left shape=victory -> key Next\n")
    XCTAssertEqual(two.status, 0, two.standardError)
    XCTAssertEqual(twoKeys, [], "a two-finger rule leaves an open hand's swipe alone: \(two.standardOutput)")
    // -v names the shape, so a user sees what to ask for.
    let verbose = try CommandRun.gestured(["run", "--source", clip, "--rules", try rules("any swipe_left -> key Next\n"), "--no-pacing", "--dry-run", "-v"])
    XCTAssertTrue(verbose.standardOutput.contains("left action swipe_left (1.00, shape open_palm)"), verbose.standardOutput)
  }

  func testThumbsUpHeldOneSecondPressesOneKey() throws {
    let (run, keys) = try runAgent(on: try TestData.url("clips/fist_then_thumbs_up").path, rules: Self.swipeRules)
    XCTAssertEqual(run.status, 0, run.standardError)
    XCTAssertEqual(keys, ["+t", "-t"], run.standardOutput)
    XCTAssertTrue(run.standardOutput.contains("thumbs_up"), run.standardOutput)
  }

  func testOpenHandRisingPressesNothing() throws {
    let (run, keys) = try runAgent(on: try TestData.url("clips/open_hand_rising").path, rules: Self.swipeRules)
    XCTAssertEqual(run.status, 0, run.standardError)
    XCTAssertEqual(keys, [])
  }

  func testAToggleRulePausesTheOtherRules() throws {
    // fist_then_thumbs_up: the fist toggles (pauses) gestured, so the thumbs up held later
    // presses nothing. (Until this test the agent applied the toggle a second time, undoing it.)
    let run = try CommandRun.gestured(["run", "--source", try TestData.url("clips/fist_then_thumbs_up").path,
                                       "--rules", try rules("any fist -> toggle\nany thumbs_up hold=1s -> key t\n"), "--dry-run", "--no-pacing"])
    XCTAssertEqual(run.status, 0, run.standardError)
    XCTAssertTrue(run.standardOutput.contains("right fist (0.91) -> toggle"), run.standardOutput)
    XCTAssertFalse(run.standardOutput.contains("-> key t"), run.standardOutput)
  }

  func testFpsSetsTheRateOfAFrameFolder() throws {
    // open_hand_rising has 202 frames: at 10 fps its last one is at 20.1 s (8.04 s at the default 25).
    let clip = try TestData.url("clips/open_hand_rising").path
    let ten = try CommandRun.gestured(["run", "--source", clip, "--fps", "10", "--rules", try rules("any fist -> key a\n"), "--dry-run", "--no-pacing"])
    XCTAssertEqual(ten.status, 0, ten.standardError)
    XCTAssertTrue(ten.standardOutput.contains("[   20.100] gestured: end of"), ten.standardOutput)
    let camera = try CommandRun.gestured(["run", "--fps", "10", "--dry-run"])
    XCTAssertEqual(camera.status, 64)
    XCTAssertTrue(camera.standardError.hasPrefix("error: --fps is the frame rate of a --source frame folder"), camera.standardError)
  }

  func testCorruptFrameIsSkippedCountedAndTheRunGoesOn() throws {
    let source = try TestData.url("clips/swipe_toward_image_left")
    let copy = try TestData.temporaryDirectory(for: self).appendingPathComponent("frames")
    try FileManager.default.copyItem(at: source, to: copy)
    let broken = copy.appendingPathComponent("0005.jpg")
    try Data(contentsOf: broken).prefix(2000).write(to: broken)
    let (run, keys) = try runAgent(on: copy.path, rules: Self.swipeRules)
    XCTAssertEqual(run.status, 0, run.standardError)
    XCTAssertTrue(run.standardOutput.contains("40 frames processed"), run.standardOutput)
    XCTAssertTrue(run.standardOutput.contains("1 unreadable skipped"), run.standardOutput)
    XCTAssertEqual(keys, ["+Right", "-Right"])
  }

  func testDryRunPrintsTheActionWithoutPressing() throws {
    let (run, keys) = try runAgent(on: try TestData.url("clips/swipe_toward_image_top").path,
                                   rules: "any swipe_up -> key ctrl+alt+t\n")
    XCTAssertEqual(keys, ["+Control_L", "+Alt_L", "+t", "-t", "-Alt_L", "-Control_L"])
    XCTAssertTrue(run.standardOutput.contains("rule 1: left swipe_up ("), run.standardOutput)
    let window = try TestWindow()
    _ = window.takeKeyEvents()
    let dry = try CommandRun.gestured(["run", "--dry-run", "--no-pacing", "--source", try TestData.url("clips/swipe_toward_image_top").path,
                                       "--rules", try rules("any swipe_up -> key ctrl+alt+t\n")])
    XCTAssertEqual(dry.status, 0, dry.standardError)
    XCTAssertTrue(dry.standardOutput.contains("-> key ctrl+alt+t (Control_L+Alt_L+t)  [dry run]"), dry.standardOutput)
    XCTAssertEqual(window.takeKeyEvents(), [])
  }
}

/// The snapshot action of a running agent: the live frame as a JPEG, after its self-timer.
final class SnapshotActionTests: XCTestCase {
  func testThumbsUpTakesASnapshotAfterTheDelay() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let rules = dir.appendingPathComponent("photo.rules")
    let template = dir.appendingPathComponent("shots/hand-%Y.jpg").path
    try Data("any thumbs_up hold=1s -> snapshot \(template) delay=2s\n".utf8).write(to: rules)
    chmod(rules.path, 0o644)
    let run = try CommandRun.gestured(["run", "--source", try TestData.url("clips/fist_then_thumbs_up").path,
                                       "--rules", rules.path, "--no-pacing"])
    XCTAssertEqual(run.status, 0, run.standardError)
    let shots = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("shots").path)
    XCTAssertEqual(shots.count, 1, run.standardOutput)
    let year = Calendar(identifier: .gregorian).component(.year, from: Date())
    XCTAssertEqual(shots.first, "hand-\(year).jpg")
    // Fired at ~3.3 s of the 7.8 s clip; the picture is the frame 2 s later.
    let fired = try XCTUnwrap(run.standardOutput.split(separator: "\n").first { $0.contains("-> snapshot") })
    let saved = try XCTUnwrap(run.standardOutput.split(separator: "\n").first { $0.contains("snapshot saved to") })
    func time(_ line: Substring) -> Double { Double(line.dropFirst().prefix { $0 != "]" }.trimmingCharacters(in: .whitespaces)) ?? -1 }
    XCTAssertEqual(time(saved) - time(fired), 2, accuracy: 0.05)
    let bytes = try Data(contentsOf: dir.appendingPathComponent("shots/\(shots[0])"))
    XCTAssertEqual(Array(bytes.prefix(2)), [0xff, 0xd8], "a JPEG")
  }
}

/// The default rules, as a new user gets them, on real clips under Xvfb.
final class DefaultRulesRunTests: XCTestCase {
  /// A copy of gestures/default.rules the agent accepts (mode 0644, ours).
  func defaultRules() throws -> URL {
    let rules = try TestData.temporaryDirectory(for: self).appendingPathComponent("default.rules")
    if FileManager.default.fileExists(atPath: rules.path) { return rules }
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../gestures/default.rules")
    try FileManager.default.copyItem(at: source.standardizedFileURL, to: rules)
    chmod(rules.path, 0o644)
    return rules
  }

  /// The agent with gestures/default.rules on a clip, the focused test window claiming to be
  /// `windowClass`; the keys that window received.
  func received(on clip: String, windowClass: (instance: String, className: String)?, title: String? = nil,
                legacyTitle: Bool = false) throws -> (CommandRun, [String]) {
    let rules = try defaultRules()
    let window = try TestWindow()
    if let windowClass { window.setClass(window.window, instance: windowClass.instance, className: windowClass.className) }
    if let title { window.setTitle(window.window, title, legacy: legacyTitle) }
    _ = window.takeKeyEvents()
    let run = try CommandRun.gestured(["run", "--source", try TestData.url("clips/\(clip)").path, "--rules", rules.path, "--no-pacing"])
    XCTAssertEqual(run.status, 0, run.standardError)
    return (run, window.takeKeyNames())
  }

  func testInAPDFViewerOrPresenterASwipeSendsOnlyThePageKey() throws {
    // swipe_toward_image_right: an open palm is held before the swipe (the user's swipe_left).
    // In zathura the swipe turns the page, and the palm does not toggle the music.
    let (run, keys) = try received(on: "swipe_toward_image_right", windowClass: ("zathura", "Zathura"))
    XCTAssertEqual(keys, ["+Next", "-Next"], run.standardOutput)
    let (back, backKeys) = try received(on: "swipe_toward_image_left", windowClass: ("evince", "Evince"))
    XCTAssertEqual(backKeys, ["+Prior", "-Prior"], back.standardOutput)
    // The same in a presentation: pdfpc's window, with the class it gives X (read with xprop).
    let (show, showKeys) = try received(on: "swipe_toward_image_right", windowClass: ("pdfpc", "Pdfpc"))
    XCTAssertEqual(showKeys, ["+Next", "-Next"], show.standardOutput)
    // And in a browser showing a Google Slides deck, known by its title.
    let (deck, deckKeys) = try received(on: "swipe_toward_image_right", windowClass: ("google-chrome", "Google-chrome"),
                                        title: "Quarterly review - Google Slides - Google Chrome")
    XCTAssertEqual(deckKeys, ["+Next", "-Next"], deck.standardOutput)
    // And in LibreOffice's slide show drawn without GTK: no WM_CLASS, a title in WM_NAME.
    let (impress, impressKeys) = try received(on: "swipe_toward_image_right", windowClass: nil, title: "Presenting: deck", legacyTitle: true)
    XCTAssertEqual(impressKeys, ["+Next", "-Next"], impress.standardOutput)
  }

  func testVerboseNamesTheFocusedWindowAsAnAppSectionSeesIt() throws {
    // So a user can see what the globs of an [app] section must match: class and title.
    let rules = try defaultRules()
    let window = try TestWindow()
    window.setClass(window.window, instance: "Navigator", className: "firefox-esr")
    window.setTitle(window.window, "deck.pdf — Mozilla Firefox")
    let run = try CommandRun.gestured(["run", "--source", try TestData.url("clips/swipe_toward_image_right").path,
                                       "--rules", rules.path, "--no-pacing", "-v"])
    XCTAssertEqual(run.status, 0, run.standardError)
    XCTAssertTrue(run.standardOutput.contains(#"focused window: "Navigator", "firefox-esr", title "deck.pdf — Mozilla Firefox""#),
                  run.standardOutput)
    XCTAssertEqual(window.takeKeyNames(), ["+Next", "-Next"], "a PDF in Firefox is a document viewer")
  }

  func testElsewhereTheSwipeClipsSendNothing() throws {
    // Swipes turn pages only in viewers; the palm shown before the swipe is not held still for
    // the 1 s the music rule needs.
    for clip in ["swipe_toward_image_right", "swipe_toward_image_left", "open_hand_rising"] {
      let (run, keys) = try received(on: clip, windowClass: ("xterm", "XTerm"))
      XCTAssertEqual(keys, [], "\(clip): \(run.standardOutput)")
    }
  }

  func testAPalmHeldToTheCameraPlaysOrPausesTheMusic() throws {
    // A real open palm photo (hagrid_v2_stop) shown for 1.5 s: 38 frames of it at 25 fps, as a
    // palm held still to a laptop webcam. The music: a real mpv on a private session bus, read
    // back with playerctl.
    let folder = try TestData.temporaryDirectory(for: self).appendingPathComponent("palm")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for index in 0..<38 {
      try FileManager.default.copyItem(at: try TestData.url("photos/hagrid_v2_stop.jpg"),
                                       to: folder.appendingPathComponent(String(format: "%04d.jpg", index)))
    }
    let rules = try defaultRules()
    let bus = try PrivateSessionBus()
    let (_, player) = try bus.startPlayer()
    let window = try TestWindow()
    _ = window.takeKeyEvents()
    let run = try CommandRun.gestured(["run", "--source", folder.path, "--rules", rules.path, "--no-pacing"], environment: bus.environment)
    XCTAssertEqual(run.status, 0, run.standardError)
    XCTAssertEqual(try bus.playerctl(player, "status"), "Paused", run.standardOutput + run.standardError)
    XCTAssertEqual(window.takeKeyNames(), [], "no key: the player is told over MPRIS")
  }
}
