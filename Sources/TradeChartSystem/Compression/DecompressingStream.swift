import CCompression
import Glibc
import TradeChartCore

/// Compressed bytes from another `ByteStream` given out as the bytes they hold: read and
/// decoded a chunk at a time, so a large file is never held whole. The compressed bytes
/// read are counted in `compressedRead` (what a load's progress is told). Data cut short
/// or corrupt throws `LoadError.damaged`, naming the file; so does a zip member whose
/// length or CRC-32 is not what its archive says (`expected`). Data cut short may instead
/// end the stream where it was cut (`stopsWhereCut`), `cutShort` saying so.
final class DecompressingStream<Source: ByteStream>: ByteStream {
    /// What a zip archive says of a member's bytes.
    struct Expected {
        var size: Int
        var crc: UInt32
    }

    let name: String
    let compressedRead: ByteCount
    private var source: Source
    private let decoder: any StreamDecoder
    /// The format, as messages say it.
    private let format: String
    private var expected: Expected?
    private var producedSoFar = 0
    private var crcSoFar: UInt32 = 0
    /// Compressed bytes read and not yet decoded: `input[start..<end]`.
    private let input: UnsafeMutableRawPointer
    private static var inputCapacity: Int { 256 << 10 }
    private var start = 0, end = 0
    private var sourceEnded = false
    private var finished = false
    /// Whether data that ends early ends the stream (`cutShort` says so) instead of throwing.
    private let stopsWhereCut: Bool
    /// Why the data ended before its end, when `stopsWhereCut` let it: what it was cut short of.
    private(set) var cutShort: String?
    /// With `stopsWhereCut`: decoded bytes after the last line end given out, not given yet.
    private var held: [UInt8] = []

    init(_ source: Source, decoder: any StreamDecoder, format: String, name: String,
         expected: Expected? = nil, counter: ByteCount = ByteCount(), stopsWhereCut: Bool = false) {
        self.stopsWhereCut = stopsWhereCut
        self.source = source
        self.decoder = decoder
        self.format = format
        self.name = name
        self.expected = expected
        compressedRead = counter
        input = .allocate(byteCount: Self.inputCapacity, alignment: 16)
    }

    deinit {
        input.deallocate()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(LoadError) -> Int {
        stopsWhereCut ? try readWholeLines(into: buffer) : try decode(into: buffer)
    }

    /// Where the data may be cut short: the decoded bytes given out up to their last line
    /// end, the rest held back and given with the next ones, so that a line the cut went
    /// through is never read as a row (its price would be the digits before the cut).
    private func readWholeLines(into buffer: UnsafeMutableRawBufferPointer) throws(LoadError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            if cutShort != nil {
                held = []
                return 0
            }
            let kept = min(held.count, buffer.count)
            held.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: kept) }
            if kept == buffer.count {
                held.removeFirst(kept)
                return kept
            }
            held = []
            let produced = try decode(into: UnsafeMutableRawBufferPointer(start: base + kept, count: buffer.count - kept))
            if produced == 0 {
                // The end of the data (the held bytes end it), or the cut (they are dropped).
                return cutShort == nil ? kept : 0
            }
            let total = kept + produced
            var end = total
            while end > 0 && base.load(fromByteOffset: end - 1, as: UInt8.self) != 0x0A { end -= 1 }
            // A line longer than the buffer is given as it is (the parser skips it as too long).
            if end == 0 && total == buffer.count { return total }
            held = Array(UnsafeRawBufferPointer(start: base + end, count: total - end))
            if end > 0 { return end }
        }
    }

    /// Decodes the next bytes into `buffer`; 0 at the end (or the cut, with `stopsWhereCut`).
    private func decode(into buffer: UnsafeMutableRawBufferPointer) throws(LoadError) -> Int {
        guard buffer.count > 0, !finished else { return 0 }
        while true {
            let step: DecodeStep
            do {
                step = try decoder.decode(UnsafeRawBufferPointer(start: input + start, count: end - start), into: buffer,
                                          inputEnds: sourceEnded)
            } catch {
                throw .damaged(file: name, reason: "\(format) data: \(error.reason)")
            }
            start += step.consumed
            if step.produced > 0 {
                try account(UnsafeRawBufferPointer(start: buffer.baseAddress, count: step.produced))
                return step.produced
            }
            if step.finished {
                finished = true
                try checkWhole()
                return 0
            }
            if step.consumed > 0 { continue }
            // Nothing done: the decoder needs more input.
            guard !sourceEnded else {
                let reason = "the \(format) data ends early (the file is cut short)"
                guard stopsWhereCut else { throw .damaged(file: name, reason: reason) }
                // What was decoded is the start of the data as it was written: given as the whole.
                cutShort = reason
                finished = true
                return 0
            }
            try refill()
        }
    }

    /// Reads more compressed bytes after those not yet decoded.
    private func refill() throws(LoadError) {
        if start > 0 {
            if end > start { memmove(input, input + start, end - start) }
            end -= start
            start = 0
        }
        guard end < Self.inputCapacity else {
            throw .damaged(file: name, reason: "the \(format) decoder stopped in the middle of its data")
        }
        let n = try source.read(into: UnsafeMutableRawBufferPointer(start: input + end, count: Self.inputCapacity - end))
        if n == 0 { sourceEnded = true }
        end += n
        compressedRead.add(n)
    }

    /// Counts bytes given out and, for a zip member, their CRC-32.
    private func account(_ bytes: UnsafeRawBufferPointer) throws(LoadError) {
        producedSoFar += bytes.count
        guard let expected else { return }
        if producedSoFar > expected.size {
            throw .damaged(file: name, reason: "the member holds more bytes than its archive says (\(expected.size))")
        }
        // ISA-L's CRC-32 (the zip and gzip one), several times zlib's `crc32_z` speed.
        crcSoFar = crc32_gzip_refl(crcSoFar, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count))
    }

    /// At the end of the data: a zip member's length and CRC-32 are those its archive says.
    private func checkWhole() throws(LoadError) {
        guard let expected else { return }
        if producedSoFar != expected.size {
            throw .damaged(file: name, reason: "the member holds \(producedSoFar) bytes where its archive says \(expected.size)")
        }
        if crcSoFar != expected.crc {
            throw .damaged(file: name, reason: "the member's CRC-32 does not match its archive's")
        }
    }
}
