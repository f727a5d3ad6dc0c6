import CCompression

/// libzstd's streaming decompression as a `StreamDecoder`: every frame of the file, one
/// after another (skippable frames passed over), each frame's checksum checked when it has one.
final class ZstdDecoder: StreamDecoder {
    private let context: OpaquePointer
    /// The last call ended a frame with all its bytes given out.
    private var frameEnded = false

    init() throws(DecodeFailure) {
        guard let context = ZSTD_createDCtx() else { throw DecodeFailure(reason: "out of memory") }
        self.context = context
    }

    deinit {
        ZSTD_freeDCtx(context)
    }

    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
                inputEnds: Bool) throws(DecodeFailure) -> DecodeStep {
        if frameEnded && input.isEmpty { return DecodeStep(consumed: 0, produced: 0, finished: inputEnds) }
        var from = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
        var to = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let result = ZSTD_decompressStream(context, &to, &from)
        if ZSTD_isError(result) != 0 {
            if ZSTD_getErrorCode(result) == ZSTD_error_frameParameter_windowTooLarge {
                throw DecodeFailure(reason: "it was compressed with a window over 128 MiB (zstd --long): decompress it with zstd -d --long=31")
            }
            throw DecodeFailure(reason: String(cString: ZSTD_getErrorName(result)))
        }
        frameEnded = result == 0
        let finished = frameEnded && from.pos == input.count && inputEnds
        return DecodeStep(consumed: from.pos, produced: to.pos, finished: finished)
    }
}
