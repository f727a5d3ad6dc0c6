/// The written shape of a time column. Every row of a column must have the
/// same shape; a row in another shape is a bad row, because a column that
/// mixes shapes is more likely misread than meant.
enum TimeFamily: UInt8, Sendable, Equatable {
    /// `2019-06-14`, `2019-06-14 09:30[:00[.000]]`, `2019-06-14T09:30Z`, `2019/06/14`.
    case yearFirst
    /// `6/14/2019 9:30` or `14/6/2019`: the day/month order is decided from the
    /// whole column when the file ends (see `CSVStreamParser`).
    case slashed
    /// `14.06.2019` (German): always day first.
    case dotted
    /// `Jun 14, 2019`, `19-Sep-03`, `14 June 2019`.
    case monthName
    /// Unix time: seconds, or milliseconds/microseconds/nanoseconds as decided
    /// from the largest magnitude in the column.
    case unix

    /// How the shape is named in messages.
    var label: String {
        switch self {
        case .yearFirst: return "YYYY-MM-DD"
        case .slashed: return "M/D/YYYY"
        case .dotted: return "DD.MM.YYYY"
        case .monthName: return "Mon D, YYYY"
        case .unix: return "Unix time"
        }
    }
}

/// Why a time field could not be read.
enum TimeProblem: UInt8, Sendable, Equatable {
    case unrecognised, invalidDate, invalidTime, otherFamily

    func reason(_ text: String, family: TimeFamily?) -> String {
        switch self {
        case .unrecognised: return "time '\(text)' is not a date"
        case .invalidDate: return "date '\(text)' does not exist"
        case .invalidTime: return "time of day in '\(text)' is out of range"
        case .otherFamily: return "time '\(text)' is not in the column's format (\(family?.label ?? "?"))"
        }
    }
}

/// One time field read: its shape and value, or why it failed.
///
/// The value is local wall-clock seconds since 1970 for `yearFirst`, `dotted`
/// and `monthName`; the raw integer for `unix`; and for `slashed` a packed
/// `(year, first, second, second-of-day)` that `SlashedDate` resolves once the
/// day/month order of the column is known.
struct ParsedTime: Sendable, Equatable {
    var family: TimeFamily
    var value: Int64
    /// For `slashed`: which orders the row allows (bit 0 month-first, bit 1 day-first).
    var slashOrders: UInt8
    /// The UTC offset written with the time in seconds east (`+01:00` is 3600, `Z` and
    /// Unix times 0), or `noOffset` for a local time without one.
    var offset: Int32

    /// The offset of a time written without one (naive local time).
    static let noOffset = Int32.min

    @inline(__always) init(_ family: TimeFamily, _ value: Int64, slashOrders: UInt8 = 0, offset: Int32 = noOffset) {
        self.family = family
        self.value = value
        self.slashOrders = slashOrders
        self.offset = offset
    }
}

/// Hand-written parsers for time fields, working on bytes (no `String`, no
/// `DateFormatter`, no `Calendar`). UTC offsets are read and checked but not
/// applied: a time written with `+01:00` keeps its written time of day (the
/// exchange's wall clock), and the offset rides along in `ParsedTime.offset`. Two-digit years pivot at 69: `69`-`99` are 19xx,
/// `00`-`68` are 20xx. Hours run 0-23 (with an optional AM/PM), minutes 0-59,
/// seconds 0-60; fractions of a second are dropped.
enum TimestampParser {
    typealias Result = Swift.Result<ParsedTime, TimeFailure>

    /// A failed parse (an `Error` only so that it can ride in `Result`).
    struct TimeFailure: Error, Equatable, Sendable {
        var problem: TimeProblem
    }

    @inline(__always) static func fail(_ p: TimeProblem) -> Result { .failure(TimeFailure(problem: p)) }

