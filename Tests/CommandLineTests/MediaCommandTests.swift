import Foundation
import TestSupport
import XCTest

/// `media` rules and `gestured players` against real mpv players (mpv-mpris) on a private session
/// bus, the players' state read back with playerctl.
final class MediaCommandTests: XCTestCase {
  func testASwipeRulePausesTheRealPlayer() throws {
    let bus = try PrivateSessionBus()
    let (_, name) = try bus.startPlayer()
    XCTAssertEqual(try bus.playerctl(name, "status"), "Playing")
    // swipe_toward_image_right: the user's swipe_left.
    let run = try CommandRun.gestured(["run", "--source", try TestData.url("clips/swipe_toward_image_right").path,
                                       "--rules", try TestData.ruleFile("any swipe_left -> media play-pause\n", for: self), "--no-pacing"],
                                      environment: bus.environment)
    XCTAssertEqual(run.status, 0, run.standardError)
    XCTAssertTrue(run.standardOutput.contains("rule 1: media play-pause -> \(name)"), run.standardOutput)
    XCTAssertEqual(try bus.playerctl(name, "status"), "Paused")
  }

  func testNextVolumeAndPlayerReachTheNamedPlayerOfTwo() throws {
    let bus = try PrivateSessionBus()
    let (_, first) = try bus.startPlayer(tracks: 2)
    let (_, second) = try bus.startPlayer(tracks: 2)
    let titles = (try bus.playerctl(first, "metadata", "xesam:title"), try bus.playerctl(second, "metadata", "xesam:title"))
    _ = try bus.playerctl(first, "volume", "0.5")
    _ = try bus.playerctl(second, "volume", "0.5")
    // swipe_toward_image_right is the user's swipe_left, swipe_toward_image_left their swipe_right.
    let rulesPath = try TestData.ruleFile("""
      any swipe_left  -> media next player=\(second)
      any swipe_right -> media volume+ step=25% player=\(second)

      """, for: self)
    for clip in ["swipe_toward_image_right", "swipe_toward_image_left"] {
      let run = try CommandRun.gestured(["run", "--source", try TestData.url("clips/\(clip)").path, "--rules", rulesPath, "--no-pacing"],
                                        environment: bus.environment)
      XCTAssertEqual(run.status, 0, run.standardError)
    }
    XCTAssertEqual(try bus.playerctl(first, "metadata", "xesam:title"), titles.0, "the other player is left alone")
    XCTAssertNotEqual(try bus.playerctl(second, "metadata", "xesam:title"), titles.1, "next track")
    XCTAssertEqual(Double(try bus.playerctl(first, "volume")) ?? -1, 0.5, accuracy: 0.001)
    XCTAssertEqual(Double(try bus.playerctl(second, "volume")) ?? -1, 0.75, accuracy: 0.001)
  }

  func testPlayersListsThePlayersAndSaysWhenThereAreNone() throws {
    let bus = try PrivateSessionBus()
    let none = try CommandRun.gestured(["players"], environment: bus.environment)
    XCTAssertEqual(none.status, 0, none.standardError)
    XCTAssertTrue(none.standardOutput.hasPrefix("no media players on the session bus"), none.standardOutput)
    let (_, name) = try bus.startPlayer()
    let one = try CommandRun.gestured(["players"], environment: bus.environment)
    XCTAssertEqual(one.status, 0, one.standardError)
    XCTAssertTrue(one.standardOutput.hasPrefix("\(name)  Playing  volume 1.00  can: play pause next previous seek control"), one.standardOutput)
    let noBus = try CommandRun.gestured(["players"], environment: ["DBUS_SESSION_BUS_ADDRESS": nil])
    XCTAssertEqual(noBus.status, 1)
    XCTAssertEqual(noBus.standardError, "gestured players: error: no session bus: DBUS_SESSION_BUS_ADDRESS is not set (gestured runs outside your desktop session?)\n")
  }

