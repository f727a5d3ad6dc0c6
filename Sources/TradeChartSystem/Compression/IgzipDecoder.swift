import CCompression

/// Deflate data decoded by ISA-L's igzip as a `StreamDecoder`: a gzip file (its members one
/// after another, as `cat a.gz b.gz` makes them, each member's header read and its CRC-32
/// checked by the library) or a zip member's raw deflate data (nothing after it; its CRC-32
/// is checked against the archive's by `DecompressingStream`). igzip inflates the same data as
/// zlib about three times as fast on this machine's kind of CPU (the 1e7-row bench file:
/// 1.3-1.8 s against zlib's 4.5-5.1 s), which is what keeps a `.gz` load within twice a plain
/// one. zlib still reads a member from a pipe whose deflate data the rest of the archive
/// follows (`InflateDecoder`): it stops exactly at the data's end.
final class IgzipDecoder: StreamDecoder {
    /// What wraps the deflate data.
    enum Framing { case gzip, raw }

    private let framing: Framing
    private let state: PinnedState<inflate_state>
    private var stream: UnsafeMutablePointer<inflate_state> { state.pointer }
    private var memberEnded = false

    init(_ framing: Framing) throws(DecodeFailure) {
        self.framing = framing
        state = try PinnedState(inflate_state(), library: "igzip", start: {
            isal_inflate_init($0)
            $0.pointee.crc_flag = UInt32(framing == .gzip ? ISAL_GZIP : ISAL_DEFLATE)
            return true
        }, end: { _ in })
    }

    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
                inputEnds: Bool) throws(DecodeFailure) -> DecodeStep {
        if memberEnded {
            if input.isEmpty { return DecodeStep(consumed: 0, produced: 0, finished: inputEnds) }
            guard framing == .gzip else { throw DecodeFailure(reason: "bytes follow the end of the deflate data") }
            // Another member follows.
            isal_inflate_reset(stream)
            stream.pointee.crc_flag = UInt32(ISAL_GZIP)
            memberEnded = false
        }
        let (result, consumed, produced) = inflate(input, into: output)
        if result < 0 { throw DecodeFailure(reason: Self.reason(result)) }
        if stream.pointee.block_state == ISAL_BLOCK_FINISH { memberEnded = true }
        let finished = memberEnded && consumed == input.count && inputEnds
        return DecodeStep(consumed: consumed, produced: produced, finished: finished)
    }

    /// One `isal_inflate` call over `input` (4 GiB of it at most) into `output`: its result
    /// and the bytes it used and wrote.
    private func inflate(_ input: UnsafeRawBufferPointer,
                         into output: UnsafeMutableRawBufferPointer) -> (result: Int32, consumed: Int, produced: Int) {
        let s = stream
        s.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
        s.pointee.avail_in = UInt32(min(input.count, Int(UInt32.max)))
        s.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        s.pointee.avail_out = UInt32(min(output.count, Int(UInt32.max)))
        let (given, room) = (Int(s.pointee.avail_in), Int(s.pointee.avail_out))
        let result = isal_inflate(s)
        defer { (s.pointee.next_in, s.pointee.next_out) = (nil, nil) }
        return (result, given - Int(s.pointee.avail_in), room - Int(s.pointee.avail_out))
    }

    /// What an igzip error code says, in words.
    static func reason(_ code: Int32) -> String {
        switch code {
        case ISAL_INVALID_BLOCK: "invalid deflate block"
        case ISAL_INVALID_SYMBOL: "invalid code in the deflate data"
        case ISAL_INVALID_LOOKBACK: "invalid distance too far back"
        case ISAL_INVALID_WRAPPER: "incorrect header check"
        case ISAL_UNSUPPORTED_METHOD: "unknown compression method"
        case ISAL_INCORRECT_CHECKSUM: "incorrect data check"
        default: "error \(code)"
        }
    }
}
