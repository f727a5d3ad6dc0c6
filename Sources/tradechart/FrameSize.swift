import Glibc

/// A frame size in cells, as `--size COLSxROWS` gives it or the terminal has it.
struct FrameSize: Equatable {
    var columns: Int
    var rows: Int

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Parses `100x30` (case-insensitive; up to 2000 x 1000).
    init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), c > 0, r > 0, c <= 2000, r <= 1000
        else { return nil }
        self.init(columns: c, rows: r)
    }

    /// The size of the terminal on standard output, if it is one.
    static func ofStandardOutput() -> FrameSize? {
        var ws = winsize()
        guard isatty(1) != 0, ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
        return FrameSize(columns: Int(ws.ws_col), rows: Int(ws.ws_row))
    }
}