    /// Reads a date with an optional time of day from `[start, end)`.
    /// With `allowTime` false the field must be a date alone (a separate time column follows).
    @inline(__always)
    static func parse(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, allowTime: Bool = true) -> Result {
        var p = start
        var e = end
        while p < e && p.pointee == 0x20 { p += 1 }
        while e > p && (e[-1] == 0x20 || e[-1] == 0x0D || e[-1] == 0x09) { e -= 1 }
        guard p < e else { return fail(.unrecognised) }
        // Fast path: YYYY-MM-DD.
        if e - p >= 10 && p[4] == 0x2D && p[7] == 0x2D {
            let y = d4(p), m = d2(p + 5), d = d2(p + 8)
            if y >= 0 && m >= 0 && d >= 0 {
                return finishDate(.yearFirst, year: y, month: m, day: d, rest: p + 10, e, allowTime: allowTime)
            }
        }
        return parseGeneral(p, e, allowTime: allowTime)
    }

    /// The last `YYYY-MM-DD` read and its first second, so that the rows of one
    /// day (hundreds in a file of minute bars) skip the calendar arithmetic; and the
    /// last `±HH:MM` offset read, so that rows with the same offset skip its checks.
    struct DayCache: Sendable {
        var key: UInt64 = 0
        var keyTail: UInt16 = 0
        var seconds: Int64 = 0
        var valid = false
        /// The offset's six bytes (`UInt64.max`, which no six bytes make, before the first)
        /// and its seconds east.
        var offsetKey = UInt64.max
        var offset: Int32 = 0
        init() {}
    }

    /// `parse(start, end)` with the date of the previous call remembered in `cache`:
    /// the same result, faster when rows repeat their date.
    @inline(__always)
    static func parse(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, cache: inout DayCache) -> Result {
        var p = start
        var e = end
        while p < e && p.pointee == 0x20 { p += 1 }
        while e > p && (e[-1] == 0x20 || e[-1] == 0x0D || e[-1] == 0x09) { e -= 1 }
        guard e - p >= 10 else { return parse(p, e) }
        let key = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
        let keyTail = UnsafeRawPointer(p + 8).loadUnaligned(as: UInt16.self)
        if !(cache.valid && key == cache.key && keyTail == cache.keyTail) {
            guard p[4] == 0x2D && p[7] == 0x2D else { return parse(p, e) }
            let y = d4(p), m = d2(p + 5), d = d2(p + 8)
            guard y >= 0 && m >= 0 && d >= 0, CivilDate.exists(year: y, month: m, day: d) else { return parse(p, e) }
            cache.key = key
            cache.keyTail = keyTail
            cache.seconds = CivilDate(year: y, month: m, day: d).dayNumber * LocalTime.secondsPerDay
            cache.valid = true
        }
        var offset = ParsedTime.noOffset
        if let sod = clockAndOffset(p, e, cache: &cache, offset: &offset) {
            guard sod >= 0 else { return fail(.invalidTime) }
            return .success(ParsedTime(.yearFirst, cache.seconds + Int64(sod), offset: offset))
        }
        let sod = timeOfDayAfterDate(p + 10, e, allowTime: true, offset: &offset)
        guard sod >= 0 else { return fail(sod == -2 ? .invalidTime : .unrecognised) }
        return .success(ParsedTime(.yearFirst, cache.seconds + Int64(sod), offset: offset))
    }

