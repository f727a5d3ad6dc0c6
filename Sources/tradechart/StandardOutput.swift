import Glibc

/// Writes text to standard output in one go.
enum StandardOutput {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { break }
            offset += n
        }
    }
}
