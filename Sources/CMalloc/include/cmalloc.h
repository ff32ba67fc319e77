#ifndef CMALLOC_H
#define CMALLOC_H

/* Caps how many malloc arenas glibc makes (M_ARENA_MAX); Swift does not import mallopt from
   Glibc, so it is wrapped here. Returns 0 when the C library refused, and does nothing where
   the C library is not glibc. */
int cmalloc_limit_arenas(int count);

/* Gives the free memory of every arena back to the kernel (glibc's malloc_trim(0)); returns
   1 when some was given back. Does nothing where the C library is not glibc. */
int cmalloc_trim(void);

#endif
