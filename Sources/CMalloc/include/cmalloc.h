#ifndef CMALLOC_H
#define CMALLOC_H

/* Caps how many malloc arenas glibc makes (M_ARENA_MAX); Swift does not import mallopt from
   Glibc, so it is wrapped here. Returns 0 when the C library refused, and does nothing where
   the C library is not glibc. */
int cmalloc_limit_arenas(int count);

/* Fixes glibc's mmap threshold at `bytes` (M_MMAP_THRESHOLD): a block that large or larger is
   mapped on its own and unmapped when freed, and the threshold no longer rises to the size of
   the largest block freed, after which such blocks would come from the heap and leave it
   fragmented. Returns 0 when the C library refused; does nothing where it is not glibc. */
int cmalloc_fix_mmap_threshold(int bytes);

/* Gives the free memory of every arena back to the kernel (glibc's malloc_trim(0)); returns
   1 when some was given back. Does nothing where the C library is not glibc. */
int cmalloc_trim(void);

#endif
