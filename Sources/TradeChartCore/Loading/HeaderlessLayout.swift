/// How a file without a header is read: by the shape of its first row.
///
/// The first row alone decides, so that how the bytes arrive (a whole file, a follower's
/// lines one by one, parts on several threads) never changes the layout, and a followed
/// file shows its first row at once. The separator is the first of tab, `;` and `,` that
/// every sampled row holds the same number of times. The time is the first column that
/// reads as a date or a timestamp on every sampled row (an integer is Unix time, in seconds, milliseconds
/// or microseconds by its magnitude); a column right after a date that holds only
/// `HH:MM[:SS]` joins it. The numeric columns after it are, in order, open, high,
/// low, close and volume when there are five or more, open, high, low and close when
/// there are four, else the first is the close. The columns are then named so, and
/// the rest of the loader reads them as it reads a header.
struct HeaderlessLayout: Sendable, Equatable {
    /// The separator found.
    var delimiter: UInt8
    /// The names given to the columns (`time`, `date`, `open`, ..., `column 7`).
    var names: [String]
    /// What was assumed, as the report says it: `time, open, high, low, close, volume (no header)`.
    var readAs: String
    /// The export the shape is most likely from (`Binance klines, open time in milliseconds`).
    var source: String

    /// The layout of the complete lines `lines` (line ends removed, blank lines left
    /// out), or nil when no column reads as a time on every one of them.
    static func detect(_ lines: [[UInt8]], delimiter forced: UInt8?, format: DateFormat? = nil) -> HeaderlessLayout? {
        guard !lines.isEmpty else { return nil }
        let delimiter = forced ?? Self.delimiter(lines)
        let rows = lines.map { ColumnLayout.splitHeader($0.withUnsafeBufferPointer { $0 }, delimiter: delimiter) }
        let width = rows.map(\.count).min() ?? 0
        func all(_ column: Int, _ test: (UnsafePointer<UInt8>, UnsafePointer<UInt8>) -> Bool) -> Bool {
            rows.allSatisfy { row in
                var text = row[column]
                return text.withUTF8 { u in u.baseAddress.map { test($0, $0 + u.count) } ?? false }
            }
        }
        func isTime(_ p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
            if let format { if case .success = format.parse(p, e) { return true } else { return false } }
            guard case .success(let t) = TimestampParser.parse(p, e) else { return false }
            // A price reads as a Unix time with a fraction: a time column holds integers.
            return t.family != .unix || !UnsafeBufferPointer(start: p, count: e - p).contains(0x2E)
        }
        guard let time = (0..<width).first(where: { all($0, isTime) }) else { return nil }
        var sample = rows[0][time]
        let family = sample.withUTF8 { u -> TimeFamily? in
            guard let b = u.baseAddress, case .success(let t) = TimestampParser.parse(b, b + u.count) else { return nil }
            return t.family
        }
        let dateOnly = format == nil && family != .unix && all(time) { p, e in
            if case .success = TimestampParser.parse(p, e, allowTime: false) { return true }
            return false
        }
        let clock = dateOnly && time + 1 < width && all(time + 1) { p, e in
            UnsafeBufferPointer(start: p, count: e - p).contains(0x3A) && TimestampParser.timeOfDay(p, e) >= 0
        } ? time + 1 : -1
        let numbers = ((max(time, clock) + 1)..<max(width, max(time, clock) + 1)).filter { c in
            all(c) { p, e in
                if case .notANumber = DecimalParser.parse(p, e, delimiter: delimiter) { return false }
                return true
            }
        }
        guard !numbers.isEmpty else { return nil }
        let roles = numbers.count >= 5 ? ["open", "high", "low", "close", "volume"]
            : numbers.count == 4 ? ["open", "high", "low", "close"] : ["close"]
        var names = (0..<max(width, 1)).map { "column \($0 + 1)" }
        names[time] = clock >= 0 ? "date" : "time"
        if clock >= 0 { names[clock] = "time" }
        for (role, column) in zip(roles, numbers) { names[column] = role }
        var said = ["time"] + zip(roles, numbers).map(\.0)
        let skipped = width - said.count - (clock >= 0 ? 1 : 0)
        if numbers.count < 4 && numbers.count > 1 { said[said.count - 1] = "close (the first number)" }
        if skipped > 0 { said.append("\(skipped) more column\(skipped == 1 ? "" : "s") skipped") }
        let found = source(rows[0][time], family: family, width: width, clock: clock >= 0, delimiter: delimiter,
                           numbers: numbers.count)
        // HistData writes EST all year: the report says so, as the times carry no offset.
        let zone = found.hasPrefix("HistData") ? "; times taken as HistData's EST without daylight saving (UTC-5)" : ""
        return HeaderlessLayout(delimiter: delimiter, names: names, readAs: said.joined(separator: ", ") + " (no header)" + zone,
                                source: found)
    }

    /// The first of tab, `;` and `,` that every line holds, as often as the first line (`,` when none does).
    static func delimiter(_ lines: [[UInt8]]) -> UInt8 {
        guard let first = lines.first else { return 0x2C }
        return [UInt8(0x09), 0x3B, 0x2C].first { d in
            let count = first.lazy.filter { $0 == d }.count
            return count > 0 && lines.allSatisfy { line in line.lazy.filter { $0 == d }.count == count }
        } ?? 0x2C
    }

    /// The export a headerless shape is most likely from, by its time's look and its width.
    static func source(_ time: String, family: TimeFamily?, width: Int, clock: Bool, delimiter: UInt8, numbers: Int) -> String {
        let bytes = Array(time.utf8)
        switch family {
        case .unix?:
            let digits = bytes.filter { $0 >= 0x30 && $0 <= 0x39 }.count
            let unit = digits >= 15 ? "microseconds" : digits >= 12 ? "milliseconds" : "seconds"
            if width >= 11 { return "Binance klines, open time in \(unit), no header" }
            if width == 7 && unit == "seconds" { return "Kraken OHLCVT, Unix seconds, no header" }
            return "Unix time in \(unit), no header"
        case .yearFirst?:
            if bytes.count >= 10 && bytes[4] == 0x2E && clock { return "MetaTrader 4 history, no header" }
            if bytes.count >= 13 && bytes[8] == 0x20 {
                return "HistData ASCII bars, no header: times in EST without daylight saving (UTC-5: --data-tz Etc/GMT+5 places them)"
            }
            if bytes.count > 10 && numbers >= 5 { return "FirstRate Data style, no header" }
            return "dates year first, no header"
        default:
            return "no header"
        }
    }
}