    /// After the date at `p`: ` HH:MM:SS` or `THH:MM:SS`, then nothing or `±HH:MM`, read as
    /// `timeOfDayAfterDate` reads it, the offset checked only when it differs from the one
    /// in `cache`. Seconds of the day, -2 if out of range, nil for any other shape.
    @inline(__always)
    static func clockAndOffset(_ p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, cache: inout DayCache,
                               offset: inout Int32) -> Int? {
        let r = p + 19
        guard e - p >= 19, e == r || e - r == 6, p[10] == 0x20 || p[10] == 0x54 else { return nil }
        // `HH:MM:SS` checked and read as one word: digits become 0-9, colons 0.
        let v = UnsafeRawPointer(p + 11).loadUnaligned(as: UInt64.self) ^ 0x3030_3A30_303A_3030
        guard ((v &+ 0x7676_7F76_767F_7676) | v) & 0x8080_8080_8080_8080 == 0 else { return nil }
        if r < e {
            let key = UInt64(UnsafeRawPointer(r).loadUnaligned(as: UInt32.self))
                | UInt64(UnsafeRawPointer(r + 4).loadUnaligned(as: UInt16.self)) &<< 32
            if key != cache.offsetKey {
                guard (r[0] == 0x2B || r[0] == 0x2D) && r[3] == 0x3A && offsetHoursAndMinutesAreValid(r) else { return nil }
                let east = Int32(d2(r + 1) &* 3600 &+ d2(r + 4) &* 60)
                cache.offsetKey = key
                cache.offset = r[0] == 0x2D ? -east : east
            }
            offset = cache.offset
        }
        let h = Int(v & 0xFF) &* 10 &+ Int((v &>> 8) & 0xFF)
        let m = Int((v &>> 24) & 0xFF) &* 10 &+ Int((v &>> 32) & 0xFF)
        let s = Int((v &>> 48) & 0xFF) &* 10 &+ Int(v &>> 56)
        guard h < 24 && m < 60 && s <= 60 else { return -2 }
        return h &* 3600 &+ m &* 60 &+ s
    }

    /// Four ASCII digits as a number, or -1.
    @inline(__always) static func d4(_ p: UnsafePointer<UInt8>) -> Int {
        let a = Int(p[0] &- 0x30), b = Int(p[1] &- 0x30), c = Int(p[2] &- 0x30), d = Int(p[3] &- 0x30)
        guard a < 10 && b < 10 && c < 10 && d < 10 else { return -1 }
        return a * 1000 + b * 100 + c * 10 + d
    }

    /// Two ASCII digits as a number, or -1.
    @inline(__always) static func d2(_ p: UnsafePointer<UInt8>) -> Int {
        let a = Int(p[0] &- 0x30), b = Int(p[1] &- 0x30)
        guard a < 10 && b < 10 else { return -1 }
        return a * 10 + b
    }

    /// Reads up to `maxDigits` digits; nil if there is none (or more than allowed).
    @inline(__always)
    static func number(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, maxDigits: Int) -> (value: Int, digits: Int)? {
        var v = 0
        var n = 0
        while p < e {
            let d = p.pointee &- 0x30
            if d >= 10 { break }
            n += 1
            if n > maxDigits { return nil }
            v = v * 10 + Int(d)
            p += 1
        }
        return n == 0 ? nil : (v, n)
    }

    @inline(__always) static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

