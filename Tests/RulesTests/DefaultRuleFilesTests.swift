import Foundation
import Gestures
import TestSupport
import XCTest
@testable import Rules

/// The rule files shipped in gestures/ parse cleanly, and the default one is careful.
final class DefaultRuleFilesTests: XCTestCase {
  let folder = TestData.projectRoot.appendingPathComponent("gestures")

  func shipped() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "rules" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  func testEveryShippedRuleFileParsesWithoutErrorsOrWarnings() throws {
    let files = try shipped()
    XCTAssertEqual(files.map(\.lastPathComponent), ["default.rules", "media.rules", "photo.rules", "slides.rules"])
    for url in files {
      let text = try String(contentsOf: url, encoding: .utf8)
      do {
        let file = try RuleFile.parse(text, path: url.lastPathComponent)
        XCTAssertEqual(file.warnings, [], url.lastPathComponent)
        XCTAssertGreaterThan(file.rules.count, 3, url.lastPathComponent)
        XCTAssertTrue(file.rules.contains { $0.action == .toggle }, "\(url.lastPathComponent): a way to pause gestured")
      } catch {
        XCTFail(error.description)
      }
    }
  }

  func testTheDefaultRulesAreConservative() throws {
    let text = try String(contentsOf: folder.appendingPathComponent("default.rules"), encoding: .utf8)
    let file = try RuleFile.parse(text, path: "default.rules")
    for rule in file.rules {
      if case .exec = rule.action { XCTFail("line \(rule.line): no commands in the default rules") }
      if case .snapshot = rule.action { XCTFail("line \(rule.line): no pictures in the default rules") }
      if rule.action == .ignore {
        XCTAssertNotEqual(rule.scope, .global, "line \(rule.line): gestures are ignored only in some windows")
      } else if !GestureName.builtInActions.contains(rule.gesture) {
        XCTAssertGreaterThanOrEqual(rule.hold, 1, "line \(rule.line): poses need a long hold")
      } else {
        XCTAssertGreaterThan(rule.cooldown, 0, "line \(rule.line): actions need a cooldown")
        XCTAssertNotEqual(rule.scope, .global, "line \(rule.line): swipes only where they turn pages")
      }
    }
  }

