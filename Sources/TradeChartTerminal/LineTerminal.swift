import CTerminalSignals
import Glibc
import TradeChartCore

/// The terminal of the screen-reader mode: no ncurses, no alternate screen, nothing
/// drawn. It reads keys in raw mode itself (no echo, no line editing; Ctrl-C still
/// interrupts) and writes plain lines that a screen reader reads as they appear.
/// Signals come through the same pipe as the viewer's (CTerminalSignals); the
/// terminal's mode is given back on the way out, also in an emergency.
public final class LineTerminal {
    private let inputDescriptor: Int32
    private let ownsInput: Bool
    private let outputDescriptor: Int32
    private var signalDescriptor: Int32 = -1
    private var saved = termios()
    private var closed = false
    private var decoder = KeySequenceDecoder()
    private var keys: [KeyPress] = []
    /// How long a lone ESC waits for the rest of a sequence, in milliseconds.
    static let escapeWait = 25

    public enum SetupError: Error, CustomStringConvertible {
        case noTerminal(String)
        public var description: String {
            switch self {
            case .noTerminal(let reason): "cannot read keys: \(reason)"
            }
        }
    }

    /// Keys from standard input (or, with `.controllingTerminal`, from `/dev/tty`:
    /// the prices come on standard input), lines to standard output.
    public init(device: TerminalScreen.Device = .standardStreams) throws {
        switch device {
        case .standardStreams:
            inputDescriptor = 0
            ownsInput = false
        case .controllingTerminal:
            let tty = open("/dev/tty", O_RDONLY | O_CLOEXEC)
            guard tty >= 0 else { throw SetupError.noTerminal("/dev/tty: \(String(cString: strerror(errno)))") }
            inputDescriptor = tty
            ownsInput = true
        }
        outputDescriptor = 1
        guard tcgetattr(inputDescriptor, &saved) == 0 else {
            let reason = String(cString: strerror(errno))
            if ownsInput { Glibc.close(inputDescriptor) }
            throw SetupError.noTerminal(reason)
        }
        tc_signals_remember_mode(inputDescriptor)
        enterRawMode()
        // Nothing to reset on screen in an emergency: only the mode is given back.
        let nothing: [CChar] = [0]
        signalDescriptor = nothing.withUnsafeBufferPointer { tc_signals_install(inputDescriptor, $0.baseAddress, 0) }
    }

    deinit { close() }

    /// Raw keys: no echo, no waiting for Enter; Ctrl-C and Ctrl-\ still send their signals,
    /// and output still turns `\n` into a new line.
    private func enterRawMode() {
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(inputDescriptor, TCSANOW, &raw)
    }

    /// Gives the terminal its mode back and stops taking signals.
    public func close() {
        guard !closed else { return }
        closed = true
        tcsetattr(inputDescriptor, TCSANOW, &saved)
        if signalDescriptor >= 0 { tc_signals_uninstall() }
        signalDescriptor = -1
        if ownsInput { Glibc.close(inputDescriptor) }
    }

    /// The terminal's size in cells (80 x 24 when it does not say).
    public var size: (columns: Int, rows: Int) {
        var ws = winsize()
        for fd in [outputDescriptor, inputDescriptor] where ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0 && ws.ws_col > 0 {
            return (Int(ws.ws_col), Int(max(ws.ws_row, 1)))
        }
        return (80, 24)
    }

    /// Writes each line and a line end, in one write.
    public func say(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(outputDescriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            offset += n
        }
    }

    /// Waits up to `timeoutMilliseconds` (negative: until something happens) for one
    /// event: a key, a resize, or a signal asking the program to stop; nil when the time
    /// passed, or when one of `wakers` (a followed file's notifications) became readable first.
    public func nextEvent(timeoutMilliseconds: Int, wakingFor wakers: [Int32]) -> ViewerEvent? {
        if let event = takeSignal() { return event }
        if !keys.isEmpty { return .key(keys.removeFirst()) }
        var descriptors = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)]
        if signalDescriptor >= 0 { descriptors.append(pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0)) }
        let own = descriptors.count
        for waker in wakers { descriptors.append(pollfd(fd: waker, events: Int16(POLLIN), revents: 0)) }
        var timeout = timeoutMilliseconds
        while true {
            // A lone ESC waits a moment for the rest of its sequence.
            let wait = decoder.isWaiting ? (timeout < 0 ? Self.escapeWait : min(timeout, Self.escapeWait)) : timeout
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(clamping: wait))
            if let event = takeSignal() { return event }
            if ready > 0 && descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                var buffer = [UInt8](repeating: 0, count: 256)
                let n = buffer.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress!, $0.count) }
                if n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN) {
                    // The terminal went away (hung up): leave as on SIGHUP.
                    return .interrupted(signal: SIGHUP)
                }
                if n > 0 { keys += decoder.feed(Array(buffer[0..<n])) }
            } else if ready > 0 && descriptors[own...].contains(where: { $0.revents != 0 }) {
                // A waker: the loop takes it (a lone ESC goes on waiting at the next call).
                return nil
            } else if ready == 0 && decoder.isWaiting {
                keys += decoder.flush()
            } else if ready == 0 {
                return nil
            }
            if !keys.isEmpty { return .key(keys.removeFirst()) }
            if timeout >= 0 {
                timeout -= wait
                if timeout <= 0 && !decoder.isWaiting { return nil }
            }
        }
    }

    /// The signal waiting in the pipe, as an event.
    private func takeSignal() -> ViewerEvent? {
        switch tc_signals_take() {
        case 0:
            return nil
        case SIGWINCH:
            let size = self.size
            return .resize(columns: size.columns, rows: size.rows)
        case SIGCONT:
            // Back from Ctrl-Z: the shell set its own mode meanwhile.
            enterRawMode()
            let size = self.size
            return .resize(columns: size.columns, rows: size.rows)
        case let signal:
            return .interrupted(signal: signal)
        }
    }
}