    /// Shapes other than the `YYYY-MM-DD` fast path.
    static func parseGeneral(_ start: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, allowTime: Bool) -> Result {
        var p = start
        let signed = p.pointee == 0x2D || p.pointee == 0x2B
        if signed { p += 1 }
        let digitsStart = p
        guard let first = number(&p, e, maxDigits: 18) else {
            if !signed && isLetter(start.pointee) { return parseMonthName(start, e, allowTime: allowTime) }
            return fail(.unrecognised)
        }
        if p == e || p.pointee == 0x2E && allTrailingDigits(p + 1, e) {
            return unix(digitsStart, p, negative: start.pointee == 0x2D, fractional: p < e && p + 1 < e)
        }
        let sep = p.pointee
        if first.digits >= 4 && (sep == 0x2D || sep == 0x2F || sep == 0x2E) {
            // Year first: YYYY-M-D, YYYY/MM/DD or MetaTrader's YYYY.MM.DD (also negative astronomical years).
            p += 1
            guard let m = number(&p, e, maxDigits: 2), p < e, p.pointee == sep else { return fail(.unrecognised) }
            p += 1
            guard let d = number(&p, e, maxDigits: 2) else { return fail(.unrecognised) }
            let year = start.pointee == 0x2D ? -first.value : first.value
            guard first.digits <= 6 else { return fail(.invalidDate) }
            return finishDate(.yearFirst, year: year, month: m.value, day: d.value, rest: p, e, allowTime: allowTime)
        }
        if first.digits == 8 && sep == 0x20 && !signed { return compact(first.value, time: p + 1, e, allowTime: allowTime) }
        guard !signed, first.digits <= 2 else { return fail(.unrecognised) }
        if sep == 0x2F || sep == 0x2E || sep == 0x2D {
            var q = p + 1
            if q < e && isLetter(q.pointee) { return parseMonthName(start, e, allowTime: allowTime) }
            guard let second = number(&q, e, maxDigits: 2), q < e, q.pointee == sep else { return fail(.unrecognised) }
            q += 1
            guard let y = number(&q, e, maxDigits: 4), y.digits == 2 || y.digits == 4 else { return fail(.unrecognised) }
            let year = y.digits == 2 ? pivot(y.value) : y.value
            if sep == 0x2E {
                return finishDate(.dotted, year: year, month: second.value, day: first.value, rest: q, e, allowTime: allowTime)
            }
            return slashed(year: year, first: first.value, second: second.value, rest: q, e, allowTime: allowTime)
        }
        if sep == 0x20 { return parseMonthName(start, e, allowTime: allowTime) }
        return fail(.unrecognised)
    }

    /// HistData's `YYYYMMDD HHMMSS` (or `HHMM`): `ymd` the eight digits of the date,
    /// `p` the first byte after the space.
    static func compact(_ ymd: Int, time p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, allowTime: Bool) -> Result {
        guard allowTime else { return fail(.unrecognised) }
        let year = ymd / 10_000, month = ymd / 100 % 100, day = ymd % 100
        guard CivilDate.exists(year: year, month: month, day: day) else { return fail(.invalidDate) }
        let n = e - p
        guard n == 4 || n == 6 else { return fail(.unrecognised) }
        let h = d2(p), m = d2(p + 2), s = n == 6 ? d2(p + 4) : 0
        guard h >= 0 && m >= 0 && s >= 0 else { return fail(.unrecognised) }
        guard h < 24 && m < 60 && s <= 60 else { return fail(.invalidTime) }
        let days = CivilDate(year: year, month: month, day: day).dayNumber
        return .success(ParsedTime(.yearFirst, days * LocalTime.secondsPerDay + Int64(h * 3600 + m * 60 + s)))
    }

    @inline(__always) static func allTrailingDigits(_ p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
        var q = p
        while q < e { if q.pointee &- 0x30 >= 10 { return false }; q += 1 }
        return true
    }

    /// Two-digit years: 69-99 are 19xx, 00-68 are 20xx (the POSIX `%y` rule).
    @inline(__always) static func pivot(_ yy: Int) -> Int { yy >= 69 ? 1900 + yy : 2000 + yy }

    static func unix(_ p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, negative: Bool, fractional: Bool) -> Result {
        guard e - p <= 18 else { return fail(.invalidTime) }
        var v: Int64 = 0
        var q = p
        while q < e { v = v * 10 + Int64(q.pointee &- 0x30); q += 1 }
        // A negative time with a fraction lies before the whole second it names.
        let value = negative ? (fractional ? -v - 1 : -v) : v
        return .success(ParsedTime(.unix, value, offset: 0))
    }

    /// Validates the date and reads the optional time of day after it.
    @inline(__always)
    static func finishDate(_ family: TimeFamily, year: Int, month: Int, day: Int,
                           rest: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, allowTime: Bool) -> Result {
        guard CivilDate.exists(year: year, month: month, day: day) else { return fail(.invalidDate) }
        var offset = ParsedTime.noOffset
        let sod = timeOfDayAfterDate(rest, e, allowTime: allowTime, offset: &offset)
        guard sod >= 0 else { return fail(sod == -2 ? .invalidTime : .unrecognised) }
        let days = CivilDate(year: year, month: month, day: day).dayNumber
        return .success(ParsedTime(family, days * LocalTime.secondsPerDay + Int64(sod), offset: offset))
    }

