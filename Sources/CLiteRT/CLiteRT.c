// The dlopen seam: one table of function pointers filled from libLiteRt.so, and the `glrt_`
// wrappers that call through it. Types follow include/CLiteRT.h.
#include "CLiteRT.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct {
  int (*create_environment)(int, const GLRTEnvOption *, GLRTEnvironment *);
  void (*destroy_environment)(GLRTEnvironment);
  int (*create_model_from_file)(GLRTEnvironment, const char *, GLRTModel *);
  void (*destroy_model)(GLRTModel);
  int (*get_model_signature)(GLRTModel, size_t, GLRTSignature *);
  int (*get_num_signature_inputs)(GLRTSignature, size_t *);
  int (*get_num_signature_outputs)(GLRTSignature, size_t *);
  int (*get_signature_input_tensor)(GLRTSignature, size_t, GLRTTensor *);
  int (*get_signature_output_tensor)(GLRTSignature, size_t, GLRTTensor *);
  int (*get_ranked_tensor_type)(GLRTTensor, GLRTRankedTensorType *);
  int (*create_options)(GLRTOptions *);
  void (*destroy_options)(GLRTOptions);
  int (*set_options_hardware_accelerators)(GLRTOptions, int);
  int (*create_opaque_options)(const char *, void *, void (*)(void *), GLRTOpaqueOptions *);
  void (*destroy_opaque_options)(GLRTOpaqueOptions);
  int (*add_opaque_options)(GLRTOptions, GLRTOpaqueOptions);
  int (*create_compiled_model)(GLRTEnvironment, GLRTModel, GLRTOptions, GLRTCompiledModel *);
  void (*destroy_compiled_model)(GLRTCompiledModel);
  int (*get_input_buffer_requirements)(GLRTCompiledModel, size_t, size_t,
                                       GLRTTensorBufferRequirements *);
  int (*get_output_buffer_requirements)(GLRTCompiledModel, size_t, size_t,
                                        GLRTTensorBufferRequirements *);
  int (*run)(GLRTCompiledModel, size_t, size_t, GLRTTensorBuffer *, size_t, GLRTTensorBuffer *);
  int (*create_buffer_from_requirements)(GLRTEnvironment, const GLRTRankedTensorType *,
                                         GLRTTensorBufferRequirements, GLRTTensorBuffer *);
  int (*lock_buffer)(GLRTTensorBuffer, void **, int);
  int (*unlock_buffer)(GLRTTensorBuffer);
  void (*destroy_buffer)(GLRTTensorBuffer);
} api;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static int loaded = 0;

#define LOOKUP(field, symbol)                                                       \
  do {                                                                              \
    *(void **)(&api.field) = dlsym(handle, symbol);                                 \
    if (api.field == NULL) {                                                        \
      snprintf(error, error_size, "%s: missing symbol %s (not ai-edge-litert 2.3.0?)", \
               path, symbol);                                                       \
      goto fail;                                                                    \
    }                                                                               \
  } while (0)

int glrt_load(const char *path, char *error, size_t error_size) {
  pthread_mutex_lock(&load_lock);
  if (loaded) {
    pthread_mutex_unlock(&load_lock);
    return 0;
  }
  void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    const char *why = dlerror();
    snprintf(error, error_size, "%s", why ? why : "dlopen failed");
    pthread_mutex_unlock(&load_lock);
    return -1;
  }
  LOOKUP(create_environment, "LiteRtCreateEnvironment");
  LOOKUP(destroy_environment, "LiteRtDestroyEnvironment");
  LOOKUP(create_model_from_file, "LiteRtCreateModelFromFile");
  LOOKUP(destroy_model, "LiteRtDestroyModel");
  LOOKUP(get_model_signature, "LiteRtGetModelSignature");
  LOOKUP(get_num_signature_inputs, "LiteRtGetNumSignatureInputs");
  LOOKUP(get_num_signature_outputs, "LiteRtGetNumSignatureOutputs");
  LOOKUP(get_signature_input_tensor, "LiteRtGetSignatureInputTensorByIndex");
  LOOKUP(get_signature_output_tensor, "LiteRtGetSignatureOutputTensorByIndex");
  LOOKUP(get_ranked_tensor_type, "LiteRtGetRankedTensorType");
  LOOKUP(create_options, "LiteRtCreateOptions");
  LOOKUP(destroy_options, "LiteRtDestroyOptions");
  LOOKUP(set_options_hardware_accelerators, "LiteRtSetOptionsHardwareAccelerators");
  LOOKUP(create_opaque_options, "LiteRtCreateOpaqueOptions");
  LOOKUP(destroy_opaque_options, "LiteRtDestroyOpaqueOptions");
  LOOKUP(add_opaque_options, "LiteRtAddOpaqueOptions");
  LOOKUP(create_compiled_model, "LiteRtCreateCompiledModel");
  LOOKUP(destroy_compiled_model, "LiteRtDestroyCompiledModel");
  LOOKUP(get_input_buffer_requirements, "LiteRtGetCompiledModelInputBufferRequirements");
  LOOKUP(get_output_buffer_requirements, "LiteRtGetCompiledModelOutputBufferRequirements");
  LOOKUP(run, "LiteRtRunCompiledModel");
  LOOKUP(create_buffer_from_requirements, "LiteRtCreateManagedTensorBufferFromRequirements");
  LOOKUP(lock_buffer, "LiteRtLockTensorBuffer");
  LOOKUP(unlock_buffer, "LiteRtUnlockTensorBuffer");
  LOOKUP(destroy_buffer, "LiteRtDestroyTensorBuffer");
  loaded = 1;
  pthread_mutex_unlock(&load_lock);
  return 0;
