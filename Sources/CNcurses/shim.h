#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <ncursesw/curses.h>
#include <stdio.h>
#include <wchar.h>

/* Attribute and colour macros that Swift cannot import, as real functions. */
static inline int cncurses_a_bold(void) { return (int)A_BOLD; }
static inline int cncurses_a_reverse(void) { return (int)A_REVERSE; }
static inline int cncurses_a_dim(void) { return (int)A_DIM; }
static inline int cncurses_a_underline(void) { return (int)A_UNDERLINE; }
static inline int cncurses_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline int cncurses_key_resize(void) { return KEY_RESIZE; }
static inline int cncurses_err(void) { return ERR; }
static inline WINDOW *cncurses_stdscr(void) { return stdscr; }
static inline int cncurses_lines(void) { return LINES; }
static inline int cncurses_cols(void) { return COLS; }
static inline int cncurses_colors(void) { return COLORS; }

/* From term.h, declared here so its many macros stay out of Swift. */
extern int setupterm(const char *term, int filedes, int *errret);

/* Whether terminfo knows `term` (1) or not (0); never exits, unlike initscr. */
static inline int cncurses_term_known(const char *term) {
  int status = 0;
  if (setupterm(term, 1, &status) != OK) { return 0; }
  return status == 1;
}

/* Starts ncurses on standard output and input. */
static inline SCREEN *cncurses_newterm_std(void) { return newterm(NULL, stdout, stdin); }

/* Writes one cell of up to a few code points (a base and combining marks) with attributes. */
static inline int cncurses_put_cell(int y, int x, const wchar_t *text, int attrs, short pair) {
  cchar_t cell;
  if (setcchar(&cell, text, (attr_t)attrs, pair, NULL) == ERR) { return ERR; }
  return mvadd_wch(y, x, &cell);
}

#endif
