#ifndef CWIDTH_H
#define CWIDTH_H

/* The C library's character width, which ncurses and tmux use too. Swift does not import
   wcwidth from Glibc, so it is wrapped here. */
int cwidth_wcwidth(unsigned int scalar);

#endif
