import CLiteRT
import Foundation

/// The loaded LiteRT library and its environment (CPU only, errors-only logging). Models keep it
/// alive; create one per process and share it.
public final class InferenceRuntime: @unchecked Sendable {
  let environment: GLRTEnvironment

  /// Loads `libLiteRt.so` (found and checked by `RuntimeFiles`) and creates an environment.
  public init() throws {
    let path = try RuntimeFiles.locate("lib/libLiteRt.so")
    var message = [CChar](repeating: 0, count: 512)
    if glrt_load(path, &message, message.count) != 0 {
      let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw InferenceError.libraryUnloadable(path: path, reason: reason)
    }
    var options = [
      GLRTEnvOption(tag: Int32(GLRT_ENV_OPTION_MIN_LOGGER_SEVERITY),
                    value: GLRTAny(type: Int32(GLRT_ANY_TYPE_INT), value: .init(int_value: 3))),
      GLRTEnvOption(tag: Int32(GLRT_ENV_OPTION_AUTO_REGISTER_ACCELERATORS),
                    value: GLRTAny(type: Int32(GLRT_ANY_TYPE_INT), value: .init(int_value: 1))),
    ]
    var environment: GLRTEnvironment? = nil
    let status = glrt_create_environment(Int32(options.count), &options, &environment)
    guard status == 0, let environment else { throw InferenceError.runtime(call: "create environment", status: status) }
    self.environment = environment
  }

  deinit { glrt_destroy_environment(environment) }
}

/// One compiled `.tflite` model with float32 inputs and outputs, its tensor buffers made once and
/// reused on every run.
public final class InferenceModel {
  /// The model file.
  public let path: String
  /// Shape of each input and output tensor (e.g. [1, 192, 192, 3]).
  public let inputShapes: [[Int]]
  public let outputShapes: [[Int]]

  private let runtime: InferenceRuntime
  private let model: GLRTModel
  private let compiled: GLRTCompiledModel
  private var inputs: [GLRTTensorBuffer?]
  private var outputs: [GLRTTensorBuffer?]

  /// Loads and compiles the model at `path` for the CPU with `threads` threads. LiteRT trusts
  /// the file's structure: pass only files checked by `RuntimeFiles.locate`.
  public init(runtime: InferenceRuntime, path: String, threads: Int) throws {
    self.runtime = runtime
    self.path = path
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw InferenceError.missingFile(name: path, searched: [(path as NSString).deletingLastPathComponent])
    }
    // LiteRT logs to standard error while it loads and compiles; keep it for our own message.
    let capture = glrt_stderr_capture_begin()
    var captured: String? = nil
    defer { if captured == nil { _ = Self.endCapture(capture) } }
    var model: GLRTModel? = nil
    var status = glrt_create_model_from_file(runtime.environment, path, &model)
    guard status == 0, let model else {
      captured = Self.endCapture(capture)
      throw InferenceError.modelUnloadable(path: path, status: status, log: captured ?? "")
    }
    self.model = model

    var signature: GLRTSignature? = nil
    var inputCount = 0, outputCount = 0
    status = glrt_get_model_signature(model, 0, &signature)
    if status == 0 { status = glrt_get_num_signature_inputs(signature, &inputCount) }
    if status == 0 { status = glrt_get_num_signature_outputs(signature, &outputCount) }
    guard status == 0 else {
      glrt_destroy_model(model)
      throw InferenceError.modelUnloadable(path: path, status: status, log: "")
    }
    var inputTypes: [GLRTRankedTensorType] = []
    var outputTypes: [GLRTRankedTensorType] = []
    do {
      for index in 0..<inputCount {
        var tensor: GLRTTensor? = nil
        try Self.check(glrt_get_signature_input_tensor(signature, index, &tensor), "get input tensor")
        inputTypes.append(try Self.rankedType(tensor, path: path))
      }
      for index in 0..<outputCount {
        var tensor: GLRTTensor? = nil
        try Self.check(glrt_get_signature_output_tensor(signature, index, &tensor), "get output tensor")
        outputTypes.append(try Self.rankedType(tensor, path: path))
      }
    } catch {
      glrt_destroy_model(model)
      throw error
    }
    inputShapes = inputTypes.map(Self.shape)
    outputShapes = outputTypes.map(Self.shape)

    var options: GLRTOptions? = nil
    status = glrt_create_options(&options)
    if status == 0 { status = glrt_set_options_hardware_accelerators(options, Int32(GLRT_HW_ACCELERATOR_CPU)) }
    if status == 0 { status = glrt_add_cpu_thread_count(options, Int32(max(1, threads))) }
    var compiled: GLRTCompiledModel? = nil
    if status == 0 { status = glrt_create_compiled_model(runtime.environment, model, options, &compiled) }
    if let options { glrt_destroy_options(options) }
    guard status == 0, let compiled else {
      glrt_destroy_model(model)
      captured = Self.endCapture(capture)
      throw InferenceError.modelUnloadable(path: path, status: status, log: captured ?? "")
    }
    captured = Self.endCapture(capture)
    self.compiled = compiled