    static func slashed(year: Int, first: Int, second: Int,
                        rest: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, allowTime: Bool) -> Result {
        let orders: UInt8 = (CivilDate.exists(year: year, month: first, day: second) ? 1 : 0)
            | (CivilDate.exists(year: year, month: second, day: first) ? 2 : 0)
        guard orders != 0 else { return fail(.invalidDate) }
        var offset = ParsedTime.noOffset
        let sod = timeOfDayAfterDate(rest, e, allowTime: allowTime, offset: &offset)
        guard sod >= 0 else { return fail(sod == -2 ? .invalidTime : .unrecognised) }
        return .success(ParsedTime(.slashed, SlashedDate.pack(year: year, first: first, second: second, secondOfDay: sod),
                                   slashOrders: orders, offset: offset))
    }

    /// After a date: nothing, or a separator (`T`, space, comma) and a time of day.
    /// Returns seconds of the day, -1 if unreadable, -2 if out of range; sets `offset`
    /// when the time carries a UTC offset.
    @inline(__always)
    static func timeOfDayAfterDate(_ start: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, allowTime: Bool,
                                   offset: inout Int32) -> Int {
        var p = start
        if p == e { return 0 }
        guard allowTime else { return -1 }
        let c = p.pointee
        guard c == 0x54 || c == 0x20 || c == 0x2C || c == 0x74 else { return -1 }
        p += 1
        while p < e && (p.pointee == 0x20 || p.pointee == 0x2C) { p += 1 }
        // Inline fast path for `HH:MM:SS` and `HH:MM:SS±HH:MM`, as `timeOfDay` reads them.
        if e - p >= 8 {
            // `HH:MM:SS` checked and read as one word: digits become 0-9, colons 0.
            let v = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) ^ 0x3030_3A30_303A_3030
            let r = p + 8
            if ((v &+ 0x7676_7F76_767F_7676) | v) & 0x8080_8080_8080_8080 == 0
                && (r == e || (e - r == 6 && (r[0] == 0x2B || r[0] == 0x2D) && r[3] == 0x3A && offsetHoursAndMinutesAreValid(r))) {
                let h = Int(v & 0xFF) &* 10 &+ Int((v &>> 8) & 0xFF)
                let m = Int((v &>> 24) & 0xFF) &* 10 &+ Int((v &>> 32) & 0xFF)
                let s = Int((v &>> 48) & 0xFF) &* 10 &+ Int(v &>> 56)
                guard h < 24 && m < 60 && s <= 60 else { return -2 }
                if r < e {
                    let east = Int32(d2(r + 1) &* 3600 &+ d2(r + 4) &* 60)
                    offset = r[0] == 0x2D ? -east : east
                }
                return h &* 3600 &+ m &* 60 &+ s
            }
        }
        return timeOfDay(p, e, offset: &offset)
    }

    /// `±HH:MM` at `r`: hours up to 18, minutes up to 59 (as `utcOffset` reads them).
    @inline(__always) static func offsetHoursAndMinutesAreValid(_ r: UnsafePointer<UInt8>) -> Bool {
        let h = d2(r + 1), m = d2(r + 4)
        return h >= 0 && h <= 18 && m >= 0 && m < 60
    }

    /// `H:MM[:SS[.fff]]` with an optional AM/PM and an optional offset (`Z`,
    /// `+01:00`, `+0100`, `+01`, `UTC`, `GMT`). Returns seconds of the day,
    /// -1 if unreadable, -2 if out of range.
    static func timeOfDay(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Int {
        var offset = ParsedTime.noOffset
        return timeOfDay(start, end, offset: &offset)
    }

    /// `timeOfDay`, also giving the UTC offset written after the time (left as it is without one).
    static func timeOfDay(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, offset: inout Int32) -> Int {
        var p = start
        var e = end
        while p < e && p.pointee == 0x20 { p += 1 }
        while e > p && (e[-1] == 0x20 || e[-1] == 0x0D || e[-1] == 0x09) { e -= 1 }
        // Fast path: HH:MM:SS, then nothing or an offset.
        if e - p >= 8 && p[2] == 0x3A && p[5] == 0x3A {
            let h = d2(p), m = d2(p + 3), s = d2(p + 6)
            let r = p + 8
            if h >= 0 && m >= 0 && s >= 0 && (r == e || r.pointee == 0x2B || r.pointee == 0x2D || r.pointee == 0x5A) {
                let written = utcOffset(r, e)
                guard written != invalidOffset else { return -1 }
                guard h < 24 && m < 60 && s <= 60 else { return -2 }
                if written != ParsedTime.noOffset { offset = written }
                return h * 3600 + m * 60 + s
            }
        }
        guard let h = number(&p, e, maxDigits: 2), p < e, p.pointee == 0x3A else { return -1 }
        p += 1
        guard let m = number(&p, e, maxDigits: 2), m.digits == 2 else { return -1 }
        var s = 0
        if p < e && p.pointee == 0x3A {
            p += 1
            guard let sec = number(&p, e, maxDigits: 2), sec.digits == 2 else { return -1 }
            s = sec.value
            if p < e && (p.pointee == 0x2E || p.pointee == 0x2C) {
                p += 1
                guard number(&p, e, maxDigits: 12) != nil else { return -1 }
            }
        }
        var hour = h.value
        while p < e && p.pointee == 0x20 { p += 1 }
        if p + 1 < e && (p[1] | 0x20) == 0x6D && ((p[0] | 0x20) == 0x61 || (p[0] | 0x20) == 0x70) {
            guard hour >= 1 && hour <= 12 else { return -2 }
            hour = hour % 12 + ((p[0] | 0x20) == 0x70 ? 12 : 0)
            p += 2
            while p < e && p.pointee == 0x20 { p += 1 }
        }
        let written = utcOffset(p, e)
        guard written != invalidOffset else { return -1 }
        guard hour < 24 && m.value < 60 && s <= 60 else { return -2 }
        if written != ParsedTime.noOffset { offset = written }
        return hour * 3600 + m.value * 60 + s
    }

    /// What `utcOffset` returns for text that is no offset.
    static let invalidOffset = Int32.max

    /// Nothing (`ParsedTime.noOffset`), `Z`, `UTC`, `GMT` (0), or `±HH[:MM]` / `±HHMM`
    /// with hours up to 18, in seconds east of UTC; `invalidOffset` for anything else.
    @inline(__always)
    static func utcOffset(_ start: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Int32 {
        var p = start
        if p == e { return ParsedTime.noOffset }
        if e - p == 1 { return p.pointee == 0x5A || p.pointee == 0x7A ? 0 : invalidOffset }
        if e - p == 3 {
            let a = p[0] | 0x20, b = p[1] | 0x20, c = p[2] | 0x20
            if (a, b, c) == (0x75, 0x74, 0x63) || (a, b, c) == (0x67, 0x6D, 0x74) { return 0 }
        }
        guard p.pointee == 0x2B || p.pointee == 0x2D else { return invalidOffset }
        let west = p.pointee == 0x2D
        p += 1
        guard e - p >= 2, d2(p) >= 0, d2(p) <= 18 else { return invalidOffset }
        let hours = Int32(d2(p))
        p += 2
        var minutes: Int32 = 0
        if p < e {
            if p.pointee == 0x3A { p += 1 }
            guard e - p == 2 && d2(p) >= 0 && d2(p) < 60 else { return invalidOffset }
            minutes = Int32(d2(p))
        }
        let east = hours * 3600 + minutes * 60
        return west ? -east : east
    }

    static let monthNames: [StaticString] = ["january", "february", "march", "april", "may", "june", "july",
                                             "august", "september", "october", "november", "december"]

    /// The month (1-12) of a word: a three-letter abbreviation, a full English name, or a prefix of one
    /// (`Sept`); 0 if none.
    static func month(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int {
        guard count >= 3 else { return 0 }
        for (i, name) in monthNames.enumerated() {
            guard count <= name.utf8CodeUnitCount else { continue }
            var same = true
            for k in 0..<count where DecimalParser.lower(p[k]) != name.utf8Start[k] { same = false; break }
            if same { return i + 1 }
        }
        if count == 4 && DecimalParser.equalsWord(p, 4, "sept") { return 9 }
        return 0
    }

    /// `Jun 14, 2019`, `June 14 2019`, `14 Jun 2019`, `14-Jun-2019`, `19-Sep-03`, `2019-Jun-14`,
    /// each optionally followed by a time of day.
    static func parseMonthName(_ start: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, allowTime: Bool) -> Result {
        var p = start
        var monthValue = 0
        var monthFirst = false
        var nums: (Int, Int, Int, Int) = (0, 0, 0, 0) // value, digits of the first and second number
        var count = 0
        while p < e {
            let c = p.pointee
            if c == 0x20 || c == 0x2D || c == 0x2F || c == 0x2C || c == 0x2E {
                p += 1
                continue
            }
            if isLetter(c) {
                guard monthValue == 0 else { return fail(.unrecognised) }
                let w = p
                while p < e && isLetter(p.pointee) { p += 1 }
                monthValue = month(w, p - w)
                guard monthValue != 0 else { return fail(.unrecognised) }
                monthFirst = count == 0
                continue
            }
            guard count < 2 else { break }
            let numberStart = p
            guard let n = number(&p, e, maxDigits: 4) else { return fail(.unrecognised) }
            if p < e && p.pointee == 0x3A { p = numberStart; break }
            if count == 0 { nums.0 = n.value; nums.1 = n.digits } else { nums.2 = n.value; nums.3 = n.digits }
            count += 1
        }
        guard monthValue != 0, count == 2 else { return fail(.unrecognised) }
        var day = nums.0, year = nums.2, yearDigits = nums.3
        if !monthFirst && nums.1 >= 3 { day = nums.2; year = nums.0; yearDigits = nums.1 }
        guard yearDigits == 2 || yearDigits == 4 else { return fail(.unrecognised) }
        if yearDigits == 2 { year = pivot(year) }
        // The time of day, if any, starts at p (after the separators skipped above).
        var q = p
        while q > start && (q[-1] == 0x20 || q[-1] == 0x2C) { q -= 1 }
        if q < p { q = p - 1 } // leave one separator for timeOfDayAfterDate
        return finishDate(.monthName, year: year, month: monthValue, day: day, rest: p == e ? e : q, e, allowTime: allowTime)
    }
}

/// The packed form of a `M/D/YYYY`-or-`D/M/YYYY` time, kept until the column's
/// day/month order is known.
enum SlashedDate {
    @inline(__always)
    static func pack(year: Int, first: Int, second: Int, secondOfDay: Int) -> Int64 {
        ((Int64(year) * 32 + Int64(first)) * 32 + Int64(second)) * LocalTime.secondsPerDay + Int64(secondOfDay)
    }

    /// Local seconds of a packed value in the given order; nil when that order makes no date.
    static func resolve(_ packed: Int64, dayFirst: Bool) -> Int64? {
        let sod = packed % LocalTime.secondsPerDay
        var rest = packed / LocalTime.secondsPerDay
        let second = Int(rest % 32)
        rest /= 32
        let first = Int(rest % 32)
        let year = Int(rest / 32)
        let month = dayFirst ? second : first
        let day = dayFirst ? first : second
        guard CivilDate.exists(year: year, month: month, day: day) else { return nil }
        return CivilDate(year: year, month: month, day: day).dayNumber * LocalTime.secondsPerDay + sod
    }
}