  func testNoBusOrAHungPlayerIsOneLogLineAndTheAgentGoesOn() throws {
    let clip = try TestData.url("clips/swipe_toward_image_right").path
    let rulesPath = try TestData.ruleFile("any swipe_left -> media play-pause\n", for: self)
    // No session bus: one warning, the run goes on to the end of the clip.
    let noBus = try CommandRun.gestured(["run", "--source", clip, "--rules", rulesPath, "--no-pacing"],
                                        environment: ["DBUS_SESSION_BUS_ADDRESS": nil])
    XCTAssertEqual(noBus.status, 0, noBus.standardError)
    let warnings = noBus.standardError.split(separator: "\n").filter { $0.contains("media") }
    XCTAssertEqual(warnings.count, 1, noBus.standardError)
    XCTAssertTrue(warnings.first?.hasSuffix("warning: rule 1: media play-pause: no session bus: DBUS_SESSION_BUS_ADDRESS is not set (gestured runs outside your desktop session?)") ?? false, noBus.standardError)
    XCTAssertTrue(noBus.standardOutput.contains("gestured: end of"), noBus.standardOutput)
    // A player that never answers (stopped with SIGSTOP): one warning after the timeout; every
    // frame was processed and the agent stopped cleanly.
    let bus = try PrivateSessionBus()
    let (player, _) = try bus.startPlayer()
    player.stopAndWait()
    let hung = try CommandRun.gestured(["run", "--source", clip, "--rules", rulesPath, "--no-pacing"], environment: bus.environment)
    kill(player.processIdentifier, SIGCONT)
    XCTAssertEqual(hung.status, 0, hung.standardError)
    let lines = hung.standardError.split(separator: "\n").filter { $0.contains("media") }
    XCTAssertEqual(lines.count, 1, hung.standardError)
    XCTAssertTrue(lines.first?.contains("did not answer within 0.5 s") ?? false, hung.standardError)
    XCTAssertTrue(hung.standardOutput.contains("46 frames processed"), hung.standardOutput)
    // The frame loop never waited for the player: its longest frame is a frame's work.
    let longest = try XCTUnwrap(hung.standardOutput.firstMatch(of: /longest frame (\d+) ms/).flatMap { Int($0.1) }, hung.standardOutput)
    XCTAssertLessThan(longest, 250, hung.standardOutput)
    print("longest frame while the player hung: \(longest) ms")
  }
}

/// `notify` rules and `set notify_pause` with a real notification daemon (dunst) on a private
/// session bus, read back with dunstctl.
final class NotifyCommandTests: XCTestCase {
  func testANotifyRuleShowsItsTextWithTheHandAndGesture() throws {
    let bus = try PrivateSessionBus()
    try bus.startNotificationDaemon()
    let run = try CommandRun.gestured(["run", "--source", try TestData.url("clips/swipe_toward_image_right").path,
                                       "--rules", try TestData.ruleFile("any swipe_left -> notify \"$GESTURED_HAND hand: $GESTURED_GESTURE\"\n", for: self),
                                       "--no-pacing"], environment: bus.environment)
    XCTAssertEqual(run.status, 0, run.standardError)
    XCTAssertEqual(try bus.dunstctl("count", "displayed"), "1")
    _ = try bus.dunstctl("close-all")
    XCTAssertTrue(try bus.dunstctl("history").contains("left hand: swipe_left"))
  }

  func testPausingItselfIsNotifiedWhenAskedAndAMissingDaemonIsOneWarning() throws {
    let clip = try TestData.url("clips/fist_then_thumbs_up").path
    let rulesPath = try TestData.ruleFile("set notify_pause true\nany fist -> toggle\n", for: self)
    let bus = try PrivateSessionBus()
    let noDaemon = try CommandRun.gestured(["run", "--source", clip, "--rules", rulesPath, "--no-pacing"], environment: bus.environment)
    XCTAssertEqual(noDaemon.status, 0, noDaemon.standardError)
    let warnings = noDaemon.standardError.split(separator: "\n").filter { $0.contains("notification") }
    XCTAssertEqual(warnings.count, 1, noDaemon.standardError)
    XCTAssertTrue(warnings.first?.contains("pause notification: no notification daemon on the session bus") ?? false, noDaemon.standardError)
    try bus.startNotificationDaemon()
    let run = try CommandRun.gestured(["run", "--source", clip, "--rules", rulesPath, "--no-pacing"], environment: bus.environment)
    XCTAssertEqual(run.status, 0, run.standardError)
    _ = try bus.dunstctl("close-all")
    XCTAssertTrue(try bus.dunstctl("history").contains("paused (right fist); the same again resumes"))
  }
}
