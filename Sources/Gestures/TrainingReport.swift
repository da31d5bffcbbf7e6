import Foundation

/// How a trained model did: per-class precision and recall and the confusion matrix on the held-out
/// validation examples, and the accuracy on the training examples.
public struct TrainingReport: Sendable, CustomStringConvertible {
  /// Class labels, in the model's output order.
  public var labels: [String]
  /// Examples per label used for training.
  public var trainingCounts: [Int]
  /// Examples per label held out for validation.
  public var validationCounts: [Int]
  /// `confusion[true][predicted]`: validation examples of label `true` classified as `predicted`.
  public var confusion: [[Int]]
  /// Fraction of the training examples the final model classifies right.
  public var trainingAccuracy: Double

  /// Fraction of the validation examples classified right; nil without validation examples.
  public var validationAccuracy: Double? {
    let total = validationCounts.reduce(0, +)
    guard total > 0 else { return nil }
    return Double(labels.indices.map { confusion[$0][$0] }.reduce(0, +)) / Double(total)
  }

  /// Of the validation examples called `label`, the fraction that are; nil when none were.
  public func precision(_ label: Int) -> Double? {
    let called = labels.indices.map { confusion[$0][label] }.reduce(0, +)
    return called > 0 ? Double(confusion[label][label]) / Double(called) : nil
  }

  /// Of the validation examples of `label`, the fraction called so; nil when there were none.
  public func recall(_ label: Int) -> Double? {
    let total = confusion[label].reduce(0, +)
    return total > 0 ? Double(confusion[label][label]) / Double(total) : nil
  }

  /// The report as a text table.
  public var description: String {
    func percent(_ value: Double?) -> String { value.map { String(format: "%.1f%%", 100 * $0) } ?? "-" }
    func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
      let space = String(repeating: " ", count: max(0, width - text.count))
      return right ? space + text : text + space
    }
    let width = max(12, (labels.map(\.count).max() ?? 0) + 2)
    var lines: [String] = []
    let training = "training accuracy \(percent(trainingAccuracy)) on \(trainingCounts.reduce(0, +)) examples"
    if let accuracy = validationAccuracy {
      lines.append("validation accuracy \(percent(accuracy)) on \(validationCounts.reduce(0, +)) held-out examples (\(training))")
    } else {
      lines.append("no validation examples (\(training))")
    }
    lines.append("")
    lines.append(pad("label", width) + pad("training", 10, right: true) + pad("validation", 12, right: true)
                 + pad("precision", 11, right: true) + pad("recall", 9, right: true))
    for index in labels.indices {
      lines.append(pad(labels[index], width) + pad(String(trainingCounts[index]), 10, right: true)
                   + pad(String(validationCounts[index]), 12, right: true)
                   + pad(percent(precision(index)), 11, right: true) + pad(percent(recall(index)), 9, right: true))
    }
    guard validationCounts.reduce(0, +) > 0 else { return lines.joined(separator: "\n") }
    lines.append("")
    lines.append("confusion matrix on the validation examples (rows: true label, columns: predicted):")
    let column = max(6, (labels.map(\.count).max() ?? 0) + 1)
    lines.append(pad("", width) + labels.map { pad($0, column, right: true) }.joined())
    for index in labels.indices {
      lines.append(pad(labels[index], width) + confusion[index].map { pad(String($0), column, right: true) }.joined())
    }
    return lines.joined(separator: "\n")
  }
}
