import CCompression

/// zlib's inflate as a `StreamDecoder` for the raw deflate data of a zip member read from a
/// pipe, whose size follows its data: the rest of the archive comes after it and is not
/// read (zlib stops exactly at the data's end). Gzip files and zip members of known size:
/// `IgzipDecoder`.
final class InflateDecoder: StreamDecoder {
    private let state: PinnedState<z_stream>
    private var stream: UnsafeMutablePointer<z_stream> { state.pointer }
    private var memberEnded = false

    init() throws(DecodeFailure) {
        // -15: a window of up to 32 KiB, no header or trailer around the data.
        state = try PinnedState(z_stream(), library: "zlib", start: { tc_inflateInit2($0, -15) == Z_OK },
                                end: { inflateEnd($0) })
    }

    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
                inputEnds: Bool) throws(DecodeFailure) -> DecodeStep {
        if memberEnded { return DecodeStep(consumed: 0, produced: 0, finished: true) }
        let inCount = min(input.count, Int(UInt32.max)), outCount = min(output.count, Int(UInt32.max))
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(inCount)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(outCount)
        let result = inflate(stream, Z_NO_FLUSH)
        let consumed = inCount - Int(stream.pointee.avail_in), produced = outCount - Int(stream.pointee.avail_out)
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        switch result {
        case Z_OK, Z_BUF_ERROR:
            break
        case Z_STREAM_END:
            memberEnded = true
        case Z_NEED_DICT:
            throw DecodeFailure(reason: "the deflate data asks for a preset dictionary")
        case Z_MEM_ERROR:
            throw DecodeFailure(reason: "out of memory")
        default:
            let text = stream.pointee.msg.map { String(cString: $0) } ?? "error \(result)"
            throw DecodeFailure(reason: text)
        }
        return DecodeStep(consumed: consumed, produced: produced, finished: memberEnded)
    }
}
