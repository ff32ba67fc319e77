#include "cmalloc.h"

#if defined(__GLIBC__)
#include <malloc.h>

int cmalloc_limit_arenas(int count) { return mallopt(M_ARENA_MAX, count); }
#else
int cmalloc_limit_arenas(int count) {
  (void)count;
  return 1;
}
#endif
