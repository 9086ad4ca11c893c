#ifndef ROLO_CTERMINAL_H
#define ROLO_CTERMINAL_H

/* Signal plumbing that must be async-signal-safe, and so cannot be Swift. */

/* Saves the terminal's current attributes of fd, to be put back by a crash handler. */
int rolo_terminal_save(int fd);

/* Installs handlers for SIGINT, SIGTERM, SIGHUP, SIGWINCH and SIGCONT that write the signal
   number as one byte into a non-blocking self-pipe. Returns the pipe's read end, or -1. */
int rolo_signals_install(void);

/* Writes a zero byte into the self-pipe, waking whoever polls it (used to stop the input thread). */
void rolo_signals_wake(void);

/* Restores the default disposition of the signals rolo_signals_install handled. */
void rolo_signals_uninstall(void);

/* Installs handlers for the crash signals (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE)
   that write the sequences that leave the alternate screen, show the cursor and stop mouse
   reporting, restore the saved attributes, then re-raise with the default action. */
void rolo_crash_handlers_install(void);

/* Tells the crash handlers whether the full-screen mode is up (only then do they write). */
void rolo_crash_set_active(int active);

/* Waits until fd_a or fd_b is readable. Returns a bit mask: 1 for fd_a readable, 2 for fd_b,
   4 for fd_a hung up,
   0 on timeout, -1 on error (EINTR is retried). timeout_ms < 0 waits forever. */
int rolo_poll2(int fd_a, int fd_b, int timeout_ms);

/* Reads the terminal size of fd; returns 0 on success. */
int rolo_window_size(int fd, int *rows, int *cols);

/* Reads the text area's size in pixels as the terminal told the kernel (XTerm does, many don't:
   then 0); returns 0 on success. */
int rolo_window_pixels(int fd, int *width, int *height);

#endif
