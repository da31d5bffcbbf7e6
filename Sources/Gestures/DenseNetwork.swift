import Foundation

/// A small fully connected network: the classifier inside a trained gesture model.
///
/// Input: a feature vector, already standardised. Output: class probabilities (the last layer is a
/// softmax). Hidden layers use ReLU. Weights are stored row-major, one row per output.
struct DenseNetwork: Sendable, Equatable {
  enum Activation: String, Codable, Sendable {
    case relu, softmax
  }

  struct Layer: Codable, Sendable, Equatable {
    var inputs: Int
    var outputs: Int
    var activation: Activation
    /// `outputs` rows of `inputs` weights.
    var weights: [Double]
    var bias: [Double]
  }

  var layers: [Layer]

  /// Outputs of each layer, reused between calls so prediction does not allocate.
  private var buffers: [[Double]]

  init(layers: [Layer]) {
    self.layers = layers
    buffers = layers.map { Array(repeating: 0, count: $0.outputs) }
  }

  static func == (a: DenseNetwork, b: DenseNetwork) -> Bool { a.layers == b.layers }

  var inputCount: Int { layers.first?.inputs ?? 0 }
  var outputCount: Int { layers.last?.outputs ?? 0 }

  /// Runs the network on `input` (which must hold `inputCount` values) and writes the class
  /// probabilities into `output` (`outputCount` values).
  mutating func predict(_ input: [Double], into output: inout [Double]) {
    for index in layers.indices {
      let layer = layers[index]
      var values = buffers[index]
      buffers[index] = []  // keep `values` uniquely referenced: no copy on write
      if index == 0 {
        Self.apply(layer, to: input, into: &values)
      } else {
        Self.apply(layer, to: buffers[index - 1], into: &values)
      }
      buffers[index] = values
    }
    let last = buffers[layers.count - 1]
    for index in 0..<last.count { output[index] = last[index] }
  }

  /// One layer forward: weights, bias and activation.
  static func apply(_ layer: Layer, to input: [Double], into output: inout [Double]) {
    layer.weights.withUnsafeBufferPointer { w in
      input.withUnsafeBufferPointer { x in
        output.withUnsafeMutableBufferPointer { y in
          for row in 0..<layer.outputs {
            var sum = layer.bias[row]
            let base = row * layer.inputs
            for column in 0..<layer.inputs { sum += w[base + column] * x[column] }
            y[row] = sum
          }
          activate(layer.activation, y)
        }
      }
    }
  }

  /// Applies an activation in place.
  static func activate(_ activation: Activation, _ y: UnsafeMutableBufferPointer<Double>) {
    switch activation {
    case .relu:
      for index in 0..<y.count where y[index] < 0 { y[index] = 0 }
    case .softmax:
      var largest = -Double.infinity
      for value in y { largest = max(largest, value) }
      var total = 0.0
      for index in 0..<y.count {
        y[index] = exp(y[index] - largest)
        total += y[index]
      }
      for index in 0..<y.count { y[index] /= total }
    }
  }

  /// Checks that the layers chain (each takes the previous one's outputs), their arrays have the
  /// stated sizes, every number is finite, and only the last layer is a softmax.
  func validate() -> String? {
    for (index, layer) in layers.enumerated() {
      if layer.inputs < 1 || layer.outputs < 1 { return "layer \(index + 1) has no inputs or outputs" }
      if index > 0 && layer.inputs != layers[index - 1].outputs {
        return "layer \(index + 1) takes \(layer.inputs) inputs but layer \(index) gives \(layers[index - 1].outputs)"
      }
      if layer.weights.count != layer.inputs * layer.outputs {
        return "layer \(index + 1) needs \(layer.inputs * layer.outputs) weights, not \(layer.weights.count)"
      }
      if layer.bias.count != layer.outputs { return "layer \(index + 1) needs \(layer.outputs) biases, not \(layer.bias.count)" }
      if !(layer.weights.allSatisfy(\.isFinite) && layer.bias.allSatisfy(\.isFinite)) {
        return "layer \(index + 1) holds a number that is not finite"
      }
      if (layer.activation == .softmax) != (index == layers.count - 1) { return "only the last layer may be (and must be) a softmax" }
    }
    return layers.isEmpty ? "the network has no layers" : nil
  }
}
