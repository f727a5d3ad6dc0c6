import CTerminalSignals
import Glibc
import TradeChartCore

/// A load that may take a while, run before the chart exists, with its progress on the
/// terminal as `pv` and `curl` show theirs: one line on standard error, rewritten in
/// place (`\r`) a few times a second once the load has taken a third of a second, and
/// erased when it ends, so nothing is left behind. Meanwhile `q` and Ctrl-C stop it at
/// once: the keyboard is read without echo (the line would be garbled), and every
/// signal gives the terminal back as the viewer's own handlers do.
public enum LoadProgressDisplay {
    public enum Outcome {
        /// The load ended (with its series or its error).
        case finished(Result<LoadedSeries, LoadError>)
        /// `q` (status 0) or a signal such as Ctrl-C (128 + signal) stopped it.
        case stopped(status: Int32)
    }

    /// How long a load runs before its progress is shown, and how often the line is redrawn.
    public static let delay = 1.0 / 3
    public static let redraw = 0.25

    /// Runs `load` on another thread (started by `startThread`, which says whether it could),
    /// showing its progress on `display` (a terminal, or nil for none) and reading `q` from
    /// `keyboard` (a terminal, or nil). Without either, or without a thread, the load simply runs.
    public static func run(name: String, keyboard: Int32?, display: Int32?, clock: @escaping @Sendable () -> Double,
                           startThread: (@escaping @Sendable () -> Void) -> Bool,
                           load: @escaping @Sendable (LoadProgressReporting) throws(LoadError) -> LoadedSeries) -> Outcome {
        guard let terminal = keyboard ?? display else {
            return .finished(Result { () throws(LoadError) in try load(LoadProgressReporting(clock: clock, report: { _ in .proceed })) })
        }
        let shared = SharedLoad()
        var done: [Int32] = [-1, -1]
        guard pipe(&done) == 0 else {
            return .finished(Result { () throws(LoadError) in try load(LoadProgressReporting(clock: clock, report: { _ in .proceed })) })
        }
        _ = fcntl(done[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(done[1], F_SETFD, FD_CLOEXEC)
        let doneWriter = done[1]
        // The read end closes under the lock the finishing thread writes under, so that thread
        // never writes into a closed pipe: SIGPIPE would end the program (status 141) after
        // a load that had finished well, or one that `q` had stopped.
        let doneReader = done[0]
        defer { shared.stopListening { close(doneReader) } }
        // The loader reports every chunk it has read (a stop takes effect at once), so a pipe
        // that stops giving for a while is shown with all it gave: a report held back for its
        // interval would wait with the read, and the line would say what was read before.
        // The line is drawn less often.
        let reporting = LoadProgressReporting(interval: 0, clock: clock) { progress in shared.report(progress) }
        let started = startThread {
            let result = Result { () throws(LoadError) in try load(reporting) }
            shared.finish(result) {
                var byte: UInt8 = 1
                _ = Glibc.write(doneWriter, &byte, 1)
            }
            close(doneWriter)
        }
        guard started else {
            close(doneWriter)
            return .finished(Result { () throws(LoadError) in try load(LoadProgressReporting(clock: clock, report: { _ in .proceed })) })
        }

        let keys = KeyboardMode(keyboard)
        tc_signals_remember_mode(terminal)
        let reset = Array("\r\u{1B}[K".utf8).map { CChar(bitPattern: $0) }
        let signals = reset.withUnsafeBufferPointer { tc_signals_install(terminal, $0.baseAddress, $0.count) }
        keys?.enter()
        defer {
            keys?.leave()
            if signals >= 0 { tc_signals_uninstall() }
        }

        let start = clock()
        var drawn = false
        var lastDraw = -Double.infinity
        func erase() { if drawn, let display { write(display, "\r\u{1B}[K") } }
        while true {
            var fds = [pollfd(fd: done[0], events: Int16(POLLIN), revents: 0)]
            if let keyboard { fds.append(pollfd(fd: keyboard, events: Int16(POLLIN), revents: 0)) }
            if signals >= 0 { fds.append(pollfd(fd: signals, events: Int16(POLLIN), revents: 0)) }
            _ = poll(&fds, nfds_t(fds.count), 100)
            if let result = shared.result {
                erase()
                return .finished(result)
            }
            if let keyboard, let status = Self.stopAsked(keyboard) {
                shared.cancel()
                erase()
                return .stopped(status: status)
            }
            var signal = tc_signals_take()
            while signal != 0 {
                if signal == SIGCONT { keys?.enter() }
                if signal != SIGWINCH && signal != SIGCONT {
                    shared.cancel()
                    erase()
                    return .stopped(status: 128 + signal)
                }
                signal = tc_signals_take()
            }
            let now = clock()
            if let display, now - start >= delay, now - lastDraw >= redraw {
                let progress = shared.progress ?? LoadProgress(bytesRead: 0, rowsRead: 0, totalBytes: nil)
                let text = LoadProgressLine.text(progress, name: name, elapsed: now - start, width: Self.width(of: display),
                                                 cancelHint: keyboard != nil)
                write(display, "\r" + text + "\u{1B}[K")
                drawn = true
                lastDraw = now
            }
        }
    }

    /// The exit status to stop with: 0 when `q`, `Q` (or Ctrl-C where the terminal does not
    /// signal it) is among the keys typed, 129 (as on SIGHUP) when the terminal went away
    /// without the signal reaching the program (its input then says so at every poll, which
    /// would return at once for good); nil otherwise.
    static func stopAsked(_ keyboard: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 64)
        var entry = pollfd(fd: keyboard, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return nil }
        let n = buffer.withUnsafeMutableBytes { read(keyboard, $0.baseAddress, $0.count) }
        if n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN) || entry.revents & Int16(POLLERR | POLLNVAL) != 0 {
            return 128 + SIGHUP
        }
        guard n > 0 else { return nil }
        return buffer[0..<n].contains { $0 == UInt8(ascii: "q") || $0 == UInt8(ascii: "Q") || $0 == 3 } ? 0 : nil
    }

