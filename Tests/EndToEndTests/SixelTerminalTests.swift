import Foundation
import Testing
import TradeChartTestSupport

/// `--print --graphics sixel` in a real terminal that draws sixel: xterm as a VT340 on a
/// virtual X server (Xvfb), its screen taken with `xwd`. The plot area must hold a line
/// whose height follows the price (column by column, where the Braille frame has it), and
/// another range must change the image. Without Xvfb, xterm or xwd the test is skipped and
/// says so.
@Suite("Sixel in xterm", .serialized)
struct SixelTerminalTests {
    static let tools = ["/usr/bin/Xvfb", "/usr/bin/xterm", "/usr/bin/xwd", "/usr/bin/python3"]
    static let available = tools.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    /// The interactive test also types keys into the terminal.
    static let interactiveAvailable = available && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")

    /// An XWD screen dump (32 bits a pixel, as Xvfb at depth 24 gives) as RGB rows, by Python.
    static let xwdScript = """
        import sys, struct
        d = open(sys.argv[1], 'rb').read()
        h = struct.unpack('>25I', d[:100]); size, w, hh, order, bpp, bpl, ncolors = h[0], h[4], h[5], h[7], h[11], h[12], h[19]
        assert bpp == 32, 'bits per pixel'
        px = d[size + ncolors * 12:]; out = bytearray()
        for y in range(hh):
            row = px[y * bpl:y * bpl + w * 4]
            for x in range(w):
                b, g, r = (row[4*x], row[4*x+1], row[4*x+2]) if order == 0 else (row[4*x+3], row[4*x+2], row[4*x+1])
                out += bytes((r, g, b))
        sys.stdout.buffer.write(b'%d %d\\n' % (w, hh) + bytes(out))
        """

