#ifndef CCURL_LAZY_H
#define CCURL_LAZY_H

/* Whether libcurl has been loaded (by the first call of any curl_* function); 0 before. */
int ccurl_lazy_loaded(void);

#endif