    static func width(of fd: Int32) -> Int {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    static func write(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            bytes = bytes.dropFirst(n)
        }
    }
}

/// The keyboard read key by key without echo while a load runs (Ctrl-C still signals),
/// and given back as it was.
private final class KeyboardMode {
    let fd: Int32
    var saved = termios()

    init?(_ fd: Int32?) {
        guard let fd, isatty(fd) != 0, tcgetattr(fd, &saved) == 0 else { return nil }
        self.fd = fd
    }

    func enter() {
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        _ = tcsetattr(fd, TCSANOW, &raw)
    }

    func leave() { _ = tcsetattr(fd, TCSANOW, &saved) }
}

/// What the loading thread and the terminal share: the progress, the result and the stop.
private final class SharedLoad: @unchecked Sendable {
    private var lock = pthread_mutex_t()
    private var latest: LoadProgress?
    private var outcome: Result<LoadedSeries, LoadError>?
    private var stopped = false
    private var listening = true

    init() { pthread_mutex_init(&lock, nil) }
    deinit { pthread_mutex_destroy(&lock) }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return body()
    }

    func report(_ progress: LoadProgress) -> LoadProgressReply {
        locked {
            latest = progress
            return stopped ? .cancel : .proceed
        }
    }

    /// Keeps the result and calls `wake` (which writes to the waiting thread's pipe) unless that
    /// thread stopped listening.
    func finish(_ result: Result<LoadedSeries, LoadError>, wake: () -> Void) {
        locked {
            outcome = result
            if listening { wake() }
        }
    }

    /// The waiting thread is gone: `close` closes its end of the pipe, and no wake follows.
    func stopListening(_ close: () -> Void) {
        locked {
            listening = false
            close()
        }
    }
    func cancel() { locked { stopped = true } }
    var progress: LoadProgress? { locked { latest } }
    var result: Result<LoadedSeries, LoadError>? { locked { outcome } }
}
