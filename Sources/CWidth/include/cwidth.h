#ifndef CWIDTH_H
#define CWIDTH_H

/* The C library's character width, which ncurses and tmux use too, in the C.UTF-8 locale
   whatever the process's locale (made once, on first use, by any thread); -2 when the machine
   has no such locale. Swift does not import wcwidth from Glibc, so it is wrapped here. */
int cwidth_wcwidth_utf8(unsigned int scalar);

#endif
