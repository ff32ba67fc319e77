#ifndef CURL_ON_DEMAND_H
#define CURL_ON_DEMAND_H

/* libcurl's functions, defined in the program: each opens libcurl (libcurl.so.4) at the first
   call to any of them and forwards to it. A program that links this module, and whose `-lcurl`
   finds no libcurl.so (scripts/lib/release-link.bash gives the link an empty libcurl.a first),
   starts without libcurl and the thirty libraries it brings, and loads them only when it sends
   its first request. Where libcurl is linked anyway (a debug build), these forward to it. */

/* Without libcurl, each function returns what libcurl returns for a failure (CURLE_FAILED_INIT,
   NULL, ...), and curl_easy_strerror says why it could not be loaded. */

/* Opens libcurl now, if no call has yet: 1 when it is loaded, 0 when it cannot be (for code
   that must not call into libcurl then, such as Foundation's URLSession, which traps). */
int curl_on_demand_open(void);

/* Why libcurl cannot be loaded (dlopen's words and what to install), after opening it if no
   call has yet; NULL when it is loaded. */
const char *curl_on_demand_failure(void);

#endif
