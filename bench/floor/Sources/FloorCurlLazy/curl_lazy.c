/* libcurl, loaded when a curl_* function is first called instead of when the program starts.
 *
 * The curl_* functions FoundationNetworking and CurlTransport call are defined here (hidden, so
 * nothing outside the executable, libcurl included, resolves to them); each looks the real one
 * up in libcurl.so.4, which the first call opens. A release link that drops libcurl from the
 * executable's DT_NEEDED (bench/lazy-curl/libcurl.so) then starts without loading libcurl and
 * the about thirty libraries it needs (OpenSSL, GnuTLS, Kerberos, LDAP, ...): their relocation
 * and constructors at every start, and about 5.7 MB of their pages, until the first request.
 * Linked the ordinary way (libcurl still needed), the first call finds it already loaded. */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/types.h>

/* Only libcurl's own declarations hidden (the C library's above stay as they are). */
#define CURL_DISABLE_TYPECHECK 1
#pragma GCC visibility push(hidden)
#include <curl/curl.h>
#include "ccurl_lazy.h"
#pragma GCC visibility pop

#define HIDDEN __attribute__((visibility("hidden")))

static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_library(void) {
  library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_GLOBAL);
  if (library == NULL) {
    fprintf(stderr, "loader-tui: libcurl could not be loaded: %s\n", dlerror());
  }
}

static void *real(const char *name) {
  pthread_once(&once, open_library);
  return library == NULL ? NULL : dlsym(library, name);
}

HIDDEN int ccurl_lazy_loaded(void) { return library != NULL; }

/* One function: looks the real one up once, then calls it; `fail` when libcurl is missing. */
#define FORWARD(ret, name, fail, params, args)                                                 \
  HIDDEN ret name params {                                                                     \
    static ret(*fn) params;                                                                    \
    if (fn == NULL) fn = (ret(*) params)real(#name);                                           \
    if (fn == NULL) return fail;                                                               \
    return fn args;                                                                            \
  }
#define FORWARD_VOID(name, params, args)                                                       \
  HIDDEN void name params {                                                                    \
    static void(*fn) params;                                                                   \
    if (fn == NULL) fn = (void(*) params)real(#name);                                          \
    if (fn != NULL) fn args;                                                                   \
  }

FORWARD(CURLcode, curl_global_init, CURLE_FAILED_INIT, (long flags), (flags))
FORWARD(CURL *, curl_easy_init, NULL, (void), ())
FORWARD_VOID(curl_easy_cleanup, (CURL * handle), (handle))
FORWARD(CURLcode, curl_easy_pause, CURLE_FAILED_INIT, (CURL * handle, int bitmask),
        (handle, bitmask))
FORWARD(const char *, curl_easy_strerror, "libcurl could not be loaded", (CURLcode code), (code))
FORWARD_VOID(curl_free, (void *pointer), (pointer))
FORWARD(CURLM *, curl_multi_init, NULL, (void), ())
FORWARD(CURLMcode, curl_multi_cleanup, CURLM_INTERNAL_ERROR, (CURLM * multi), (multi))
FORWARD(CURLMcode, curl_multi_add_handle, CURLM_INTERNAL_ERROR, (CURLM * multi, CURL *handle),
        (multi, handle))
FORWARD(CURLMcode, curl_multi_remove_handle, CURLM_INTERNAL_ERROR,
        (CURLM * multi, CURL *handle), (multi, handle))
FORWARD(CURLMcode, curl_multi_assign, CURLM_INTERNAL_ERROR,
        (CURLM * multi, curl_socket_t socket, void *pointer), (multi, socket, pointer))
FORWARD(CURLMsg *, curl_multi_info_read, NULL, (CURLM * multi, int *left), (multi, left))
FORWARD(CURLMcode, curl_multi_perform, CURLM_INTERNAL_ERROR, (CURLM * multi, int *running),
        (multi, running))
FORWARD(CURLMcode, curl_multi_poll, CURLM_INTERNAL_ERROR,
        (CURLM * multi, struct curl_waitfd extra[], unsigned int count, int timeout, int *ready),
        (multi, extra, count, timeout, ready))
FORWARD(CURLMcode, curl_multi_wakeup, CURLM_INTERNAL_ERROR, (CURLM * multi), (multi))
FORWARD(CURLMcode, curl_multi_socket_action, CURLM_INTERNAL_ERROR,
        (CURLM * multi, curl_socket_t socket, int mask, int *running),
        (multi, socket, mask, running))
FORWARD(struct curl_slist *, curl_slist_append, NULL, (struct curl_slist * list, const char *s),
        (list, s))
FORWARD_VOID(curl_slist_free_all, (struct curl_slist * list), (list))
FORWARD(CURLU *, curl_url, NULL, (void), ())
FORWARD(CURLUcode, curl_url_get, CURLUE_OUT_OF_MEMORY,
        (CURLU * url, CURLUPart what, char **part, unsigned int flags),
        (url, what, part, flags))
FORWARD(CURLUcode, curl_url_set, CURLUE_OUT_OF_MEMORY,
        (CURLU * url, CURLUPart what, const char *part, unsigned int flags),
        (url, what, part, flags))
FORWARD(char *, curl_version, "libcurl (not loaded)", (void), ())
FORWARD(curl_version_info_data *, curl_version_info, NULL, (CURLversion age), (age))

/* The variadic setters and getter take one more argument, a long, a curl_off_t or a pointer:
   on the LP64 ABIs all three travel in the same integer register, so it is passed on as a
   pointer-sized value. */
#define FORWARD_VARIADIC(ret, name, fail, handle_type, option_type)                            \
  HIDDEN ret name(handle_type handle, option_type option, ...) {                               \
    static ret (*fn)(handle_type, option_type, ...);                                           \
    if (fn == NULL) fn = (ret(*)(handle_type, option_type, ...))real(#name);                   \
    if (fn == NULL) return fail;                                                               \
    va_list list;                                                                              \
    va_start(list, option);                                                                    \
    void *value = va_arg(list, void *);                                                        \
    va_end(list);                                                                              \
    return fn(handle, option, value);                                                          \
  }

_Static_assert(sizeof(long) == sizeof(void *) && sizeof(curl_off_t) == sizeof(void *),
               "the variadic forwarding below assumes an LP64 ABI");
FORWARD_VARIADIC(CURLcode, curl_easy_setopt, CURLE_FAILED_INIT, CURL *, CURLoption)
FORWARD_VARIADIC(CURLcode, curl_easy_getinfo, CURLE_FAILED_INIT, CURL *, CURLINFO)
FORWARD_VARIADIC(CURLMcode, curl_multi_setopt, CURLM_INTERNAL_ERROR, CURLM *, CURLMoption)
