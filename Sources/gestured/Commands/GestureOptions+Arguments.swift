import Foundation
import Gestures
import Rules

/// The gesture-stage options the commands that classify share: trained models and a rule file's
/// settings.
enum GestureOptions {
  static let classifier = OptionSpec(
    "--classifier", value: "MODEL",
    help: "A model from 'gestured train' (repeatable); its labels join the built-in gestures.")
  static let rules = OptionSpec(
    "--rules", value: "FILE",
    help: "Take the gesture settings and classifiers from a rule file's 'set' lines.")

  /// The models named with `--classifier`, loaded in order.
  /// - Throws: `GestureModelError` naming the file and what is wrong with it.
  static func classifiers(_ arguments: ParsedArguments) throws -> [GestureModel] {
    try arguments.all("--classifier").map { try GestureModel.load(contentsOf: URL(fileURLWithPath: $0)) }
  }

  /// The gesture settings and the classifiers of `--rules FILE` (defaults and none without it),
  /// then the models of `--classifier`.
  static func parse(_ arguments: ParsedArguments) throws -> (settings: GestureSettings, models: [GestureModel]) {
    var settings = GestureSettings()
    var models: [GestureModel] = []
    if let path = arguments.value("--rules") {
      let (ruleFile, fileModels) = try RuleFile.loadWithClassifiers(path: path)
      for warning in ruleFile.warnings { printError("\(warning)") }
      settings = ruleFile.settings.gestures
      models = fileModels
    }
    return (settings, models + (try classifiers(arguments)))
  }
}
