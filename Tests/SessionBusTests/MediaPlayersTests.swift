import Foundation
import SessionBus
import TestSupport
import XCTest

/// MPRIS players on a private session bus: real mpv players (mpv-mpris), their state read back
/// with playerctl, not with gestured's own code.
final class MediaPlayersTests: XCTestCase {
  func testListsThePlayerWithItsStatusAndAbilities() throws {
    let bus = try PrivateSessionBus()
    let (_, name) = try bus.startPlayer()
    let players = try MediaPlayers(bus: BusConnection(address: bus.address)).list()
    XCTAssertEqual(players.map(\.name), [name])
    XCTAssertEqual(players.first?.status, "Playing")
    XCTAssertEqual(players.first?.volume, 1)
    XCTAssertTrue(players.first?.abilities.contains("pause") ?? false, "\(players)")
  }

  func testPlayPauseNextAndVolumeReachThePlayer() throws {
    let bus = try PrivateSessionBus()
    let (_, name) = try bus.startPlayer(tracks: 2)
    let players = MediaPlayers(bus: try BusConnection(address: bus.address))
    XCTAssertEqual(try bus.playerctl(name, "status"), "Playing")
    try players.perform(.playPause)
    XCTAssertEqual(try bus.playerctl(name, "status"), "Paused")
    try players.perform(.playPause)
    XCTAssertEqual(try bus.playerctl(name, "status"), "Playing")
    let first = try bus.playerctl(name, "metadata", "xesam:title")
    try players.perform(.next)
    try waitUntil { try bus.playerctl(name, "metadata", "xesam:title") != first }
    try players.perform(.volumeDown, volumeStep: 0.25)
    XCTAssertEqual(Double(try bus.playerctl(name, "volume")) ?? -1, 0.75, accuracy: 0.001)
    try players.perform(.volumeUp, volumeStep: 0.5)
    XCTAssertEqual(Double(try bus.playerctl(name, "volume")) ?? -1, 1, accuracy: 0.001, "clamped to full volume")
  }

  func testWithoutPlayerTheOnePlayingIsChosenAndPlayerPicksByName() throws {
    let bus = try PrivateSessionBus()
    let (_, first) = try bus.startPlayer()
    let (_, second) = try bus.startPlayer()
    XCTAssertNotEqual(first, second)
    let players = MediaPlayers(bus: try BusConnection(address: bus.address))
    // player= by a glob on the name: pause the second one only.
    try players.perform(.pause, player: second.replacingOccurrences(of: "mpv", with: "MPV*"))
    XCTAssertEqual(try bus.playerctl(first, "status"), "Playing")
    XCTAssertEqual(try bus.playerctl(second, "status"), "Paused")
    // Without player=: the one that is playing (the first), then, with none playing, the one
    // last seen playing (the first again), not the first one listed.
    try players.perform(.playPause)
    XCTAssertEqual(try bus.playerctl(first, "status"), "Paused")
    XCTAssertEqual(try bus.playerctl(second, "status"), "Paused")
    try players.perform(.playPause)
    XCTAssertEqual(try bus.playerctl(first, "status"), "Playing")
    XCTAssertEqual(try bus.playerctl(second, "status"), "Paused")
    XCTAssertThrowsError(try players.perform(.next, player: "spotify")) { error in
      XCTAssertTrue("\(error)".hasPrefix("no media player matches player=spotify (players: "), "\(error)")
    }
  }

  func testNoSessionBusNoPlayerAPlayerGoneOrHungEachSaySo() throws {
    XCTAssertThrowsError(try BusConnection(address: "")) { error in
      XCTAssertTrue("\(error)".hasPrefix("no session bus"), "\(error)")
    }
    XCTAssertThrowsError(try BusConnection(address: "unix:path=/nonexistent/bus")) { error in
      XCTAssertTrue("\(error)".hasPrefix("cannot reach the session bus at unix:path=/nonexistent/bus"), "\(error)")
    }
    let bus = try PrivateSessionBus()
    let players = MediaPlayers(bus: try BusConnection(address: bus.address), timeout: 0.3)
    XCTAssertThrowsError(try players.perform(.playPause)) { XCTAssertEqual("\($0)", "no media player on the session bus") }
    // A player that stops answering (stopped with SIGSTOP): the call gives up after the timeout.
    let (process, name) = try bus.startPlayer()
    XCTAssertEqual(try players.list().map(\.name), [name])
    process.stopAndWait()
    let start = Date()
    XCTAssertThrowsError(try players.perform(.pause)) { XCTAssertEqual("\($0)", "no media player answered; \(name) did not answer within 0.3 s") }
    XCTAssertLessThan(Date().timeIntervalSince(start), 1.5, "each call waits at most the timeout")
    XCTAssertEqual(try players.list().map(\.name), [], "a player that does not answer is left out of the list")
    kill(process.processIdentifier, SIGCONT)
    // A player that is gone between the lookup and the call: the call says so.
    let connection = try BusConnection(address: bus.address)
    let busName = "org.mpris.MediaPlayer2.\(name)"
    XCTAssertTrue(try connection.names(timeout: 1).contains(busName))
    process.terminate()
    process.waitUntilExit()
    XCTAssertThrowsError(try connection.call(busName, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", "PlayPause", timeout: 1)) { error in
      XCTAssertEqual((error as? BusError)?.name, "org.freedesktop.DBus.Error.ServiceUnknown", "\(error)")
      XCTAssertTrue("\(error)".hasPrefix("\(busName) PlayPause: "), "\(error)")
    }
    // And a player that is gone before the lookup.
    try waitUntil { try players.list().isEmpty }
    XCTAssertThrowsError(try players.perform(.pause)) { XCTAssertEqual("\($0)", "no media player on the session bus") }
  }

  private func waitUntil(_ condition: () throws -> Bool, file: StaticString = #filePath, line: UInt = #line) throws {
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      if try condition() { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    XCTFail("not within 5 s", file: file, line: line)
  }
}
