import CDBus
import Foundation

/// A value on the bus: the D-Bus types gestured sends and reads.
public indirect enum BusValue: Sendable {
  case string(String)
  case objectPath(String)
  case bool(Bool)
  case int32(Int32)
  case uint32(UInt32)
  case int64(Int64)
  case uint64(UInt64)
  case double(Double)
  case byte(UInt8)
  case variant(BusValue)
  case array([BusValue])
  /// A dictionary (`a{sv}` and the like), entries in the bus's order.
  case dictionary([(key: BusValue, value: BusValue)])
  /// A struct, fields in order.
  case fields([BusValue])
  /// An array to send whose elements have the signature `element` (`s` for strings; `{sv}` for
  /// a dictionary of variants, sent empty): unlike `.array`, it says its type when empty.
  case typed(element: String, [BusValue])

  /// The value inside any variants.
  public var unwrapped: BusValue {
    if case .variant(let inner) = self { return inner.unwrapped }
    return self
  }

  public var string: String? {
    switch unwrapped {
    case .string(let text), .objectPath(let text): return text
    default: return nil
    }
  }

  public var bool: Bool? {
    if case .bool(let value) = unwrapped { return value }
    return nil
  }

  public var double: Double? {
    switch unwrapped {
    case .double(let value): return value
    case .int32(let value): return Double(value)
    case .int64(let value): return Double(value)
    case .uint32(let value): return Double(value)
    case .uint64(let value): return Double(value)
    default: return nil
    }
  }
}

/// What went wrong on the session bus, in words a user can act on.
public struct BusError: Error, CustomStringConvertible, Sendable {
  /// The D-Bus error name (`org.freedesktop.DBus.Error.ServiceUnknown`), when the bus gave one.
  public var name: String?
  public var message: String
  public var description: String { message }

  public init(name: String? = nil, _ message: String) {
    self.name = name
    self.message = message
  }
}

/// A private connection to the user's session bus (libdbus), for blocking method calls with a
/// timeout. Use it from one thread at a time; the agent keeps it off its frame loop.
public final class BusConnection {
  private let connection: OpaquePointer
  /// The bus address it is connected to.
  public let address: String

  /// Connects to the session bus at `address` (default `$DBUS_SESSION_BUS_ADDRESS`).
  /// - Throws: `BusError` when there is no session bus or it cannot be reached.
  public init(address: String? = nil) throws {
    let env = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
    guard let address = address ?? env, !address.isEmpty else {
      throw BusError("no session bus: DBUS_SESSION_BUS_ADDRESS is not set (gestured runs outside your desktop session?)")
    }
    Self.initializeThreads
    var error = DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    guard let connection = dbus_connection_open_private(address, &error) else {
      throw BusError(name: Self.name(of: error), "cannot reach the session bus at \(address): \(Self.message(of: error))")
    }
    dbus_connection_set_exit_on_disconnect(connection, 0)
    guard dbus_bus_register(connection, &error) != 0 else {
      let failure = BusError(name: Self.name(of: error), "cannot register on the session bus at \(address): \(Self.message(of: error))")
      dbus_connection_close(connection)
      dbus_connection_unref(connection)
      throw failure
    }
    self.connection = connection
    self.address = address
  }

  deinit {
    dbus_connection_close(connection)
    dbus_connection_unref(connection)
  }

  private static let initializeThreads: Void = { _ = dbus_threads_init_default() }()

  /// Whether the connection to the bus is still open.
  public var isConnected: Bool { dbus_connection_get_is_connected(connection) != 0 }

