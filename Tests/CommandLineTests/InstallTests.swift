import Foundation
import TestSupport
import XCTest

/// `packaging/install` as `make install` runs it: every file in place under the prefix, an
/// installed binary that finds its data there by itself, a unit, desktop entry and man page that
/// their own checkers accept, and an uninstall that leaves the prefix as it found it.
final class InstallTests: XCTestCase {
  private let script = TestData.projectRoot.appendingPathComponent("packaging/install").path
  private let installedFiles = [
    "bin/gestured",
    "share/gestured/lib/libLiteRt.so",
    "share/gestured/models/palm_detection_full.tflite", "share/gestured/models/palm_detection_lite.tflite",
    "share/gestured/models/hand_landmark_full.tflite", "share/gestured/models/hand_landmark_lite.tflite",
    "share/gestured/rules/default.rules", "share/gestured/rules/media.rules",
    "share/gestured/rules/photo.rules", "share/gestured/rules/slides.rules",
    "share/gestured/gestured.desktop", "share/systemd/user/gestured.service",
    "share/man/man1/gestured.1", "share/gestured/install-manifest.txt",
  ]

  /// The data directory packaging/setup filled (what `make install` installs from).
  private func setupData() throws -> String {
    try InstalledRuntime.directory().path
  }

  private func install(_ arguments: [String], environment: [String: String?] = [:]) throws -> CommandRun {
    var env = environment
    if env["DESTDIR"] == nil { env["DESTDIR"] = .some(nil) }
    return try CommandRun.run("/bin/bash", [script] + arguments, environment: env)
  }

  private func installed(in prefix: URL, _ extra: [String] = [], environment: [String: String?] = [:]) throws -> CommandRun {
    let run = try install(["--prefix", prefix.path, "--binary", BuiltProducts.gestured, "--data", try setupData()] + extra,
                          environment: environment)
    XCTAssertEqual(run.status, 0, run.standardError)
    return run
  }

  /// Every path under `root` (relative, folders ending in /) with each small file's bytes, or
  /// the size of a large one.
  private func tree(_ root: URL) throws -> [String: String] {
    var result: [String: String] = [:]
    let prefix = root.resolvingSymlinksInPath().path + "/"
    guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { return [:] }
    for case let url as URL in walk {
      let relative = String(url.resolvingSymlinksInPath().path.dropFirst(prefix.count))
      if (try url.resourceValues(forKeys: [.isDirectoryKey])).isDirectory == true {
        result[relative + "/"] = ""
      } else {
        let bytes = try Data(contentsOf: url)
        result[relative] = bytes.count < 65_536 ? bytes.base64EncodedString() : "\(bytes.count) bytes"
      }
    }
    return result
  }

  /// A program on PATH, or nil.
  private func tool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  private func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

  func testInstallPutsEveryFileInPlaceAndTheBinaryFindsItsData() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let prefix = dir.appendingPathComponent("prefix")
    let run = try installed(in: prefix)
    XCTAssertTrue(run.standardOutput.contains("installed gestured in \(prefix.path) (13 files"), run.standardOutput)
    XCTAssertTrue(run.standardOutput.contains("systemctl --user enable --now gestured.service"), run.standardOutput)
    XCTAssertEqual(Set(try tree(prefix).keys.filter { !$0.hasSuffix("/") }), Set(installedFiles))
    let fm = FileManager.default
    XCTAssertTrue(fm.isExecutableFile(atPath: prefix.appendingPathComponent("bin/gestured").path))
    for file in ["lib/libLiteRt.so", "models/hand_landmark_lite.tflite"] {
      XCTAssertEqual(try Data(contentsOf: prefix.appendingPathComponent("share/gestured/" + file)),
                     try Data(contentsOf: URL(fileURLWithPath: try setupData() + "/" + file)), file)
    }
    XCTAssertEqual(try text(prefix.appendingPathComponent("share/gestured/rules/slides.rules")),
                   try text(TestData.projectRoot.appendingPathComponent("gestures/slides.rules")))

    // The installed binary, with no GESTURED_DATA and empty XDG data folders, finds the models
    // in PREFIX/share/gestured (../share/gestured from its own folder).
    let empty = dir.appendingPathComponent("empty")
    try fm.createDirectory(at: empty, withIntermediateDirectories: true)
    let isolated: [String: String?] = ["GESTURED_DATA": nil, "XDG_DATA_HOME": empty.path, "XDG_DATA_DIRS": empty.path,
                                       "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path]
    let binary = prefix.appendingPathComponent("bin/gestured").path
    let detect = try CommandRun.run(binary, ["detect", try TestData.url("photos/thumbs_up_left.jpg").path], environment: isolated)
    XCTAssertEqual(detect.status, 0, detect.standardError)
    XCTAssertTrue(detect.standardOutput.contains("\"hands\":[{\"chirality\":\"left\""), detect.standardOutput)

    // First run without --rules: the user's rule file is made from the installed default rules.
    let firstRun = try CommandRun.run(binary, ["run", "--source", try TestData.url("clips/open_hand_rising").path,
                                               "--dry-run", "--no-pacing"], environment: isolated)
    XCTAssertEqual(firstRun.status, 0, firstRun.standardError)
    let userRules = dir.appendingPathComponent("config/gestured/gestured.rules")
    XCTAssertTrue(firstRun.standardOutput.contains("created \(userRules.path) from the default rules"), firstRun.standardOutput)
    XCTAssertEqual(try text(userRules), try text(TestData.projectRoot.appendingPathComponent("gestures/default.rules")))
  }

