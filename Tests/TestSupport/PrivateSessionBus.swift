import Foundation
import XCTest

/// A private D-Bus session bus for one test (`dbus-daemon --session`), with real MPRIS players
/// on it (mpv with the mpv-mpris plugin, playing generated tones with no audio output) and a real
/// notification daemon (dunst, on the test's X server). Everything is stopped when it goes away.
public final class PrivateSessionBus {
  /// The bus address, for `DBUS_SESSION_BUS_ADDRESS`.
  public let address: String
  private let daemon: Process
  /// The programs started on the bus (players, the notification daemon).
  private var players: [Process] = []
  private let folder: URL

  /// Starts the bus; fails the test (never skips it) when dbus-daemon is missing.
  public init(file: StaticString = #filePath, line: UInt = #line) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-bus-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // A session bus with no service directories: nothing is started on demand (the system's
    // dunst would be), so what runs on it is what the test started.
    let config = folder.appendingPathComponent("session.conf")
    try Data("""
      <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
       "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
      <busconfig>
        <type>session</type>
        <listen>unix:path=\(folder.path)/bus</listen>
        <policy context="default">
          <allow send_destination="*" eavesdrop="true"/>
          <allow eavesdrop="true"/>
          <allow own="*"/>
        </policy>
      </busconfig>
      """.utf8).write(to: config)
    daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    daemon.arguments = ["--config-file=\(config.path)", "--nofork", "--print-address"]
    let output = Pipe()
    daemon.standardOutput = output
    do { try daemon.run() } catch {
      XCTFail("dbus-daemon could not start (\(error)): run the tests through `make test`, which installs it", file: file, line: line)
      throw error
    }
    let first = output.fileHandleForReading.availableData
    address = String(decoding: first, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  deinit {
    for player in players where player.isRunning {
      kill(player.processIdentifier, SIGCONT)
      player.terminate()
      player.waitUntilExit()
    }
    daemon.terminate()
    daemon.waitUntilExit()
    try? FileManager.default.removeItem(at: folder)
  }

  /// The environment that puts a command on this bus.
  public var environment: [String: String?] { ["DBUS_SESSION_BUS_ADDRESS": address] }

  /// Starts mpv (with mpv-mpris) playing `tracks` generated tones in a loop, and waits until its
  /// MPRIS name is on the bus. Returns the process and that name's last part (`mpv`, or
  /// `mpv.instance1234` for a second one).
  @discardableResult
  public func startPlayer(tracks: Int = 1, file: StaticString = #filePath, line: UInt = #line) throws -> (process: Process, name: String) {
    var paths: [String] = []
    for track in 0..<tracks {
      let url = folder.appendingPathComponent("tone\(players.count)-\(track).wav")
      try Self.tone(hertz: 330 + 110 * Double(track), seconds: 30).write(to: url)
      paths.append(url.path)
    }
    let before = Set(try names())
    let prefix = "org.mpris.MediaPlayer2."
    let (player, name) = try start("mpv", ["--ao=null", "--no-video", "--really-quiet", "--loop-playlist=inf"] + paths,
                                   until: { !before.contains($0) && $0.hasPrefix(prefix) }, file: file, line: line)
    return (player, String(name.dropFirst(prefix.count)))
  }

  /// Starts dunst, the notification daemon, on this bus and the X server of `$DISPLAY`, and waits
  /// until it owns org.freedesktop.Notifications.
  public func startNotificationDaemon(file: StaticString = #filePath, line: UInt = #line) throws {
    _ = try start("dunst", [], until: { $0 == "org.freedesktop.Notifications" }, file: file, line: line)
  }

  /// Starts `/usr/bin/PROGRAM` on this bus and waits (10 s at most) for a new name on the bus
  /// that `isItsName` accepts; returns the process and that name.
  private func start(_ program: String, _ arguments: [String], until isItsName: (String) -> Bool,
                     file: StaticString, line: UInt) throws -> (Process, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/\(program)")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch {
      XCTFail("\(program) could not start (\(error)): run the tests through `make test`, which installs it", file: file, line: line)
      throw error
    }
    players.append(process)
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if let name = try names().first(where: isItsName) { return (process, name) }
      Thread.sleep(forTimeInterval: 0.1)
    }
    XCTFail("\(program) did not appear on the bus within 10 s (mpv needs mpv-mpris, dunst an X display)", file: file, line: line)
    throw XCTSkip("\(program) not on the bus")
  }

  /// What dunstctl, dunst's own tool, says: `dunstctl ARGS...`.
  public func dunstctl(_ arguments: String...) throws -> String {
    try run("/usr/bin/dunstctl", arguments)
  }

  /// What playerctl, an outside observer, reads of a player: `playerctl -p NAME ARGS...`.
  public func playerctl(_ player: String, _ arguments: String...) throws -> String {
    try run("/usr/bin/playerctl", ["-p", player] + arguments)
  }

  /// The names on the bus, read with dbus-send.
  public func names() throws -> [String] {
    let text = try run("/usr/bin/dbus-send", ["--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                              "org.freedesktop.DBus.ListNames"])
    return text.split(separator: "\n").compactMap { line in
      guard let start = line.firstIndex(of: "\""), let end = line.lastIndex(of: "\""), start < end else { return nil }
      return String(line[line.index(after: start)..<end])
    }
  }

  private func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A mono 8 kHz 16-bit WAV file of a sine tone.
  static func tone(hertz: Double, seconds: Double) -> Data {
    let rate = 8000, count = Int(seconds * Double(rate))
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + count * 2))
    data.append(contentsOf: Array("WAVEfmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))
    append(UInt32(rate)); append(UInt32(rate * 2)); append(UInt16(2)); append(UInt16(16))
    data.append(contentsOf: Array("data".utf8)); append(UInt32(count * 2))
    for index in 0..<count { append(Int16(3000 * sin(2 * .pi * hertz * Double(index) / Double(rate)))) }
    return data
  }
}

extension Process {
  /// Stops the process with SIGSTOP and waits (5 s at most) until every one of its threads is
  /// stopped: the signal takes effect when each thread is next scheduled, and on a loaded machine
  /// a player can still answer a call sent just after `kill` returned.
  public func stopAndWait(file: StaticString = #filePath, line: UInt = #line) {
    kill(processIdentifier, SIGSTOP)
    let tasks = "/proc/\(processIdentifier)/task"
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
      let stopped = threads.allSatisfy { thread in
        guard let stat = try? String(contentsOfFile: "\(tasks)/\(thread)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return true }  // gone: it answers nothing
        let state = stat[stat.index(after: end)...].drop { $0 == " " }.first
        return state == "T" || state == "t"
      }
      if stopped { return }
      Thread.sleep(forTimeInterval: 0.01)
    }
    XCTFail("process \(processIdentifier) did not stop within 5 s", file: file, line: line)
  }
}
