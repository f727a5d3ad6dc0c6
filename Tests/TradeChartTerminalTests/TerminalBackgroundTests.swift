import Foundation
import Glibc
import Testing
@testable import TradeChartTerminal

/// The background-colour question asked of a real pseudo-terminal, answered (or not)
/// from its other side.
@Suite("Terminal background", .serialized)
struct TerminalBackgroundTests {
    /// A pseudo-terminal pair: the viewer's side and the terminal's side.
    static func pair() throws -> (viewer: Int32, terminal: Int32) {
        var terminal: Int32 = -1, viewer: Int32 = -1
        guard openpty(&terminal, &viewer, nil, nil, nil) == 0 else { throw POSIXError(.EIO) }
        return (viewer, terminal)
    }

    /// The terminal's side: reads the question, then writes `answer` (when given).
    static func answer(on terminal: Int32, with answer: String?) -> Thread {
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 64)
            var heard: [UInt8] = []
            while !heard.contains(UInt8(ascii: "c")) {
                let n = buffer.withUnsafeMutableBytes { read(terminal, $0.baseAddress, $0.count) }
                if n <= 0 { return }
                heard += buffer[0..<n]
            }
            if let answer { _ = answer.utf8CString.withUnsafeBufferPointer { write(terminal, $0.baseAddress, $0.count - 1) } }
        }
        thread.start()
        return thread
    }

    @Test func aTerminalThatKnowsOSC11AnswersWithItsColour() throws {
        let (viewer, terminal) = try Self.pair()
        defer { close(viewer); close(terminal) }
        _ = Self.answer(on: terminal, with: "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;22c")
        let reply = TerminalBackground.query(input: viewer, output: viewer, timeout: 5)
        #expect(reply.map { String(decoding: $0, as: UTF8.self) }?.hasPrefix("\u{1B}]11;rgb:ffff/ffff/ffff") == true)
    }

    @Test func aTerminalThatOnlyAnswersDA1EndsTheWaitAtOnce() throws {
        let (viewer, terminal) = try Self.pair()
        defer { close(viewer); close(terminal) }
        _ = Self.answer(on: terminal, with: "\u{1B}[?1;2c")
        let start = Date()
        let reply = TerminalBackground.query(input: viewer, output: viewer, timeout: 30)
        #expect(reply == Array("\u{1B}[?1;2c".utf8))
        #expect(Date().timeIntervalSince(start) < 15, "the device attributes answer ends the wait, not the time limit")
    }

    @Test func aSilentTerminalIsGivenUpAfterTheTimeLimit() throws {
        let (viewer, terminal) = try Self.pair()
        defer { close(viewer); close(terminal) }
        _ = Self.answer(on: terminal, with: nil)
        let start = Date()
        let reply = TerminalBackground.query(input: viewer, output: viewer, timeout: 0.1)
        let waited = Date().timeIntervalSince(start)
        #expect(reply == nil)
        #expect(waited >= 0.09 && waited < 3, "waited \(waited) s")
        // The terminal's mode is given back: canonical input and echo as before.
        var mode = termios()
        tcgetattr(viewer, &mode)
        #expect(mode.c_lflag & tcflag_t(ICANON) != 0 && mode.c_lflag & tcflag_t(ECHO) != 0)
    }
}
