#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decides, before curses is touched, whether an interactive terminal is there.
public enum TerminalCheck {
    /// Nil when standard input and output are terminals and TERM is set; otherwise the reason.
    public static func whyNotInteractive() -> String? {
        if isatty(0) == 0 { return "standard input is not a terminal" }
        if isatty(1) == 0 { return "standard output is not a terminal" }
        guard let term = getenv("TERM"), term.pointee != 0 else { return "TERM is not set" }
        if String(cString: term) == "dumb" { return "the terminal (TERM=dumb) cannot show the chart" }
        return nil
    }
}
