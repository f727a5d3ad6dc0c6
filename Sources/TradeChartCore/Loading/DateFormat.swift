/// An explicit time pattern, strftime style (`--date-format '%d.%m.%Y %H:%M:%S'`),
/// read by hand on the bytes of a field (no `DateFormatter`, nothing allocated a row).
///
/// Fields: `%Y` (year, up to four digits), `%y` (two digits, pivot at 69), `%m`, `%d`,
/// `%e`, `%H`, `%I`, `%M`, `%S` (one or two digits), `%f` (a fraction of a second, dropped),
/// `%b`/`%B` (a month name), `%p` (AM/PM), `%z` (a UTC offset, to the end of the field),
/// `%s` (Unix seconds), `%j` (day of the year), `%T` (`%H:%M:%S`), `%F` (`%Y-%m-%d`), `%%`.
/// A space matches one or more spaces; any other byte matches itself.
package struct DateFormat: Sendable, Equatable {
    /// The pattern with `%T` and `%F` spelled out.
    let pattern: [UInt8]
    /// The pattern as given, for messages.
    package let text: String

    static let fields: Set<UInt8> = Set("YymdeHIMSfbBpzsj%".utf8)

    /// The pattern, or why it is not one.
    package init(_ text: String) throws(LoadError) {
        self.text = text
        var expanded: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        var seen = Set<UInt8>()
        while let c = bytes.popFirst() {
            guard c == 0x25 else { expanded.append(c); continue }
            guard let f = bytes.popFirst() else { throw Self.problem(text, "it ends in a lone %") }
            switch f {
            case 0x54: expanded += Array("%H:%M:%S".utf8); seen.formUnion([0x48, 0x4D, 0x53])
            case 0x46: expanded += Array("%Y-%m-%d".utf8); seen.formUnion([0x59, 0x6D, 0x64])
            default:
                guard Self.fields.contains(f) else {
                    throw Self.problem(text, "%\(String(decoding: [f], as: UTF8.self)) is not a field "
                        + "(use %Y %y %m %d %b %H %I %M %S %f %p %z %s %j %T %F %%)")
                }
                expanded += [0x25, f]
                seen.insert(f)
            }
        }
        let hasYear = seen.contains(0x59) || seen.contains(0x79)
        let hasDay = seen.contains(0x64) || seen.contains(0x65)
        let hasMonth = seen.contains(0x6D) || seen.contains(0x62) || seen.contains(0x42)
        guard seen.contains(0x73) || hasYear && (seen.contains(0x6A) || hasDay && hasMonth) else {
            throw Self.problem(text, "it needs a year, a month and a day (%Y %m %d), a day of the year (%j) or %s")
        }
        pattern = expanded
    }

    static func problem(_ text: String, _ why: String) -> LoadError {
        .badOverride(file: "--date-format", line: nil, reason: "'\(TextSanitizer.clean(text))': \(why)")
    }

    /// Reads `[start, end)` (spaces around it ignored) by the pattern: local wall-clock
    /// seconds (`yearFirst`), with the offset `%z` read; `%s` gives UTC seconds.
    func parse(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> TimestampParser.Result {
        var p = start, e = end
        while p < e && p.pointee == 0x20 { p += 1 }
        while e > p && (e[-1] == 0x20 || e[-1] == 0x0D || e[-1] == 0x09) { e -= 1 }
        var year = 1970, month = 1, day = 1, dayOfYear = 0, hour = 0, minute = 0, second = 0
        var pm: Bool?
        var offset = ParsedTime.noOffset
        var unix: Int64?
        return pattern.withUnsafeBufferPointer { f -> TimestampParser.Result in
            var i = 0
            while i < f.count {
                let c = f[i]
                if c == 0x20 {
                    guard p < e && p.pointee == 0x20 else { return TimestampParser.fail(.unrecognised) }
                    while p < e && p.pointee == 0x20 { p += 1 }
                    i += 1
                    continue
                }
                guard c == 0x25 else {
                    guard p < e && p.pointee == c else { return TimestampParser.fail(.unrecognised) }
                    p += 1
                    i += 1
                    continue
                }
                let field = f[i + 1]
                i += 2
                switch field {
                case 0x59: // %Y
                    guard let n = TimestampParser.number(&p, e, maxDigits: 4) else { return TimestampParser.fail(.unrecognised) }
                    year = n.value
                case 0x79: // %y
                    guard let n = TimestampParser.number(&p, e, maxDigits: 2), n.digits == 2 else { return TimestampParser.fail(.unrecognised) }
                    year = TimestampParser.pivot(n.value)
                case 0x6A: // %j
                    guard let n = TimestampParser.number(&p, e, maxDigits: 3) else { return TimestampParser.fail(.unrecognised) }
                    dayOfYear = n.value
                case 0x6D, 0x64, 0x65, 0x48, 0x49, 0x4D, 0x53:
                    while field == 0x65 && p < e && p.pointee == 0x20 { p += 1 }
                    guard let n = TimestampParser.number(&p, e, maxDigits: 2) else { return TimestampParser.fail(.unrecognised) }
                    switch field {
                    case 0x6D: month = n.value
                    case 0x64, 0x65: day = n.value
                    case 0x48, 0x49: hour = n.value
                    case 0x4D: minute = n.value
                    default: second = n.value
                    }
                case 0x66: // %f
                    guard TimestampParser.number(&p, e, maxDigits: 12) != nil else { return TimestampParser.fail(.unrecognised) }
                case 0x62, 0x42: // %b %B
                    let w = p
                    while p < e && TimestampParser.isLetter(p.pointee) { p += 1 }
                    month = TimestampParser.month(w, p - w)
                    guard month != 0 else { return TimestampParser.fail(.unrecognised) }
                case 0x70: // %p
                    guard e - p >= 2, (p[1] | 0x20) == 0x6D, (p[0] | 0x20) == 0x61 || (p[0] | 0x20) == 0x70 else {
                        return TimestampParser.fail(.unrecognised)
                    }
                    pm = (p[0] | 0x20) == 0x70
                    p += 2
                case 0x7A: // %z
                    let written = TimestampParser.utcOffset(p, e)
                    guard written != TimestampParser.invalidOffset, written != ParsedTime.noOffset else {
                        return TimestampParser.fail(.unrecognised)
                    }
                    offset = written
                    p = e
                case 0x73: // %s
                    let negative = p < e && p.pointee == 0x2D
                    if negative { p += 1 }
                    guard let n = TimestampParser.number(&p, e, maxDigits: 12) else { return TimestampParser.fail(.unrecognised) }
                    unix = negative ? -Int64(n.value) : Int64(n.value)
                default: // %%
                    guard p < e && p.pointee == 0x25 else { return TimestampParser.fail(.unrecognised) }
                    p += 1
                }
            }
            guard p == e else { return TimestampParser.fail(.unrecognised) }
            if let unix { return .success(ParsedTime(.yearFirst, unix, offset: 0)) }
            if let pm {
                guard hour >= 1 && hour <= 12 else { return TimestampParser.fail(.invalidTime) }
                hour = hour % 12 + (pm ? 12 : 0)
            }
            guard hour < 24 && minute < 60 && second <= 60 else { return TimestampParser.fail(.invalidTime) }
            var days: Int64
            if dayOfYear > 0 {
                guard dayOfYear <= (CivilDate.exists(year: year, month: 2, day: 29) ? 366 : 365) else {
                    return TimestampParser.fail(.invalidDate)
                }
                days = CivilDate(year: year, month: 1, day: 1).dayNumber + Int64(dayOfYear - 1)
            } else {
                guard CivilDate.exists(year: year, month: month, day: day) else { return TimestampParser.fail(.invalidDate) }
                days = CivilDate(year: year, month: month, day: day).dayNumber
            }
            days = days * LocalTime.secondsPerDay + Int64(hour * 3600 + minute * 60 + second)
            return .success(ParsedTime(.yearFirst, days, offset: offset))
        }
    }
}