  /// Calls `method` of `interface` on the object `path` of `destination`, waiting at most
  /// `timeout` seconds for the reply. Returns the reply's arguments.
  /// - Throws: `BusError` with the bus's error name (the destination is gone, it did not answer
  ///   in time, it refused the call).
  @discardableResult
  public func call(_ destination: String, _ path: String, _ interface: String, _ method: String,
                   _ arguments: [BusValue] = [], timeout: Double) throws -> [BusValue] {
    guard let message = dbus_message_new_method_call(destination, path, interface, method) else {
      throw BusError("out of memory making a D-Bus call")
    }
    defer { dbus_message_unref(message) }
    var iterator = DBusMessageIter()
    dbus_message_iter_init_append(message, &iterator)
    for argument in arguments { try Self.append(argument, to: &iterator) }
    var error = DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    let milliseconds = Int32(max(1, min(timeout * 1000, 600_000)))
    guard let reply = dbus_connection_send_with_reply_and_block(connection, message, milliseconds, &error) else {
      throw BusError(name: Self.name(of: error), "\(destination) \(method): \(Self.message(of: error))")
    }
    defer { dbus_message_unref(reply) }
    var values: [BusValue] = []
    var reader = DBusMessageIter()
    if dbus_message_iter_init(reply, &reader) != 0 {
      repeat {
        if let value = Self.read(&reader) { values.append(value) }
      } while dbus_message_iter_next(&reader) != 0
    }
    return values
  }

  // MARK: Properties (org.freedesktop.DBus.Properties)

  /// Every property of `interface` on `path` of `destination`.
  public func properties(_ destination: String, _ path: String, _ interface: String, timeout: Double) throws -> [String: BusValue] {
    let reply = try call(destination, path, "org.freedesktop.DBus.Properties", "GetAll", [.string(interface)], timeout: timeout)
    guard case .dictionary(let entries)? = reply.first else { return [:] }
    var result: [String: BusValue] = [:]
    for entry in entries {
      if let key = entry.key.string { result[key] = entry.value.unwrapped }
    }
    return result
  }

  /// Sets the property `name` of `interface` to `value` (sent in a variant).
  public func setProperty(_ destination: String, _ path: String, _ interface: String, _ name: String, _ value: BusValue,
                          timeout: Double) throws {
    try call(destination, path, "org.freedesktop.DBus.Properties", "Set", [.string(interface), .string(name), .variant(value)],
             timeout: timeout)
  }

  /// The names on the bus (`org.freedesktop.DBus.ListNames`).
  public func names(timeout: Double) throws -> [String] {
    let reply = try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames", timeout: timeout)
    guard case .array(let names)? = reply.first else { return [] }
    return names.compactMap(\.string)
  }

  // MARK: Marshalling

  private static func append(_ value: BusValue, to iterator: inout DBusMessageIter) throws {
    func basic<T: BitwiseCopyable>(_ type: Int32, _ value: T) throws {
      var copy = value
      guard dbus_message_iter_append_basic(&iterator, type, &copy) != 0 else { throw BusError("out of memory writing a D-Bus value") }
    }
    switch value {
    case .string(let text), .objectPath(let text):
      let type = value.isObjectPath ? cdbus_type_object_path : cdbus_type_string
      try text.withCString { pointer in
        var cString: UnsafePointer<CChar>? = pointer
        guard dbus_message_iter_append_basic(&iterator, type, &cString) != 0 else { throw BusError("out of memory writing a D-Bus string") }
      }
    case .bool(let flag): try basic(cdbus_type_boolean, dbus_bool_t(flag ? 1 : 0))
    case .int32(let number): try basic(cdbus_type_int32, number)
    case .uint32(let number): try basic(cdbus_type_uint32, number)
    case .int64(let number): try basic(cdbus_type_int64, number)
    case .uint64(let number): try basic(cdbus_type_uint64, number)
    case .double(let number): try basic(cdbus_type_double, number)
    case .byte(let number): try basic(cdbus_type_byte, number)
    case .variant(let inner):
      var sub = DBusMessageIter()
      guard let signature = inner.signature else { throw BusError("gestured cannot send this value in a variant") }
      guard dbus_message_iter_open_container(&iterator, cdbus_type_variant, signature, &sub) != 0 else {
        throw BusError("out of memory writing a D-Bus variant")
      }
      try append(inner, to: &sub)
      dbus_message_iter_close_container(&iterator, &sub)
    case .typed(let element, let items):
      var sub = DBusMessageIter()
      guard dbus_message_iter_open_container(&iterator, cdbus_type_array, element, &sub) != 0 else {
        throw BusError("out of memory writing a D-Bus array")
      }
      for item in items { try append(item, to: &sub) }
      dbus_message_iter_close_container(&iterator, &sub)
    case .array, .dictionary, .fields:
      throw BusError("gestured sends no containers but variants and typed arrays")
    }
  }

