import CNcursesw
import CTerminalSignals
import Glibc
import TradeChartCore

/// How the screen should look, decided by the command line and the environment.
public struct ScreenOptions: Sendable {
    /// Use colours (false for `--color never`, `NO_COLOR`, or terminals without colour).
    public var color: Bool
    public var theme: Theme
    /// The terminal's cell in pixels where images may be laid over the plot (sixel,
    /// kitty), nil where the screen is text only.
    public var imageCell: PixelCellSize?
    /// Whether kitty images may be drawn: they are deleted when the terminal is given back.
    public var kittyImages: Bool

    public init(color: Bool, theme: Theme, imageCell: PixelCellSize? = nil, kittyImages: Bool = false) {
        self.color = color
        self.theme = theme
        self.imageCell = imageCell
        self.kittyImages = kittyImages
    }

    /// The screen for a viewer drawing its plot as `graphics` says: images at `imageCell`
    /// where it has image modes to switch to, kitty images cleaned up where kitty is one of them.
    public init(color: Bool, theme: Theme, graphics: PlotGraphics, imageCell: PixelCellSize?) {
        let images = graphics.choices.contains { $0 == .sixel || $0 == .kitty }
        self.init(color: color, theme: theme, imageCell: images ? imageCell : nil,
                  kittyImages: graphics.choices.contains(.kitty))
    }
}

/// The ncursesw screen: sets the terminal up, writes the cells of a frame diff,
/// reads keys, mouse, resizes and signals, and gives the terminal back.
public final class TerminalScreen {
    private var screen: OpaquePointer?
    private var colorEnabled = false
    private var closed = false
    private let inputDescriptor: Int32
    private let outputDescriptor: Int32
    private var signalDescriptor: Int32 = -1
    /// False after ncurses answered that it holds no input: the next wait goes straight to `poll`.
    private var mayHoldInput = true
    /// The stream ncurses writes to: flushed before an image's bytes go out behind it.
    private let outputStream: UnsafeMutablePointer<FILE>
    /// See `ScreenOptions.imageCell`; follows the terminal's pixel size on a resize.
    public private(set) var imageCell: PixelCellSize?
    private let kittyImages: Bool
    /// The cells an image covers (nil: none), each of its rows marked (see `marker(row:)`).
    private var imageArea: CellArea?

    public enum SetupError: Error, CustomStringConvertible {
        case cannotOpenTerminal(String)
        public var description: String {
            switch self {
            case .cannotOpenTerminal(let term): "cannot open the terminal (TERM=\(term)); use --print"
            }
        }
    }

    /// Where keys come from and frames go.
    public enum Device: Sendable {
        /// Standard input and output (the usual case).
        case standardStreams
        /// Keys from the controlling terminal (`/dev/tty`), frames to standard output when it
        /// is a terminal, else to `/dev/tty`: standard input carries the prices (`tradechart -`).
        case controllingTerminal
    }

    /// Streams this screen opened and closes again.
    private var ownedStreams: [UnsafeMutablePointer<FILE>] = []

    /// The screen on the program's terminal, with the signals that end the program
    /// taken over (see CTerminalSignals.h).
    public convenience init(options: ScreenOptions, device: Device = .standardStreams) throws {
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        var owned: [UnsafeMutablePointer<FILE>] = []
        let output: UnsafeMutablePointer<FILE>?
        let input: UnsafeMutablePointer<FILE>?
        switch device {
        case .standardStreams:
            output = fdopen(1, "w")
            input = fdopen(0, "r")
        case .controllingTerminal:
            input = fopen("/dev/tty", "re")
            output = isatty(1) != 0 ? fdopen(1, "w") : fopen("/dev/tty", "we")
            if let input { owned.append(input) }
            if let output, isatty(1) == 0 { owned.append(output) }
        }
        guard let output, let input else {
            owned.forEach { fclose($0) }
            throw SetupError.cannotOpenTerminal(term)
        }
        do {
            try self.init(options: options, terminalType: nil, output: output, input: input, handlesSignals: true)
        } catch {
            owned.forEach { fclose($0) }
            throw error
        }
        ownedStreams = owned
    }

