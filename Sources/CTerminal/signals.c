#define _GNU_SOURCE
#include "CTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static int signal_pipe[2] = {-1, -1};
static struct termios saved_termios;
static int saved_fd = -1;
static volatile sig_atomic_t screen_active = 0;

static const int forwarded_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGCONT};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};

int rolo_terminal_save(int fd) {
    if (tcgetattr(fd, &saved_termios) != 0) return -1;
    saved_fd = fd;
    return 0;
}

static void forward_signal(int signo) {
    int saved_errno = errno;
    unsigned char byte = (unsigned char)signo;
    if (signal_pipe[1] >= 0) {
        ssize_t ignored = write(signal_pipe[1], &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

int rolo_signals_install(void) {
    if (signal_pipe[0] < 0) {
        if (pipe2(signal_pipe, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = forward_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (size_t i = 0; i < sizeof(forwarded_signals) / sizeof(forwarded_signals[0]); i++) {
        sigaction(forwarded_signals[i], &action, NULL);
    }
    /* A dropped ssh connection can make writes fail with SIGPIPE; the error is handled instead. */
    signal(SIGPIPE, SIG_IGN);
    return signal_pipe[0];
}

void rolo_signals_wake(void) {
    unsigned char byte = 0;
    if (signal_pipe[1] >= 0) {
        ssize_t ignored = write(signal_pipe[1], &byte, 1);
        (void)ignored;
    }
}

void rolo_signals_uninstall(void) {
    for (size_t i = 0; i < sizeof(forwarded_signals) / sizeof(forwarded_signals[0]); i++) {
        signal(forwarded_signals[i], SIG_DFL);
    }
}

static void write_all(int fd, const char *text) {
    size_t left = strlen(text);
    while (left > 0) {
        ssize_t n = write(fd, text, left);
        if (n <= 0) {
            if (n < 0 && errno == EINTR) continue;
            return;
        }
        text += n;
        left -= (size_t)n;
    }
}

static void crash_handler(int signo) {
    if (screen_active) {
        /* Mouse and focus reports off, attributes reset, keypad off, cursor shown, alternate screen left. */
        write_all(STDOUT_FILENO,
                  "\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?1004l\033[0m\033[?1l\033>\033[?25h\033[?1049l\r\n");
        if (saved_fd >= 0) tcsetattr(saved_fd, TCSANOW, &saved_termios);
        screen_active = 0;
    }
    signal(signo, SIG_DFL);
    raise(signo);
}

void rolo_crash_handlers_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = crash_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    for (size_t i = 0; i < sizeof(crash_signals) / sizeof(crash_signals[0]); i++) {
        sigaction(crash_signals[i], &action, NULL);
    }
}

void rolo_crash_set_active(int active) { screen_active = active ? 1 : 0; }

int rolo_poll2(int fd_a, int fd_b, int timeout_ms) {
    struct pollfd fds[2];
    fds[0].fd = fd_a;
    fds[0].events = POLLIN;
    fds[0].revents = 0;
    fds[1].fd = fd_b;
    fds[1].events = POLLIN;
    fds[1].revents = 0;
    for (;;) {
        int n = poll(fds, 2, timeout_ms);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (n == 0) return 0;
        int mask = 0;
        if (fds[0].revents & POLLIN) mask |= 1;
        if (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) mask |= 2;
        if (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL)) mask |= 4;
        return mask;
    }
}

int rolo_window_size(int fd, int *rows, int *cols) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}

int rolo_window_pixels(int fd, int *width, int *height) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *width = size.ws_xpixel;
    *height = size.ws_ypixel;
    return 0;
}
