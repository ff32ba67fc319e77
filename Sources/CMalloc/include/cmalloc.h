#ifndef CMALLOC_H
#define CMALLOC_H

/* Caps how many malloc arenas glibc makes (M_ARENA_MAX); Swift does not import mallopt from
   Glibc, so it is wrapped here. Returns 0 when the C library refused, and does nothing where
   the C library is not glibc. */
int cmalloc_limit_arenas(int count);

#endif
