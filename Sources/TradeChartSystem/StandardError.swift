import Glibc

import TradeChartCore

/// Writes diagnostics to standard error (unbuffered, safe before and after curses).
/// Every message passes `TextSanitizer` first: names of files and values of options
/// in it never bring escape sequences or other control characters to the terminal.
public enum StandardError {
    /// Writes `text` on one line, cleaned of control characters.
    public static func writeLine(_ text: String) {
        let line = TextSanitizer.clean(text) + "\n"
        line.utf8CString.withUnsafeBufferPointer { buffer in
            _ = write(2, buffer.baseAddress, buffer.count - 1)
        }
    }
}
