import Glibc

/// Decides, before curses is touched, whether an interactive terminal is there.
public enum TerminalCheck {
    /// Nil when the terminal `device` names can be used and TERM is set; otherwise the reason.
    /// For `.standardStreams` that is standard input and output; for
    /// `.controllingTerminal` (prices on standard input) it is `/dev/tty`.
    public static func whyNotInteractive(device: TerminalScreen.Device = .standardStreams) -> String? {
        switch device {
        case .standardStreams:
            if isatty(0) == 0 { return "standard input is not a terminal" }
            if isatty(1) == 0 { return "standard output is not a terminal" }
        case .controllingTerminal:
            let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard tty >= 0 else { return "there is no terminal to read keys from (/dev/tty: \(String(cString: strerror(errno))))" }
            close(tty)
        }
        guard let term = getenv("TERM"), term.pointee != 0 else { return "TERM is not set" }
        if String(cString: term) == "dumb" { return "the terminal (TERM=dumb) cannot show the chart" }
        return nil
    }

    /// Nil when keys can be read from the terminal `device` names (all the screen-reader
    /// mode needs: it draws nothing); otherwise the reason.
    public static func whyNoKeyboard(device: TerminalScreen.Device = .standardStreams) -> String? {
        switch device {
        case .standardStreams:
            return isatty(0) == 0 ? "standard input is not a terminal" : nil
        case .controllingTerminal:
            let tty = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
            guard tty >= 0 else { return "there is no terminal to read keys from (/dev/tty: \(String(cString: strerror(errno))))" }
            close(tty)
            return nil
        }
    }
}
