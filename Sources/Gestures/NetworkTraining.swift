import Foundation

/// Trains a `DenseNetwork` classifier: inputs -> hidden ReLU layer -> softmax (or inputs -> softmax
/// when there are no hidden units), cross-entropy loss, mini-batches, Adam, a little weight decay.
/// Deterministic: the seed fixes the initial weights and the order of the examples.
struct NetworkTraining {
  var hiddenUnits = 32
  var epochs = 60
  var batchSize = 32
  var learningRate = 0.003
  var weightDecay = 1e-4
  var seed: UInt64 = 1

  /// Trains on standardised inputs (`count` rows of `dimension` values) with labels in
  /// 0..<classes; reports each epoch's mean loss and training accuracy to `progress`.
  func train(inputs: [Double], dimension: Int, labels: [Int], classes: Int,
             progress: (_ epoch: Int, _ loss: Double, _ accuracy: Double) -> Void) -> DenseNetwork {
    var random = SeededRandom(seed: seed)
    let sizes = hiddenUnits > 0 ? [dimension, hiddenUnits, classes] : [dimension, classes]
    var layers: [DenseNetwork.Layer] = []
    for index in 1..<sizes.count {
      let (fanIn, fanOut) = (sizes[index - 1], sizes[index])
      let limit = (6.0 / Double(fanIn)).squareRoot()  // He-uniform initialisation for ReLU
      layers.append(DenseNetwork.Layer(
        inputs: fanIn, outputs: fanOut, activation: index == sizes.count - 1 ? .softmax : .relu,
        weights: (0..<(fanIn * fanOut)).map { _ in (2 * random.unit() - 1) * limit },
        bias: Array(repeating: 0, count: fanOut)))
    }
    var optimiser = layers.map { Adam(count: $0.weights.count + $0.bias.count) }
    var gradients = layers.map { Array(repeating: 0.0, count: $0.weights.count + $0.bias.count) }
    var activations = sizes.map { Array(repeating: 0.0, count: $0) }
    var deltas = sizes.map { Array(repeating: 0.0, count: $0) }
    var order = Array(0..<labels.count)
    var step = 0
    for epoch in 1...max(epochs, 1) {
      random.shuffle(&order)
      var totalLoss = 0.0, correct = 0
      var start = 0
      while start < order.count {
        let batch = order[start..<min(start + batchSize, order.count)]
        for index in gradients.indices { for k in gradients[index].indices { gradients[index][k] = 0 } }
        for example in batch {
          for k in 0..<dimension { activations[0][k] = inputs[example * dimension + k] }
          for (index, layer) in layers.enumerated() {
            var output = activations[index + 1]
            activations[index + 1] = []  // keep `output` uniquely referenced: written in place
            DenseNetwork.apply(layer, to: activations[index], into: &output)
            activations[index + 1] = output
          }
          let output = activations[layers.count]
          let label = labels[example]
          totalLoss -= log(max(output[label], 1e-12))
          if output.indices.max(by: { output[$0] < output[$1] }) == label { correct += 1 }
          backpropagate(layers, activations: activations, label: label, deltas: &deltas, gradients: &gradients)
        }
        step += 1
        for index in layers.indices {
          optimiser[index].update(&layers[index], gradients: gradients[index], scale: 1 / Double(batch.count),
                                  learningRate: learningRate, weightDecay: weightDecay, step: step)
        }
        start += batchSize
      }
      progress(epoch, totalLoss / Double(max(labels.count, 1)), Double(correct) / Double(max(labels.count, 1)))
    }
    return DenseNetwork(layers: layers)
  }

  /// Adds one example's gradients: softmax + cross-entropy gives (p - onehot) at the output;
  /// ReLU passes the error where its input was positive.
  private func backpropagate(_ layers: [DenseNetwork.Layer], activations: [[Double]], label: Int,
                             deltas: inout [[Double]], gradients: inout [[Double]]) {
    let last = layers.count
    for k in 0..<activations[last].count { deltas[last][k] = activations[last][k] - (k == label ? 1 : 0) }
    for index in stride(from: last - 1, through: 0, by: -1) {
      let layer = layers[index]
      let input = activations[index], delta = deltas[index + 1]
      gradients[index].withUnsafeMutableBufferPointer { g in
        layer.weights.withUnsafeBufferPointer { w in
          for row in 0..<layer.outputs where delta[row] != 0 {
            let base = row * layer.inputs
            for column in 0..<layer.inputs { g[base + column] += delta[row] * input[column] }
            g[layer.weights.count + row] += delta[row]
          }
          guard index > 0 else { return }
          for column in 0..<layer.inputs {
            var sum = 0.0
            for row in 0..<layer.outputs { sum += w[row * layer.inputs + column] * delta[row] }
            deltas[index][column] = input[column] > 0 ? sum : 0
          }
        }
      }
    }
  }
}

/// Adam's moment estimates for one layer's weights followed by its biases.
private struct Adam {
  var first: [Double]
  var second: [Double]

  init(count: Int) {
    first = Array(repeating: 0, count: count)
    second = Array(repeating: 0, count: count)
  }

  mutating func update(_ layer: inout DenseNetwork.Layer, gradients: [Double], scale: Double,
                       learningRate: Double, weightDecay: Double, step: Int) {
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-8)
    let correction1 = 1 - pow(beta1, Double(step)), correction2 = 1 - pow(beta2, Double(step))
    let weightCount = layer.weights.count
    for k in 0..<gradients.count {
      let isWeight = k < weightCount
      let value = isWeight ? layer.weights[k] : layer.bias[k - weightCount]
      let g = gradients[k] * scale + (isWeight ? weightDecay * value : 0)
      first[k] = beta1 * first[k] + (1 - beta1) * g
      second[k] = beta2 * second[k] + (1 - beta2) * g * g
      let change = learningRate * (first[k] / correction1) / ((second[k] / correction2).squareRoot() + epsilon)
      if isWeight { layer.weights[k] -= change } else { layer.bias[k - weightCount] -= change }
    }
  }
}
