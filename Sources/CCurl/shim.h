#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

/* curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot
   call; these typed wrappers take one kind of value each. */

typedef size_t (*ccurl_data_callback)(char *buffer, size_t size, size_t count, void *userdata);

static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option,
                                               curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option,
                                                const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option,
                                               struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_callback(CURL *handle, CURLoption option,
                                                  ccurl_data_callback value) {
  return curl_easy_setopt(handle, option, value);
}

typedef int (*ccurl_progress_callback)(void *userdata, curl_off_t download_total,
                                       curl_off_t downloaded, curl_off_t upload_total,
                                       curl_off_t uploaded);

/* Turns on libcurl's transfer progress callback (CURLOPT_XFERINFOFUNCTION) for `handle`. */
static inline CURLcode ccurl_easy_setopt_progress(CURL *handle, ccurl_progress_callback value,
                                                  void *userdata) {
  curl_easy_setopt(handle, CURLOPT_XFERINFODATA, userdata);
  curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

typedef int (*ccurl_debug_callback)(CURL *handle, curl_infotype type, char *text, size_t size,
                                    void *userdata);

/* Hands libcurl's informational text for `handle` (CURLOPT_VERBOSE) to `value`, not stderr. */
static inline CURLcode ccurl_easy_setopt_debug(CURL *handle, ccurl_debug_callback value,
                                               void *userdata) {
  curl_easy_setopt(handle, CURLOPT_DEBUGDATA, userdata);
  curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, value);
  return curl_easy_setopt(handle, CURLOPT_VERBOSE, 1L);
}

/* Whether a response head (its :status, an interim 1xx one included) arrived for the handle's
   last request, even one libcurl did not hand to the header callback before the transfer
   failed: libcurl keeps an HTTP/2 :status as it decodes it (the headers API, 7.83.0). */
static inline int ccurl_easy_status_arrived(CURL *handle) {
  struct curl_header *header;
  return curl_easy_header(handle, ":status", 0, CURLH_PSEUDO, -1, &header) == CURLHE_OK;
}

static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode ccurl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
  return curl_multi_setopt(handle, option, value);
}

/* What this libcurl is (its version, TLS and HTTP/2 libraries); CURLVERSION_NOW is a macro. */
static inline const curl_version_info_data *ccurl_version_info(void) {
  return curl_version_info(CURLVERSION_NOW);
}

/* Macros Swift does not import. */
static inline long ccurl_global_all(void) { return CURL_GLOBAL_ALL; }
static inline long ccurl_pipe_multiplex(void) { return CURLPIPE_MULTIPLEX; }
static inline int ccurl_error_size(void) { return CURL_ERROR_SIZE; }

#endif
