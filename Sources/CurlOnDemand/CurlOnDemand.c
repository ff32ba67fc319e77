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

/* GnuTLS initializes itself in a constructor when it is loaded (its crypto back ends, ASN.1
   trees and PKCS#11 set-up: 0.75 MiB of memory over HTTPS, BENCHMARKS.md). Debian's libcurl
   does TLS with OpenSSL and brings GnuTLS in only through libldap and librtmp, for ldap:// and
   rtmp:// addresses the transport never sends; libldap initializes GnuTLS itself before it uses
   it. GnuTLS asks this function before its implicit initialization, and skips it when it
   returns non-zero: it is what gnutls.h's GNUTLS_SKIP_GLOBAL_INIT defines. The release link
   exports it (scripts/lib/release-link.bash), so that libgnutls, opened later, finds it. */
__attribute__((visibility("default"), used)) int _gnutls_global_init_skip(void) { return 1; }

int curl_on_demand_open(void) {
  pthread_once(&opening, open_library);
  return library != NULL;
}

const char *curl_on_demand_failure(void) {
  return curl_on_demand_open() ? NULL : failure;
}

/* The libcurl function `name`, looked up once and kept in `*slot`; NULL without libcurl. */
static void *lookup(void **slot, const char *name) {
  void *found = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
  if (!found && curl_on_demand_open()) {
    found = dlsym(library, name);
    if (found) __atomic_store_n(slot, found, __ATOMIC_RELEASE);
  }
  return found;
}

/* One forwarding function: `fallback` returned without libcurl. */
#define FORWARD(type, name, params, args, fallback)                                          \
  type name params {                                                                        \
    static void *slot;                                                                      \
    type(*real) params = (type(*) params)lookup(&slot, #name);                              \
    return real ? real args : fallback;                                                     \
  }

#define FORWARD_VOID(name, params, args)                                                     \
  void name params {                                                                        \
    static void *slot;                                                                      \
    void(*real) params = (void(*) params)lookup(&slot, #name);                              \
    if (real) real args;                                                                    \
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

FORWARD(CURLHcode, curl_easy_header,
        (CURL * handle, const char *name, size_t index, unsigned int origin, int request,
         struct curl_header **header),
        (handle, name, index, origin, request, header), CURLHE_NOT_BUILT_IN)

FORWARD(const char *, curl_easy_strerror, (CURLcode code), (code), failure)

/* The variadic three: the one argument after the option is read as the type its number says
   (curl.h's CURLOPTTYPE_* ranges; CURLMOPT_* numbers use the same), and passed on as that
   type. */
#define PASS_BY_TYPE(result, real, handle, option, arguments)                                 \
  if (option < CURLOPTTYPE_OBJECTPOINT) {                                                   \
    result = real(handle, option, va_arg(arguments, long));                                 \
  } else if (option < CURLOPTTYPE_FUNCTIONPOINT) {                                          \
    result = real(handle, option, va_arg(arguments, void *));                               \
  } else if (option < CURLOPTTYPE_OFF_T) {                                                  \
    result = real(handle, option, va_arg(arguments, void (*)(void)));                       \
  } else if (option < CURLOPTTYPE_BLOB) {                                                   \
    result = real(handle, option, va_arg(arguments, curl_off_t));                           \
  } else {                                                                                  \
    result = real(handle, option, va_arg(arguments, void *));                               \
  }

CURLcode curl_easy_setopt(CURL *handle, CURLoption option, ...) {
  static void *slot;
  CURLcode (*real)(CURL *, CURLoption, ...) =
      (CURLcode(*)(CURL *, CURLoption, ...))lookup(&slot, "curl_easy_setopt");
  if (!real) return CURLE_FAILED_INIT;
  va_list arguments;
  va_start(arguments, option);
  CURLcode result;
  PASS_BY_TYPE(result, real, handle, option, arguments)
  va_end(arguments);
  return result;
}

CURLMcode curl_multi_setopt(CURLM *multi, CURLMoption option, ...) {
  static void *slot;
  CURLMcode (*real)(CURLM *, CURLMoption, ...) =
      (CURLMcode(*)(CURLM *, CURLMoption, ...))lookup(&slot, "curl_multi_setopt");
  if (!real) return CURLM_BAD_HANDLE;
  va_list arguments;
  va_start(arguments, option);
  CURLMcode result;
  PASS_BY_TYPE(result, real, multi, option, arguments)
  va_end(arguments);
  return result;
}

CURLcode curl_easy_getinfo(CURL *handle, CURLINFO info, ...) {
  static void *slot;
  CURLcode (*real)(CURL *, CURLINFO, ...) =
      (CURLcode(*)(CURL *, CURLINFO, ...))lookup(&slot, "curl_easy_getinfo");
  if (!real) return CURLE_FAILED_INIT;
  va_list arguments;
  va_start(arguments, info);
  /* Every CURLINFO_* takes a pointer to where the answer goes. */
  CURLcode result = real(handle, info, va_arg(arguments, void *));
  va_end(arguments);
  return result;
}
