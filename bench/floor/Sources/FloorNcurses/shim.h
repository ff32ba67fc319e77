#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>
#include <stdio.h>
#include <unistd.h>

/* One frame the size of the terminal: two boxed panes, a button, a status bar with the key
   hints, as the app's first screen has; then waits for q. */
static inline void floor_draw_and_wait(void) {
  setlocale(LC_ALL, "");
  SCREEN *screen = newterm(NULL, stdout, stdin);
  set_term(screen);
  raw();
  noecho();
  nonl();
  curs_set(0);
  int half = COLS / 2;
  WINDOW *left = newwin(LINES - 1, half, 0, 0);
  WINDOW *right = newwin(LINES - 1, COLS - half, 0, half);
  box(left, 0, 0);
  box(right, 0, 0);
  mvwaddstr(left, 0, 2, " Fetch ");
  mvwaddstr(right, 0, 2, " Result ");
  mvwaddstr(left, 1, 2, "[ Fetch ]");
  mvaddstr(LINES - 1, 1, "floor");
  mvaddstr(LINES - 1, COLS - 48, "f fetch  r reload  / filter  ? keys  q quit");
  wnoutrefresh(stdscr);
  wnoutrefresh(left);
  wnoutrefresh(right);
  doupdate();
  char byte = 0;
  while (read(0, &byte, 1) == 1 && byte != 'q') {}
  endwin();
}
