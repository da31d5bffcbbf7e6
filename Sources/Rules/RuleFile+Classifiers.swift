import Foundation
import Gestures

/// A classifier named by a rule file's `set classifier FILE` that cannot be loaded.
public struct ClassifierLoadError: Error, CustomStringConvertible {
  /// The rule file and the classifier it names.
  public var path: String
  public var classifier: String
  public var reason: String

  public var description: String { "\(path): set classifier \(classifier): \(reason)" }
}

extension RuleFile {
  /// The trained classifiers the rule file at `path` names with `set classifier FILE`, loaded in
  /// order. Their labels are gesture names the rules may use.
  /// - Throws: `ClassifierLoadError` naming the rule file and the model file.
  public static func classifiers(named path: String) throws -> [GestureModel] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return try classifierPaths(in: text, path: path).map { classifier in
      do { return try GestureModel.load(contentsOf: URL(fileURLWithPath: classifier)) } catch {
        throw ClassifierLoadError(path: path, classifier: classifier,
                                  reason: (error as? GestureModelError)?.message ?? "\(error)")
      }
    }
  }

  /// The labels of `models` that are gesture names (all but `none`).
  public static func gestureLabels(of models: [GestureModel]) -> Set<String> {
    Set(models.flatMap(\.labels)).subtracting([GestureName.none])
  }

  /// Loads the classifiers the rule file names, then the rule file with their labels (and
  /// `extraGestures`) as gesture names.
  /// - Throws: `ClassifierLoadError`, `RuleFileAccessError` or `RuleFileError`.
  public static func loadWithClassifiers(path: String, extraGestures: Set<String> = []) throws -> (RuleFile, [GestureModel]) {
    let models = try classifiers(named: path)
    return (try load(path: path, extraGestures: extraGestures.union(gestureLabels(of: models))), models)
  }
}
