#include "cmalloc.h"

/* <stdlib.h> first: it defines __GLIBC__ (through <features.h>), which the test below needs;
   without it the test was always false and the limit was never set. */
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>

int cmalloc_limit_arenas(int count) { return mallopt(M_ARENA_MAX, count); }
int cmalloc_trim(void) { return malloc_trim(0); }
#else
int cmalloc_limit_arenas(int count) {
  (void)count;
  return 1;
}
int cmalloc_trim(void) { return 0; }
#endif
