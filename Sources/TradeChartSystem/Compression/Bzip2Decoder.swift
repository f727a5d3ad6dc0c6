import CCompression

/// libbz2's decompression as a `StreamDecoder`: every stream of the file, one after
/// another (as pbzip2 and lbzip2 write them), each block's and stream's CRC checked.
final class Bzip2Decoder: StreamDecoder {
    private var state: PinnedState<bz_stream>
    private var stream: UnsafeMutablePointer<bz_stream> { state.pointer }
    private var streamEnded = false

    init() throws(DecodeFailure) {
        state = try Self.started()
    }

    private static func started() throws(DecodeFailure) -> PinnedState<bz_stream> {
        try PinnedState(bz_stream(), library: "libbz2", start: { BZ2_bzDecompressInit($0, 0, 0) == BZ_OK },
                        end: { BZ2_bzDecompressEnd($0) })
    }

    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
                inputEnds: Bool) throws(DecodeFailure) -> DecodeStep {
        if streamEnded {
            if input.isEmpty { return DecodeStep(consumed: 0, produced: 0, finished: inputEnds) }
            // Another stream follows: start again.
            state = try Self.started()
            streamEnded = false
        }
        let inCount = min(input.count, Int(UInt32.max)), outCount = min(output.count, Int(UInt32.max))
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: CChar.self))
        stream.pointee.avail_in = UInt32(inCount)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: CChar.self)
        stream.pointee.avail_out = UInt32(outCount)
        let result = BZ2_bzDecompress(stream)
        let consumed = inCount - Int(stream.pointee.avail_in), produced = outCount - Int(stream.pointee.avail_out)
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        switch result {
        case BZ_OK:
            break
        case BZ_STREAM_END:
            streamEnded = true
        case BZ_DATA_ERROR:
            throw DecodeFailure(reason: "corrupt bzip2 data (a CRC does not match)")
        case BZ_DATA_ERROR_MAGIC:
            throw DecodeFailure(reason: "not bzip2 data")
        case BZ_MEM_ERROR:
            throw DecodeFailure(reason: "out of memory")
        default:
            throw DecodeFailure(reason: "libbz2 error \(result)")
        }
        let finished = streamEnded && consumed == input.count && inputEnds
        return DecodeStep(consumed: consumed, produced: produced, finished: finished)
    }
}