  func testSwipesTurnPagesAndSeekInTheProgramsPeopleUse() throws {
    // Each program's WM_CLASS as it gives it to X (read with xprop from the real programs, run
    // from Debian 12's packages under Xvfb).
    func firing(_ name: String, swipe: String, in window: WindowClass) throws -> String? {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      var matcher = RuleMatcher(rules: try RuleFile.parse(text, path: name).rules)
      matcher.focus(window)
      let event = GestureEvent(time: 1, frame: 25, hand: .right, kind: .action, gesture: swipe, confidence: 1, shape: "open_palm")
      return matcher.handle(event).first.map { "\($0.rule.action)" }
    }
    let viewers = [("evince", "Evince"), ("org.pwmt.zathura", "Zathura"), ("atril", "Atril"), ("pdfpc", "Pdfpc"), ("mupdf", "MuPDF"),
                   ("xpdf.real", "Xpdf"), ("qpdfview", "qpdfview")]
    for (instance, className) in viewers {
      let window = WindowClass(instance: instance, className: className)
      XCTAssertEqual(try firing("default.rules", swipe: "swipe_left", in: window), "key Next", "\(className)")
      XCTAssertEqual(try firing("slides.rules", swipe: "swipe_right", in: window), "key Prior", "\(className)")
    }
    // Players on MPRIS seek over it; Videos (totem) and Parole, which were not on the bus in a
    // plain install, seek with their arrow keys (Right seeks forward in both: seen on screen).
    let players = [("mpv", "mpv"), ("vlc", "vlc"), ("io.github.celluloid_player.Celluloid", "Io.github.celluloid_player.Celluloid"),
                   ("smplayer", "smplayer")]
    for (instance, className) in players {
      let window = WindowClass(instance: instance, className: className)
      XCTAssertEqual(try firing("media.rules", swipe: "swipe_left", in: window), "media seek+ step=10s", "\(className)")
    }
    for (instance, className) in [("totem", "Totem"), ("parole", "Parole")] {
      let window = WindowClass(instance: instance, className: className)
      XCTAssertEqual(try firing("media.rules", swipe: "swipe_left", in: window), "key Right", "\(className)")
      XCTAssertEqual(try firing("media.rules", swipe: "swipe_right", in: window), "key Left", "\(className)")
    }
    XCTAssertEqual(try firing("media.rules", swipe: "swipe_left", in: WindowClass(instance: "xterm", className: "XTerm")), "media next")
    // A Google Slides deck in a browser, known by its title, turns its slides in the default
    // rules; another page in the same browser does not. The slides rules send the arrow keys in
    // any browser. Firefox ESR's and Chromium's windows as xprop read them under Xvfb, showing a
    // page titled "Deck - Google Slides"; Chrome's as public window-title fixtures give it.
    for (instance, className, title) in [("Navigator", "firefox-esr", "Deck - Google Slides — Mozilla Firefox"),
                                         ("chromium", "Chromium", "Deck - Google Slides - Chromium"),
                                         ("google-chrome", "Google-chrome", "Deck - Google Slides - Google Chrome")] {
      let window = WindowClass(instance: instance, className: className, title: title)
      XCTAssertEqual(try firing("default.rules", swipe: "swipe_left", in: window), "key Next", title)
      XCTAssertEqual(try firing("slides.rules", swipe: "swipe_right", in: window), "key Left", title)
    }
    // A PDF file in a browser, by the titles Firefox ESR and Chromium gave a local deck.pdf (and
    // Chrome's form of the same); a mail about a PDF is no viewer.
    for (instance, className, title) in [("Navigator", "firefox-esr", "deck.pdf — Mozilla Firefox"),
                                         ("chromium", "Chromium", "deck.pdf - Chromium"),
                                         ("google-chrome", "Google-chrome", "deck.pdf - Google Chrome")] {
      let window = WindowClass(instance: instance, className: className, title: title)
      XCTAssertEqual(try firing("default.rules", swipe: "swipe_left", in: window), "key Next", title)
    }
    let mail = WindowClass(instance: "Mail", className: "thunderbird", title: "Re: deck.pdf - Mozilla Thunderbird")
    XCTAssertEqual(try firing("default.rules", swipe: "swipe_left", in: mail), nil)
    // LibreOffice's slide show without GTK has a title and no class.
    let show = WindowClass(instance: "", className: "", title: "Presenting: deck")
    XCTAssertEqual(try firing("default.rules", swipe: "swipe_left", in: show), "key Next")
    XCTAssertEqual(try firing("slides.rules", swipe: "swipe_right", in: show), "key Prior")
    let page = WindowClass(instance: "Navigator", className: "firefox-esr", title: "Slides from the talk - Mozilla Firefox")
    XCTAssertEqual(try firing("default.rules", swipe: "swipe_left", in: page), nil)
    // A YouTube video seeks with the arrow keys; another page skips the track.
    let video = WindowClass(instance: "Navigator", className: "firefox-esr", title: "Lo-fi beats - YouTube — Mozilla Firefox")
    XCTAssertEqual(try firing("media.rules", swipe: "swipe_left", in: video), "key Right")
    XCTAssertEqual(try firing("media.rules", swipe: "swipe_right", in: video), "key Left")
    XCTAssertEqual(try firing("media.rules", swipe: "swipe_left", in: page), "media next")
  }

  func testTheExamplesInTheReferenceParse() throws {
    let text = try String(contentsOf: TestData.projectRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    let blocks = text.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    let examples = blocks.filter { $0.contains("->") && !$0.contains("$ ") && !$0.contains("HAND GESTURE") }
    XCTAssertEqual(examples.count, 5, "the opening example, a title section, slides, music, photos")
    for example in examples {
      do {
        let file = try RuleFile.parse(example, path: "docs/rules.md")
        XCTAssertEqual(file.warnings, [])
      } catch {
        XCTFail("\(error)\n\(example)")
      }
    }
  }

  func testTheReferenceListsEverySettingAndTheGestureStagesRanges() throws {
    let text = try String(contentsOf: TestData.projectRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }
    for spec in SettingSpec.all {
      XCTAssertTrue(rows.contains { $0.hasPrefix("| `\(spec.name)`") }, "docs/rules.md has no row for \(spec.name)")
    }
    let defaults = GestureSettings()
    for (name, values) in GestureSettings.table {
      guard let row = rows.first(where: { $0.hasPrefix("| `\(name)`") }) else { continue }
      let range: String
      switch values {
      case .count(let bounds): range = "\(bounds.lowerBound) to \(bounds.upperBound)"
      case .fraction: range = "0 to 1"
      case .number(let bounds): range = "\(Duration.trimmed(bounds.lowerBound)) to \(Duration.trimmed(bounds.upperBound))"
      }
      let fallback = Duration.trimmed(defaults.value(of: name)!)
      XCTAssertTrue(row.contains("\(range) (default \(fallback))"), "docs/rules.md, \(name): \(row)")
    }
  }
}
