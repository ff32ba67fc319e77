#include "terminal_restore.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved;
static volatile sig_atomic_t has_saved = 0;
static volatile sig_atomic_t armed = 0;
static struct sigaction previous[65];

/* Leaves the alternate screen, shows the cursor, resets attributes and turns off the mouse and
   bracketed paste. */
static const char reset_sequence[] =
    "\033[0m\033[?1049l\033[?25h\033[?1006l\033[?1000l\033[?2004l";

void terminal_restore_save(void) {
  has_saved = tcgetattr(STDIN_FILENO, &saved) == 0;
}

static void restore_from_signal(int number) {
  if (armed) {
    ssize_t ignored = write(STDOUT_FILENO, reset_sequence, sizeof reset_sequence - 1);
    (void)ignored;
    if (has_saved) tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    /* The crash may be on another thread than the one that draws: from now on whatever is
       drawn goes nowhere, so nothing lands on the shell's screen while the crash is reported
       (on standard error). */
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, STDOUT_FILENO);
  }
  /* Hand the crash on, now that the terminal is usable again. */
  if (number > 0 && number < 65) sigaction(number, &previous[number], NULL);
  raise(number);
}

void terminal_restore_arm(const int *signals, int count) {
  if (armed) return;
  armed = 1;
  for (int index = 0; index < count; index++) {
    if (signals[index] <= 0 || signals[index] >= 65) continue;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = restore_from_signal;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(signals[index], &action, &previous[signals[index]]);
  }
}

void terminal_restore_disarm(void) {
  armed = 0;
}

void terminal_restore_settings(void) {
  if (has_saved) tcsetattr(STDIN_FILENO, TCSANOW, &saved);
}
