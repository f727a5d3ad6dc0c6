/// One compressed format's decoder over a system library: turns compressed bytes into
/// the bytes they hold, a piece at a time, keeping what it needs between calls.
protocol StreamDecoder: AnyObject {
    /// Decodes from `input` into `output`. `inputEnds`: no compressed bytes follow `input`.
    /// A step that neither consumes nor produces anything and has not finished needs more
    /// input. Throws the reason when the data is corrupt.
    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
                inputEnds: Bool) throws(DecodeFailure) -> DecodeStep
}

/// What one decoding step did.
struct DecodeStep {
    /// Compressed bytes used from the input.
    var consumed: Int
    /// Bytes written to the output.
    var produced: Int
    /// The compressed data ended where it should, with every byte given out and no input left.
    var finished: Bool
}

/// Why compressed data could not be decoded (the library's words where it has them).
struct DecodeFailure: Error {
    let reason: String
}