    /// A screen writing to any stream as terminal `terminalType` (for measuring the
    /// bytes a frame costs, or tests). Its size comes from `LINES` and `COLUMNS`.
    public init(options: ScreenOptions, terminalType: String?, output: UnsafeMutablePointer<FILE>,
                input: UnsafeMutablePointer<FILE>, handlesSignals: Bool) throws {
        TerminalScreen.ensureUTF8Locale()
        let term = terminalType ?? getenv("TERM").map { String(cString: $0) } ?? ""
        inputDescriptor = fileno(input)
        outputDescriptor = fileno(output)
        outputStream = output
        imageCell = options.imageCell
        kittyImages = options.kittyImages
        // The mode to give back in an emergency is the shell's, from before curses.
        if handlesSignals { tc_signals_remember_mode(outputDescriptor) }
        guard let screen = newterm(terminalType, output, input) else {
            throw SetupError.cannotOpenTerminal(term)
        }
        self.screen = screen
        set_term(screen)
        // ncurses 6.4 sends its output after every cursor move (a `write` for each changed
        // run of cells, a dozen for a followed file's new row, hundreds for a first frame)
        // until the screen has once been left and come back to: after `newterm` it takes
        // the program for a low-level terminfo user. Leaving and coming back at once,
        // before anything is drawn, has it send each update with one `write`.
        endwin()
        refresh()
        cbreak()
        noecho()
        nonl()
        keypad(tc_stdscr(), true)
        // No look for typed keys while a frame is written: ncurses would flush what it has
        // and poll the input every few lines, a write and a poll each, several a frame
        // (a followed file's every look); a frame is small, and keys wait for its end.
        typeahead(-1)
        TerminalKeySequences.defineHomeAndEnd()
        curs_set(0)
        // No inserting and deleting characters to move text: an image's pixels would move with it.
        if options.imageCell != nil { idcok(tc_stdscr(), false) }
        tc_set_escdelay(25)
        // SGR reports start with ESC [ <; they are read here (see readSGRMouse), also where
        // terminfo's kmous says X10 (tmux-256color), which has ncurses expect ESC [ M.
        define_key("\u{1B}[<", 0)
        define_key("\u{1B}[<", tc_KEY_SGR_MOUSE)
        mouseinterval(0)
        requestMouse()
        if options.color && has_colors() {
            start_color()
            use_default_colors()
            for role in ColorRole.allCases where role != .plain {
                let fg = options.theme.ansiForeground(role).map { Int16($0 - 30) } ?? -1
                init_pair(Int16(role.rawValue), fg, -1)
            }
            colorEnabled = true
        }
        if handlesSignals {
            // Installed after newterm, so the resize signal comes to us (and ncurses is
            // told with resizeterm) instead of ncurses' own handler.
            let reset = Self.resetBytes() + (options.kittyImages ? PlotImageScreen.deleteKittyImages.map { CChar(bitPattern: $0) } : [])
            let stop = Array(Self.mouseModesOff.utf8).map { CChar(bitPattern: $0) }
            stop.withUnsafeBufferPointer { tc_signals_on_stop($0.baseAddress, $0.count) }
            signalDescriptor = reset.withUnsafeBufferPointer { tc_signals_install(outputDescriptor, $0.baseAddress, $0.count) }
        }
    }

    deinit { close() }

    /// Asks for mouse reports: presses and releases (ncurses, as terminfo says), motion
    /// while a button is held (1002: drags), in the SGR encoding (1006) whatever TERM says,
    /// so that clicks beyond column 223, where X10 reports end, arrive too.
    private func requestMouse() {
        mousemask(tc_ALL_MOUSE_EVENTS | tc_REPORT_MOUSE_POSITION, nil)
        // Written at once, after what mousemask wrote (ncurses writes it unbuffered too).
        writeNow(Self.mouseModesOn)
    }

    static let mouseModesOn = "\u{1B}[?1002h\u{1B}[?1006h"
    static let mouseModesOff = "\u{1B}[?1006l\u{1B}[?1002l"

    private func writeNow(_ text: String) { writeNow(Array(text.utf8)) }

    private func writeNow(_ bytes: [UInt8]) {
        var bytes = bytes
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(outputDescriptor, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            done += n
        }
    }

    /// What gives the terminal back when there is no time for ncurses (a signal while
    /// the loop is stuck, a crash): leave the alternate screen, normal keypad and
    /// attributes, cursor visible, no mouse reports.
    static func resetBytes() -> [CChar] {
        var bytes: [CChar] = []
        for capability in ["sgr0", "rmkx", "cnorm", "rmcup"] {
            guard let value = tigetstr(capability), Int(bitPattern: value) != -1 else { continue }
            var p = value
            while p.pointee != 0 { bytes.append(p.pointee); p += 1 }
        }
        bytes += Array("\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l".utf8).map { CChar(bitPattern: $0) }
        return bytes
    }

    /// Gives the terminal back: normal mode, cursor visible, main screen.
    public func close() {
        guard !closed else { return }
        closed = true
        curs_set(1)
        writeNow(Self.mouseModesOff)
        if kittyImages { writeNow(PlotImageScreen.deleteKittyImages) }
        endwin()
        if let screen { delscreen(screen) }
        screen = nil
        ownedStreams.forEach { fclose($0) }
        ownedStreams = []
        if signalDescriptor >= 0 { tc_signals_uninstall() }
        signalDescriptor = -1
    }

