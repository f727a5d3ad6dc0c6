/// Row assembly: the time and price of a row already split into fields read and
/// kept (with its UTC offset and, when asked for, its open, high, low and volume),
/// and what the row tells about the whole time column.
extension CSVStreamParser {
    /// Reads the time and price of a row already split into fields (counted in
    /// `report.dataRows`) and keeps it, or records why it is skipped. `record` is the
    /// row's bytes, read again for the open, high, low and volume when they are kept.
    @inline(__always)
    mutating func accept(line: Int, record: (UnsafePointer<UInt8>, UnsafePointer<UInt8>),
                         time: (UnsafePointer<UInt8>, UnsafePointer<UInt8>),
                         clock: (UnsafePointer<UInt8>, UnsafePointer<UInt8>), price: (UnsafePointer<UInt8>, UnsafePointer<UInt8>),
                         _ times: inout [Int64], _ prices: inout [Double]) {
        var value = 0.0
        switch DecimalParser.parse(price.0, price.1, delimiter: shape.delimiter) {
        case .value(let v): value = v
        case .missing:
            if FieldScan.isBlank(time.0, time.1) { report.dataRows -= 1; return }
            report.missingPrices += 1
            return
        case .notANumber:
            badRow(line: line, .price(price, outOfRange: false))
            return
        case .notFinite:
            badRow(line: line, .price(price, outOfRange: true))
            return
        }
        let parsed: TimestampParser.Result
        if customDate {
            parsed = byDateFormat(time, clock)
        } else if shape.clockIndex >= 0 {
            parsed = Self.dateAndClock(time, clock)
        } else {
            parsed = TimestampParser.parse(time.0, time.1, cache: &dayCache)
        }
        switch parsed {
        case .success(let t):
            if t.family != family {
                if family == nil {
                    family = t.family
                } else {
                    badRow(line: line, .time(time, clock: nil, .otherFamily))
                    return
                }
            }
            switch t.family {
            case .slashed:
                slashOrders.add(orders: t.slashOrders, line: line)
            case .unix:
                let magnitude = t.value < 0 ? 0 &- t.value : t.value
                if magnitude > unixMagnitude { unixMagnitude = magnitude }
                unixUnits.add(t.value, line: line, index: handOut.givenAway + times.count)
            default: break
            }
            if let last = times.last, t.value <= last { unordered = true }
            if Int64(t.offset) != lastOffset { noteOffset(t.offset, at: handOut.givenAway + times.count) }
            times.append(t.value)
            prices.append(value)
            if bars != nil, let untrusted = bars!.read(record.0, record.1, close: value) {
                let why = reason(untrusted, close: price)
                report.recordUntrustedRange(line: line, reason: why)
            }
        case .failure(let failure):
            badRow(line: line, .time(time, clock: shape.clockIndex >= 0 ? clock : nil, failure.problem))
        }
    }


    /// The time read by `--date-format` (and a separate time-of-day column, when there is one).
    func byDateFormat(_ time: (UnsafePointer<UInt8>, UnsafePointer<UInt8>),
                      _ clock: (UnsafePointer<UInt8>, UnsafePointer<UInt8>)) -> TimestampParser.Result {
        guard let dateFormat else { return TimestampParser.fail(.unrecognised) }
        let d = dateFormat.parse(time.0, time.1)
        guard shape.clockIndex >= 0, case .success(var t) = d, !FieldScan.isBlank(clock.0, clock.1) else { return d }
        let sod = TimestampParser.timeOfDay(clock.0, clock.1, offset: &t.offset)
        guard sod >= 0 else { return .failure(.init(problem: sod == -2 ? .invalidTime : .unrecognised)) }
        t.value += Int64(sod)
        return .success(t)
    }

    /// A date column and a separate time-of-day column read together.
    @inline(__always)
    static func dateAndClock(_ date: (UnsafePointer<UInt8>, UnsafePointer<UInt8>),
                             _ clock: (UnsafePointer<UInt8>, UnsafePointer<UInt8>)) -> TimestampParser.Result {
        let d = TimestampParser.parse(date.0, date.1, allowTime: false)
        guard case .success(var t) = d else { return d }
        if FieldScan.isBlank(clock.0, clock.1) { return d }
        let sod = TimestampParser.timeOfDay(clock.0, clock.1, offset: &t.offset)
        guard sod >= 0 else { return .failure(.init(problem: sod == -2 ? .invalidTime : .unrecognised)) }
        guard t.family != .unix else { return .failure(.init(problem: .unrecognised)) }
        t.value += Int64(sod)
        return .success(t)
    }
}
