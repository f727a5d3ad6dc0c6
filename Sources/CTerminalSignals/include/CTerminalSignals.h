// Signals while the viewer owns the terminal, handled with async-signal-safe calls only.
#ifndef TRADECHART_TERMINAL_SIGNALS_H
#define TRADECHART_TERMINAL_SIGNALS_H

#include <stddef.h>

/// Keeps the mode of the terminal `tty_fd` as it is now (before curses changes it):
/// the mode given back in an emergency.
void tc_signals_remember_mode(int tty_fd);

/// Installs the handlers. `tty_fd` is the terminal the viewer draws on; in an
/// emergency the `reset` bytes are written to it (leave the alternate screen, show
/// the cursor, stop mouse reports) and the mode kept by `tc_signals_remember_mode`
/// is set again.
///
/// - SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE: the signal
///   number is written to a pipe that the run loop watches; it then quits in order
///   (remembered state saved, terminal given back, exit status 128 + signal). If a
///   second one arrives before the loop took the first, the loop is stuck: the handler
///   gives the terminal back itself and exits with 128 + signal.
/// - SIGWINCH and SIGCONT (after Ctrl-Z and fg) go through the pipe too.
/// - SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE (a crash): the terminal is given
///   back, then the previous handler (the Swift runtime's crash reporter) or the default
///   action runs.
///
/// Returns the pipe's read end, or -1 when the pipe cannot be made.
int tc_signals_install(int tty_fd, const char *reset, size_t reset_length);

/// The next signal waiting in the pipe, 0 when none (never blocks).
int tc_signals_take(void);

/// Puts the previous handlers back and closes the pipe.
void tc_signals_uninstall(void);

/// Gives the terminal back with async-signal-safe calls only: the reset bytes, then the
/// saved terminal mode.
void tc_signals_restore_terminal(void);

#endif