    /// The terminal's size in cells.
    public var size: (columns: Int, rows: Int) {
        (Int(getmaxx(tc_stdscr())), Int(getmaxy(tc_stdscr())))
    }

    /// Writes the cells of `diff` (clearing the screen first when it says so) and
    /// sends ncurses' update to the terminal.
    public func draw(_ diff: FrameDiff) {
        let (columns, rows) = size
        if diff.clearsScreen {
            erase()
            clearok(tc_stdscr(), true)
            if let imageArea { placeMarkers(in: imageArea) }
        }
        for change in diff.changes where change.x < columns && change.y < rows {
            // The bottom-right cell would scroll some terminals: skip it.
            if change.y == rows - 1 && change.x == columns - 1 { continue }
            // The second cell of a wide character: the terminal fills it with the character before.
            if change.cell.isContinuation { continue }
            var cell = change.cell
            if let area = imageArea, change.x == marker(row: change.y, in: area), cell == .blank { cell = Self.markerCell }
            _ = tc_put_cell(Int32(change.y), Int32(change.x), wchar_t(cell.character.value), attributes(cell.style),
                            colorEnabled ? Int16(cell.style.color.rawValue) : 0)
        }
        refresh()
    }

    /// Writes an image's bytes behind what ncurses has written (they save the cursor and
    /// put it back, so ncurses finds it where it left it).
    ///
    /// ncurses moves lines that moved on the screen by scrolling the terminal (a scroll
    /// region and a line feed); that would move an image's pixels too and leave a trail of
    /// them in the rows around it. So each row under an image holds a mark of its own, a
    /// blank Braille cell in a column of its own, under the image: no such row is ever the
    /// same as another, and ncurses finds no lines to scroll.
    public func drawImage(_ bytes: [UInt8], covering area: CellArea?) {
        // Marks left behind when the image goes are as blank as the spaces they stand for.
        if area != imageArea {
            imageArea = area
            if let area {
                placeMarkers(in: area)
                refresh()
            }
        }
        fflush(outputStream)
        writeNow(bytes)
    }

    /// The mark of the rows under an image: a Braille cell with no dots, as blank as a space.
    static let markerCell = Cell("\u{2800}", .plain)

    /// The column of `row`'s mark in `area`.
    private func marker(row: Int, in area: CellArea) -> Int? {
        guard area.rows > 0, area.columns > 0, row >= area.row, row < area.row + area.rows else { return nil }
        return area.column + (row - area.row) % area.columns
    }

    /// Writes the marks of `area`.
    private func placeMarkers(in area: CellArea) {
        let cell = Self.markerCell
        let (columns, rows) = size
        for row in area.row..<(area.row + area.rows) where row < rows {
            guard let x = marker(row: row, in: area), x < columns, !(row == rows - 1 && x == columns - 1) else { continue }
            _ = tc_put_cell(Int32(row), Int32(x), wchar_t(cell.character.value), attributes(cell.style), 0)
        }
    }

    private func attributes(_ style: CellStyle) -> attr_t {
        var a = attr_t(tc_A_NORMAL)
        if style.attributes.contains(.bold) { a |= attr_t(tc_A_BOLD) }
        if style.attributes.contains(.dim) { a |= attr_t(tc_A_DIM) }
        if style.attributes.contains(.reverse) { a |= attr_t(tc_A_REVERSE) }
        if style.attributes.contains(.underline) { a |= attr_t(tc_A_UNDERLINE) }
        if style.attributes.contains(.blink) { a |= attr_t(tc_A_BLINK) }
        return a
    }

