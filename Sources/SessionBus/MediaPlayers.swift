import Foundation

/// What a `media` rule asks a player to do (MPRIS, `org.mpris.MediaPlayer2.Player`).
public enum MediaCommand: String, Sendable, CaseIterable {
  case playPause = "play-pause"
  case play, pause, next, previous, stop
  case volumeUp = "volume+"
  case volumeDown = "volume-"
  case seekForward = "seek+"
  case seekBackward = "seek-"
}

/// One media player on the session bus, as `gestured players` shows it.
public struct MediaPlayer: Sendable, Equatable {
  /// The bus name, `org.mpris.MediaPlayer2.NAME`.
  public var busName: String
  /// The name after `org.mpris.MediaPlayer2.` (`vlc`, `spotify`, `firefox.instance_1_42`): what
  /// `player=GLOB` is matched against.
  public var name: String { String(busName.dropFirst(MediaPlayers.prefix.count)) }
  /// Its own name for itself (`Identity`), e.g. "VLC media player".
  public var identity: String
  /// `Playing`, `Paused` or `Stopped`.
  public var status: String
  /// What it says it can do (its `CanPlay`, `CanPause`, `CanGoNext`, `CanGoPrevious`, `CanSeek`
  /// and `CanControl` that are true): `play`, `pause`, `next`, `previous`, `seek`, `control`.
  public var abilities: [String]
  /// Its volume, 0...1 (nil when it has none).
  public var volume: Double?
}

/// The MPRIS media players on a session bus, and commands to them.
///
/// Which player a command goes to: the one `player` names (a glob, case-insensitive, on the name
/// after `org.mpris.MediaPlayer2.`; the first that matches is playing, else the first); without
/// it, the player that is playing, else the one this object last saw playing, else the first.
public final class MediaPlayers {
  static let prefix = "org.mpris.MediaPlayer2."
  private static let path = "/org/mpris/MediaPlayer2"
  private static let root = "org.mpris.MediaPlayer2"
  private static let player = "org.mpris.MediaPlayer2.Player"
  private static let abilities = [("CanPlay", "play"), ("CanPause", "pause"), ("CanGoNext", "next"), ("CanGoPrevious", "previous"),
                                  ("CanSeek", "seek"), ("CanControl", "control")].map { (property: $0.0, word: $0.1) }

  private let bus: BusConnection
  /// Seconds a call may take before the player counts as not answering.
  public var timeout: Double
  /// The bus name of the player last seen playing.
  private var lastPlaying: String?

  public init(bus: BusConnection, timeout: Double = 0.5) {
    self.bus = bus
    self.timeout = timeout
  }

  /// The players that were on the bus at the last `list` but did not answer (bus names).
  public private(set) var silent: [String] = []

  /// Every player on the bus with its state, in the bus's order. A player that vanishes while it
  /// is asked, or does not answer within `timeout`, is left out (and named in `silent`).
  public func list() throws -> [MediaPlayer] {
    var players: [MediaPlayer] = []
    silent.removeAll()
    for name in try bus.names(timeout: timeout) where name.hasPrefix(Self.prefix) {
      guard let root = try? bus.properties(name, Self.path, Self.root, timeout: timeout),
            let state = try? bus.properties(name, Self.path, Self.player, timeout: timeout) else {
        silent.append(name)
        continue
      }
      let abilities = Self.abilities.filter { state[$0.property]?.bool == true }.map(\.word)
      players.append(MediaPlayer(busName: name, identity: root["Identity"]?.string ?? name, status: state["PlaybackStatus"]?.string ?? "Stopped",
                                 abilities: abilities, volume: state["Volume"]?.double))
    }
    if let playing = players.first(where: { $0.status == "Playing" }) { lastPlaying = playing.busName }
    return players
  }

  /// Sends `command` to the chosen player (see the type's notes) and returns it.
  /// `volumeStep` is a fraction of full volume, `seekStep` seconds.
  /// - Throws: `BusError` when no player matches, or the player is gone or does not answer.
  @discardableResult
  public func perform(_ command: MediaCommand, player glob: String? = nil, volumeStep: Double = 0.05, seekStep: Double = 5) throws -> MediaPlayer {
    let players = try list()
    let candidates = glob.map { pattern in players.filter { Self.matches($0.name, pattern) } } ?? players
    guard let target = candidates.first(where: { $0.status == "Playing" })
      ?? (glob == nil ? candidates.first(where: { $0.busName == lastPlaying }) : nil) ?? candidates.first else {
      let quiet = silent.isEmpty ? "" : "; \(silent.map { String($0.dropFirst(Self.prefix.count)) }.joined(separator: ", ")) did not answer within \(timeout) s"
      throw BusError(glob.map { "no media player matches player=\($0) (\(players.isEmpty ? "no players" : "players: " + players.map(\.name).joined(separator: ", "))\(quiet))" }
                     ?? (silent.isEmpty ? "no media player on the session bus" : "no media player answered\(quiet)"))
    }
    switch command {
    case .playPause, .play, .pause, .next, .previous, .stop:
      let methods: [MediaCommand: String] = [.playPause: "PlayPause", .play: "Play", .pause: "Pause", .next: "Next",
                                             .previous: "Previous", .stop: "Stop"]
      try bus.call(target.busName, Self.path, Self.player, methods[command]!, timeout: timeout)
    case .volumeUp, .volumeDown:
      guard let volume = target.volume else { throw BusError("\(target.name) has no volume to change") }
      let changed = min(1, max(0, volume + (command == .volumeUp ? volumeStep : -volumeStep)))
      try bus.setProperty(target.busName, Self.path, Self.player, "Volume", .double(changed), timeout: timeout)
    case .seekForward, .seekBackward:
      let microseconds = Int64((command == .seekForward ? seekStep : -seekStep) * 1_000_000)
      try bus.call(target.busName, Self.path, Self.player, "Seek", [.int64(microseconds)], timeout: timeout)
    }
    if command == .play || (command == .playPause && target.status != "Playing") { lastPlaying = target.busName }
    return target
  }

  /// Whether a player's name matches a `player=` glob (shell pattern, case-insensitive).
  public static func matches(_ name: String, _ glob: String) -> Bool {
    fnmatch(glob.lowercased(), name.lowercased(), 0) == 0
  }
}
