import CNcursesw
import Glibc
import Testing
import TradeChartCore
@testable import TradeChartTerminal

/// What the screen sends the terminal for a frame, seen from the terminal's side of a
/// socket that keeps each `write` a message of its own.
@Suite("Terminal screen output", .serialized)
struct TerminalScreenOutputTests {
    /// The messages waiting on `descriptor`, each one `write` of the screen.
    static func messages(on descriptor: Int32) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n <= 0 { return out }
            out.append(Array(buffer[0..<n]))
        }
    }

    /// A frame whose changes lie all over the screen reaches the terminal in one write, so a
    /// terminal (or an ssh link) never shows half of it, and a followed file's new row costs
    /// one system call, not one for every changed run of cells (ncurses 6.4's habit until
    /// the screen was once left and come back to).
    @Test func aFrameReachesTheTerminalInOneWrite() throws {
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &pair) == 0)
        defer { close(pair[1]) }
        // The size from terminfo (80x24), not from COLUMNS and LINES: setting those here would
        // give them to every program the other tests start meanwhile (their tmux viewers).
        use_env(false)
        let output = try #require(fdopen(pair[0], "w"))
        let input = try #require(fopen("/dev/null", "r"))
        defer { fclose(input) }
        let screen = try TerminalScreen(options: ScreenOptions(color: false, theme: .dark), terminalType: "xterm-256color",
                                        output: output, input: input, handlesSignals: false)
        screen.draw(FrameDiff(clearsScreen: true, changes: []))
        _ = Self.messages(on: pair[1])
        let changes = (0..<12).map { CellChange(x: 3 + $0 * 6, y: 1 + $0 * 2, cell: Cell("\u{28FF}", .plain)) }
        screen.draw(FrameDiff(clearsScreen: false, changes: changes))
        let sent = Self.messages(on: pair[1])
        screen.close()
        fclose(output)
        #expect(sent.count == 1, "the frame came in \(sent.count) writes")
        let text = String(decoding: sent.joined(), as: UTF8.self)
        #expect(text.filter { $0 == "\u{28FF}" }.count == 12, "every changed cell is in it: \(text.debugDescription)")
    }
}