    /// Waits up to `timeoutMilliseconds` (negative: until something happens) for one
    /// event: a key, the mouse, a resize, or a signal asking the program to stop; nil when
    /// the time passed, or when one of `wakers` (a followed file's notifications) became readable first.
    public func nextEvent(timeoutMilliseconds: Int, wakingFor wakers: [Int32]) -> ViewerEvent? {
        // What ncurses holds already (the rest of a burst of keys) comes first, after a signal;
        // after a read that found nothing it holds nothing, and the wait goes straight to
        // `poll`, which wakes for the signal pipe too (a followed file's looks: one syscall each).
        if mayHoldInput {
            if let event = takeSignal() { return event }
            if let event = readInput() { return event }
        }
        var descriptors = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)]
        if signalDescriptor >= 0 { descriptors.append(pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0)) }
        let own = descriptors.count
        for waker in wakers { descriptors.append(pollfd(fd: waker, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(clamping: timeoutMilliseconds))
        guard ready > 0 else { return nil }
        // Only a waker: the loop takes it, with no read of the terminal.
        if !descriptors[..<own].contains(where: { $0.revents != 0 }) { return nil }
        if let event = takeSignal() { return event }
        if let event = readInput() { return event }
        // The terminal went away (hung up) and no SIGHUP came (the process is not in its
        // session, or a wrapper caught it): its input says so at every poll, which would
        // otherwise return at once for good. Leave as on SIGHUP.
        if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .interrupted(signal: SIGHUP) }
        return nil
    }

    /// A key or mouse event ncurses can give without waiting.
    private func readInput() -> ViewerEvent? {
        wtimeout(tc_stdscr(), 0)
        var ch: wint_t = 0
        let result = get_wch(&ch)
        mayHoldInput = result != ERR
        if result == ERR { return nil }
        if result == KEY_CODE_YES {
            if Int32(ch) == KEY_MOUSE { return mouseEvent().map { .mouse($0) } }
            if Int32(ch) == tc_KEY_SGR_MOUSE { return readSGRMouse().map { .mouse($0) } }
            return TerminalInput.event(forKeyCode: Int32(ch))
        }
        return TerminalInput.event(forCharacter: UInt32(ch))
    }

    /// The signal waiting in the pipe, as an event: a resize, the return after Ctrl-Z
    /// and `fg` (drawn anew, keypad and mouse back on), or a request to stop.
    private func takeSignal() -> ViewerEvent? {
        while true {
            let signal = tc_signals_take()
            switch signal {
            case 0:
                return nil
            case SIGWINCH:
                var ws = winsize()
                if ioctl(outputDescriptor, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
                    resizeterm(Int32(ws.ws_row), Int32(ws.ws_col))
                    // A new font size gives new cells: the images follow the terminal's pixel size.
                    if imageCell != nil, ws.ws_xpixel >= ws.ws_col, ws.ws_ypixel >= ws.ws_row {
                        imageCell = PixelCellSize(width: Int(ws.ws_xpixel / ws.ws_col), height: Int(ws.ws_ypixel / ws.ws_row))
                    }
                }
                let size = self.size
                return .resize(columns: size.columns, rows: size.rows)
            case SIGCONT:
                keypad(tc_stdscr(), true)
                requestMouse()
                curs_set(0)
                let size = self.size
                return .resize(columns: size.columns, rows: size.rows)
            default:
                return .interrupted(signal: signal)
            }
        }
    }

    /// Reads the rest of an SGR mouse report (after its ESC [ <, which ncurses gave as
    /// `tc_KEY_SGR_MOUSE`): digits and semicolons up to M or m. The terminal sends a report
    /// in one write, so the rest is there; a report cut short is dropped.
    private func readSGRMouse() -> MouseInput? {
        wtimeout(tc_stdscr(), 50)
        defer { wtimeout(tc_stdscr(), 0) }
        var body = ""
        while body.count < 24 {
            var ch: wint_t = 0
            guard get_wch(&ch) == OK, let scalar = Unicode.Scalar(UInt32(ch)) else { return nil }
            body.unicodeScalars.append(scalar)
            if scalar == "M" || scalar == "m" { return TerminalInput.sgrMouse(body) }
            guard scalar == ";" || ("0"..."9").contains(scalar) else { return nil }
        }
        return nil
    }

    /// Reads the pending mouse event (after KEY_MOUSE).
    func mouseEvent() -> MouseInput? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let state = event.bstate
        let action: MouseInput.Action
        if state & tc_BUTTON4_PRESSED != 0 {
            action = .wheelUp
        } else if state & tc_BUTTON5_PRESSED != 0 {
            action = .wheelDown
        } else if state & (tc_BUTTON1_PRESSED | tc_BUTTON1_CLICKED) != 0 {
            action = .press
        } else if state & tc_BUTTON1_RELEASED != 0 {
            action = .release
        } else if state & tc_REPORT_MOUSE_POSITION != 0 {
            action = .drag
        } else {
            return nil
        }
        return MouseInput(column: Int(event.x), row: Int(event.y), action: action)
    }

    /// Braille is shown only where the locale is UTF-8.
    public static var localeIsUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// Sets the locale's characters (LC_CTYPE, all that ncursesw's wide characters need)
    /// from the environment, falling back to C.UTF-8's so that Braille cells are not drawn
    /// blank or as junk. The other categories stay C's: loading them all (twelve files where
    /// the locale archive is missing) cost the first frame about a millisecond (issue 24).
    public static func ensureUTF8Locale() {
        setlocale(LC_CTYPE, "")
        if !localeIsUTF8 { setlocale(LC_CTYPE, "C.UTF-8") }
    }
}
