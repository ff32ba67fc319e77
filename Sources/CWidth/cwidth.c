#define _XOPEN_SOURCE 700
#define _GNU_SOURCE
#include <locale.h>
#include <pthread.h>
#include <wchar.h>

#include "cwidth.h"

static locale_t utf8_locale = (locale_t)0;
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;

static void make_utf8_locale(void) {
  utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

int cwidth_wcwidth_utf8(unsigned int scalar) {
  pthread_once(&utf8_once, make_utf8_locale);
  if (utf8_locale == (locale_t)0) return -2;
  locale_t previous = uselocale(utf8_locale);
  int width = wcwidth((wchar_t)scalar);
  uselocale(previous);
  return width;
}
