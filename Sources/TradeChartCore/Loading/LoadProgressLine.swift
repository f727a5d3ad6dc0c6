/// The one line that shows a long load's progress in the terminal, as `pv` and `curl`
/// show theirs: what is read, of how much, and the time left, e.g.
/// `Loading big.csv: 312.4 MB of 843.4 MB (37%), 3,702,117 of about 10,000,000 rows, 2 s left (q to stop)`.
/// For a pipe the size is not known: bytes and rows read and how long it has taken.
package enum LoadProgressLine {
    /// The line for `progress` after `elapsed` seconds, at most `width` cells wide
    /// (a line that wraps could not be rewritten in place). `name` is sanitized.
    package static func text(_ progress: LoadProgress, name: String, elapsed: Double, width: Int,
                            cancelHint: Bool = true) -> String {
        var parts: [String] = []
        let rows = grouped(progress.rowsRead)
        if let total = progress.totalBytes, total > 0 {
            let done = min(1, Double(progress.bytesRead) / Double(total))
            parts.append("\(bytes(progress.bytesRead)) of \(bytes(total)) (\(Int(done * 100))%)")
            if progress.bytesRead > 0 && progress.rowsRead > 0 && done < 1 {
                let estimate = Int((Double(progress.rowsRead) / done).rounded())
                parts.append("\(rows) of about \(grouped(estimate)) rows")
            } else {
                parts.append("\(rows) rows")
            }
            if progress.bytesRead > 0 && elapsed > 0 {
                let left = elapsed * (1 - done) / done
                parts.append("\(duration(left)) left")
            }
        } else {
            parts.append(bytes(progress.bytesRead))
            parts.append("\(rows) rows")
            parts.append("\(duration(elapsed)) so far")
        }
        let line = "Loading \(TextSanitizer.clean(name)): " + parts.joined(separator: ", ") + (cancelHint ? " (q to stop)" : "")
        return DisplayWidth.prefix(line, cells: max(0, width - 1))
    }

    /// `812 B`, `12.3 kB`, `312.4 MB`, `1.2 GB` (decimal units, as `curl` counts).
    static func bytes(_ n: Int) -> String {
        let units = ["kB", "MB", "GB", "TB"]
        guard n >= 1000 else { return "\(n) B" }
        var value = Double(n) / 1000
        var unit = 0
        while value >= 999.95 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return PriceFormatter(decimals: 1).string(value) + " " + units[unit]
    }

    /// `3,702,117`.
    static func grouped(_ n: Int) -> String { PriceFormatter(decimals: 0).string(Double(n)) }

    /// `0 s`, `42 s`, `3 min 5 s`, `1 h 2 min`.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "?" }
        let s = Int(max(0, seconds).rounded())
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min \(s % 60) s" }
        return "\(s / 3600) h \(s / 60 % 60) min"
    }
}
