import CNcursesw

/// The sequences terminals send for Home and End, taught to ncurses whatever the
/// terminfo entry of TERM says: tmux sends `\e[1~` and `\e[4~` even under
/// TERM=xterm-256color (whose entry names `\eOH` and `\eOF`), rxvt sends `\e[7~` and
/// `\e[8~`, and xterm sends `\e[H` and `\e[F` outside keypad mode.
enum TerminalKeySequences {
    static let homeAndEnd: [(sequence: String, key: Int32)] = [
        ("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END),
        ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END),
        ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END),
        ("\u{1B}[7~", KEY_HOME), ("\u{1B}[8~", KEY_END),
    ]

    /// Defines the sequences for the current screen (after `keypad`).
    static func defineHomeAndEnd() {
        for (sequence, key) in homeAndEnd { _ = define_key(sequence, key) }
    }
}