fail:
  memset(&api, 0, sizeof api);
  dlclose(handle);
  pthread_mutex_unlock(&load_lock);
  return -1;
}

int glrt_create_environment(int n, const GLRTEnvOption *o, GLRTEnvironment *e) {
  return api.create_environment(n, o, e);
}
void glrt_destroy_environment(GLRTEnvironment e) { api.destroy_environment(e); }
int glrt_create_model_from_file(GLRTEnvironment e, const char *p, GLRTModel *m) {
  return api.create_model_from_file(e, p, m);
}
void glrt_destroy_model(GLRTModel m) { api.destroy_model(m); }
int glrt_get_model_signature(GLRTModel m, size_t i, GLRTSignature *s) {
  return api.get_model_signature(m, i, s);
}
int glrt_get_num_signature_inputs(GLRTSignature s, size_t *n) {
  return api.get_num_signature_inputs(s, n);
}
int glrt_get_num_signature_outputs(GLRTSignature s, size_t *n) {
  return api.get_num_signature_outputs(s, n);
}
int glrt_get_signature_input_tensor(GLRTSignature s, size_t i, GLRTTensor *t) {
  return api.get_signature_input_tensor(s, i, t);
}
int glrt_get_signature_output_tensor(GLRTSignature s, size_t i, GLRTTensor *t) {
  return api.get_signature_output_tensor(s, i, t);
}
int glrt_get_ranked_tensor_type(GLRTTensor t, GLRTRankedTensorType *r) {
  return api.get_ranked_tensor_type(t, r);
}
int glrt_create_options(GLRTOptions *o) { return api.create_options(o); }
void glrt_destroy_options(GLRTOptions o) { api.destroy_options(o); }
int glrt_set_options_hardware_accelerators(GLRTOptions o, int a) {
  return api.set_options_hardware_accelerators(o, a);
}

int glrt_add_cpu_thread_count(GLRTOptions options, int threads) {
  char *payload = malloc(48);
  if (payload == NULL) return -1;
  snprintf(payload, 48, "num_threads = %d\n", threads);
  GLRTOpaqueOptions opaque = NULL;
  int status = api.create_opaque_options("xnnpack", payload, free, &opaque);
  if (status != 0) {
    free(payload);
    return status;
  }
  status = api.add_opaque_options(options, opaque);
  if (status != 0) api.destroy_opaque_options(opaque);
  return status;
}

int glrt_create_compiled_model(GLRTEnvironment e, GLRTModel m, GLRTOptions o,
                               GLRTCompiledModel *c) {
  return api.create_compiled_model(e, m, o, c);
}
void glrt_destroy_compiled_model(GLRTCompiledModel c) { api.destroy_compiled_model(c); }
int glrt_get_input_buffer_requirements(GLRTCompiledModel c, size_t i,
                                       GLRTTensorBufferRequirements *r) {
  return api.get_input_buffer_requirements(c, 0, i, r);
}
int glrt_get_output_buffer_requirements(GLRTCompiledModel c, size_t i,
                                        GLRTTensorBufferRequirements *r) {
  return api.get_output_buffer_requirements(c, 0, i, r);
}
int glrt_run(GLRTCompiledModel c, size_t ni, GLRTTensorBuffer *in, size_t no,
             GLRTTensorBuffer *out) {
  return api.run(c, 0, ni, in, no, out);
}
int glrt_create_buffer_from_requirements(GLRTEnvironment e, const GLRTRankedTensorType *t,
                                         GLRTTensorBufferRequirements r, GLRTTensorBuffer *b) {
  return api.create_buffer_from_requirements(e, t, r, b);
}
int glrt_lock_buffer(GLRTTensorBuffer b, void **h, int mode) { return api.lock_buffer(b, h, mode); }
int glrt_unlock_buffer(GLRTTensorBuffer b) { return api.unlock_buffer(b); }
void glrt_destroy_buffer(GLRTTensorBuffer b) { api.destroy_buffer(b); }

static int capture_fd = -1;

int glrt_stderr_capture_begin(void) {
  fflush(stderr);
  FILE *file = tmpfile();
  if (file == NULL) return -1;
  int saved = dup(STDERR_FILENO);
  if (saved < 0) {
    fclose(file);
    return -1;
  }
  capture_fd = dup(fileno(file));
  fclose(file);
  if (capture_fd < 0 || dup2(capture_fd, STDERR_FILENO) < 0) {
    if (capture_fd >= 0) close(capture_fd);
    capture_fd = -1;
    close(saved);
    return -1;
  }
  return saved;
}

void glrt_stderr_capture_end(int token, char *text, size_t size) {
  if (size > 0) text[0] = 0;
  if (token < 0) return;
  fflush(stderr);
  dup2(token, STDERR_FILENO);
  close(token);
  if (capture_fd < 0) return;
  if (size > 0 && lseek(capture_fd, 0, SEEK_SET) == 0) {
    ssize_t n = read(capture_fd, text, size - 1);
    text[n > 0 ? n : 0] = 0;
  }
  close(capture_fd);
  capture_fd = -1;
}
