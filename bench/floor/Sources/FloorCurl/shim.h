#include <curl/curl.h>
static inline long floor_curl_global_all(void) { return CURL_GLOBAL_ALL; }
static inline CURLMcode floor_curl_multi_pipelining(CURLM *multi) {
  return curl_multi_setopt(multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
}
