#ifndef CURL_ON_DEMAND_H
#define CURL_ON_DEMAND_H

/* libcurl's functions, defined in the program: each opens libcurl (libcurl.so.4) at the first
   call to any of them and forwards to it. A program that links this module, and links with
   --as-needed, starts without libcurl and the thirty libraries it brings, and loads them only
   when it first sends over libcurl (HTTPS, a proxy, a compressed body); one that speaks only
   plain HTTP never does. */

/* Whether libcurl was opened: 1 once a call opened it, 0 if none has yet, -1 if it could not be
   (curl_easy_strerror then says why). */
int curl_on_demand_state(void);

#endif
