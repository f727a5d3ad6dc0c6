import Glibc

/// Writes diagnostics to standard error (unbuffered, safe before and after curses).
public enum StandardError {
    public static func writeLine(_ text: String) {
        let line = text + "\n"
        line.utf8CString.withUnsafeBufferPointer { buffer in
            _ = write(2, buffer.baseAddress, buffer.count - 1)
        }
    }
}
