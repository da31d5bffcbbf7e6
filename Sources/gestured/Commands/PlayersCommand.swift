import Foundation
import SessionBus

/// `gestured players`: the MPRIS media players a `media` rule can control.
enum PlayersCommand: Subcommand {
  static let name = "players"
  static let abstract = "List the media players on the session bus that 'media' rules can control (MPRIS)."
  static let usage = ""
  static let discussion = """
    Lists every MPRIS media player on the D-Bus session bus (Spotify, VLC, mpv with mpv-mpris,
    Rhythmbox, Firefox, Chromium, ...), one line each: the name a rule's player=GLOB is matched
    against, its status (Playing, Paused, Stopped), its volume, what it can do, and its own name.
    A 'media' rule without player= acts on the player that is playing, else on the one gestured
    last saw playing, else on the first listed.
    Exit status 1 when there is no session bus (DBUS_SESSION_BUS_ADDRESS unset: gestured runs
    outside your desktop session) or it cannot be reached; 0 otherwise, also with no player.
    """
  static let options: [OptionSpec] = []

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument '\(arguments.positionals[0])'") }
    let players = try MediaPlayers(bus: BusConnection()).list()
    guard !players.isEmpty else {
      print("no media players on the session bus (start one: a player that speaks MPRIS, such as mpv with mpv-mpris, VLC, Spotify or a browser playing media)")
      return 0
    }
    let width = players.map(\.name.count).max() ?? 0
    for player in players {
      let volume = player.volume.map { String(format: "volume %.2f", $0) } ?? "no volume"
      let abilities = player.abilities.joined(separator: " ")
      print("\(player.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(player.status.padding(toLength: 7, withPad: " ", startingAt: 0))  \(volume)  can: \(abilities.isEmpty ? "nothing" : abilities)  \"\(player.identity)\"")
    }
    return 0
  }
}
