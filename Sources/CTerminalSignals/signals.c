// Signal handlers that only use async-signal-safe calls (write, tcsetattr, sigaction,
// raise, _exit): see CTerminalSignals.h.
#define _GNU_SOURCE
#include "CTerminalSignals.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

enum { RESET_CAPACITY = 256 };

static const int quit_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE };
static const int notice_signals[] = { SIGWINCH, SIGCONT };
static const int crash_signals[] = { SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE };
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static int pipe_fds[2] = { -1, -1 };
static int terminal_fd = -1;
static struct termios saved_mode;
static int have_saved_mode = 0;
static char reset_bytes[RESET_CAPACITY];
static size_t reset_count = 0;
static volatile sig_atomic_t quit_pending = 0;
static volatile sig_atomic_t restored = 0;
static struct sigaction previous_quit[COUNT(quit_signals)];
static struct sigaction previous_notice[COUNT(notice_signals)];
static struct sigaction previous_crash[COUNT(crash_signals)];

void tc_signals_restore_terminal(void) {
    if (restored || terminal_fd < 0) return;
    restored = 1;
    size_t done = 0;
    while (done < reset_count) {
        ssize_t n = write(terminal_fd, reset_bytes + done, reset_count - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
    if (have_saved_mode) tcsetattr(terminal_fd, TCSANOW, &saved_mode);
}

static void on_quit(int sig) {
    int saved_errno = errno;
    if (quit_pending) {
        // The loop has not taken the first one: it is stuck. Leave now.
        tc_signals_restore_terminal();
        _exit(128 + sig);
    }
    quit_pending = 1;
    unsigned char byte = (unsigned char)sig;
    if (write(pipe_fds[1], &byte, 1) != 1) {
        tc_signals_restore_terminal();
        _exit(128 + sig);
    }
    errno = saved_errno;
}

static void on_notice(int sig) {
    int saved_errno = errno;
    unsigned char byte = (unsigned char)sig;
    // A full pipe means the loop has notices to read already; dropping one loses nothing.
    (void)!write(pipe_fds[1], &byte, 1);
    errno = saved_errno;
}

static void on_crash(int sig, siginfo_t *info, void *context) {
    tc_signals_restore_terminal();
    for (size_t i = 0; i < COUNT(crash_signals); i++) {
        if (crash_signals[i] != sig) continue;
        struct sigaction *before = &previous_crash[i];
        sigaction(sig, before, NULL);
        if ((before->sa_flags & SA_SIGINFO) && before->sa_sigaction) {
            before->sa_sigaction(sig, info, context);
            return;
        }
        if (before->sa_handler != SIG_DFL && before->sa_handler != SIG_IGN && before->sa_handler != NULL) {
            before->sa_handler(sig);
            return;
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

void tc_signals_remember_mode(int tty_fd) {
    have_saved_mode = tcgetattr(tty_fd, &saved_mode) == 0;
}

int tc_signals_install(int tty_fd, const char *reset, size_t reset_length) {
    if (pipe_fds[0] >= 0) return pipe_fds[0];
    if (pipe2(pipe_fds, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    terminal_fd = tty_fd;
    reset_count = reset_length < RESET_CAPACITY ? reset_length : RESET_CAPACITY;
    memcpy(reset_bytes, reset, reset_count);
    quit_pending = 0;
    restored = 0;

    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigfillset(&action.sa_mask);
    action.sa_handler = on_quit;
    for (size_t i = 0; i < COUNT(quit_signals); i++) sigaction(quit_signals[i], &action, &previous_quit[i]);
    action.sa_handler = on_notice;
    action.sa_flags = SA_RESTART;
    for (size_t i = 0; i < COUNT(notice_signals); i++) sigaction(notice_signals[i], &action, &previous_notice[i]);
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_sigaction = on_crash;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (size_t i = 0; i < COUNT(crash_signals); i++) sigaction(crash_signals[i], &action, &previous_crash[i]);
    return pipe_fds[0];
}

int tc_signals_take(void) {
    if (pipe_fds[0] < 0) return 0;
    unsigned char byte;
    ssize_t n = read(pipe_fds[0], &byte, 1);
    // A quit signal stays pending once taken: the loop is on its way out, and a second
    // one while it is (a save that hangs, say) gives the terminal back at once.
    return n == 1 ? byte : 0;
}

void tc_signals_uninstall(void) {
    if (pipe_fds[0] < 0) return;
    for (size_t i = 0; i < COUNT(quit_signals); i++) sigaction(quit_signals[i], &previous_quit[i], NULL);
    for (size_t i = 0; i < COUNT(notice_signals); i++) sigaction(notice_signals[i], &previous_notice[i], NULL);
    for (size_t i = 0; i < COUNT(crash_signals); i++) sigaction(crash_signals[i], &previous_crash[i], NULL);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    pipe_fds[0] = pipe_fds[1] = -1;
    terminal_fd = -1;
}
