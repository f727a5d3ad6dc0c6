/// A zip member stored without compression as a `StreamDecoder`: its bytes as they are.
final class StoredDecoder: StreamDecoder {
    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
                inputEnds: Bool) -> DecodeStep {
        let n = min(input.count, output.count)
        if n > 0, let to = output.baseAddress, let from = input.baseAddress { to.copyMemory(from: from, byteCount: n) }
        return DecodeStep(consumed: n, produced: n, finished: n == input.count && inputEnds)
    }
}
