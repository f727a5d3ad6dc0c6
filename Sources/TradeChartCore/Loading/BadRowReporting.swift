/// Error reporting while parsing: bad rows counted in the report with the first
/// one's line and reason, and fields quoted in messages.
extension CSVStreamParser {
    /// Why a row is bad, with the fields its message quotes.
    enum BadRow {
        /// A record not decided within `maxRecordBytes`.
        case tooLong
        case unclosedQuote
        /// The row has this many fields, too few for the price column (else the time column).
        case tooFewFields(Int, price: Bool)
        case price(Field, outOfRange: Bool)
        /// The time (and the separate time-of-day column, when there is one) that does not read.
        case time(Field, clock: Field?, TimeProblem)
    }

    /// The bytes `[start, end)` of one field.
    typealias Field = (UnsafePointer<UInt8>, UnsafePointer<UInt8>)

    /// Counts a bad row at `line` (the first one's line and reason are kept).
    mutating func badRow(line: Int, _ why: BadRow) {
        let text = reason(why)
        if strictFirstRow && report.badRows == 0 && report.dataRows - report.missingPrices == 1 {
            // An override that does not fit the file's first row: said, never a silent wrong chart.
            fatal = .badOverride(file: file, line: line, reason: "\(column(why))\(text), as \(overridesGiven) read it")
        }
        report.recordBad(line: line, reason: text)
    }

    /// The column a bad row is bad in, as a message starts with it: `column 2 (close): `.
    func column(_ why: BadRow) -> String {
        let index: Int
        switch why {
        case .price: index = shape.priceIndex
        case .time: index = shape.timeIndex
        default: return ""
        }
        let name = layout.flatMap { index < $0.columns.count ? $0.columns[index] : nil } ?? "?"
        return "column \(index + 1) (\(name)): "
    }

    /// The overrides given, as a message names them: `--columns time,close and --separator ;`.
    var overridesGiven: String {
        let r = options.reading
        let given = [r.columns.map { "--columns \($0)" }, r.dateFormat.map { "--date-format '\($0)'" },
                     r.separator.map { "--separator \($0)" }].compactMap { $0 }
        return TextSanitizer.clean(given.joined(separator: " and "))
    }

    /// The message of a bad row.
    func reason(_ why: BadRow) -> String {
        switch why {
        case .tooLong:
            return "line is longer than \(Self.maxRecordBytes >> 20) MiB"
        case .unclosedQuote:
            return "a quote is left open"
        case .tooFewFields(let fields, let price):
            return "the row has \(fields) field\(fields == 1 ? "" : "s"), too few for the \(price ? "price" : "time") column"
        case .price(let field, let outOfRange):
            return "price '\(Self.text(field.0, field.1))' is \(outOfRange ? "out of range" : "not a number")"
        case .time(let field, let clock, let problem):
            let shown = clock.map { "\(Self.text(field.0, field.1)) \(Self.text($0.0, $0.1))" } ?? Self.text(field.0, field.1)
            return problem.reason(shown, family: family)
        }
    }

    /// Why a row's high and low are not kept: `high '95' is below the close '100'`.
    func reason(_ untrusted: BarRows.Untrusted, close: Field) -> String {
        switch untrusted {
        case .highBelowClose(let high): "high '\(Self.text(high.0, high.1))' is below the close '\(Self.text(close.0, close.1))'"
        case .lowAboveClose(let low): "low '\(Self.text(low.0, low.1))' is above the close '\(Self.text(close.0, close.1))'"
        case .highBelowLow(let high, let low):
            "high '\(Self.text(high.0, high.1))' is below the low '\(Self.text(low.0, low.1))'"
        }
    }

    /// A record not decided within `maxRecordBytes` (a line that long): one bad row,
    /// skipped to the first line end at or after `stop` (in a later buffer if need be).
    mutating func tooLong(_ stop: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, newlines: Int) -> UnsafePointer<UInt8> {
        report.dataRows += 1
        badRow(line: line + 1, .tooLong)
        line += newlines
        guard let nl = FieldScan.find(stop, 0x0A, end - stop) else {
            skippingLongRecord = true
            return end
        }
        line += 1
        return nl + 1
    }

    /// A field as text for a message: control characters removed, at most 40 bytes.
    static func text(_ p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> String {
        let n = e - p
        let shown = String(decoding: UnsafeBufferPointer(start: p, count: min(n, 40)), as: UTF8.self)
        return TextSanitizer.clean(shown) + (n > 40 ? "…" : "")
    }
}