  /// The value the iterator points at (variants kept as such); nil for a type gestured does not read.
  private static func read(_ iterator: inout DBusMessageIter) -> BusValue? {
    let type = dbus_message_iter_get_arg_type(&iterator)
    func basic<T: BitwiseCopyable>(_ zero: T) -> T {
      var value = zero
      dbus_message_iter_get_basic(&iterator, &value)
      return value
    }
    switch type {
    case cdbus_type_string, cdbus_type_object_path:
      var pointer: UnsafePointer<CChar>? = nil
      dbus_message_iter_get_basic(&iterator, &pointer)
      let text = pointer.map { String(cString: $0) } ?? ""
      return type == cdbus_type_string ? .string(text) : .objectPath(text)
    case cdbus_type_boolean: return .bool(basic(dbus_bool_t(0)) != 0)
    case cdbus_type_int32: return .int32(basic(Int32(0)))
    case cdbus_type_uint32: return .uint32(basic(UInt32(0)))
    case cdbus_type_int64: return .int64(basic(Int64(0)))
    case cdbus_type_uint64: return .uint64(basic(UInt64(0)))
    case cdbus_type_double: return .double(basic(Double(0)))
    case cdbus_type_byte: return .byte(basic(UInt8(0)))
    case cdbus_type_variant:
      var sub = DBusMessageIter()
      dbus_message_iter_recurse(&iterator, &sub)
      return read(&sub).map { .variant($0) }
    case cdbus_type_array:
      var sub = DBusMessageIter()
      dbus_message_iter_recurse(&iterator, &sub)
      if dbus_message_iter_get_element_type(&iterator) == cdbus_type_dict_entry {
        var entries: [(key: BusValue, value: BusValue)] = []
        while dbus_message_iter_get_arg_type(&sub) == cdbus_type_dict_entry {
          var entry = DBusMessageIter()
          dbus_message_iter_recurse(&sub, &entry)
          let key = read(&entry)
          dbus_message_iter_next(&entry)
          if let key, let value = read(&entry) { entries.append((key, value)) }
          dbus_message_iter_next(&sub)
        }
        return .dictionary(entries)
      }
      var items: [BusValue] = []
      while dbus_message_iter_get_arg_type(&sub) != cdbus_type_invalid {
        if let item = read(&sub) { items.append(item) }
        dbus_message_iter_next(&sub)
      }
      return .array(items)
    case cdbus_type_struct:
      var sub = DBusMessageIter()
      dbus_message_iter_recurse(&iterator, &sub)
      var fields: [BusValue] = []
      while dbus_message_iter_get_arg_type(&sub) != cdbus_type_invalid {
        if let field = read(&sub) { fields.append(field) }
        dbus_message_iter_next(&sub)
      }
      return .fields(fields)
    default:
      return nil
    }
  }

  private static func name(of error: DBusError) -> String? { error.name.map { String(cString: $0) } }
  private static func message(of error: DBusError) -> String { error.message.map { String(cString: $0) } ?? "unknown error" }
}

private extension BusValue {
  var isObjectPath: Bool {
    if case .objectPath = self { return true }
    return false
  }

  /// The D-Bus signature of a basic value (what a variant holding it declares).
  var signature: String? {
    switch self {
    case .string: return "s"
    case .objectPath: return "o"
    case .bool: return "b"
    case .int32: return "i"
    case .uint32: return "u"
    case .int64: return "x"
    case .uint64: return "t"
    case .double: return "d"
    case .byte: return "y"
    default: return nil
    }
  }
}
