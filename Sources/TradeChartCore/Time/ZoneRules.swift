/// The rules of one time zone, read from a TZif file of the system's zone database
/// (`/usr/share/zoneinfo/Europe/Berlin`): its transitions, and for the years after
/// the last one the POSIX rule at the file's end (`CET-1CEST,M3.5.0,M10.5.0/3`), so
/// daylight saving is right in any year.
///
/// Parsed by hand: Foundation's `TimeZone` on Linux uses its own copy of the data
/// rather than the system's, and a zone is asked for the offset of every point of a
/// series (hundreds of thousands), which this does with one binary search each.
public struct ZoneRules: Sendable, Equatable {
    /// What a zone's clocks say in a period: the offset from UTC, daylight saving or
    /// not, and the abbreviation (`CET`, `CEST`, `EST`, `+0530`).
    package struct LocalType: Sendable, Equatable {
        package var offset: Int32
        package var isDaylightSaving: Bool
        package var abbreviation: String
    }

    /// A file that is not a zone (TZif) file, or one cut short.
    public struct FormatError: Error, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// The zone's name, e.g. `Europe/Berlin`.
    public var name: String
    /// UTC seconds of each transition, ascending, and the type that starts at each.
    var transitions: [Int64]
    var transitionTypes: [Int]
    var types: [LocalType]
    /// The type before the first transition.
    var initialType: Int
    /// The rule after the last transition.
    var rule: PosixZoneRule?

    /// Reads the rules of zone `name` from the bytes of its TZif file (versions 1 to 4).
    public init(tzif bytes: [UInt8], name: String) throws(FormatError) {
        self.name = name
        var reader = ByteReader(bytes: bytes)
        var header = try reader.header()
        var timeSize = 4
        if header.version >= 2 {
            // Skip the 32-bit block: the 64-bit one follows with its own header.
            try reader.skip(header.dataSize(timeSize: 4))
            header = try reader.header()
            timeSize = 8
        }
        var transitions: [Int64] = []
        for _ in 0..<header.timeCount { transitions.append(try reader.integer(size: timeSize)) }
        var transitionTypes: [Int] = []
        for _ in 0..<header.timeCount { transitionTypes.append(Int(try reader.byte())) }
        var raw: [(offset: Int32, dst: Bool, index: Int)] = []
        for _ in 0..<header.typeCount {
            let offset = Int32(truncatingIfNeeded: try reader.integer(size: 4))
            let dst = try reader.byte() != 0
            raw.append((offset, dst, Int(try reader.byte())))
        }
        let characters = try reader.bytes(header.charCount)
        guard header.typeCount > 0, transitionTypes.allSatisfy({ $0 < header.typeCount }) else {
            throw FormatError(reason: "\(name): a zone file without valid local time types")
        }
        types = raw.map { type in
            let tail = characters.dropFirst(type.index)
            let end = tail.firstIndex(of: 0) ?? tail.endIndex
            return LocalType(offset: type.offset, isDaylightSaving: type.dst,
                             abbreviation: String(decoding: tail[..<end], as: UTF8.self))
        }
        self.transitions = transitions
        self.transitionTypes = transitionTypes
        // Type 0 rules before the first transition (RFC 8536).
        initialType = 0
        rule = nil
        if header.version >= 2 {
            try reader.skip(header.leapCount * (timeSize + 4) + header.isStdCount + header.isUTCCount)
            let footer = reader.rest()
            if footer.first == 0x0A, let end = footer.dropFirst().firstIndex(of: 0x0A) {
                rule = PosixZoneRule(String(decoding: footer[footer.startIndex + 1..<end], as: UTF8.self))
            }
        }
    }

    /// What the zone's clocks say at UTC second `t`.
    package func localType(atUTC t: Int64) -> LocalType {
        if let last = transitions.last, t >= last, let rule { return rule.localType(atUTC: t) }
        guard let first = transitions.first, t >= first else {
            return transitions.isEmpty ? (rule?.localType(atUTC: t) ?? types[initialType]) : types[initialType]
        }
        // The last transition at or before t.
        var lo = 0, hi = transitions.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if transitions[mid] <= t { lo = mid } else { hi = mid }
        }
        return types[transitionTypes[lo]]
    }

    /// The offset from UTC, in seconds, at UTC second `t`.
    public func offset(atUTC t: Int64) -> Int32 { localType(atUTC: t).offset }

    /// The UTC second of the wall-clock time `local` (seconds since 1970 on this zone's
    /// clocks). A time that occurs twice (clocks turned back) is the first; a time that
    /// never occurs (clocks turned forward) is read with the offset before the change.
    package func utc(fromLocal local: Int64) -> Int64 {
        // Try the offsets in force a day either side; keep the earliest that fits.
        let before = Int64(offset(atUTC: local - 86_400)), after = Int64(offset(atUTC: local + 86_400))
        let candidates = [local - before, local - after].sorted()
        for utc in candidates where Int64(offset(atUTC: utc)) + utc == local { return utc }
        return local - before
    }
}

/// Reads big-endian numbers from a TZif file.
private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    struct Header {
        var version: Int
        var isUTCCount, isStdCount, leapCount, timeCount, typeCount, charCount: Int

        func dataSize(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4)
                + isStdCount + isUTCCount
        }
    }

    mutating func header() throws(ZoneRules.FormatError) -> Header {
        guard try self.bytes(4) == Array("TZif".utf8) else { throw .init(reason: "not a zone (TZif) file") }
        let versionByte = try byte()
        try skip(15)
        var counts: [Int] = []
        for _ in 0..<6 {
            let count = try integer(size: 4)
            guard count >= 0, count < 1_000_000 else { throw .init(reason: "a zone file with impossible counts") }
            counts.append(Int(count))
        }
        let version = versionByte == 0 ? 1 : Int(versionByte) - 0x30
        return Header(version: version, isUTCCount: counts[0], isStdCount: counts[1], leapCount: counts[2],
                      timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
    }

    mutating func byte() throws(ZoneRules.FormatError) -> UInt8 {
        guard position < bytes.count else { throw .init(reason: "a zone file cut short") }
        position += 1
        return bytes[position - 1]
    }

    mutating func bytes(_ count: Int) throws(ZoneRules.FormatError) -> [UInt8] {
        guard count >= 0, position + count <= bytes.count else { throw .init(reason: "a zone file cut short") }
        position += count
        return Array(bytes[position - count..<position])
    }

    mutating func skip(_ count: Int) throws(ZoneRules.FormatError) { _ = try bytes(count) }

    /// A signed big-endian integer of 4 or 8 bytes.
    mutating func integer(size: Int) throws(ZoneRules.FormatError) -> Int64 {
        var value: UInt64 = 0
        for b in try bytes(size) { value = value << 8 | UInt64(b) }
        return size == 4 ? Int64(Int32(truncatingIfNeeded: value)) : Int64(bitPattern: value)
    }

    func rest() -> ArraySlice<UInt8> { bytes[position...] }
}
