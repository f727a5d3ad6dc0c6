#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcursesw
import TradeChartCore

/// How the screen should look, decided by the command line and the environment.
public struct ScreenOptions: Sendable {
    /// Use colours (false for `--color never`, `NO_COLOR`, or terminals without colour).
    public var color: Bool
    public var theme: Theme

    public init(color: Bool, theme: Theme) {
        self.color = color
        self.theme = theme
    }
}

/// The ncursesw screen: set up, draw frames cell by cell, read input, give the terminal back.
///
/// Only cells that differ from the previous frame are handed to ncurses, which in
/// turn sends only what changed on the terminal.
public final class TerminalScreen {
    private var screen: OpaquePointer?
    private var previous: Frame?
    private var colorEnabled = false
    private var closed = false

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

    /// The screen on the program's terminal.
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
        guard let screen = newterm(terminalType, output, input) else {
            throw SetupError.cannotOpenTerminal(term)
        }
        self.screen = screen
        set_term(screen)
        if handlesSignals { TerminalSignals.install() }
        cbreak()
        noecho()
        nonl()
        keypad(tc_stdscr(), true)
        curs_set(0)
        tc_set_escdelay(25)
        mousemask(tc_ALL_MOUSE_EVENTS | tc_REPORT_MOUSE_POSITION, nil)
        mouseinterval(0)
        if options.color && has_colors() {
            start_color()
            use_default_colors()
            for role in ColorRole.allCases where role != .plain {
                let fg = options.theme.ansiForeground(role).map { Int16($0 - 30) } ?? -1
                init_pair(Int16(role.rawValue), fg, -1)
            }
            colorEnabled = true
        }
    }

    deinit { close() }

    /// Gives the terminal back: normal mode, cursor visible, main screen.
    public func close() {
        guard !closed else { return }
        closed = true
        curs_set(1)
        endwin()
        if let screen { delscreen(screen) }
        screen = nil
        ownedStreams.forEach { fclose($0) }
        ownedStreams = []
        TerminalSignals.restoreDefaults()
    }

    /// The terminal's size in cells.
    public var size: (columns: Int, rows: Int) {
        (Int(getmaxx(tc_stdscr())), Int(getmaxy(tc_stdscr())))
    }

    /// Draws a frame, sending ncurses only the cells that changed since the last one.
    public func draw(_ frame: Frame) {
        let (columns, rows) = size
        let full = previous.map { $0.width != frame.width || $0.height != frame.height } ?? true
        if full { erase() }
        for y in 0..<min(rows, frame.height) {
            for x in 0..<min(columns, frame.width) {
                let cell = frame[x, y]
                if !full, let previous, previous[x, y] == cell { continue }
                // The bottom-right cell would scroll some terminals: skip it.
                if y == rows - 1 && x == columns - 1 { continue }
                _ = tc_put_cell(Int32(y), Int32(x), wchar_t(cell.character.value), attributes(cell.style),
                                colorEnabled ? Int16(cell.style.color.rawValue) : 0)
            }
        }
        previous = frame
        refresh()
    }

    /// Forgets what is on screen, so the next frame is drawn whole.
    public func invalidate() {
        previous = nil
        clearok(tc_stdscr(), true)
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

    /// Waits up to `timeoutMilliseconds` (negative: forever) for one input event.
    public func nextEvent(timeoutMilliseconds: Int) -> ViewerEvent? {
        wtimeout(tc_stdscr(), Int32(timeoutMilliseconds))
        var ch: wint_t = 0
        let result = get_wch(&ch)
        if result == ERR { return nil }
        if result == KEY_CODE_YES {
            return TerminalInput.event(forKeyCode: Int32(ch), screen: self)
        }
        return TerminalInput.event(forCharacter: UInt32(ch))
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

    /// Sets the locale from the environment, falling back to C.UTF-8 so that
    /// Braille cells are not drawn blank or as junk.
    public static func ensureUTF8Locale() {
        setlocale(LC_ALL, "")
        if !localeIsUTF8 { setlocale(LC_ALL, "C.UTF-8") }
    }
}