  func testUnitDesktopEntryAndManPagePassTheirCheckers() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let prefix = dir.appendingPathComponent("prefix")
    _ = try installed(in: prefix)
    let bin = prefix.appendingPathComponent("bin").path

    let unitURL = prefix.appendingPathComponent("share/systemd/user/gestured.service")
    let unit = try text(unitURL)
    for line in ["PartOf=graphical-session.target", "After=graphical-session.target", "ConditionEnvironment=DISPLAY",
                 "ExecStart=\(bin)/gestured run", "ExecReload=/bin/kill -HUP $MAINPID", "Restart=on-failure",
                 "RestartSec=5s", "WantedBy=graphical-session.target"] {
      XCTAssertTrue(unit.split(separator: "\n").contains(Substring(line)), "\(line) in the unit:\n\(unit)")
    }
    XCTAssertFalse(unit.contains("@BINDIR@"))
    if let analyze = tool("systemd-analyze") {
      let runtime = dir.appendingPathComponent("runtime")
      try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      // MANPATH: verify also runs `man gestured(1)` for Documentation=, which must find the page.
      let verify = try CommandRun.run(analyze, ["--user", "verify", unitURL.path],
                                      environment: ["XDG_RUNTIME_DIR": runtime.path, "MANPATH": prefix.appendingPathComponent("share/man").path])
      XCTAssertEqual(verify.status, 0, verify.standardError)
      XCTAssertEqual(verify.standardError, "", "no warnings")
      // With PREFIX=~/.local the unit lands in $XDG_DATA_HOME/systemd/user, where systemd looks.
      let paths = try CommandRun.run(analyze, ["--user", "unit-paths"],
                                     environment: ["XDG_RUNTIME_DIR": runtime.path, "XDG_DATA_HOME": prefix.appendingPathComponent("share").path])
      XCTAssertTrue(paths.standardOutput.split(separator: "\n").contains(Substring(prefix.appendingPathComponent("share/systemd/user").path)),
                    paths.standardOutput)
    }

    let desktopURL = prefix.appendingPathComponent("share/gestured/gestured.desktop")
    let desktop = try text(desktopURL).split(separator: "\n")
    for line in ["[Desktop Entry]", "Type=Application", "Exec=\(bin)/gestured run", "TryExec=\(bin)/gestured"] {
      XCTAssertTrue(desktop.contains(Substring(line)), line)
    }
    if let validate = tool("desktop-file-validate") {
      let check = try CommandRun.run(validate, [desktopURL.path])
      XCTAssertEqual(check.status, 0, check.standardOutput + check.standardError)
      XCTAssertEqual(check.standardOutput + check.standardError, "", "no hints or warnings")
    }

