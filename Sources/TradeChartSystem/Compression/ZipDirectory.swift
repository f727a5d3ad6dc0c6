import TradeChartCore

/// A zip archive's list of files, read from the central directory at its end (zip64
/// included), and the one a load reads: the only file, the only `.csv` among several, or
/// the one named as `archive.zip:member`. Folders and macOS's `__MACOSX/` copies are not
/// files a person means.
struct ZipDirectory {
    /// One file in the archive, as its central directory says.
    struct Entry {
        var name: String
        var flags: UInt16
        var method: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var localHeaderOffset: Int
    }

    let archive: String
    let entries: [Entry]

    /// Reads the directory of the archive `bytes` (named `archive` in messages).
    init(_ bytes: some ByteSource, archive: String) throws(LoadError) {
        self.archive = archive
        func damaged(_ reason: String) -> LoadError { .damaged(file: archive, reason: reason) }
        let size = bytes.size
        // The end record: 22 bytes and a comment of up to 65535, at the very end.
        let tailStart = max(0, size - 22 - 0xFFFF)
        let tail = try bytes.bytes(at: tailStart, count: size - tailStart)
        guard let endAt = Self.endRecord(in: tail) else {
            throw damaged("no zip directory at its end (the file is cut short, or is not a zip archive)")
        }
        let end = LittleEndian(tail, at: endAt)
        var count = Int(end.u16(10)), directorySize = Int(end.u32(12)), directoryOffset = Int(end.u32(16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // Zip64: a locator just before the end record points at the zip64 end record.
            guard endAt >= 20, LittleEndian(tail, at: endAt - 20).u32(0) == 0x0706_4B50 else {
                throw damaged("its zip64 directory locator is missing")
            }
            let recordOffset = LittleEndian(tail, at: endAt - 20).u64(8)
            guard size >= 56, recordOffset <= UInt64(size - 56) else { throw damaged("its zip64 directory record lies past its end") }
            let record = try bytes.bytes(at: Int(recordOffset), count: 56)
            let fields = LittleEndian(record, at: 0)
            guard record.count == 56, fields.u32(0) == 0x0606_4B50 else { throw damaged("its zip64 directory record is missing") }
            (count, directorySize, directoryOffset) = (Self.clamped(fields.u64(32)), Self.clamped(fields.u64(40)),
                                                       Self.clamped(fields.u64(48)))
        }
        guard directoryOffset <= size, directorySize <= size - directoryOffset else {
            throw damaged("its directory lies past its end (the file is cut short)")
        }
        let directory = try bytes.bytes(at: directoryOffset, count: directorySize)
        var entries: [Entry] = []
        var at = 0
        for _ in 0..<count {
            guard at + 46 <= directory.count, LittleEndian(directory, at: at).u32(0) == 0x0201_4B50 else {
                throw damaged("its directory is cut short or corrupt")
            }
            let fields = LittleEndian(directory, at: at)
            let nameLength = Int(fields.u16(28)), extraLength = Int(fields.u16(30)), commentLength = Int(fields.u16(32))
            guard at + 46 + nameLength + extraLength + commentLength <= directory.count else {
                throw damaged("its directory is cut short or corrupt")
            }
            var entry = Entry(name: String(decoding: directory[at + 46 ..< at + 46 + nameLength], as: UTF8.self),
                              flags: fields.u16(8), method: fields.u16(10), crc: fields.u32(16),
                              compressedSize: Int(fields.u32(20)), size: Int(fields.u32(24)),
                              localHeaderOffset: Int(fields.u32(42)))
            Self.readZip64Sizes(Array(directory[at + 46 + nameLength ..< at + 46 + nameLength + extraLength]), into: &entry)
            entries.append(entry)
            at += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// The files a person means: not folders, not the `__MACOSX/` copies macOS adds.
    var files: [Entry] {
        entries.filter { !$0.name.hasSuffix("/") && !$0.name.hasPrefix("__MACOSX/") }
    }

    /// The file to read: the one named `member`, else the only file, else the only `.csv`.
    func chosen(member: String?) throws(LoadError) -> Entry {
        let files = files
        if let member {
            guard let entry = files.first(where: { $0.name == member }) else {
                throw .archiveMember(file: archive, member: member, members: files.map(\.name))
            }
            return entry
        }
        if files.count == 1 { return files[0] }
        let csv = files.filter { $0.name.lowercased().hasSuffix(".csv") }
        if csv.count == 1 { return csv[0] }
        throw .archiveMember(file: archive, member: nil, members: files.map(\.name))
    }

    /// Where `entry`'s compressed bytes start: after its local header, read from the archive.
    func dataOffset(of entry: Entry, in bytes: some ByteSource) throws(LoadError) -> Int {
        let header = try bytes.bytes(at: entry.localHeaderOffset, count: 30)
        let fields = LittleEndian(header, at: 0)
        guard header.count == 30, fields.u32(0) == 0x0403_4B50 else {
            throw .damaged(file: archive, reason: "the header of '\(entry.name)' is missing")
        }
        let start = entry.localHeaderOffset + 30 + Int(fields.u16(26)) + Int(fields.u16(28))
        guard start <= bytes.size, entry.compressedSize <= bytes.size - start else {
            throw .damaged(file: archive, reason: "'\(entry.name)' runs past the archive's end (the file is cut short)")
        }
        return start
    }

    /// The zip64 extra field's sizes and offset, for those the directory gives as 0xFFFFFFFF.
    private static func readZip64Sizes(_ extra: [UInt8], into entry: inout Entry) {
        var at = 0
        while at + 4 <= extra.count {
            let id = LittleEndian(extra, at: at).u16(0), length = Int(LittleEndian(extra, at: at).u16(2))
            guard at + 4 + length <= extra.count else { return }
            if id == 0x0001 {
                var field = at + 4
                func next() -> Int? {
                    guard field + 8 <= at + 4 + length else { return nil }
                    defer { field += 8 }
                    return clamped(LittleEndian(extra, at: field).u64(0))
                }
                if entry.size == 0xFFFF_FFFF, let v = next() { entry.size = v }
                if entry.compressedSize == 0xFFFF_FFFF, let v = next() { entry.compressedSize = v }
                if entry.localHeaderOffset == 0xFFFF_FFFF, let v = next() { entry.localHeaderOffset = v }
                return
            }
            at += 4 + length
        }
    }

    /// The last end-of-directory record in `tail`: its signature with room for its 22 bytes.
    private static func endRecord(in tail: [UInt8]) -> Int? {
        guard tail.count >= 22 else { return nil }
        for at in stride(from: tail.count - 22, through: 0, by: -1)
        where tail[at] == 0x50 && LittleEndian(tail, at: at).u32(0) == 0x0605_4B50 {
            return at
        }
        return nil
    }

    /// A 64-bit size or offset as an `Int`, a value past `Int.max` as `Int.max` (checked against the file's size after).
    private static func clamped(_ value: UInt64) -> Int {
        value > UInt64(Int.max) ? Int.max : Int(value)
    }
}
