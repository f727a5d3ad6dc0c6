#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcursesw

/// Gives the terminal back on every way out: Ctrl-C (status 130), SIGTERM (143),
/// SIGHUP, and traps (the terminal is restored, then the signal is re-raised so a
/// crash still reads as one).
enum TerminalSignals {
    static func install() {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { received in
                // As on quit: the cursor visible again, then the terminal's normal mode.
                curs_set(1)
                endwin()
                _exit(128 + received)
            }
        }
        for sig in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE] {
            signal(sig) { received in
                curs_set(1)
                endwin()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    static func restoreDefaults() {
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE] {
            signal(sig, SIG_DFL)
        }
    }
}
