import Glibc

/// Asks the terminal for its background colour (OSC 11) before curses starts, with a
/// device-attributes question (DA1) behind it: nearly every terminal answers DA1, so a
/// terminal that does not know OSC 11 is recognised without waiting out the time limit.
public enum TerminalBackground {
    /// How long the answer is waited for. The wait ends with the DA1 answer, at once on a
    /// terminal nearby; a second lets a terminal behind a slow link (ssh across the world,
    /// a loaded machine) answer before the viewer reads keys: an answer that came later
    /// was read as keys (`ESC [ ? 1 ; 2 c`: `[` zoom in, `?` help, `1` 1D, `2` 5D, `c`
    /// candles; the limit was a tenth of a second until 27 Nov).
    public static let answerTime = 1.0

    /// The terminal's raw answer (the OSC 11 reply, if any, and the DA1 reply), or nil
    /// when neither came within `timeout` seconds or the terminal cannot be asked.
    /// `input` and `output` are the terminal's descriptors (both a terminal).
    /// `question` is what is asked (by default the background colour, then DA1); it must end with DA1.
    public static func query(input: Int32, output: Int32, timeout: Double = answerTime,
                             question: [UInt8] = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)) -> [UInt8]? {
        guard isatty(input) != 0, isatty(output) != 0 else { return nil }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(input, TCSANOW, &saved) }
        guard question.withUnsafeBytes({ write(output, $0.baseAddress, $0.count) }) == question.count else { return nil }
        var reply: [UInt8] = []
        let deadline = now() + timeout
        while !answeredDeviceAttributes(reply) {
            let left = deadline - now()
            guard left > 0 else { break }
            var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32((left * 1000).rounded(.up))) > 0 else { break }
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            reply += buffer[0..<n]
        }
        return reply.isEmpty ? nil : reply
    }

    /// Whether `bytes` end with the answer to DA1, `ESC [ ? ... c`.
    static func answeredDeviceAttributes(_ bytes: [UInt8]) -> Bool {
        guard bytes.last == UInt8(ascii: "c") else { return false }
        guard let start = bytes.lastIndex(of: 0x1B), start + 2 < bytes.count else { return false }
        return bytes[start + 1] == UInt8(ascii: "[") && bytes[start + 2] == UInt8(ascii: "?")
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
