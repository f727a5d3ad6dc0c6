import CCompression
import Glibc
import TradeChartCore

/// Loading compressed files: recognised by their first bytes (or, when those are not a
/// known magic number, by the name, which then must not hold binary bytes), decoded as a
/// stream (`DecompressingStream`) and parsed as they are decoded, in one pass. The progress
/// counts the compressed bytes read of the compressed size.
extension SeriesLoader {
    /// Loads the regular file `fd`, read from its start, when it is compressed (of a zip
    /// archive, the file `ZipDirectory.chosen` picks); nil when it is not. `fileName` names it in messages.
    static func loadCompressed(file fd: Int32, size: Int, fileName file: String,
                               options: LoadOptions, progress: LoadProgressReporting?) throws(LoadError) -> LoadedSeries? {
        let bytes = FileBytes(fd: fd, size: size, name: file)
        guard let format = try compression(of: bytes.bytes(at: 0, count: CompressionFormat.magicLength), fileName: file) else {
            return nil
        }
        if format == .zip {
            return try loadZipMember(nil, of: bytes, archive: file, options: options, progress: progress)
        }
        let stream = try DecompressingStream(FileStream(fd: fd, name: file), decoder: decoder(for: format, file: file),
                                             format: format.name, name: file, stopsWhereCut: options.keepsRowsBeforeCut)
        return try load(decoding: stream, expectedBytes: decompressedSizeHint(format, bytes), compressedBytes: size,
                        options: options, progress: progress)
    }

    /// Loads what `stream` (standard input, a pipe) gives, decoding it when its first bytes
    /// say it is compressed. `size` is the size when known.
    static func loadMaybeCompressed(_ stream: FileStream, size: Int?, options: LoadOptions,
                                    progress: LoadProgressReporting?) throws(LoadError) -> LoadedSeries {
        var rest = stream
        let first = try PrefixedStream.firstBytes(of: &rest, count: CompressionFormat.magicLength)
        var whole = PrefixedStream(first, then: rest)
        guard let format = try compression(of: first, fileName: stream.name) else {
            return try load(&whole, expectedBytes: size, options: options, progress: progress)
        }
        if format == .zip { return try loadZipStream(&whole, size: size, options: options, progress: progress) }
        let decoded = try DecompressingStream(whole, decoder: decoder(for: format, file: stream.name), format: format.name,
                                              name: stream.name, stopsWhereCut: options.keepsRowsBeforeCut)
        return try load(decoding: decoded, expectedBytes: nil, compressedBytes: size, options: options, progress: progress)
    }

    /// Loads the first file of a zip archive that comes as a stream (its directory, at the
    /// end, cannot be read first): as its local header says (`ZipStreamMember`).
    private static func loadZipStream<S: ByteStream>(_ stream: inout S, size: Int?, options: LoadOptions,
                                                     progress: LoadProgressReporting?) throws(LoadError) -> LoadedSeries {
        let name = stream.name
        let member = try ZipStreamMember.first(in: &stream, archive: name)
        if member.flags & 1 != 0 { throw .cannotOpen(file: name, reason: "'\(member.name)' is encrypted") }
        // Sizes after the data (as `zip - -` writes to a pipe): only deflate data ends by itself.
        if member.expected == nil && member.method != 8 {
            throw .cannotOpen(file: name, reason: "'\(member.name)' has its size after its data, which a pipe cannot "
                              + "be read ahead for unless it is deflated; give the archive as a file")
        }
        let made: (any StreamDecoder)?
        do throws(DecodeFailure) {
            made = try zipDecoder(method: member.method, thenArchive: member.expected == nil)
        } catch {
            throw .readFailed(file: name, reason: error.reason)
        }
        guard let decoder = made else {
            throw .cannotOpen(file: name, reason: "'\(member.name)' is compressed with zip method \(member.method), "
                              + "which is not read (deflate, bzip2, zstd, xz or stored are)")
        }
        guard let known = member.expected else {
            let decoded = DecompressingStream(stream, decoder: decoder, format: "zip", name: name,
                                              stopsWhereCut: options.keepsRowsBeforeCut)
            return try load(decoding: decoded, expectedBytes: nil, compressedBytes: size, options: options, progress: progress)
        }
        let decoded = DecompressingStream(LimitedStream(stream, limit: known.compressedSize), decoder: decoder, format: "zip",
                                          name: name, expected: .init(size: known.size, crc: known.crc),
                                          stopsWhereCut: options.keepsRowsBeforeCut)
        return try load(decoding: decoded, expectedBytes: known.size, compressedBytes: size, options: options, progress: progress)
    }

