// CLiteRT: the few calls of LiteRT's C "CompiledModel" API that gestured uses, loaded at run time
// with dlopen from the pinned libLiteRt.so (ai-edge-litert==2.3.0).
//
// The declarations are written here from the public headers (google-ai-edge/LiteRT, litert/c/).
// Every function is called through a pointer looked up with dlsym, and the wrappers carry the
// prefix `glrt_` so that nothing in the executable shadows the library's own `LiteRt*` symbols.
// Every call returns a LiteRT status: 0 is OK.
#ifndef GESTURED_CLITERT_H
#define GESTURED_CLITERT_H

#include <stddef.h>
#include <stdint.h>

typedef struct GLRTEnvironmentOpaque *GLRTEnvironment;
typedef struct GLRTModelOpaque *GLRTModel;
typedef struct GLRTSignatureOpaque *GLRTSignature;
typedef struct GLRTTensorOpaque *GLRTTensor;
typedef struct GLRTOptionsOpaque *GLRTOptions;
typedef struct GLRTOpaqueOptionsOpaque *GLRTOpaqueOptions;
typedef struct GLRTCompiledModelOpaque *GLRTCompiledModel;
typedef struct GLRTTensorBufferOpaque *GLRTTensorBuffer;
typedef struct GLRTTensorBufferRequirementsOpaque *GLRTTensorBufferRequirements;

/// LiteRtAny: a tagged value (type 2 = int64).
typedef struct {
  int32_t type;
  union {
    int64_t int_value;
    double real_value;
    const void *ptr_value;
  } value;
} GLRTAny;

/// LiteRtEnvOption: a tag (24 = accelerators to register, 25 = minimum log severity) and a value.
typedef struct {
  int32_t tag;
  GLRTAny value;
} GLRTEnvOption;

/// LiteRtRankedTensorType: element type (1 = float32), then the layout: one 32-bit word holding
/// the rank in its low 7 bits and a has-strides bit, then dimensions and strides.
typedef struct {
  int32_t element_type;
  uint32_t rank_and_flags;
  int32_t dimensions[8];
  uint32_t strides[8];
} GLRTRankedTensorType;

_Static_assert(sizeof(GLRTAny) == 16, "LiteRtAny is 16 bytes");
_Static_assert(sizeof(GLRTEnvOption) == 24, "LiteRtEnvOption is 24 bytes");
_Static_assert(offsetof(GLRTEnvOption, value) == 8, "LiteRtEnvOption value at offset 8");
_Static_assert(sizeof(GLRTRankedTensorType) == 72, "LiteRtRankedTensorType is 72 bytes");

enum {
  GLRT_ENV_OPTION_AUTO_REGISTER_ACCELERATORS = 24,
  GLRT_ENV_OPTION_MIN_LOGGER_SEVERITY = 25,
  GLRT_ANY_TYPE_INT = 2,
  GLRT_HW_ACCELERATOR_CPU = 1,
  GLRT_ELEMENT_TYPE_FLOAT32 = 1,
  GLRT_LOCK_READ = 0,
  GLRT_LOCK_WRITE = 1,
};

/// Loads the library at `path` and looks up every function below. Safe to call more than once:
/// the first successful load stays. Returns 0, or -1 with a message in `error`.
int glrt_load(const char *path, char *error, size_t error_size);

int glrt_create_environment(int num_options, const GLRTEnvOption *options, GLRTEnvironment *env);
void glrt_destroy_environment(GLRTEnvironment env);

int glrt_create_model_from_file(GLRTEnvironment env, const char *path, GLRTModel *model);
void glrt_destroy_model(GLRTModel model);
int glrt_get_model_signature(GLRTModel model, size_t index, GLRTSignature *signature);
int glrt_get_num_signature_inputs(GLRTSignature signature, size_t *count);
int glrt_get_num_signature_outputs(GLRTSignature signature, size_t *count);
int glrt_get_signature_input_tensor(GLRTSignature signature, size_t index, GLRTTensor *tensor);
int glrt_get_signature_output_tensor(GLRTSignature signature, size_t index, GLRTTensor *tensor);
int glrt_get_ranked_tensor_type(GLRTTensor tensor, GLRTRankedTensorType *type);

int glrt_create_options(GLRTOptions *options);
void glrt_destroy_options(GLRTOptions options);
int glrt_set_options_hardware_accelerators(GLRTOptions options, int accelerators);
/// Adds the CPU (XNNPACK) thread count to `options` as opaque options with the payload
/// "num_threads = N\n"; the options take ownership of the payload.
int glrt_add_cpu_thread_count(GLRTOptions options, int threads);

int glrt_create_compiled_model(GLRTEnvironment env, GLRTModel model, GLRTOptions options,
                               GLRTCompiledModel *compiled);
void glrt_destroy_compiled_model(GLRTCompiledModel compiled);
int glrt_get_input_buffer_requirements(GLRTCompiledModel compiled, size_t input,
                                       GLRTTensorBufferRequirements *requirements);
int glrt_get_output_buffer_requirements(GLRTCompiledModel compiled, size_t output,
                                        GLRTTensorBufferRequirements *requirements);
int glrt_run(GLRTCompiledModel compiled, size_t num_inputs, GLRTTensorBuffer *inputs,
             size_t num_outputs, GLRTTensorBuffer *outputs);

int glrt_create_buffer_from_requirements(GLRTEnvironment env, const GLRTRankedTensorType *type,
                                         GLRTTensorBufferRequirements requirements,
                                         GLRTTensorBuffer *buffer);
int glrt_lock_buffer(GLRTTensorBuffer buffer, void **host, int mode);
int glrt_unlock_buffer(GLRTTensorBuffer buffer);
void glrt_destroy_buffer(GLRTTensorBuffer buffer);

/// The SHA-256 of the file at `path` as 64 lowercase hex digits and a NUL in `hex`.
/// Returns 0, or -1 when the file cannot be read.
int glrt_sha256_file(const char *path, char hex[65]);

/// Sends standard error to a temporary file until `glrt_stderr_capture_end`, so the library's
/// own log lines (model errors, the XNNPACK notice) do not reach the user's terminal unasked.
/// Returns a token for the end call, or -1 when capturing is not possible (nothing changes).
int glrt_stderr_capture_begin(void);
/// Restores standard error and copies what was written meanwhile (NUL-terminated, truncated to
/// `size`) into `text`.
void glrt_stderr_capture_end(int token, char *text, size_t size);

#endif
