#ifndef TERMINAL_RESTORE_H
#define TERMINAL_RESTORE_H

/* The terminal's settings from before the app touched it, and the restore that puts them back
   from anywhere: a normal exit, a handled signal, or a crash. The state lives here, in C,
   because a crash handler may read it at any moment and may only make async-signal-safe calls
   (write, tcsetattr, sigaction, raise); the app calls save and arm once, on the main thread,
   before ncurses starts. */

/* Records the current settings of standard input. */
void terminal_restore_save(void);

/* Installs handlers for the `count` crash signals in `signals` (SignalRule's crashes: SIGSEGV,
   SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT) that leave the alternate screen, show the cursor,
   turn the mouse and bracketed paste off, put the saved settings back and send standard output
   to /dev/null (another thread may still draw), then hand the crash on to whoever handled it
   before (Swift's backtracer, or the default action). */
void terminal_restore_arm(const int *signals, int count);

/* Stops restoring on crashes (after a clean shutdown). */
void terminal_restore_disarm(void);

/* Puts the saved settings back exactly, after ncurses has shut down. */
void terminal_restore_settings(void);

#endif