    inputs = []
    outputs = []
    do {
      for (index, var type) in inputTypes.enumerated() {
        var requirements: GLRTTensorBufferRequirements? = nil
        try Self.check(glrt_get_input_buffer_requirements(compiled, index, &requirements), "input requirements")
        var buffer: GLRTTensorBuffer? = nil
        try Self.check(glrt_create_buffer_from_requirements(runtime.environment, &type, requirements, &buffer), "create input buffer")
        inputs.append(buffer)
      }
      for (index, var type) in outputTypes.enumerated() {
        var requirements: GLRTTensorBufferRequirements? = nil
        try Self.check(glrt_get_output_buffer_requirements(compiled, index, &requirements), "output requirements")
        var buffer: GLRTTensorBuffer? = nil
        try Self.check(glrt_create_buffer_from_requirements(runtime.environment, &type, requirements, &buffer), "create output buffer")
        outputs.append(buffer)
      }
    } catch {
      for buffer in inputs + outputs { if let buffer { glrt_destroy_buffer(buffer) } }
      glrt_destroy_compiled_model(compiled)
      glrt_destroy_model(model)
      throw error
    }
  }

  deinit {
    for buffer in inputs + outputs { if let buffer { glrt_destroy_buffer(buffer) } }
    glrt_destroy_compiled_model(compiled)
    glrt_destroy_model(model)
  }

  /// Lets `body` write input `index` (float32, `inputShapes[index]` elements in row-major order).
  public func writeInput(_ index: Int, _ body: (UnsafeMutableBufferPointer<Float>) throws -> Void) throws {
    let count = inputShapes[index].reduce(1, *)
    var host: UnsafeMutableRawPointer? = nil
    try Self.check(glrt_lock_buffer(inputs[index], &host, Int32(GLRT_LOCK_WRITE)), "lock input")
    defer { _ = glrt_unlock_buffer(inputs[index]) }
    guard let host else { throw InferenceError.runtime(call: "lock input", status: -1) }
    try body(UnsafeMutableBufferPointer(start: host.assumingMemoryBound(to: Float.self), count: count))
  }

  /// Runs the model on the current inputs.
  public func run() throws {
    let status = inputs.withUnsafeMutableBufferPointer { inputBuffers in
      outputs.withUnsafeMutableBufferPointer { outputBuffers in
        glrt_run(compiled, inputBuffers.count, inputBuffers.baseAddress, outputBuffers.count, outputBuffers.baseAddress)
      }
    }
    try Self.check(status, "run model")
  }

  /// Lets `body` read output `index` after `run()`.
  public func readOutput<T>(_ index: Int, _ body: (UnsafeBufferPointer<Float>) throws -> T) throws -> T {
    let count = outputShapes[index].reduce(1, *)
    var host: UnsafeMutableRawPointer? = nil
    try Self.check(glrt_lock_buffer(outputs[index], &host, Int32(GLRT_LOCK_READ)), "lock output")
    defer { _ = glrt_unlock_buffer(outputs[index]) }
    guard let host else { throw InferenceError.runtime(call: "lock output", status: -1) }
    return try body(UnsafeBufferPointer(start: host.assumingMemoryBound(to: Float.self), count: count))
  }

  /// Ends a standard-error capture and returns the library's error lines, joined on one line
  /// (informational lines dropped).
  private static func endCapture(_ token: Int32) -> String {
    var text = [CChar](repeating: 0, count: 4096)
    glrt_stderr_capture_end(token, &text, text.count)
    let log = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return log.split(separator: "\n").filter { !$0.hasPrefix("INFO:") }
      .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "; ")
  }

  private static func check(_ status: Int32, _ call: String) throws {
    if status != 0 { throw InferenceError.runtime(call: call, status: status) }
  }

  private static func rankedType(_ tensor: GLRTTensor?, path: String) throws -> GLRTRankedTensorType {
    var type = GLRTRankedTensorType()
    try check(glrt_get_ranked_tensor_type(tensor, &type), "get tensor type")
    guard type.element_type == Int32(GLRT_ELEMENT_TYPE_FLOAT32) else {
      throw InferenceError.unexpectedModel(path: path, reason: "a tensor is not float32 (element type \(type.element_type))")
    }
    return type
  }

  private static func shape(_ type: GLRTRankedTensorType) -> [Int] {
    let rank = Int(type.rank_and_flags & 0x7f)
    return withUnsafeBytes(of: type.dimensions) { raw in
      Array(raw.bindMemory(to: Int32.self).prefix(rank)).map(Int.init)
    }
  }
}
