import Foundation
import Testing

/// A terminal behind a slow link answers the questions the viewer asks before it opens
/// (the background colour, the device attributes) after a while. Those answers must not
/// be read as keys: `ESC [ ? 1 ; 2 c` would be `[` (zoom in), `?`, `1`, `2` (5D) and `c`
/// (candles), and the chart opened at 5D in candles where the answer took 0.4 s.
@Suite("A terminal that answers late", .serialized)
struct SlowTerminalTests {
    /// Runs a command in a terminal of its own whose answers to OSC 11 and DA1 come
    /// `DELAY` seconds after the questions (the outer terminal never sees them).
    static let proxy = #"""
    import os, pty, sys, select, time, tty, termios, fcntl, struct
    delay = float(os.environ["DELAY"])
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(sys.argv[1], sys.argv[1:])
    size = fcntl.ioctl(1, termios.TIOCGWINSZ, b"\0" * 8)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, size)
    tty.setraw(0)
    answers = {b"\x1b]11;?\x1b\\": b"\x1b]11;rgb:0000/0000/0000\x1b\\", b"\x1b[c": b"\x1b[?1;2c"}
    due = []
    while True:
        for at, answer in [d for d in due if d[0] <= time.time()]:
            os.write(fd, answer)
            due.remove((at, answer))
        ready, _, _ = select.select([0, fd], [], [], 0.01)
        if fd in ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            for question, answer in answers.items():
                if question in data:
                    data = data.replace(question, b"")
                    due.append((time.time() + delay, answer))
            os.write(1, data)
        if 0 in ready:
            os.write(fd, os.read(0, 1024))
    """#

    /// (`swift test` sets NO_COLOR=1; without colour the background is not asked for.)
    @Test(arguments: [0.3, 0.5])
    func lateAnswersAreNotReadAsKeys(delay: Double) throws {
        let script = NSTemporaryDirectory() + "tradechart-slow-terminal-\(UUID().uuidString).py"
        try Self.proxy.write(toFile: script, atomically: true, encoding: .utf8)
        defer { unlink(script) }
        let t = try TmuxSession("DELAY=\(delay) python3 '\(script)' \(TmuxSession.binary) --no-state Data/dax.csv",
                                width: 100, height: 30, environment: ["NO_COLOR": ""])
        try t.waitFor("[1Y]")
        // Past the answer's arrival: the chart is still the opening one, a line at 1Y.
        Thread.sleep(forTimeInterval: delay + 0.5)
        let screen = try t.capture()
        #expect(screen.contains("[1Y]") && !screen.contains("candle") && !screen.contains("range 1D, 5D, 1M"), "\(screen)")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }
}
