import Glibc

/// A program started with `posix_spawnp`: no shell, stdin from /dev/null, stdout and stderr into
/// two pipes whose read ends (non-blocking) the parent keeps, in a process group of its own (its
/// id is the child's pid) so a timeout can stop everything it started.
struct ChildProcess {
  let pid: pid_t
  /// Non-blocking read ends of the child's stdout and stderr.
  let stdout: Int32
  let stderr: Int32

  /// Starts `argv` (argv[0] is looked up on PATH) with `environment` as its whole environment.
  /// Throws the `errno` of the failure: ENOENT for a program that is not there.
  static func spawn(_ argv: [String], environment: [String: String]) throws(SpawnFailure) -> ChildProcess {
    guard let program = argv.first, !program.isEmpty else { throw SpawnFailure(code: EINVAL) }
    var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
    guard pipe(&out) == 0 else { throw SpawnFailure(code: errno) }
    guard pipe(&err) == 0 else {
      let code = errno
      close(out[0]); close(out[1])
      throw SpawnFailure(code: code)
    }
    // pipe2 is not visible to Swift (a GNU extension): mark them close-on-exec right after, so
    // other programs the agent starts do not inherit them.
    for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    defer { close(out[1]); close(err[1]) }  // the child has its copies

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, out[1], 1)
    posix_spawn_file_actions_adddup2(&actions, err[1], 2)
    if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }  // the camera, the X socket...

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t(), all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)     // the agent may block signals; the child must not
    posix_spawnattr_setsigdefault(&attributes, &all)   // nor inherit its handlers' ignores
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let arguments = argv.map { strdup($0) } + [nil]
    let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      arguments.forEach { free($0) }
      variables.forEach { free($0) }
    }
    var pid: pid_t = 0
    let status = posix_spawnp(&pid, program, &actions, &attributes, arguments, variables)
    guard status == 0 else {
      close(out[0]); close(err[0])
      throw SpawnFailure(code: status)
    }
    _ = fcntl(out[0], F_SETFL, O_NONBLOCK)
    _ = fcntl(err[0], F_SETFL, O_NONBLOCK)
    return ChildProcess(pid: pid, stdout: out[0], stderr: err[0])
  }
}

extension ChildProcess {
  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift does not see (a GNU
  /// extension), looked up at run time; nil on an older C library.
  private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
  private static let addCloseFrom: AddCloseFrom? = {
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: AddCloseFrom.self)
  }()
}

/// Why a program could not be started: an `errno` value.
struct SpawnFailure: Error {
  var code: Int32
  var reason: String { String(cString: strerror(code)) }
}

/// How a reaped child ended, from a `waitpid` status.
enum ChildExit: Equatable, CustomStringConvertible {
  case exited(Int32)
  case killed(signal: Int32)

  init(waitStatus status: Int32) {
    let signal = status & 0x7f
    self = signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signal)
  }

  var description: String {
    switch self {
    case .exited(let code): return "exited with status \(code)"
    case .killed(let signal): return "killed by \(Self.signalName(signal))"
    }
  }

  static func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGTERM: return "SIGTERM"
    case SIGKILL: return "SIGKILL"
    case SIGINT: return "SIGINT"
    case SIGPIPE: return "SIGPIPE"
    case SIGSEGV: return "SIGSEGV"
    case SIGABRT: return "SIGABRT"
    default: return "signal \(signal)"
    }
  }
}
