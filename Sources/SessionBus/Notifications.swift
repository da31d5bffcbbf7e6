/// Desktop notifications through the notification daemon on the session bus
/// (`org.freedesktop.Notifications`: dunst, GNOME Shell, KDE Plasma, xfce4-notifyd, ...).
///
/// Each notification replaces the one this object showed before, so a gesture made again and
/// again updates one bubble instead of piling them up.
public final class Notifications {
  private static let name = "org.freedesktop.Notifications"
  private static let path = "/org/freedesktop/Notifications"

  private let bus: BusConnection
  /// Seconds the daemon may take to answer.
  public var timeout: Double
  /// How long a notification stays, seconds (the daemon may shorten it).
  public var lifetime: Double
  /// The daemon's ID of the last notification shown (0: none yet).
  public private(set) var lastID: UInt32 = 0

  public init(bus: BusConnection, timeout: Double = 0.5, lifetime: Double = 4) {
    self.bus = bus
    self.timeout = timeout
    self.lifetime = lifetime
  }

  /// Shows `body` under the title `summary`, in place of the previous notification.
  /// - Throws: `BusError` when no notification daemon runs or it does not answer in time.
  public func show(summary: String, body: String) throws {
    do {
      let reply = try bus.call(Self.name, Self.path, Self.name, "Notify", [
        .string("gestured"), .uint32(lastID), .string("input-gaming"), .string(summary), .string(body),
        .typed(element: "s", []), .typed(element: "{sv}", []), .int32(Int32(lifetime * 1000)),
      ], timeout: timeout)
      if case .uint32(let id)? = reply.first { lastID = id }
    } catch let error as BusError where error.name == "org.freedesktop.DBus.Error.ServiceUnknown" {
      throw BusError(name: error.name, "no notification daemon on the session bus (install one, such as dunst, or use a desktop that has one)")
    }
  }
}
