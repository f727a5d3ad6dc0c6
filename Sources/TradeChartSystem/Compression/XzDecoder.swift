import CCompression

/// liblzma's `.xz` decoder as a `StreamDecoder`: every stream of the file, one after
/// another, each block's check verified. Memory is limited to 512 MiB (`xz -9` needs 65).
final class XzDecoder: StreamDecoder {
    private let state: PinnedState<lzma_stream>
    private var stream: UnsafeMutablePointer<lzma_stream> { state.pointer }
    static let memoryLimit: UInt64 = 512 << 20

    init() throws(DecodeFailure) {
        state = try PinnedState(lzma_stream(), library: "liblzma",
                                start: { lzma_stream_decoder($0, Self.memoryLimit, tc_LZMA_CONCATENATED) == LZMA_OK },
                                end: { lzma_end($0) })
    }

    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
                inputEnds: Bool) throws(DecodeFailure) -> DecodeStep {
        stream.pointee.next_in = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_in = input.count
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_out = output.count
        // Once the input is known to end, liblzma is told so (and then always): only then
        // does it say whether the last stream was whole.
        let result = lzma_code(stream, inputEnds ? LZMA_FINISH : LZMA_RUN)
        let consumed = input.count - stream.pointee.avail_in, produced = output.count - stream.pointee.avail_out
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        switch result {
        case LZMA_OK, LZMA_BUF_ERROR:
            return DecodeStep(consumed: consumed, produced: produced, finished: false)
        case LZMA_STREAM_END:
            return DecodeStep(consumed: consumed, produced: produced, finished: consumed == input.count)
        case LZMA_FORMAT_ERROR:
            throw DecodeFailure(reason: "not xz data")
        case LZMA_OPTIONS_ERROR:
            throw DecodeFailure(reason: "xz options this liblzma does not know")
        case LZMA_DATA_ERROR:
            throw DecodeFailure(reason: "corrupt xz data")
        case LZMA_MEM_ERROR:
            throw DecodeFailure(reason: "out of memory")
        case LZMA_MEMLIMIT_ERROR:
            throw DecodeFailure(reason: "it needs more than \(Self.memoryLimit >> 20) MiB to decompress")
        default:
            throw DecodeFailure(reason: "liblzma error \(result.rawValue)")
        }
    }
}