    /// Loads `archive.zip:member`: the member of the zip archive, named as the path is in messages.
    static func load(member path: ArchiveMemberPath, options: LoadOptions,
                     progress: LoadProgressReporting?) throws(LoadError) -> LoadedSeries {
        let fd = open(path.archive, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(file: path.whole, reason: errorText(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotOpen(file: path.whole, reason: errorText(errno)) }
        let bytes = FileBytes(fd: fd, size: Int(info.st_size), name: path.whole)
        let magic = try bytes.bytes(at: 0, count: CompressionFormat.magicLength)
        guard CompressionFormat(magic: magic) == .zip else {
            throw .cannotOpen(file: path.whole, reason: "\(errorText(ENOENT)) ('\(path.archive)' is not a zip archive to take '\(path.member)' from)")
        }
        return try loadZipMember(path.member, of: bytes, archive: path.archive, options: options, progress: progress)
    }

    /// Loads one file of the zip archive `bytes` (the file `archive`, read as `bytes.name`):
    /// `member`, or the one `ZipDirectory.chosen` picks.
    private static func loadZipMember(_ member: String?, of bytes: FileBytes, archive: String, options: LoadOptions,
                                      progress: LoadProgressReporting?) throws(LoadError) -> LoadedSeries {
        let directory = try ZipDirectory(bytes, archive: archive)
        let entry = try directory.chosen(member: member)
        if entry.flags & 1 != 0 { throw .cannotOpen(file: bytes.name, reason: "'\(entry.name)' is encrypted") }
        let made: (any StreamDecoder)?
        do throws(DecodeFailure) {
            made = try zipDecoder(method: entry.method)
        } catch {
            throw .readFailed(file: bytes.name, reason: error.reason)
        }
        guard let decoder = made else {
            throw .cannotOpen(file: bytes.name, reason: "'\(entry.name)' is compressed with zip method \(entry.method), "
                              + "which is not read (deflate, bzip2, zstd, xz or stored are)")
        }
        let start = try directory.dataOffset(of: entry, in: bytes)
        let source = FileRangeStream(fd: bytes.fd, from: start, to: start + entry.compressedSize, name: bytes.name)
        let stream = DecompressingStream(source, decoder: decoder, format: "zip", name: bytes.name,
                                         expected: .init(size: entry.size, crc: entry.crc),
                                         stopsWhereCut: options.keepsRowsBeforeCut)
        return try load(decoding: stream, expectedBytes: min(entry.size, entry.compressedSize.multipliedReportingOverflow(by: 64).partialValue),
                        compressedBytes: entry.compressedSize, options: options, progress: progress)
    }

    /// Loads what `stream` decodes: decoded on a thread of its own while the loader parses
    /// (`ReadAheadStream`) unless the load is to use one thread. `expectedBytes` is what
    /// the stream is thought to hold, `compressedBytes` the total the progress is told. Data
    /// cut short, where the options keep the rows before the cut, gives those rows with
    /// `LoadReport.cutShort` set, or says the file is damaged when they make no chart.
    private static func load<Source>(decoding stream: DecompressingStream<Source>, expectedBytes: Int?, compressedBytes: Int?,
                                     options: LoadOptions, progress: LoadProgressReporting?) throws(LoadError) -> LoadedSeries {
        let told = compressedProgress(progress, counter: stream.compressedRead, total: compressedBytes)
        var loaded: LoadedSeries
        do throws(LoadError) {
            if LoadThreads.count(requested: options.threads) > 1, var ahead = ReadAheadStream(stream) {
                loaded = try load(&ahead, expectedBytes: expectedBytes, options: options, progress: told)
            } else {
                var alone = stream
                loaded = try load(&alone, expectedBytes: expectedBytes, options: options, progress: told)
            }
        } catch {
            // Too little before the cut for a chart: the file is damaged, as where the rows are not kept.
            guard let cut = stream.cutShort else { throw error }
            if case .cancelled = error { throw error }
            throw .damaged(file: stream.name, reason: cut)
        }
        loaded.report.cutShort = stream.cutShort.map { LoadReport.CutShort(reason: $0, rows: loaded.series.count) }
        return loaded
    }

    /// A decoder for a zip member compressed with `method`; nil for a method not read.
    /// `thenArchive`: deflate data read from a pipe, followed by the rest of the archive.
    private static func zipDecoder(method: UInt16, thenArchive: Bool = false) throws(DecodeFailure) -> (any StreamDecoder)? {
        switch method {
        case 0: StoredDecoder()
        case 8: thenArchive ? try InflateDecoder() : try IgzipDecoder(.raw)
        case 12: try Bzip2Decoder()
        case 93: try ZstdDecoder()
        case 95: try XzDecoder()
        default: nil
        }
    }

    /// The compressed format of a file that starts with `first`: its magic number's, else
    /// the one its name says, unless the bytes are plain text (a download a browser has
    /// decompressed already): nil for plain text.
    static func compression(of first: [UInt8], fileName: String) throws(LoadError) -> CompressionFormat? {
        if let format = CompressionFormat(magic: first) { return format }
        guard let named = CompressionFormat(fileName: fileName), !first.isEmpty,
              first.contains(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }) else { return nil }
        throw .damaged(file: fileName, reason: "the name says \(named.name), but it does not start as \(named.name) data does")
    }

    /// A new decoder for `format` (not zip).
    private static func decoder(for format: CompressionFormat, file: String) throws(LoadError) -> any StreamDecoder {
        do throws(DecodeFailure) {
            switch format {
            case .gzip, .zip: return try IgzipDecoder(.gzip)
            case .zstd: return try ZstdDecoder()
            case .xz: return try XzDecoder()
            case .bzip2: return try Bzip2Decoder()
            }
        } catch {
            throw .readFailed(file: file, reason: error.reason)
        }
    }

    /// What the file holds decoded, when its format says so cheaply (zstd's frame header,
    /// gzip's last four bytes), to reserve the rows once: at most 64 times the compressed
    /// size, so that a false header reserves little.
    private static func decompressedSizeHint(_ format: CompressionFormat, _ bytes: FileBytes) throws(LoadError) -> Int? {
        let most = bytes.size.multipliedReportingOverflow(by: 64).partialValue
        switch format {
        case .zstd:
            let header = try bytes.bytes(at: 0, count: 18)
            let size = header.withUnsafeBytes { ZSTD_getFrameContentSize($0.baseAddress, $0.count) }
            // ZSTD_CONTENTSIZE_UNKNOWN and ZSTD_CONTENTSIZE_ERROR are the two largest values.
            return size >= UInt64.max - 1 ? nil : Int(min(size, UInt64(most)))
        case .gzip:
            guard bytes.size >= 18 else { return nil }
            let trailer = try bytes.bytes(at: bytes.size - 4, count: 4)
            guard trailer.count == 4 else { return nil }
            let size = trailer.reversed().reduce(0) { $0 << 8 | Int($1) }
            // Modulo 4 GiB, and the last member's only: a size below the compressed one is no hint.
            return size >= bytes.size ? min(size, most) : nil
        default:
            return nil
        }
    }

    /// The progress `progress` is told: the compressed bytes read of the compressed size.
    private static func compressedProgress(_ progress: LoadProgressReporting?, counter: ByteCount,
                                           total: Int?) -> LoadProgressReporting? {
        guard let progress else { return nil }
        return LoadProgressReporting(interval: progress.interval, clock: progress.clock) { decoded in
            var told = decoded
            told.bytesRead = counter.total
            told.totalBytes = total
            return progress.report(told)
        }
    }
}
