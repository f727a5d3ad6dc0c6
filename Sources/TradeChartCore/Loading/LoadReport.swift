/// What a load skipped, for the status line (viewer) or standard error (`--print`).
public struct LoadReport: Sendable, Equatable {
    /// Data rows read (blank lines and the header not counted).
    package var dataRows = 0
    /// Rows whose price was `null`, empty, `NaN`, `-` or `n/a` (Yahoo holidays): normal, skipped.
    package var missingPrices = 0
    /// Rows that could not be read (bad time, bad price, too few fields, ...), skipped.
    package var badRows = 0
    /// The line number (1-based, counting the header) of the first bad row, when known.
    package var firstBadLine: Int?
    /// Why the first bad row was skipped, e.g. `price 'abc' is not a number`.
    package var firstBadReason: String?
    /// Rows dropped because a later row in the file had the same timestamp.
    package var duplicatesDropped = 0
    /// Rows kept with their close whose high and low were left out: the high below the
    /// close or the low, or the low above the close (the candle shows the open and close).
    package var untrustedRanges = 0
    /// The first such row's line and why its high and low were left out.
    package var firstUntrustedRange: FirstRow?
    /// What was assumed about a file without a header: `time, open, high, low, close, volume (no header)`.
    public var readAs: String?
    /// A compressed file that ends early, read up to the cut (`LoadOptions.keepsRowsBeforeCut`).
    public var cutShort: CutShort?

    /// What ended a compressed file early and how many rows before the cut are drawn.
    public struct CutShort: Sendable, Equatable {
        /// E.g. `the gzip data ends early (the file is cut short)`.
        public var reason: String
        /// The points of the series read before the cut (rows skipped as bad or repeated not counted).
        public var rows: Int

        public init(reason: String, rows: Int) {
            self.reason = reason
            self.rows = rows
        }
    }

    public init() {}

    /// One line worth telling the user, or nil when nothing went wrong and nothing was
    /// assumed. Missing prices are normal (holidays) and are not mentioned.
    public var summary: String? {
        var parts: [String] = cutShort.map { ["damaged: \($0.reason): only the \(LoadProgressLine.grouped($0.rows)) rows before the cut are shown"] } ?? []
        if let readAs { parts.append("read as \(readAs)") }
        if badRows > 0 {
            var s = "\(badRows) bad row\(badRows == 1 ? "" : "s") skipped"
            if let reason = firstBadReason {
                let at = firstBadLine.map { "line \($0): " } ?? ""
                s += " (\(badRows == 1 ? "" : "first: ")\(at)\(reason))"
            }
            parts.append(s)
        }
        if untrustedRanges > 0 {
            let rows = untrustedRanges == 1 ? "1 row" : "\(untrustedRanges) rows"
            let first = firstUntrustedRange.map { " (\(untrustedRanges == 1 ? "" : "first: ")line \($0.line): \($0.reason))" } ?? ""
            parts.append("\(rows) with a high and low that cannot be right: drawn without them\(first)")
        }
        if duplicatesDropped > 0 {
            parts.append("\(duplicatesDropped) duplicate timestamp\(duplicatesDropped == 1 ? "" : "s") dropped (last row kept)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Why a load gave only one price, with the rows skipped and why when there were any:
    /// `only one price; a chart needs at least two; 1 bad row skipped (line 3: ...)`.
    /// `soFar` for an input that may grow.
    public func onlyOnePrice(soFar: Bool = false) -> String {
        var parts = [soFar ? "only one price so far, a chart needs two" : "only one price; a chart needs at least two"]
        if missingPrices > 0 {
            parts.append("\(missingPrices) row\(missingPrices == 1 ? "" : "s") without a price skipped (empty, null or NaN)")
        }
        if let summary { parts.append(summary) }
        return parts.joined(separator: "; ")
    }

    /// What this report counts beyond `earlier`, a report of fewer of the same rows: the
    /// bad and duplicate rows added since (the first bad row is this report's).
    func beyond(_ earlier: LoadReport) -> LoadReport {
        var extra = LoadReport()
        extra.badRows = max(0, badRows - earlier.badRows)
        extra.duplicatesDropped = max(0, duplicatesDropped - earlier.duplicatesDropped)
        extra.untrustedRanges = max(0, untrustedRanges - earlier.untrustedRanges)
        if extra.untrustedRanges > 0 { extra.firstUntrustedRange = firstUntrustedRange }
        if extra.badRows > 0 {
            extra.firstBadLine = firstBadLine
            extra.firstBadReason = firstBadReason
        }
        return extra
    }

    /// This report with the bad and duplicate rows of `extra` counted too (the earlier
    /// first bad row of the two kept).
    func merged(_ extra: LoadReport) -> LoadReport {
        var both = self
        both.duplicatesDropped += extra.duplicatesDropped
        both.badRows += extra.badRows
        both.absorbUntrusted(extra, lines: 0)
        if extra.badRows > 0, let reason = extra.firstBadReason { both.noteFirstBad(line: extra.firstBadLine, reason: reason) }
        return both
    }

    /// Counts a row whose high and low were left out, remembering the first one's line and reason.
    mutating func recordUntrustedRange(line: Int, reason: @autoclosure () -> String) {
        untrustedRanges += 1
        if firstUntrustedRange.map({ line < $0.line }) ?? true { firstUntrustedRange = FirstRow(line: line, reason: reason()) }
    }

    /// Counts the rows of `other` whose high and low were left out too, its lines `lines` further on.
    mutating func absorbUntrusted(_ other: LoadReport, lines: Int) {
        untrustedRanges += other.untrustedRanges
        if let first = other.firstUntrustedRange, firstUntrustedRange.map({ first.line + lines < $0.line }) ?? true {
            firstUntrustedRange = FirstRow(line: first.line + lines, reason: first.reason)
        }
    }

    /// Counts a bad row, remembering the first one's line and reason.
    mutating func recordBad(line: Int?, reason: @autoclosure () -> String) {
        badRows += 1
        noteFirstBad(line: line, reason: reason())
    }

    /// Keeps `line` and `reason` as the first bad row's unless one with an earlier line is kept.
    private mutating func noteFirstBad(line: Int?, reason: @autoclosure () -> String) {
        // Rows are not always found bad in file order (day/month order is settled
        // after the last row): keep the earliest line.
        let earlier = line.map { new in firstBadLine.map { new < $0 } ?? true } ?? false
        if firstBadReason == nil || earlier {
            firstBadLine = line
            firstBadReason = reason()
        }
    }
}

/// The first row of a kind a report counts: its line (1-based, counting the header) and what was wrong with it.
package struct FirstRow: Sendable, Equatable {
    package var line: Int
    package var reason: String
}

extension LoadReport {
    /// This report without the lines of its first bad rows: the report of rows read from
    /// somewhere inside a file (its newest rows), whose line numbers are not known.
    package var withoutLineNumbers: LoadReport {
        var report = self
        report.firstBadLine = nil
        report.firstUntrustedRange = nil
        return report
    }
}