    /// Starts a program that keeps running (the X server, the terminal).
    static func start(_ path: String, _ arguments: [String], display: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: TmuxSession.packageRoot)
        var environment = ProcessInfo.processInfo.environment
        if let display { environment["DISPLAY"] = display }
        // The terminal is xterm, not a tmux the tests may run in.
        environment["TMUX"] = nil
        environment["STY"] = nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func waitFor(_ path: String, seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if FileManager.default.fileExists(atPath: path) { return true }
            usleep(100_000)
        }
        return false
    }

    /// The screen of `display` as RGB.
    static func screenshot(_ display: String, into directory: String) throws -> PNGDecoding.Image {
        let dump = directory + "/screen.xwd"
        let shot = try ProcessRunner.run("/bin/sh", ["-c", "DISPLAY=\(display) /usr/bin/xwd -root -silent > '\(dump)'"])
        try #require(shot.status == 0, "xwd: \(shot.error)")
        return try decodeRaw(path: dump)
    }

    /// Runs the XWD script with the output kept as bytes.
    static func decodeRaw(path: String) throws -> PNGDecoding.Image {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", xwdScript, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let newline = try #require(data.firstIndex(of: 0x0A))
        let size = String(decoding: data[..<newline], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        return PNGDecoding.Image(width: size[0], height: size[1], rgb: [UInt8](data[(newline + 1)...]))
    }

    /// Whether a screen pixel is the line's red or green (the dark theme's, through sixel's percent registers).
    static func isLine(_ c: UInt32) -> Bool {
        let r = Int(c >> 16), g = Int(c >> 8 & 0xFF), b = Int(c & 0xFF)
        return (r > 200 && g < 140 && b < 140) || (g > 150 && r < 120 && b < 130)
    }

    /// Expects the plot area of `image` (the screen, `border` pixels of frame, cells of
    /// `cell` pixels) to hold the line in the cells where the Braille frame of `range` at
    /// `size` has it: column by column, the image's line within a cell of the Braille line.
    static func expectLine(in image: PNGDecoding.Image, range: String, cell: (width: Int, height: Int), border: Int,
                           size: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rows = Int(size.split(separator: "x")[1])!
        let printed = try ProcessRunner.tradechart(["--no-state", "--print", "--color", "always", "--size", size,
                                                    "--theme", "dark", "--range", range, "Data/dax.csv"])
        let braille = PNGCommandTests.lineCells(printed.output)
        try #require(braille.count > 50, sourceLocation: sourceLocation)
        var columnsWithLine = 0
        for column in Set(braille.map { $0[0] }) {
            var lineRows = Set<Int>()
            for y in (border + 2 * cell.height)..<(border + (rows - 2) * cell.height) {
                for x in (border + column * cell.width)..<(border + (column + 1) * cell.width)
                where isLine(image.color(x, y)) { lineRows.insert((y - border) / cell.height) }
            }
            if !lineRows.isEmpty { columnsWithLine += 1 }
            // The line is about 2 pixels wide and the terminal's cells only 6 wide: at a steep
            // step it reaches a pixel into the next column of cells, so the neighbours count too.
            for row in lineRows {
                let near = (column - 1...column + 1).contains { c in (row - 1...row + 1).contains { braille.contains([c, $0]) } }
                #expect(near, "\(range), column \(column): the image's line is in row \(row), the Braille line is not near it",
                        sourceLocation: sourceLocation)
            }
        }
        #expect(columnsWithLine >= Set(braille.map { $0[0] }).count * 9 / 10, "\(range): the line is in the image",
                sourceLocation: sourceLocation)
    }

    /// The number of pixels of the plot area (rows 2 to `rows` - 2 of 80 columns) that differ between two screens.
    static func changedPixels(_ a: PNGDecoding.Image, _ b: PNGDecoding.Image, cell: (width: Int, height: Int), border: Int,
                              rows: Int) -> Int {
        var changed = 0
        for y in (border + 2 * cell.height)..<(border + (rows - 2) * cell.height) {
            for x in border..<(border + 80 * cell.width) where a.color(x, y) != b.color(x, y) { changed += 1 }
        }
        return changed
    }

    /// The terminal's cell size in pixels, from the window-size ioctl's answer written to `path`
    /// (rows, columns, width and height in pixels).
    static func cellSize(_ path: String) throws -> (width: Int, height: Int) {
        let size = try String(contentsOfFile: path, encoding: .utf8).split(separator: " ")
            .compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(size.count == 4 && size[2] > 0 && size[3] > 0, "xterm gave no pixel size")
        return (size[2] / size[1], size[3] / size[0])
    }

    static let sizeScript = "python3 -c \"import fcntl,termios,struct;print(*struct.unpack('HHHH',fcntl.ioctl(0,termios.TIOCGWINSZ,b'0'*8)))\""

    @Test(.enabled(if: available, "Xvfb, xterm, xwd or python3 is missing: the sixel test in a real terminal is skipped"))
    func thePlotIsASixelImageOfTheLineAndChangesWithTheRange() throws {
        let directory = NSTemporaryDirectory() + "tradechart-sixel-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let display = ":\(90 + Int(getpid() % 9))"
        let server = try Self.start("/usr/bin/Xvfb", [display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"])
        // SIGKILL: the X server may inherit a blocked SIGTERM from the test thread.
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        usleep(800_000)
        let common = "--no-state --print --graphics sixel --size 100x28 --theme dark Data/dax.csv"
        let script = """
            \(Self.sizeScript) > '\(directory)/size'
            '\(TmuxSession.binary)' --range 1Y \(common); touch '\(directory)/first'; sleep 3; clear
            '\(TmuxSession.binary)' --range 5Y \(common); touch '\(directory)/second'; sleep 30
            """
        let terminal = try Self.start("/usr/bin/xterm", ["-ti", "vt340", "-xrm", "XTerm*numColorRegisters: 256",
                                                         "-geometry", "100x30+0+0", "-e", "sh", "-c", script], display: display)
        defer { kill(terminal.processIdentifier, SIGKILL); terminal.waitUntilExit() }
        try #require(Self.waitFor(directory + "/first", seconds: 20), "the chart was not printed in xterm")
        usleep(1_000_000)
        let first = try Self.screenshot(display, into: directory)
        try #require(Self.waitFor(directory + "/second", seconds: 20))
        usleep(1_000_000)
        let second = try Self.screenshot(display, into: directory)
        let (cellWidth, cellHeight) = try Self.cellSize(directory + "/size")
        let border = 2
        for (image, range) in [(first, "1Y"), (second, "5Y")] {
            try Self.expectLine(in: image, range: range, cell: (cellWidth, cellHeight), border: border, size: "100x28")
        }
        // Another range, another image: the plot areas differ in many pixels.
        #expect(Self.changedPixels(first, second, cell: (cellWidth, cellHeight), border: border, rows: 28) > 1000)
    }

    /// The viewer itself in xterm as a VT340: `auto` finds sixel in the terminal's device
    /// attributes, the plot is an image of the line, `6` morphs it to 5Y, and after `q` the
    /// terminal's own screen is back with no image left on it.
    @Test(.enabled(if: interactiveAvailable,
                   "Xvfb, xterm, xwd, xdotool or python3 is missing: the viewer's sixel test in a real terminal is skipped"))
    func theViewerDrawsItsPlotAsASixelImageMorphsItAndLeavesNoImageBehind() throws {
        let directory = NSTemporaryDirectory() + "tradechart-sixel-viewer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let display = ":\(80 + Int(getpid() % 9))"
        let server = try Self.start("/usr/bin/Xvfb", [display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"])
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        usleep(800_000)
        let script = """
            \(Self.sizeScript) > '\(directory)/size.part'; mv '\(directory)/size.part' '\(directory)/size'
            '\(TmuxSession.binary)' --no-state --theme dark --range 1Y Data/dax.csv 2> '\(directory)/stderr'
            echo $? > '\(directory)/status'; sleep 30
            """
        let terminal = try Self.start("/usr/bin/xterm", ["-ti", "vt340", "-xrm", "XTerm*numColorRegisters: 256",
                                                         "-geometry", "100x30+0+0", "-e", "sh", "-c", script], display: display)
        defer { kill(terminal.processIdentifier, SIGKILL); terminal.waitUntilExit() }
        func key(_ name: String) throws {
            let sent = try ProcessRunner.run("/bin/sh", ["-c", "DISPLAY=\(display) /usr/bin/xdotool mousemove 200 200 key \(name)"])
            try #require(sent.status == 0, "xdotool: \(sent.error)")
        }
        try #require(Self.waitFor(directory + "/size", seconds: 20), "xterm did not start")
        // A screen that stays the same for half a second: the chart drawn, the morph over.
        func settled(after seconds: Double) throws -> PNGDecoding.Image {
            usleep(UInt32(seconds * 1_000_000))
            var last = try Self.screenshot(display, into: directory)
            for _ in 0..<30 {
                usleep(500_000)
                let next = try Self.screenshot(display, into: directory)
                if next.rgb == last.rgb { return next }
                last = next
            }
            Issue.record("the screen still changed after 15 s: the chart never came to rest")
            return last
        }
        let (cellWidth, cellHeight) = try Self.cellSize(directory + "/size")
        let cell = (width: cellWidth, height: cellHeight), border = 2
        let oneYear = try settled(after: 1.5)
        try Self.expectLine(in: oneYear, range: "1Y", cell: cell, border: border, size: "100x30")
        try key("6")
        let fiveYears = try settled(after: 1.3)
        try Self.expectLine(in: fiveYears, range: "5Y", cell: cell, border: border, size: "100x30")
        #expect(Self.changedPixels(oneYear, fiveYears, cell: cell, border: border, rows: 30) > 1000)
        // The morph moved lines of text (price labels) up and down: no pixels of the image went with them
        // into the status line above the plot, which is empty.
        var strayed = 0
        for y in (border + cellHeight)..<(border + 2 * cellHeight) {
            for x in border..<(border + 100 * cellWidth) where Self.isLine(fiveYears.color(x, y)) { strayed += 1 }
        }
        #expect(strayed == 0, "\(strayed) pixels of the line strayed into the status line")
        try key("q")
        try #require(Self.waitFor(directory + "/status", seconds: 10), "q did not end the viewer")
        #expect(try String(contentsOfFile: directory + "/status", encoding: .utf8).hasPrefix("0"))
        usleep(500_000)
        let after = try Self.screenshot(display, into: directory)
        var left = 0
        for y in (border + 2 * cellHeight)..<(border + 28 * cellHeight) {
            for x in border..<(border + 100 * cellWidth) where Self.isLine(after.color(x, y)) { left += 1 }
        }
        #expect(left == 0, "\(left) pixels of the line are left on the terminal's screen after q")
    }
}