    // The man page: every section, and a paragraph for every subcommand the binary lists.
    let manURL = prefix.appendingPathComponent("share/man/man1/gestured.1")
    var page = try text(manURL)
    if let groff = tool("groff") {
      let render = try CommandRun.run(groff, ["-man", "-Tutf8", "-ww", "-P", "-cbou", manURL.path])
      XCTAssertEqual(render.status, 0, render.standardError)
      XCTAssertEqual(render.standardError, "", "groff warnings")
      page = render.standardOutput
    }
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "FILES", "ENVIRONMENT", "SIGNALS", "EXIT STATUS", "SEE ALSO"] {
      XCTAssertTrue(page.contains("\n\(section)\n") || page.contains(".SH \(section)\n") || page.contains(".SH \"\(section)\"\n"),
                    "section \(section)")
    }
    let help = try CommandRun.gestured(["--help"]).standardOutput
    let subcommands = help.components(separatedBy: "SUBCOMMANDS:\n")[1].split(separator: "\n")
      .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil }
      .filter { $0 != "See" }
    XCTAssertGreaterThanOrEqual(subcommands.count, 9, help)
    let commands = page.components(separatedBy: "COMMANDS")[1].components(separatedBy: "FILES")[0]
    for name in subcommands {
      XCTAssertTrue(commands.contains("\n       \(name) ") || commands.contains("\n       \(name)\n") || commands.contains(".B \(name)\n"),
                    "COMMANDS describes \(name)")
    }
    for words in ["GESTURED_DATA", "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_CONFIG_HOME", "DISPLAY", "SIGHUP", "SIGUSR1", "SIGTERM"] {
      XCTAssertTrue(page.contains(words), words)
    }
  }

  func testUninstallRemovesWhatItInstalledAndNothingElse() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let prefix = dir.appendingPathComponent("prefix")
    let fm = FileManager.default
    // Things that were there before: a program, a man page folder with a page, the user's rules.
    try fm.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
    try Data("#!/bin/sh\n".utf8).write(to: prefix.appendingPathComponent("bin/other"))
    try fm.createDirectory(at: prefix.appendingPathComponent("share/man/man1"), withIntermediateDirectories: true)
    try Data(".TH OTHER 1\n".utf8).write(to: prefix.appendingPathComponent("share/man/man1/other.1"))
    let config = dir.appendingPathComponent("config")
    try fm.createDirectory(at: config.appendingPathComponent("gestured"), withIntermediateDirectories: true)
    try Data("any fist -> pause\n".utf8).write(to: config.appendingPathComponent("gestured/gestured.rules"))
    let before = try tree(prefix)
    let env: [String: String?] = ["XDG_CONFIG_HOME": config.path]

    _ = try installed(in: prefix, environment: env)
    _ = try installed(in: prefix, environment: env)  // installing again changes nothing
    let uninstall = try install(["--prefix", prefix.path, "--uninstall"], environment: env)
    XCTAssertEqual(uninstall.status, 0, uninstall.standardError)
    XCTAssertTrue(uninstall.standardOutput.contains("removed gestured from \(prefix.path) (13 files)"), uninstall.standardOutput)
    XCTAssertEqual(try tree(prefix), before)
    XCTAssertEqual(try text(config.appendingPathComponent("gestured/gestured.rules")), "any fist -> pause\n")

    // A file the user put among the installed ones, or changed there, stays, and is named.
    _ = try installed(in: prefix, environment: env)
    let mine = prefix.appendingPathComponent("share/gestured/rules/mine.rules")
    try Data("any ok -> pause\n".utf8).write(to: mine)
    let edited = prefix.appendingPathComponent("share/gestured/rules/media.rules")
    try Data("any fist -> pause\n".utf8).write(to: edited)
    let partial = try install(["--prefix", prefix.path, "--uninstall"], environment: env)
    XCTAssertEqual(partial.status, 0, partial.standardError)
    XCTAssertTrue(partial.standardError.contains("kept \(edited.path): it changed since it was installed"), partial.standardError)
    XCTAssertTrue(partial.standardError.contains("kept \(prefix.path)/share/gestured/rules: it is not empty"), partial.standardError)
    XCTAssertEqual(Set(try tree(prefix).keys).subtracting(before.keys),
                   ["share/gestured/", "share/gestured/rules/", "share/gestured/rules/mine.rules", "share/gestured/rules/media.rules"])
    let again = try install(["--prefix", prefix.path, "--uninstall"])
    XCTAssertEqual(again.status, 1)
    XCTAssertTrue(again.standardError.contains("nothing to uninstall: no \(prefix.path)/share/gestured/install-manifest.txt"), again.standardError)
  }

  func testStagedInstallUnderDestdirNamesTheRealPrefix() throws {
    let stage = try TestData.temporaryDirectory(for: self).appendingPathComponent("stage")
    let run = try install(["--prefix", "/usr/local", "--binary", BuiltProducts.gestured, "--data", try setupData()],
                          environment: ["DESTDIR": stage.path])
    XCTAssertEqual(run.status, 0, run.standardError)
    let top = stage.appendingPathComponent("usr/local")
    XCTAssertEqual(Set(try tree(top).keys.filter { !$0.hasSuffix("/") }), Set(installedFiles))
    XCTAssertTrue(try text(top.appendingPathComponent("share/systemd/user/gestured.service")).contains("\nExecStart=/usr/local/bin/gestured run\n"))
    XCTAssertTrue(try text(top.appendingPathComponent("share/gestured/install-manifest.txt")).contains(" bin/gestured\n"))
    let uninstall = try install(["--prefix", "/usr/local", "--destdir", stage.path, "--uninstall"])
    XCTAssertEqual(uninstall.status, 0, uninstall.standardError)
    XCTAssertEqual(try tree(top), [:])
  }

  func testMissingDataIsRefusedNamingTheSetupCommand() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let prefix = dir.appendingPathComponent("prefix")
    let run = try install(["--prefix", prefix.path, "--binary", BuiltProducts.gestured, "--data", dir.appendingPathComponent("nothing").path])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.standardError, "install: error: the runtime data is not in \(dir.path)/nothing (missing lib/libLiteRt.so); "
                   + "fetch it with: packaging/setup --data \(dir.path)/nothing (or run 'make install', which does)\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.path), "nothing installed")
  }

  func testHelpAndUsageErrors() throws {
    let help = try install(["--help"])
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.standardOutput.hasPrefix("packaging/install: installs gestured"), help.standardOutput)
    XCTAssertTrue(help.standardOutput.contains("--uninstall"))
    let unknown = try install(["--prefx", "/tmp"])
    XCTAssertEqual(unknown.status, 64)
    XCTAssertTrue(unknown.standardError.hasPrefix("install: error: unknown option '--prefx'\nUsage: packaging/install "), unknown.standardError)
    let relative = try install(["--prefix", "local"])
    XCTAssertEqual(relative.status, 64)
    XCTAssertTrue(relative.standardError.contains("--prefix must be an absolute path"), relative.standardError)
  }
}
