import Foundation
import SessionBus
import TestSupport
import XCTest

/// Desktop notifications to a real notification daemon (dunst) on a private session bus, read
/// back with dunstctl.
final class NotificationsTests: XCTestCase {
  func testANotificationReplacesTheOneBefore() throws {
    let bus = try PrivateSessionBus()
    try bus.startNotificationDaemon()
    let notifications = Notifications(bus: try BusConnection(address: bus.address))
    try notifications.show(summary: "gestured", body: "paused (both fist)")
    try notifications.show(summary: "gestured", body: "resumed (both fist)")
    XCTAssertEqual(try bus.dunstctl("count", "displayed"), "1", "the second replaced the first")
    _ = try bus.dunstctl("close-all")
    let history = try bus.dunstctl("history")
    XCTAssertTrue(history.contains("resumed (both fist)"), history)
    XCTAssertFalse(history.contains("paused (both fist)"), history)
  }

  func testNoDaemonSaysSo() throws {
    let bus = try PrivateSessionBus()
    let notifications = Notifications(bus: try BusConnection(address: bus.address))
    XCTAssertThrowsError(try notifications.show(summary: "gestured", body: "x")) { error in
      XCTAssertTrue("\(error)".hasPrefix("no notification daemon on the session bus"), "\(error)")
    }
  }
}
