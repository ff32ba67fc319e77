#include "CurlOnDemand.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

static void *library;
static pthread_once_t opening = PTHREAD_ONCE_INIT;
static char failure[512];

static void open_library(void) {
  library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    snprintf(failure, sizeof failure,
             "libcurl could not be loaded (%s); install libcurl4",
             reason ? reason : "libcurl.so.4 not found");
  }
}

static void *resolve(const char *name) {
  pthread_once(&opening, open_library);
  return library ? dlsym(library, name) : NULL;
}

int curl_on_demand_open(void) {
  pthread_once(&opening, open_library);
  return library != NULL;
}

/* One forwarding function: the real one looked up once, `fallback` returned without libcurl. */
#define FORWARD(type, name, params, args, fallback)                                          \
  type name params {                                                                        \
    static type(*real) params;                                                              \
    type(*found) params = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                         \
    if (!found) {                                                                           \
      found = (type(*) params)resolve(#name);                                               \
      if (!found) return fallback;                                                          \
      __atomic_store_n(&real, found, __ATOMIC_RELEASE);                                     \
    }                                                                                       \
    return found args;                                                                      \
  }

#define FORWARD_VOID(name, params, args)                                                     \
  void name params {                                                                        \
    static void(*real) params;                                                              \
    void(*found) params = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                         \
    if (!found) {                                                                           \
      found = (void(*) params)resolve(#name);                                               \
      if (!found) return;                                                                   \
      __atomic_store_n(&real, found, __ATOMIC_RELEASE);                                     \
    }                                                                                       \
    found args;                                                                             \
  }

FORWARD(CURLcode, curl_global_init, (long flags), (flags), CURLE_FAILED_INIT)
FORWARD(CURL *, curl_easy_init, (void), (), NULL)
FORWARD_VOID(curl_easy_cleanup, (CURL * handle), (handle))
FORWARD(CURLcode, curl_easy_pause, (CURL * handle, int mask), (handle, mask), CURLE_FAILED_INIT)
FORWARD_VOID(curl_free, (void *pointer), (pointer))
FORWARD(CURLM *, curl_multi_init, (void), (), NULL)
FORWARD(CURLMcode, curl_multi_cleanup, (CURLM * multi), (multi), CURLM_BAD_HANDLE)
FORWARD(CURLMcode, curl_multi_add_handle, (CURLM * multi, CURL *handle), (multi, handle),
        CURLM_BAD_HANDLE)
FORWARD(CURLMcode, curl_multi_remove_handle, (CURLM * multi, CURL *handle), (multi, handle),
        CURLM_BAD_HANDLE)
FORWARD(CURLMcode, curl_multi_assign, (CURLM * multi, curl_socket_t socket, void *pointer),
        (multi, socket, pointer), CURLM_BAD_HANDLE)
FORWARD(CURLMsg *, curl_multi_info_read, (CURLM * multi, int *left), (multi, left), NULL)
FORWARD(CURLMcode, curl_multi_perform, (CURLM * multi, int *running), (multi, running),
        CURLM_BAD_HANDLE)
FORWARD(CURLMcode, curl_multi_poll,
        (CURLM * multi, struct curl_waitfd *extra, unsigned int count, int timeout, int *ready),
        (multi, extra, count, timeout, ready), CURLM_BAD_HANDLE)
FORWARD(CURLMcode, curl_multi_socket_action,
        (CURLM * multi, curl_socket_t socket, int mask, int *running),
        (multi, socket, mask, running), CURLM_BAD_HANDLE)
FORWARD(struct curl_slist *, curl_slist_append, (struct curl_slist * list, const char *text),
        (list, text), NULL)
FORWARD_VOID(curl_slist_free_all, (struct curl_slist * list), (list))
FORWARD(CURLU *, curl_url, (void), (), NULL)
FORWARD(CURLUcode, curl_url_get,
        (CURLU * url, CURLUPart part, char **value, unsigned int flags),
        (url, part, value, flags), CURLUE_OUT_OF_MEMORY)
FORWARD(CURLUcode, curl_url_set,
        (CURLU * url, CURLUPart part, const char *value, unsigned int flags),
        (url, part, value, flags), CURLUE_OUT_OF_MEMORY)
FORWARD(char *, curl_version, (void), (), (char *)"libcurl (not loaded)")
FORWARD(curl_version_info_data *, curl_version_info, (CURLversion stamp), (stamp), NULL)

const char *curl_easy_strerror(CURLcode code) {
  static const char *(*real)(CURLcode);
  const char *(*found)(CURLcode) = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
  if (!found) {
    found = (const char *(*)(CURLcode))resolve("curl_easy_strerror");
    if (!found) return failure;
    __atomic_store_n(&real, found, __ATOMIC_RELEASE);
  }
  return found(code);
}

/* The variadic three: the one argument after the option is read as the type its number says
   (curl.h's CURLOPTTYPE_* ranges), and passed on as that type. */

CURLcode curl_easy_setopt(CURL *handle, CURLoption option, ...) {
  static CURLcode (*real)(CURL *, CURLoption, ...);
  CURLcode (*found)(CURL *, CURLoption, ...) = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
  if (!found) {
    found = (CURLcode(*)(CURL *, CURLoption, ...))resolve("curl_easy_setopt");
    if (!found) return CURLE_FAILED_INIT;
    __atomic_store_n(&real, found, __ATOMIC_RELEASE);
  }
  va_list arguments;
  va_start(arguments, option);
  CURLcode result;
  if (option < CURLOPTTYPE_OBJECTPOINT) {
    result = found(handle, option, va_arg(arguments, long));
  } else if (option < CURLOPTTYPE_FUNCTIONPOINT) {
    result = found(handle, option, va_arg(arguments, void *));
  } else if (option < CURLOPTTYPE_OFF_T) {
    result = found(handle, option, va_arg(arguments, void (*)(void)));
  } else if (option < CURLOPTTYPE_BLOB) {
    result = found(handle, option, va_arg(arguments, curl_off_t));
  } else {
    result = found(handle, option, va_arg(arguments, void *));
  }
  va_end(arguments);
  return result;
}

CURLMcode curl_multi_setopt(CURLM *multi, CURLMoption option, ...) {
  static CURLMcode (*real)(CURLM *, CURLMoption, ...);
  CURLMcode (*found)(CURLM *, CURLMoption, ...) = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
  if (!found) {
    found = (CURLMcode(*)(CURLM *, CURLMoption, ...))resolve("curl_multi_setopt");
    if (!found) return CURLM_BAD_HANDLE;
    __atomic_store_n(&real, found, __ATOMIC_RELEASE);
  }
  va_list arguments;
  va_start(arguments, option);
  CURLMcode result;
  if (option < CURLOPTTYPE_OBJECTPOINT) {
    result = found(multi, option, va_arg(arguments, long));
  } else if (option < CURLOPTTYPE_FUNCTIONPOINT) {
    result = found(multi, option, va_arg(arguments, void *));
  } else if (option < CURLOPTTYPE_OFF_T) {
    result = found(multi, option, va_arg(arguments, void (*)(void)));
  } else {
    result = found(multi, option, va_arg(arguments, curl_off_t));
  }
  va_end(arguments);
  return result;
}

CURLcode curl_easy_getinfo(CURL *handle, CURLINFO info, ...) {
  static CURLcode (*real)(CURL *, CURLINFO, ...);
  CURLcode (*found)(CURL *, CURLINFO, ...) = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
  if (!found) {
    found = (CURLcode(*)(CURL *, CURLINFO, ...))resolve("curl_easy_getinfo");
    if (!found) return CURLE_FAILED_INIT;
    __atomic_store_n(&real, found, __ATOMIC_RELEASE);
  }
  va_list arguments;
  va_start(arguments, info);
  /* Every CURLINFO_* takes a pointer to where the answer goes. */
  CURLcode result = found(handle, info, va_arg(arguments, void *));
  va_end(arguments);
  return result;
}
